#include "kvadratura_policy.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace quadra::bots {

namespace {

// Per board size and cell (bit rank * n + file): for each square through that cell, the mask of
// its other three corners.
struct square_masks {
    std::array<std::vector<std::vector<std::uint64_t>>, rules::kvadratura::max_size + 1> by_size;

    square_masks() {
        for (int n = rules::kvadratura::min_size; n <= rules::kvadratura::max_size; ++n) {
            auto& cells = by_size[static_cast<std::size_t>(n)];
            cells.resize(static_cast<std::size_t>(n * n));
            for (const auto& corners : rules::kvadratura::squares_on(n)) {
                for (std::size_t k = 0; k < corners.size(); ++k) {
                    std::uint64_t others = 0;
                    for (std::size_t j = 0; j < corners.size(); ++j)
                        if (j != k) others |= bit(n, corners[j]);
                    cells[index(n, corners[k])].push_back(others);
                }
            }
        }
    }

    static std::uint64_t bit(int n, rules::cell c) { return std::uint64_t{1} << index(n, c); }
    static std::size_t index(int n, rules::cell c) {
        return static_cast<std::size_t>(c.rank * n + c.file);
    }
};

const square_masks& masks() {
    static const square_masks table;
    return table;
}

std::uint64_t own_cells(const rules::kvadratura& game) {
    const int n = game.size();
    const int seat = game.to_move();
    std::uint64_t own = 0;
    for (int rank = 0; rank < n; ++rank)
        for (int file = 0; file < n; ++file)
            if (game.seat_at({file, rank}) == seat)
                own |= square_masks::bit(n, rules::cell{file, rank});
    return own;
}

bool completes(const rules::kvadratura& game, std::uint64_t own, rules::cell c) {
    const auto& through =
        masks().by_size[static_cast<std::size_t>(game.size())][square_masks::index(game.size(), c)];
    for (const auto others : through)
        if ((own & others) == others) return true;
    return false;
}

}  // namespace

bool completes_own_square(const rules::kvadratura& game, rules::cell c) {
    return completes(game, own_cells(game), c);
}

std::size_t kvadratura_policy::choose(const rules::game& game,
                                      const std::vector<std::string>& legal, rng& random) const {
    const auto* board = dynamic_cast<const rules::kvadratura*>(&game);
    if (!board) return random.below(static_cast<std::uint32_t>(legal.size()));
    const std::uint64_t own = own_cells(*board);
    const int n = board->size();
    // Reservoir sampling over the safe moves: uniform without building a second list.
    std::size_t chosen = legal.size();
    std::uint32_t safe = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        const auto c = rules::parse_cell(legal[i], n, n);
        if (!c || completes(*board, own, *c)) continue;
        if (random.below(++safe) == 0) chosen = i;
    }
    if (chosen < legal.size()) return chosen;
    return random.below(static_cast<std::uint32_t>(legal.size()));
}

}  // namespace quadra::bots
