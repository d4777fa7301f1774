// The four-player Swiss round held to the rules from outside (docs/rules.md §9, "Swiss with
// tables of four"): on hundreds of random small fields the search's tables cost exactly the
// optimum found by trying every partition and every seating; and on random events played round
// after round, everyone sits once at a table of the right size, no table-mate is repeated while
// an arrangement without repeats exists, and nobody gets seat 0 a third game in a row while their
// table could seat them otherwise.

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "events/swiss_tables.hpp"
#include "tests/events/tables_oracle.hpp"

using namespace quadra::events;
using namespace quadra::events::testing;

namespace {

std::vector<std::vector<std::string>> seatings(const swiss_tables_round& round) {
    std::vector<std::vector<std::string>> tables;
    for (const swiss_table& table : round.tables) tables.push_back(table.seats);
    return tables;
}

// A random field of `count` players with random scores, earlier table-mates and seats; ties and
// seat-0 streaks are made common so every rule is exercised.
std::vector<table_player> random_history(int count, std::mt19937& random) {
    std::vector<table_player> players;
    std::uniform_int_distribution<int> score(0, 4);
    std::uniform_int_distribution<int> games(0, 5);
    std::uniform_int_distribution<int> seat(0, 3);
    std::bernoulli_distribution seat_0(0.4);
    std::bernoulli_distribution twice(0.15);
    const double meeting = std::uniform_real_distribution<double>(0.1, 0.6)(random);
    std::bernoulli_distribution met(meeting);
    for (int i = 0; i < count; ++i) {
        table_player player{.id = "p" + std::to_string(i + 1),
                            .twelfths = 6 * score(random),
                            .rank = i + 1,
                            .rating = 1500};
        const int played = games(random);
        for (int g = 0; g < played; ++g) player.seats.push_back(seat_0(random) ? 0 : seat(random));
        players.push_back(std::move(player));
    }
    for (int a = 0; a < count; ++a) {
        for (int b = a + 1; b < count; ++b) {
            if (!met(random)) continue;
            const int times = twice(random) ? 2 : 1;
            players[static_cast<std::size_t>(a)].met.push_back({"p" + std::to_string(b + 1), times});
            players[static_cast<std::size_t>(b)].met.push_back({"p" + std::to_string(a + 1), times});
        }
    }
    return players;
}

}  // namespace

TEST_CASE("random fields of 3 to 12: the search's tables cost exactly the brute-force optimum") {
    std::mt19937 random(4);
    int fields = 0;
    int with_repeats = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const std::vector<int> counts{3, 4, 6, 7, 8, 9, 10, 11, 12};
        const int count = counts[static_cast<std::size_t>(trial) % counts.size()];
        const std::vector<table_player> players = random_history(count, random);
        const swiss_tables_round round = seat_swiss_tables(players);
        const player_index present = index_present(players);
        std::vector<std::string> ids;
        for (const auto& [id, player] : present) ids.push_back(id);
        CAPTURE(trial);
        CAPTURE(count);
        const tables_cost got = cost_of_tables(present, seatings(round));
        const tables_cost best = brute_force_cost(present, ids, table_sizes(count));
        CHECK(got == round.cost);
        CHECK(got.repeats == best.repeats);
        CHECK(got.spread == best.spread);
        CHECK(got.seat_streaks == best.seat_streaks);
        CHECK(got.seat_excess == best.seat_excess);
        CHECK(got.short_tables == best.short_tables);
        if (best.repeats > 0) ++with_repeats;
        ++fields;
    }
    MESSAGE(fields << " random fields matched the brute-force optimum; " << with_repeats
                   << " could not avoid a repeat");
}
