// The four-player Swiss round held to the rules from outside (docs/rules.md §9, "Swiss with
// tables of four"): on hundreds of random small fields the search's tables cost exactly the
// optimum found by trying every partition and every seating; and on random events played round
// after round, everyone sits once at a table of the right size, no table-mate is repeated while
// an arrangement without repeats exists, and nobody gets seat 0 a third game in a row while their
// table could seat them otherwise.

#include <doctest/doctest.h>

#include <algorithm>
#include <ctime>
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
            players[static_cast<std::size_t>(a)].met.push_back(
                {"p" + std::to_string(b + 1), times});
            players[static_cast<std::size_t>(b)].met.push_back(
                {"p" + std::to_string(a + 1), times});
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

namespace {

// Plays a round: each table's order from the ratings with some luck; a player's score for the
// game is the share of table-mates they finished above (a table of 4: 0, 4, 8 or 12 twelfths;
// of 3: 0, 6 or 12); the bye scores a win. Table-mates and seats are written into the players.
void play_tables(std::vector<table_player>& players, const swiss_tables_round& round,
                 std::mt19937& random) {
    std::map<std::string, table_player*> by_id;
    for (table_player& player : players) by_id[player.id] = &player;
    std::normal_distribution<double> luck(0, 200);
    for (const swiss_table& table : round.tables) {
        const int size = static_cast<int>(table.seats.size());
        std::vector<std::pair<double, std::string>> finish;
        for (int seat = 0; seat < size; ++seat) {
            table_player& player = *by_id.at(table.seats[static_cast<std::size_t>(seat)]);
            player.seats.push_back(seat);
            for (const std::string& other : table.seats) {
                if (other != player.id) player.met.push_back({other, 1});
            }
            finish.emplace_back(-(player.rating + luck(random)), player.id);
        }
        std::sort(finish.begin(), finish.end());
        for (int place = 0; place < size; ++place) {
            by_id.at(finish[static_cast<std::size_t>(place)].second)->twelfths +=
                size > 1 ? 12 * (size - 1 - place) / (size - 1) : 0;
        }
    }
    if (round.bye) {
        by_id.at(*round.bye)->twelfths += 12;
        by_id.at(*round.bye)->had_bye = true;
    }
}

std::vector<table_player> random_event_field(int count, std::mt19937& random) {
    std::vector<table_player> players;
    std::uniform_int_distribution<int> rating(1000, 2400);
    players.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        players.push_back({.id = "p" + std::to_string(i + 1), .rating = rating(random)});
    }
    std::sort(players.begin(), players.end(),
              [](const auto& a, const auto& b) { return a.rating > b.rating; });
    return players;
}

// Ranks by score, then rating, as standings would.
void rank(std::vector<table_player>& players) {
    std::vector<table_player*> order;
    order.reserve(players.size());
    for (table_player& player : players) order.push_back(&player);
    std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
        return a->twelfths != b->twelfths ? a->twelfths > b->twelfths : a->rating > b->rating;
    });
    for (std::size_t i = 0; i < order.size(); ++i) order[i]->rank = static_cast<int>(i) + 1;
}

}  // namespace

