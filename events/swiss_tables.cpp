#include "events/swiss_tables.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "events/exact_points.hpp"
#include "events/table_seating.hpp"

namespace quadra::events {

// The round (docs/rules.md §9): the present players in pairing order fill the tables top-down,
// then a local search re-splits two tables at a time (every way to share their 6-8 players
// between two tables of their sizes: swaps, moves between a table of 4 and one of 3, and more)
// and applies the best re-split of the whole round while one lowers the cost, which tables_cost
// orders. Each step lowers the cost, so the search ends; it visits the pairs of tables in a fixed
// order and takes the first of equal re-splits, so it is deterministic.
namespace {

tables_cost operator+(const tables_cost& a, const tables_cost& b) {
    return {a.repeats + b.repeats, a.spread + b.spread, a.seat_streaks + b.seat_streaks,
            a.seat_excess + b.seat_excess, a.short_tables + b.short_tables};
}

tables_cost operator-(const tables_cost& a, const tables_cost& b) {
    return {a.repeats - b.repeats, a.spread - b.spread, a.seat_streaks - b.seat_streaks,
            a.seat_excess - b.seat_excess, a.short_tables - b.short_tables};
}

// The present players in pairing order (score, then rank, rating, id), with what the costs need.
struct field {
    std::vector<const table_player*> players;
    std::vector<seat_record> seats;
    // seat_costs[p][size − 2][seat]: player p at that seat of a table of that size.
    std::vector<std::array<std::array<seating_cost, 4>, 3>> seat_costs;
    std::vector<int> times;  // times[a · n + b]: games a and b shared a table

    int count() const { return static_cast<int>(players.size()); }
    const table_player& at(int i) const { return *players[static_cast<std::size_t>(i)]; }
    int score(int i) const { return at(i).twelfths; }
    int met(int a, int b) const {
        return times[static_cast<std::size_t>(a) * players.size() + static_cast<std::size_t>(b)];
    }
};

field read_field(std::span<const table_player> players) {
    field f;
    for (const table_player& player : players) {
        if (player.present) f.players.push_back(&player);
    }
    std::sort(f.players.begin(), f.players.end(), [](const auto* a, const auto* b) {
        if (a->twelfths != b->twelfths) return a->twelfths > b->twelfths;
        if (a->rank != b->rank) return a->rank < b->rank;
        if (a->rating != b->rating) return a->rating > b->rating;
        return a->id < b->id;
    });
    const auto n = static_cast<std::size_t>(f.count());
    std::unordered_map<std::string, int> index;
    for (int i = 0; i < f.count(); ++i) {
        if (!index.emplace(f.at(i).id, i).second) {
            throw std::invalid_argument("tables: two players have the id " + f.at(i).id);
        }
    }
    f.times.assign(n * n, 0);
    for (std::size_t a = 0; a < n; ++a) {
        const table_player& player = *f.players[a];
        for (const table_mate& mate : player.met) {
            const auto found = index.find(mate.id);
            if (found == index.end()) continue;
            f.times[a * n + static_cast<std::size_t>(found->second)] += mate.times;
        }
        f.seats.push_back(read_seats(player.seats));
        auto& costs = f.seat_costs.emplace_back();
        for (int size = 2; size <= 4; ++size) {
            for (int seat = 0; seat < size; ++seat) {
                costs[static_cast<std::size_t>(size - 2)][static_cast<std::size_t>(seat)] =
                    cost_at(f.seats.back(), seat, size);
            }
        }
    }
    // Either side's record counts: a pair met as often as the more complete history says.
    for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = a + 1; b < n; ++b) {
            const int both = std::max(f.times[a * n + b], f.times[b * n + a]);
            f.times[a * n + b] = both;
            f.times[b * n + a] = both;
        }
    }
    return f;
}

