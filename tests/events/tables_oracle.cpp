#include "tests/events/tables_oracle.hpp"

#include <algorithm>
#include <array>
#include <numeric>

namespace quadra::events::testing {

namespace {

int times_met(const table_player& a, const table_player& b) {
    int times = 0;
    for (const table_mate& mate : a.met) {
        if (mate.id == b.id) times += mate.times;
    }
    return times;
}

// One seat's cost, written from the rules' words: seat 0 after two games in a row at seat 0 is a
// streak; the excess is the games at this seat minus the fewest at any seat of this table.
tables_cost seat_cost(const table_player& player, int seat, int size) {
    std::array<int, 4> at{};
    for (const int s : player.seats) ++at[static_cast<std::size_t>(s)];
    int least = at[0];
    for (int s = 1; s < size; ++s) least = std::min(least, at[static_cast<std::size_t>(s)]);
    const std::size_t n = player.seats.size();
    const bool twice = n >= 2 && player.seats[n - 1] == 0 && player.seats[n - 2] == 0;
    tables_cost cost;
    cost.seat_streaks = seat == 0 && twice ? 1 : 0;
    cost.seat_excess = at[static_cast<std::size_t>(seat)] - least;
    return cost;
}

tables_cost add(tables_cost a, const tables_cost& b) {
    a.repeats += b.repeats;
    a.spread += b.spread;
    a.seat_streaks += b.seat_streaks;
    a.seat_excess += b.seat_excess;
    a.short_tables += b.short_tables;
    return a;
}

tables_cost seated_table_cost(const player_index& players, const std::vector<std::string>& seats) {
    tables_cost cost;
    const int size = static_cast<int>(seats.size());
    for (int i = 0; i < size; ++i) {
        const table_player& a = *players.at(seats[static_cast<std::size_t>(i)]);
        for (int j = i + 1; j < size; ++j) {
            const table_player& b = *players.at(seats[static_cast<std::size_t>(j)]);
            const std::int64_t met = std::max(times_met(a, b), times_met(b, a));
            const std::int64_t gap = a.twelfths - b.twelfths;
            cost.repeats += met * met;
            cost.spread += gap * gap;
        }
        if (size == 3) cost.short_tables += a.twelfths;
        cost = add(cost, seat_cost(a, i, size));
    }
    return cost;
}

tables_cost best_table_cost(const player_index& players, std::vector<std::string> table) {
    std::sort(table.begin(), table.end());
    tables_cost best;
    bool first = true;
    do {
        const tables_cost cost = seated_table_cost(players, table);
        if (first || cost < best) best = cost;
        first = false;
    } while (std::next_permutation(table.begin(), table.end()));
    return best;
}

// Every partition into tables of `sizes` (the sizes still to fill, in any order): the first
// player left opens a table of each distinct size, with every choice of mates after it.
template <typename Visit>
void partitions(const std::vector<std::string>& left, const std::vector<int>& sizes,
                std::vector<std::vector<std::string>>& tables, Visit& visit) {
    if (left.empty()) {
        if (sizes.empty()) visit(tables);
        return;
    }
    const std::set<int> distinct(sizes.begin(), sizes.end());
    for (const int size : distinct) {
        const int rest = static_cast<int>(left.size()) - 1;
        if (size - 1 > rest) continue;
        std::vector<int> sizes_after(sizes);
        sizes_after.erase(std::find(sizes_after.begin(), sizes_after.end(), size));
        std::vector<bool> chosen(static_cast<std::size_t>(rest), false);
        std::fill(chosen.begin(), chosen.begin() + (size - 1), true);
        do {
            std::vector<std::string> table{left[0]};
            std::vector<std::string> others;
            for (int i = 0; i < rest; ++i) {
                (chosen[static_cast<std::size_t>(i)] ? table : others)
                    .push_back(left[static_cast<std::size_t>(i + 1)]);
            }
            tables.push_back(table);
            partitions(others, sizes_after, tables, visit);
            tables.pop_back();
        } while (std::prev_permutation(chosen.begin(), chosen.end()));
    }
}

}  // namespace

player_index index_present(const std::vector<table_player>& players) {
    player_index index;
    for (const table_player& player : players) {
        if (player.present) index[player.id] = &player;
    }
    return index;
}

tables_cost cost_of_tables(const player_index& players,
                           const std::vector<std::vector<std::string>>& tables) {
    tables_cost total;
    for (const auto& table : tables) total = add(total, seated_table_cost(players, table));
    return total;
}

tables_cost brute_force_cost(const player_index& players, const std::vector<std::string>& ids,
                             const std::vector<int>& sizes) {
    struct visitor {
        const player_index* players = nullptr;
        tables_cost best;
        bool found = false;
        std::map<std::vector<std::string>, tables_cost> known;  // each table's best, once
        void operator()(const std::vector<std::vector<std::string>>& tables) {
            tables_cost total;
            for (const auto& table : tables) {
                auto at = known.find(table);
                if (at == known.end()) {
                    at = known.emplace(table, best_table_cost(*players, table)).first;
                }
                total = add(total, at->second);
            }
            if (!found || total < best) best = total;
            found = true;
        }
    } visit;
    visit.players = &players;
    std::vector<std::vector<std::string>> tables;
    partitions(ids, sizes, tables, visit);
    return visit.best;
}

namespace {

// Backtracking: the first player left opens a table of each open size, with mates it and the
// table's others never met; a branch ends as soon as no mate fits.
bool fill_without_repeats(const player_index& players, std::vector<std::string>& left,
                          std::vector<int>& sizes, std::vector<std::string>& table, int size) {
    const auto fits = [&](const std::string& id) {
        return std::none_of(table.begin(), table.end(), [&](const std::string& other) {
            const table_player& a = *players.at(id);
            const table_player& b = *players.at(other);
            return times_met(a, b) + times_met(b, a) > 0;
        });
    };
    if (static_cast<int>(table.size()) == size) {
        if (left.empty()) return sizes.empty();
        const std::set<int> distinct(sizes.begin(), sizes.end());
        for (const int next : distinct) {
            sizes.erase(std::find(sizes.begin(), sizes.end(), next));
            std::vector<std::string> opened{left.front()};
            left.erase(left.begin());
            const bool done = fill_without_repeats(players, left, sizes, opened, next);
            left.insert(left.begin(), opened.front());
            sizes.push_back(next);
            if (done) return true;
        }
        return false;
    }
    // Mates in the order left, each after the last chosen, so each table is tried once.
    const std::string last = table.back();
    for (std::size_t i = 0; i < left.size(); ++i) {
        if (left[i] < last || !fits(left[i])) continue;
        const std::string mate = left[i];
        table.push_back(mate);
        left.erase(left.begin() + static_cast<long>(i));
        const bool done = fill_without_repeats(players, left, sizes, table, size);
        left.insert(left.begin() + static_cast<long>(i), mate);
        table.pop_back();
        if (done) return true;
    }
    return false;
}

}  // namespace

bool repeat_free_exists(const player_index& players, const std::vector<std::string>& ids,
                        const std::vector<int>& sizes) {
    std::vector<std::string> left(ids);
    std::sort(left.begin(), left.end());
    std::vector<int> open(sizes);
    std::vector<std::string> none;
    return fill_without_repeats(players, left, open, none, 0);
}

}  // namespace quadra::events::testing
