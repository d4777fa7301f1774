#include "events/table_seating.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace quadra::events {

seat_record read_seats(std::span<const int> seats) {
    seat_record record;
    for (const int seat : seats) {
        if (seat < 0 || seat > 3) throw std::invalid_argument("tables: a seat outside 0-3");
        ++record.games_at[static_cast<std::size_t>(seat)];
    }
    const std::size_t n = seats.size();
    record.seat_0_twice = n >= 2 && seats[n - 1] == 0 && seats[n - 2] == 0;
    return record;
}

seating_cost cost_at(const seat_record& player, int seat, int table_size) {
    const auto begin = player.games_at.begin();
    const int least = *std::min_element(begin, begin + table_size);
    return {.streaks = seat == 0 && player.seat_0_twice ? 1 : 0,
            .excess = player.games_at[static_cast<std::size_t>(seat)] - least};
}

seating best_seating(std::span<const seat_record> players) {
    const int size = static_cast<int>(players.size());
    if (size < 1 || size > 4) throw std::invalid_argument("tables: a table of 1 to 4 players");
    // cost[player][seat], so the 24 orders only add.
    std::array<std::array<seating_cost, 4>, 4> cost{};
    for (int p = 0; p < size; ++p) {
        for (int seat = 0; seat < size; ++seat) {
            cost[static_cast<std::size_t>(p)][static_cast<std::size_t>(seat)] =
                cost_at(players[static_cast<std::size_t>(p)], seat, size);
        }
    }
    std::vector<int> order(static_cast<std::size_t>(size));
    std::iota(order.begin(), order.end(), 0);
    // next_permutation walks the orders lexicographically, so the first cheapest is the tie-break.
    seating best{order, {.streaks = 5, .excess = 0}};
    do {
        seating_cost total;
        for (std::size_t seat = 0; seat < order.size(); ++seat) {
            total += cost[static_cast<std::size_t>(order[seat])][seat];
        }
        if (total < best.cost) best = {order, total};
    } while (std::next_permutation(order.begin(), order.end()));
    return best;
}

}  // namespace quadra::events
