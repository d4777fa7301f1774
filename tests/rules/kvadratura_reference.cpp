#include "kvadratura_reference.hpp"

#include <doctest/doctest.h>

#include "rules/cell.hpp"

namespace quadra::testing {

std::set<corner_set> brute_squares(int n, bool axis_aligned_only) {
    std::set<corner_set> found;
    int raw = 0;
    const auto on_board = [n](int f, int r) { return f >= 0 && f < n && r >= 0 && r < n; };
    for (int pf = 0; pf < n; ++pf)
        for (int pr = 0; pr < n; ++pr)
            for (int qf = 0; qf < n; ++qf)
                for (int qr = 0; qr < n; ++qr) {
                    const int vf = qf - pf, vr = qr - pr;
                    if (vf == 0 && vr == 0) continue;
                    if (axis_aligned_only && vf != 0 && vr != 0) continue;
                    if (!on_board(qf - vr, qr + vf) || !on_board(pf - vr, pr + vf)) continue;
                    ++raw;
                    found.insert(
                        corner_set{{pf, pr}, {qf, qr}, {qf - vr, qr + vf}, {pf - vr, pr + vf}});
                }
    CHECK(raw == 4 * static_cast<int>(found.size()));
    return found;
}

std::array<int, 2> recount(const rules::kvadratura& game, const std::set<corner_set>& squares) {
    std::array<int, 2> counts{};
    for (const auto& corners : squares) {
        std::set<int> seats;
        for (auto [f, r] : corners) seats.insert(game.seat_at(rules::cell{f, r}));
        if (seats.size() == 1 && *seats.begin() >= 0) ++counts[*seats.begin()];
    }
    return counts;
}

}  // namespace quadra::testing