// The orders of 2, 3 and 4 seats, for the cheapest seating's cost without allocating.
struct orders {
    std::array<std::vector<std::array<int, 4>>, 3> of_size;
    orders() {
        for (int size = 2; size <= 4; ++size) {
            std::array<int, 4> order{0, 1, 2, 3};
            do {
                of_size[static_cast<std::size_t>(size - 2)].push_back(order);
            } while (std::next_permutation(order.begin(), order.begin() + size));
        }
    }
};

seating_cost cheapest_seating(const field& f, std::span<const int> members) {
    static const orders all;
    const std::size_t size = members.size();
    if (size < 2) return {};
    seating_cost best{.streaks = 5, .excess = 0};
    for (const auto& order : all.of_size[size - 2]) {
        seating_cost total;
        for (std::size_t seat = 0; seat < size; ++seat) {
            const auto player =
                static_cast<std::size_t>(members[static_cast<std::size_t>(order[seat])]);
            total += f.seat_costs[player][size - 2][seat];
        }
        best = std::min(best, total);
    }
    return best;
}

// A table's repeats and spread only: the search tells most re-splits apart by them alone.
tables_cost pair_costs(const field& f, std::span<const int> members) {
    tables_cost cost;
    for (std::size_t i = 0; i < members.size(); ++i) {
        for (std::size_t j = i + 1; j < members.size(); ++j) {
            const std::int64_t met = f.met(members[i], members[j]);
            const std::int64_t gap = f.score(members[i]) - f.score(members[j]);
            cost.repeats += met * met;
            cost.spread += gap * gap;
        }
    }
    return cost;
}

// The rest of a table's cost, added to its pair costs.
tables_cost with_seats(const field& f, std::span<const int> members, tables_cost cost) {
    const seating_cost seating = cheapest_seating(f, members);
    cost.seat_streaks = seating.streaks;
    cost.seat_excess = seating.excess;
    if (members.size() == 3) {
        for (const int p : members) cost.short_tables += f.score(p);
    }
    return cost;
}

tables_cost table_cost(const field& f, std::span<const int> members) {
    return with_seats(f, members, pair_costs(f, members));
}

// The best way to share a few tables' players (2 or 3 tables, 12 players at most) between tables
// of the same sizes: every partition, by branch and bound on repeats and spread.
struct regroup {
    tables_cost delta;  // new cost − old: improves when below zero
    std::vector<std::vector<int>> tables;
};

class regrouper {
public:
    regrouper(const field& f, std::vector<int> players, const std::vector<int>& sizes,
              const tables_cost& old_cost)
        : f_(f), players_(std::move(players)), best_total_(old_cost) {
        std::sort(players_.begin(), players_.end());
        used_.assign(players_.size(), false);
        for (const int size : sizes) ++left_[static_cast<std::size_t>(size)];
    }

    // The best partition strictly cheaper than the old cost, if any.
    regroup run() {
        const tables_cost old_cost = best_total_;
        place({});
        return {best_total_ - old_cost, best_};
    }

private:
    // Opens the next table with the first player not yet seated, for each size still open.
    void place(const tables_cost& so_far) {
        const auto first = std::find(used_.begin(), used_.end(), false);
        if (first == used_.end()) {
            finish();
            return;
        }
        const auto opener = static_cast<std::size_t>(first - used_.begin());
        // Each size still open once: two open tables of one size are the same choice.
        for (int size = 4; size >= 2; --size) {
            int& left = left_[static_cast<std::size_t>(size)];
            if (left == 0) continue;
            --left;
            used_[opener] = true;
            current_.push_back({players_[opener]});
            choose(opener + 1, size, so_far);
            current_.pop_back();
            used_[opener] = false;
            ++left;
        }
    }

