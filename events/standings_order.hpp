#pragma once
// The order of an event's standings (docs/rules.md §9): by the event's own keys, then by id, with
// lines equal by those keys sharing a rank.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace quadra::events {

// Sorts `standings` by `ahead(a, b)` (a strict order: whether a stands above b), lines equal by it
// by id, and sets each line's rank: 1 + the lines above, shared by lines equal by `ahead`.
template <typename Standing, typename Ahead>
void order_standings(std::vector<Standing>& standings, Ahead ahead) {
    std::sort(standings.begin(), standings.end(), [&](const Standing& a, const Standing& b) {
        if (ahead(a, b) || ahead(b, a)) return ahead(a, b);
        return a.id < b.id;
    });
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const bool shares = i > 0 && !ahead(standings[i - 1], standings[i]);
        standings[i].rank = shares ? standings[i - 1].rank : static_cast<int>(i) + 1;
    }
}

}  // namespace quadra::events
