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

// "e3-e4" as two cells; false for anything else ("pass").
bool parse_step(const std::string& token, step& out) {
    const auto dash = token.find('-');
    if (dash == std::string::npos) return false;
    const auto from = rules::parse_cell(std::string_view(token).substr(0, dash), size, size);
    const auto to = rules::parse_cell(std::string_view(token).substr(dash + 1), size, size);
    if (!from || !to) return false;
    out = {*from, *to};
    return true;
}

// Whether the step squares an enemy man directly: the destination and two own men at the other
// corners of a rectangle whose fourth corner holds an enemy man.
bool exchanges(rank_masks own, const rank_masks& enemy, const step& s) {
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
        for (int file = 0; file < size; ++file) {
            const int at = board->seat_at({file, rank});
            if (at < 0) continue;
            auto& masks = at == seat ? own : enemy;
            masks[static_cast<std::size_t>(rank)] |= static_cast<std::uint16_t>(1u << file);
        }
    }
    const int forward = seat == 0 ? 1 : -1;
    // Reservoir sampling keeps one uniform pick per class without building lists.
    std::size_t exchange = legal.size(), advance = legal.size();
    std::uint32_t exchanges_seen = 0, advances_seen = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        step s;
        if (!parse_step(legal[i], s)) continue;
        if (exchanges(own, enemy, s)) {
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