    // Adds mates from `from` on to the last table until it has its size.
    void choose(std::size_t from, int size, const tables_cost& so_far) {
        // current_.back() each time: place() below grows current_, which may move the tables.
        if (current_.back().size() == static_cast<std::size_t>(size)) {
            const tables_cost total = so_far + pair_costs(f_, current_.back());
            // Costs only grow: a branch already worse by repeats or spread is done.
            if (std::pair{total.repeats, total.spread} >
                std::pair{best_total_.repeats, best_total_.spread}) {
                return;
            }
            place(total);
            return;
        }
        for (std::size_t i = from; i < players_.size(); ++i) {
            if (used_[i]) continue;
            used_[i] = true;
            current_.back().push_back(players_[i]);
            choose(i + 1, size, so_far);
            current_.back().pop_back();
            used_[i] = false;
        }
    }

    void finish() {
        tables_cost total;
        for (const auto& table : current_) total = total + table_cost(f_, table);
        if (total < best_total_) {
            best_total_ = total;
            best_ = current_;
        }
    }

    const field& f_;
    std::vector<int> players_;
    tables_cost best_total_;
    std::vector<bool> used_;
    std::array<int, 5> left_{};  // tables still to open, by size
    std::vector<std::vector<int>> current_;
    std::vector<std::vector<int>> best_;
};

// The search's state: the tables, each's members in pairing order, and each's cost.
class table_search {
public:
    table_search(const field& f, const std::vector<int>& sizes) : f_(f) {
        int next = 0;
        for (const int size : sizes) {
            std::vector<int>& table = tables_.emplace_back(static_cast<std::size_t>(size));
            std::iota(table.begin(), table.end(), next);
            next += size;
            costs_.push_back(table_cost(f_, table));
        }
    }

    std::vector<std::vector<int>> run() {
        const std::size_t t = tables_.size();
        pair_best_.assign(t * t, {});
        for (std::size_t i = 0; i < t; ++i) {
            for (std::size_t j = i + 1; j < t; ++j) refresh(i, j);
        }
        descend();
        return tables_;
    }

    // Restarts from `start` (tables of the same sizes): the search again.
    void restart(std::vector<std::vector<int>> start) {
        tables_ = std::move(start);
        costs_.clear();
        for (auto& table : tables_) {
            std::sort(table.begin(), table.end());
            costs_.push_back(table_cost(f_, table));
        }
    }

    tables_cost total() const {
        tables_cost sum;
        for (const tables_cost& cost : costs_) sum = sum + cost;
        return sum;
    }

private:
    // Pairs of tables until none improves, then one step by three tables, and again.
    void descend() {
        while (pair_step() || triple_step()) {
        }
    }

    regroup best_of(const std::vector<std::size_t>& which) const {
        std::vector<int> players;
        std::vector<int> sizes;
        tables_cost old_cost;
        for (const std::size_t i : which) {
            players.insert(players.end(), tables_[i].begin(), tables_[i].end());
            sizes.push_back(static_cast<int>(tables_[i].size()));
            old_cost = old_cost + costs_[i];
        }
        return regrouper(f_, std::move(players), sizes, old_cost).run();
    }

    void refresh(std::size_t i, std::size_t j) {
        pair_best_[i * tables_.size() + j] = best_of({i, j});
    }

    void apply(const std::vector<std::size_t>& which, const regroup& found) {
        for (std::size_t k = 0; k < which.size(); ++k) {
            tables_[which[k]] = found.tables[k];
            std::sort(tables_[which[k]].begin(), tables_[which[k]].end());
            costs_[which[k]] = table_cost(f_, tables_[which[k]]);
        }
        const std::size_t t = tables_.size();
        for (const std::size_t changed : which) {
            for (std::size_t k = 0; k < t; ++k) {
                if (k != changed) refresh(std::min(k, changed), std::max(k, changed));
            }
        }
    }

