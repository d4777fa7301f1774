#include "quadrature_policy.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "rules/quadrature.hpp"

namespace quadra::bots {

namespace {

constexpr int size = rules::quadrature::size;
using rank_masks = std::array<std::uint16_t, size>;  // bit f is file f

struct step {
    rules::cell from;
    rules::cell to;
};

// A token of legal() ("e3-e4", "e10-e11") as two cells; false for "pass". Tokens from legal()
// are well formed, so it reads them without parse_cell's checks: this runs for every legal
// request of every playout ply.
bool parse_step(const std::string& token, step& out) {
    if (token == "pass") return false;
    std::size_t at = 0;
    auto read_cell = [&token, &at] {
        const int file = token[at++] - 'a';
        int rank = token[at++] - '0';
        if (at < token.size() && token[at] != '-') rank = rank * 10 + (token[at++] - '0');
        return rules::cell{file, rank - 1};
    };
    out.from = read_cell();
    ++at;  // the dash
    out.to = read_cell();
    return true;
}

// Whether the step squares an enemy man on the corner facing its destination: own men on the
// destination's rank and file, the enemy man where their file and rank cross (the header says
// why the other two corners are not looked at).
bool faces_enemy(rank_masks own, const rank_masks& enemy, const step& s) {
    own[static_cast<std::size_t>(s.from.rank)] &= static_cast<std::uint16_t>(~(1u << s.from.file));
    const auto column = static_cast<std::uint16_t>(1u << s.to.file);
    const auto row = static_cast<std::uint16_t>(own[static_cast<std::size_t>(s.to.rank)] & ~column);
    if (row == 0) return false;
    for (int rank = 0; rank < size; ++rank) {
        if (rank == s.to.rank || !(own[static_cast<std::size_t>(rank)] & column)) continue;
        if (enemy[static_cast<std::size_t>(rank)] & row) return true;
    }
    return false;
}

}  // namespace

std::size_t quadrature_policy::choose(const rules::game& game,
                                      const std::vector<std::string>& legal, rng& random) const {
    const auto* board = dynamic_cast<const rules::quadrature*>(&game);
    const auto count = static_cast<std::uint32_t>(legal.size());
    if (!board) return random.below(count);
    const int seat = board->to_move();
    rank_masks own{}, enemy{};
    for (int rank = 0; rank < size; ++rank) {
        own[static_cast<std::size_t>(rank)] = board->files_held(seat, rank);
        enemy[static_cast<std::size_t>(rank)] = board->files_held(1 - seat, rank);
    }
    const int forward = seat == 0 ? 1 : -1;
    // Reservoir sampling keeps one uniform pick per class without building lists.
    std::size_t exchange = legal.size(), advance = legal.size();
    std::uint32_t exchanges_seen = 0, advances_seen = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        step s;
        if (!parse_step(legal[i], s)) continue;
        if (faces_enemy(own, enemy, s)) {
            if (random.below(++exchanges_seen) == 0) exchange = i;
        } else if (s.to.rank - s.from.rank == forward) {
            if (random.below(++advances_seen) == 0) advance = i;
        }
    }
    if (exchanges_seen > 0) return exchange;
    if (advances_seen > 0 && random.chance(1, 2)) return advance;
    return random.below(count);
}

void quadrature_policy::evaluate(const rules::game& game, std::vector<double>& rewards) const {
    rewards.assign(2, 0.5);
    const auto* board = dynamic_cast<const rules::quadrature*>(&game);
    if (!board) return;
    // Every exchange moves the difference by two; a lead of one exchange is worth about 2:1.
    const int lead = board->men(0) - board->men(1);
    rewards[0] = std::clamp(0.5 + 0.08 * lead, 0.02, 0.98);
    rewards[1] = 1 - rewards[0];
}

}  // namespace quadra::bots