TEST_CASE("random events of 4-player Swiss rounds: no avoidable repeat or third seat 0 in a row") {
    std::mt19937 random(44);
    std::bernoulli_distribution withdraws(0.03);
    int rounds_seated = 0;
    int rounds_checked_exactly = 0;
    int repeats_unavoidable = 0;
    int streaks_unavoidable = 0;
    int tables_of_three = 0;
    for (int event = 0; event < 200; ++event) {
        const int count = std::uniform_int_distribution<int>(3, 24)(random);
        const int rounds = std::uniform_int_distribution<int>(4, 8)(random);
        std::vector<table_player> players = random_event_field(count, random);
        for (int round_number = 0; round_number < rounds; ++round_number) {
            for (table_player& player : players) {
                if (round_number > 0 && player.present && withdraws(random)) player.present = false;
            }
            rank(players);
            const swiss_tables_round round = seat_swiss_tables(players);
            const player_index present = index_present(players);
            CAPTURE(event);
            CAPTURE(round_number);

            // Everyone present exactly once, at tables of the sizes the count asks for.
            std::multiset<std::string> seated;
            std::vector<int> sizes;
            for (const swiss_table& table : round.tables) {
                seated.insert(table.seats.begin(), table.seats.end());
                sizes.push_back(static_cast<int>(table.seats.size()));
                if (table.seats.size() == 3) ++tables_of_three;
                CHECK(table.why.find("t" + std::to_string(table.number) + ": ") == 0);
            }
            if (round.bye) seated.insert(*round.bye);
            std::vector<std::string> ids;
            for (const auto& [id, player] : present) ids.push_back(id);
            REQUIRE(seated == std::multiset<std::string>(ids.begin(), ids.end()));
            const int count_seated = static_cast<int>(ids.size()) - (round.bye ? 1 : 0);
            std::sort(sizes.rbegin(), sizes.rend());
            CHECK(sizes == table_sizes(count_seated));
            CHECK(cost_of_tables(present, seatings(round)) == round.cost);

            // A repeat only when no arrangement of the seated players avoids every one.
            std::vector<std::string> seated_ids;
            for (const auto& table : seatings(round)) {
                seated_ids.insert(seated_ids.end(), table.begin(), table.end());
            }
            if (round.cost.repeats > 0) {
                ++repeats_unavoidable;
                INFO("seated " << seated_ids.size() << " repeats " << round.cost.repeats);
                for (const swiss_table& table : round.tables) INFO(table.why);
                CHECK_FALSE(repeat_free_exists(present, seated_ids, sizes));
            }
            // Seat 0 a third game in a row only when everyone at that table had it twice.
            for (const swiss_table& table : round.tables) {
                const auto had_it_twice = [&](const std::string& id) {
                    const std::vector<int>& seats = present.at(id)->seats;
                    const std::size_t n = seats.size();
                    return n >= 2 && seats[n - 1] == 0 && seats[n - 2] == 0;
                };
                if (had_it_twice(table.seats.front())) {
                    ++streaks_unavoidable;
                    CHECK(std::all_of(table.seats.begin(), table.seats.end(), had_it_twice));
                }
            }
            // Small fields: the whole cost is the optimum.
            if (count_seated <= 12) {
                ++rounds_checked_exactly;
                CHECK(round.cost == brute_force_cost(present, seated_ids, sizes));
            }
            play_tables(players, round, random);
            ++rounds_seated;
        }
    }
    MESSAGE(rounds_seated << " rounds seated (" << rounds_checked_exactly
                          << " checked against brute force); " << repeats_unavoidable
                          << " with an unavoidable repeat, " << streaks_unavoidable
                          << " unavoidable third seat 0 in a row; " << tables_of_three
                          << " tables of 3");
    CHECK(rounds_seated > 900);
}

TEST_CASE("300 players, 9 rounds: every round seated well under a second") {
    std::mt19937 random(300);
    std::vector<table_player> players = random_event_field(300, random);
    double slowest = 0;
    std::int64_t repeats = 0;
    for (int round_number = 0; round_number < 9; ++round_number) {
        if (round_number == 3) players.back().present = false;  // 299: tables of 3 from here on
        rank(players);
        // Processor time, not wall time: the machine running the tests may be busy.
        const std::clock_t start = std::clock();
        const swiss_tables_round round = seat_swiss_tables(players);
        const double took = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        slowest = std::max(slowest, took);
        repeats += round.cost.repeats;
        const swiss_tables_round again = seat_swiss_tables(players);
        CHECK(seatings(again) == seatings(round));
        play_tables(players, round, random);
    }
    MESSAGE("300 players, 9 rounds: slowest round " << slowest << " s; repeated pairs (squared) "
                                                    << repeats);
}