    // The best re-split of two tables over the whole round, applied if it lowers the cost.
    bool pair_step() {
        const std::size_t t = tables_.size();
        std::size_t bi = 0;
        std::size_t bj = 0;
        tables_cost lowest{};
        for (std::size_t i = 0; i < t; ++i) {
            for (std::size_t j = i + 1; j < t; ++j) {
                if (pair_best_[i * t + j].delta < lowest) {
                    lowest = pair_best_[i * t + j].delta;
                    bi = i;
                    bj = j;
                }
            }
        }
        if (!(lowest < tables_cost{})) return false;
        apply({bi, bj}, regroup(pair_best_[bi * t + bj]));
        return true;
    }

    // The best regrouping of three tables, applied if it lowers the cost: of every three when
    // there are few (with three tables or fewer, the search is exhaustive), else of three tables
    // next to each other in order of mean score.
    bool triple_step() {
        const std::size_t t = tables_.size();
        if (t < 3) return false;
        std::vector<std::size_t> order(t);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::vector<std::int64_t> total(t, 0);
        for (std::size_t i = 0; i < t; ++i) {
            for (const int p : tables_[i]) total[i] += f_.score(p);
        }
        // By mean score, highest first: total_i / size_i > total_j / size_j, kept exact.
        std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
            return total[i] * static_cast<std::int64_t>(tables_[j].size()) >
                   total[j] * static_cast<std::int64_t>(tables_[i].size());
        });
        const std::size_t reach = t <= few_tables ? t : 3;
        std::set<std::vector<std::size_t>> tried;
        regroup best{{}, {}};
        std::vector<std::size_t> best_which;
        for (std::size_t start = 0; start < t; ++start) {
            const std::size_t end = std::min(t, start + reach);
            for (std::size_t a = start; a < end; ++a) {
                for (std::size_t b = a + 1; b < end; ++b) {
                    for (std::size_t c = b + 1; c < end; ++c) {
                        std::vector<std::size_t> which{order[a], order[b], order[c]};
                        std::sort(which.begin(), which.end());
                        if (!tried.insert(which).second) continue;
                        regroup found = best_of(which);
                        if (found.delta < best.delta) {
                            best = std::move(found);
                            best_which = which;
                        }
                    }
                }
            }
            if (reach == t) break;
        }
        if (!(best.delta < tables_cost{})) return false;
        apply(best_which, best);
        return true;
    }

    // Up to this many tables every three are tried; C(12, 3) = 220 regroupings at most.
    static constexpr std::size_t few_tables = 12;

    const field& f_;
    std::vector<std::vector<int>> tables_;
    std::vector<tables_cost> costs_;
    std::vector<regroup> pair_best_;  // [i · t + j], i < j: the best re-split of tables i and j
};

// Tables without a single repeat, by depth-first search in pairing order (each table opened by
// the first player left, mates taken in pairing order among those who met nobody at it), within
// a fixed number of steps; nothing when none was found.
class repeat_free_filler {
public:
    repeat_free_filler(const field& f, const std::vector<int>& sizes) : f_(f) {
        for (const int size : sizes) ++left_[static_cast<std::size_t>(size)];
        placed_.assign(static_cast<std::size_t>(f.count()), false);
    }

    std::optional<std::vector<std::vector<int>>> run() {
        if (open_table()) return tables_;
        return std::nullopt;
    }

private:
    bool open_table() {
        const auto first = std::find(placed_.begin(), placed_.end(), false);
        if (first == placed_.end()) return true;
        const auto opener = static_cast<int>(first - placed_.begin());
        for (int size = 4; size >= 2; --size) {
            int& left = left_[static_cast<std::size_t>(size)];
            if (left == 0) continue;
            --left;
            placed_[static_cast<std::size_t>(opener)] = true;
            tables_.push_back({opener});
            if (add_mates(opener + 1, size)) return true;
            tables_.pop_back();
            placed_[static_cast<std::size_t>(opener)] = false;
            ++left;
        }
        return false;
    }

