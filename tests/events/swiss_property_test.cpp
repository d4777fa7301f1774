// Hundreds of random two-player Swiss events (8-40 players, 5-9 rounds, late entries and
// withdrawals, results drawn from ratings), every round checked against the rules from outside:
// everyone present paired once or the bye, no repeat while a pairing without one exists, and no
// turn order three games in a row nor first moves more than 2 apart from second moves while a
// pairing that keeps those limits exists. "Exists" is decided here, on a graph this test builds
// from the histories by itself, by a perfect matching of any weight.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "events/matching.hpp"
#include "events/swiss.hpp"
#include "tests/events/swiss_simulation.hpp"

using namespace quadra::events;
using namespace quadra::events::testing;

namespace {

// The test's own reading of the limits: after the game, no three in a row, |difference| <= 2.
bool three_in_a_row(const std::vector<bool>& history, bool moves_first) {
    const std::size_t n = history.size();
    return n >= 2 && history[n - 1] == moves_first && history[n - 2] == moves_first;
}

bool keeps_limits(const std::vector<bool>& history, bool moves_first) {
    const auto firsts = std::count(history.begin(), history.end(), true) + (moves_first ? 1 : 0);
    const auto difference = 2 * firsts - static_cast<long>(history.size() + 1);
    return !three_in_a_row(history, moves_first) && std::abs(difference) <= 2;
}

bool met(const swiss_player& a, const swiss_player& b) {
    return std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end();
}

// Whether the present players can all be paired (and one given the bye when odd) with no repeat
// and, when `keep_limits`, with no limit broken.
bool pairable(const std::vector<const swiss_player*>& present, bool keep_limits) {
    const int count = static_cast<int>(present.size());
    std::vector<weighted_edge> edges;
    for (int a = 0; a < count; ++a) {
        for (int b = a + 1; b < count; ++b) {
            const swiss_player& x = *present[static_cast<std::size_t>(a)];
            const swiss_player& y = *present[static_cast<std::size_t>(b)];
            if (met(x, y)) continue;
            const bool fine =
                (keeps_limits(x.first_moves, true) && keeps_limits(y.first_moves, false)) ||
                (keeps_limits(x.first_moves, false) && keeps_limits(y.first_moves, true));
            if (keep_limits && !fine) continue;
            edges.push_back({a, b, 1});
        }
        if (count % 2 == 1 && !present[static_cast<std::size_t>(a)]->had_bye) {
            edges.push_back({a, count, 1});
        }
    }
    return max_weight_perfect_matching(count + count % 2, edges).has_value();
}

}  // namespace

TEST_CASE("random Swiss events: no avoidable repeat, no avoidable first-move limit broken") {
    std::mt19937_64 random(43);
    int rounds_paired = 0;
    int repeats = 0;
    int limits_broken = 0;
    int threes = 0;
    for (int event = 0; event < 300; ++event) {
        const int count = std::uniform_int_distribution<int>(8, 40)(random);
        const int rounds = std::uniform_int_distribution<int>(5, 9)(random);
        simulated_field field = random_field(count, random);
        for (int round_number = 0; round_number < rounds; ++round_number) {
            update_presence(field, round_number, 0.03, random);
            std::vector<const swiss_player*> present;
            for (const swiss_player& player : field.players) {
                if (player.present) present.push_back(&player);
            }
            const swiss_round round = pair_swiss_round(field.players);
            CAPTURE(event);
            CAPTURE(round_number);

            // Everyone present exactly once; the bye exactly when the count is odd.
            std::multiset<std::string> seated;
            for (const swiss_pairing& pairing : round.pairings) {
                seated.insert(pairing.first);
                seated.insert(pairing.second);
                CHECK(pairing.why.find(pairing.first + " vs " + pairing.second + ": ") == 0);
            }
            if (round.bye) seated.insert(*round.bye);
            std::multiset<std::string> expected;
            for (const swiss_player* player : present) expected.insert(player->id);
            REQUIRE(seated == expected);
            CHECK(round.bye.has_value() == (present.size() % 2 == 1));

            std::map<std::string, const swiss_player*> by_id;
            for (const swiss_player* player : present) by_id[player->id] = player;
            bool repeated = round.bye && by_id.at(*round.bye)->had_bye;
            bool broken = false;
            for (const swiss_pairing& pairing : round.pairings) {
                const swiss_player& first = *by_id.at(pairing.first);
                const swiss_player& second = *by_id.at(pairing.second);
                CHECK(pairing.repeat == met(first, second));
                repeated = repeated || met(first, second);
                broken = broken || !keeps_limits(first.first_moves, true) ||
                         !keeps_limits(second.first_moves, false);
                if (three_in_a_row(first.first_moves, true) ||
                    three_in_a_row(second.first_moves, false)) {
                    ++threes;
                }
            }
            // A repeat only when no pairing avoids them all; a limit broken only when no pairing
            // without repeats keeps them all (or repeats were needed anyway).
            if (repeated) {
                ++repeats;
                CHECK_FALSE(pairable(present, false));
            }
            if (broken) {
                ++limits_broken;
                CHECK((repeated || !pairable(present, true)));
            }
            play_round(field, round, random);
            ++rounds_paired;
        }
    }
    MESSAGE(rounds_paired << " rounds paired; " << repeats << " with an unavoidable repeat, "
                          << limits_broken << " with an unavoidable first-move limit broken ("
                          << threes << " games the third in a row with one turn order)");
    CHECK(rounds_paired > 1500);
}