    bool add_mates(int from, int size) {
        if (static_cast<int>(tables_.back().size()) == size) return open_table();
        for (int p = from; p < f_.count(); ++p) {
            if (steps_++ >= step_budget) return false;
            if (placed_[static_cast<std::size_t>(p)]) continue;
            const auto& table = tables_.back();
            if (std::any_of(table.begin(), table.end(), [&](int q) { return f_.met(p, q) > 0; })) {
                continue;
            }
            placed_[static_cast<std::size_t>(p)] = true;
            tables_.back().push_back(p);
            if (add_mates(p + 1, size)) return true;
            tables_.back().pop_back();
            placed_[static_cast<std::size_t>(p)] = false;
        }
        return false;
    }

    // Enough for every field the tests play (up to 300 players), and a bound on a hopeless one.
    static constexpr long step_budget = 200'000;

    const field& f_;
    std::array<int, 5> left_{};
    std::vector<bool> placed_;
    std::vector<std::vector<int>> tables_;
    long steps_ = 0;
};

// The search from the score-ordered start; when its tables still repeat a table-mate, the search
// again from tables without repeats (if a depth-first search finds some), and the cheaper of the
// two.
std::vector<std::vector<int>> search_tables(const field& f, const std::vector<int>& sizes) {
    std::vector<std::vector<int>> best = table_search(f, sizes).run();
    tables_cost best_cost;
    for (const auto& table : best) best_cost = best_cost + table_cost(f, table);
    if (best_cost.repeats == 0) return best;
    if (auto start = repeat_free_filler(f, sizes).run()) {
        table_search again(f, sizes);
        again.restart(std::move(*start));
        std::vector<std::vector<int>> found = again.run();
        tables_cost found_cost;
        for (const auto& table : found) found_cost = found_cost + table_cost(f, table);
        if (found_cost < best_cost) return found;
    }
    return best;
}

std::string times_text(int times) {
    if (times == 1) return "once";
    if (times == 2) return "twice";
    return std::to_string(times) + " times";
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
    std::string text;
    for (const std::string& item : items) text += (text.empty() ? "" : separator) + item;
    return text;
}

// Why a table is what it is: its scores, its repeats, who has seat 0.
std::string table_why(const field& f, int number, const std::vector<int>& seated,
                      std::int64_t round_repeats) {
    std::vector<std::string> ids;
    ids.reserve(seated.size());
    for (const int p : seated) ids.push_back(f.at(p).id);
    std::string why = "t" + std::to_string(number) + ": " + join(ids, ", ") + " — ";

    std::vector<int> members(seated);
    std::sort(members.begin(), members.end());
    if (f.score(members.front()) == f.score(members.back())) {
        why += "same score group (" + to_string(points_of(f.score(members.front()), 12)) + ")";
    } else {
        std::vector<std::string> groups;
        for (std::size_t i = 0; i < members.size();) {
            std::vector<std::string> group;
            std::size_t j = i;
            for (; j < members.size() && f.score(members[j]) == f.score(members[i]); ++j) {
                group.push_back(f.at(members[j]).id);
            }
            groups.push_back(join(group, ", ") + " " +
                             to_string(points_of(f.score(members[i]), 12)));
            i = j;
        }
        why += "scores " + join(groups, "; ");
    }

    std::vector<std::string> repeats;
    for (std::size_t i = 0; i < members.size(); ++i) {
        for (std::size_t j = i + 1; j < members.size(); ++j) {
            if (const int met = f.met(members[i], members[j]); met > 0) {
                repeats.push_back(f.at(members[i]).id + " and " + f.at(members[j]).id + " met " +
                                  times_text(met) + " before");
            }
        }
    }
    if (!repeats.empty()) {
        why += "; " + join(repeats, ", ") +
               " (the search found no tables with fewer repeats than " +
               std::to_string(round_repeats) + ")";
    }

    const int first = seated.front();
    const seat_record& record = f.seats[static_cast<std::size_t>(first)];
    const int games = std::accumulate(record.games_at.begin(), record.games_at.end(), 0);
    const bool any_history =
        std::any_of(seated.begin(), seated.end(), [&](int p) { return !f.at(p).seats.empty(); });
    if (!any_history) {
        why += "; first games: seats in pairing order";
    } else {
        why += "; seat 0 " + f.at(first).id + ": had it in " + std::to_string(record.games_at[0]) +
               " of " + std::to_string(games) + " games";
        if (record.seat_0_twice) why += ", a third in a row: all here had it the last two";
        for (const int p : seated) {
            if (p != first && f.seats[static_cast<std::size_t>(p)].seat_0_twice) {
                why += "; " + f.at(p).id + " had seat 0 the last two games";
            }
        }
    }
    return why;
}

}  // namespace

std::vector<int> table_sizes(int count) {
    if (count <= 1) return {};
    if (count == 2 || count == 3) return {count};
    if (count == 5) return {4};
    const int threes = (4 - count % 4) % 4;
    std::vector<int> sizes(static_cast<std::size_t>((count - 3 * threes) / 4), 4);
    sizes.insert(sizes.end(), static_cast<std::size_t>(threes), 3);
    return sizes;
}

swiss_tables_round seat_swiss_tables(std::span<const table_player> players) {
    const field everyone = read_field(players);
    swiss_tables_round round;
    if (everyone.count() == 0) return round;

    // One or five present: the bye to the lowest-ranked of the lowest score without one (of
    // everyone when all had one), and the rest sit as if it were not there.
    std::vector<const table_player*> seated_players = everyone.players;
    if (everyone.count() == 1 || everyone.count() == 5) {
        int taker = -1;
        for (int i = 0; i < everyone.count(); ++i) {
            if (!everyone.at(i).had_bye) taker = i;  // pairing order: the last is the lowest
        }
        const bool second_bye = taker < 0;
        if (second_bye) taker = everyone.count() - 1;
        const table_player& player = everyone.at(taker);
        round.bye = player.id;
        round.bye_why = player.id + ": bye (score " + to_string(points_of(player.twelfths, 12)) +
                        "); " +
                        (second_bye ? "a second bye: everyone present had one"
                                    : "the lowest-ranked of the lowest score without a bye");
        seated_players.erase(seated_players.begin() + taker);
    }
    std::vector<table_player> rest;
    rest.reserve(seated_players.size());
    for (const table_player* player : seated_players) rest.push_back(*player);
    const field f = seated_players.size() == everyone.players.size() ? everyone : read_field(rest);
    if (f.count() == 0) return round;

    std::vector<std::vector<int>> tables = search_tables(f, table_sizes(f.count()));
    for (const auto& table : tables) round.cost = round.cost + table_cost(f, table);

    // Numbered by their scores from the highest down, compared in turn, then their best player.
    std::sort(tables.begin(), tables.end(), [&](const auto& x, const auto& y) {
        const auto scores = [&](const std::vector<int>& table) {
            std::vector<int> list;
            list.reserve(table.size());
            for (const int p : table) list.push_back(-f.score(p));
            return list;
        };
        const auto sx = scores(x);
        const auto sy = scores(y);
        return sx != sy ? sx < sy : x.front() < y.front();
    });
    for (std::size_t t = 0; t < tables.size(); ++t) {
        std::vector<seat_record> records;
        for (const int p : tables[t]) records.push_back(f.seats[static_cast<std::size_t>(p)]);
        const seating chosen = best_seating(records);
        std::vector<int> seated;
        for (const int k : chosen.order) seated.push_back(tables[t][static_cast<std::size_t>(k)]);
        swiss_table table{.number = static_cast<int>(t) + 1, .seats = {}, .why = {}};
        for (const int p : seated) table.seats.push_back(f.at(p).id);
        table.why = table_why(f, table.number, seated, round.cost.repeats);
        round.tables.push_back(std::move(table));
    }
    return round;
}

}  // namespace quadra::events
