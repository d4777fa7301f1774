// Swiss rounds small enough to pair by hand (docs/rules.md §9): each case names
// the pairs, who moves first, the bye and the organiser's explanation the rules give.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "events/swiss.hpp"

using namespace quadra::events;

namespace {

constexpr bool f = true;   // had the first move
constexpr bool s = false;  // had the second move

swiss_player player(std::string id, int rank, int half_points, std::vector<bool> first_moves = {},
                    std::vector<std::string> opponents = {}) {
    return {.id = std::move(id),
            .half_points = half_points,
            .rank = rank,
            .rating = 1500,
            .opponents = std::move(opponents),
            .first_moves = std::move(first_moves)};
}

void check_pairing(const swiss_pairing& pairing, const std::string& first,
                   const std::string& second, const std::string& why) {
    CHECK(pairing.first == first);
    CHECK(pairing.second == second);
    CHECK(pairing.why == why);
}

}  // namespace

TEST_CASE("round 1: neighbours in rank pair, and the boards alternate who moves first") {
    // Equal scores, no history: closeness decides ({p1-p2, p3-p4} are 1 + 1 places apart,
    // {p1-p3, p2-p4} 2 + 2, {p1-p4, p2-p3} 3 + 1). Board 1's higher-ranked player moves first,
    // board 2's lower-ranked.
    const std::vector<swiss_player> players{player("p3", 3, 0), player("p1", 1, 0),
                                            player("p4", 4, 0), player("p2", 2, 0)};
    const swiss_round round = pair_swiss_round(players);
    REQUIRE(round.pairings.size() == 2);
    check_pairing(round.pairings[0], "p1", "p2",
                  "p1 vs p2: same score group; first games: the higher-ranked moves first on odd "
                  "boards");
    check_pairing(round.pairings[1], "p4", "p3",
                  "p4 vs p3: same score group; first games: the lower-ranked moves first on even "
                  "boards");
    CHECK_FALSE(round.bye);
}

TEST_CASE("round 2: winners meet winners without a rematch, the higher-ranked gets the turn due") {
    // Round 1: p1 (first) beat p2, p4 (first) beat p3. {p1-p4, p2-p3} has no score gap, while
    // {p1-p3, p2-p4} has two gaps of a win (2² + 2²). p1 and p4 are both due the second move
    // (one first move more): p1 ranks higher and gets it; p2 and p3 are both due the first: p2.
    const std::vector<swiss_player> players{
        player("p1", 1, 2, {f}, {"p2"}), player("p2", 2, 0, {s}, {"p1"}),
        player("p3", 3, 0, {s}, {"p4"}), player("p4", 4, 2, {f}, {"p3"})};
    const swiss_round round = pair_swiss_round(players);
    REQUIRE(round.pairings.size() == 2);
    check_pairing(round.pairings[0], "p4", "p1",
                  "p4 vs p1: same score group; both were due the same turn order; p1 ranks higher");
    check_pairing(round.pairings[1], "p2", "p3",
                  "p2 vs p3: same score group; both were due the same turn order; p2 ranks higher");
    CHECK_FALSE(round.pairings[0].repeat);
}

TEST_CASE("no third first move in a row: the leaders float down rather than meet") {
    // a and b lead with 2 points, both with two first moves in a row: between them one would have
    // a third. c and d (0 points) both had two second moves. b met c before. The one pairing with
    // neither a repeat nor a limit broken is a-c, b-d, each a float of 2 points.
    const std::vector<swiss_player> players{
        player("a", 1, 4, {f, f}, {"x", "y"}), player("b", 2, 4, {f, f}, {"c", "y"}),
        player("c", 3, 0, {s, s}, {"b", "z"}), player("d", 4, 0, {s, s}, {"x", "z"})};
    const swiss_round round = pair_swiss_round(players);
    REQUIRE(round.pairings.size() == 2);
    check_pairing(round.pairings[0], "c", "a",
                  "c vs a: a (2) floats down to c (0); a had the first move 2 times in a row");
    check_pairing(round.pairings[1], "d", "b",
                  "d vs b: b (2) floats down to d (0); b had the first move 2 times in a row");
}

TEST_CASE("a rematch only when every pairing repeats a game") {
    // Two players left, who met in round 1 (p1 moved first): they meet again, p2 moving first.
    const std::vector<swiss_player> players{player("p1", 1, 2, {f}, {"p2"}),
                                            player("p2", 2, 2, {s}, {"p1"})};
    const swiss_round round = pair_swiss_round(players);
    REQUIRE(round.pairings.size() == 1);
    CHECK(round.pairings[0].repeat);
    check_pairing(round.pairings[0], "p2", "p1",
                  "p2 vs p1: same score group; a rematch: every pairing of this round repeats a "
                  "game; p1 had the first move more often");
}

TEST_CASE("the bye goes to the lowest-ranked of the lowest score without one") {
    // p5 (0 points, the lowest-ranked) had the bye, so p4 (0 points) gets it. p1 (2 points) then
    // floats down: {p1-p2, p3-p5} and {p1-p3, p2-p5} both cost 2² + 2² in score gaps; the first
    // is 1 + 2 places apart, the second 2 + 3. p6 has withdrawn.
    std::vector<swiss_player> players{player("p1", 1, 4), player("p2", 2, 2), player("p3", 3, 2),
                                      player("p4", 4, 0), player("p5", 5, 0), player("p6", 6, 4)};
    players[4].had_bye = true;
    players[5].present = false;
    const swiss_round round = pair_swiss_round(players);
    REQUIRE(round.pairings.size() == 2);
    check_pairing(round.pairings[0], "p1", "p2",
                  "p1 vs p2: p1 (2) floats down to p2 (1); first games: the higher-ranked moves "
                  "first on odd boards");
    check_pairing(round.pairings[1], "p5", "p3",
                  "p5 vs p3: p3 (1) floats down to p5 (0); first games: the lower-ranked moves "
                  "first on even boards");
    REQUIRE(round.bye);
    CHECK(*round.bye == "p4");
    CHECK(round.bye_why ==
          "p4: bye (score 0); the lowest-ranked of the lowest score without a bye");
}

TEST_CASE("when every pairing repeats a game, the fewest repeats: no second bye") {
    // Three players who all met; p3 had the bye. Any round repeats a game: p3 sitting out again
    // would be two repeats (a rematch and a second bye), p1 or p2 sitting out one. p1 and p2 have
    // the same score, so the lower-ranked, p2, gets the bye, and p1 meets p3 again, p3 moving
    // first since p1 had one first move more.
    std::vector<swiss_player> players{player("p1", 1, 2, {f}, {"p2", "p3"}),
                                      player("p2", 2, 2, {s}, {"p1", "p3"}),
                                      player("p3", 3, 0, {}, {"p1", "p2"})};
    players[2].had_bye = true;
    const swiss_round round = pair_swiss_round(players);
    REQUIRE(round.pairings.size() == 1);
    CHECK(round.pairings[0].repeat);
    check_pairing(round.pairings[0], "p3", "p1",
                  "p3 vs p1: p1 (1) floats down to p3 (0); a rematch: every pairing of this round "
                  "repeats a game; p1 had the first move more often");
    REQUIRE(round.bye);
    CHECK(*round.bye == "p2");
    CHECK(round.bye_why ==
          "p2: bye (score 1); the lowest-ranked of the lowest score without a bye");
}

TEST_CASE("a round pairs the same way every time and refuses two players with one id") {
    std::vector<swiss_player> players;
    for (int i = 1; i <= 9; ++i) {
        players.push_back(player("p" + std::to_string(i), i, (i * 7) % 5, {i % 2 == 0}));
    }
    const swiss_round once = pair_swiss_round(players);
    const swiss_round again = pair_swiss_round(players);
    REQUIRE(once.pairings.size() == 4);
    for (std::size_t i = 0; i < once.pairings.size(); ++i) {
        CHECK(once.pairings[i].first == again.pairings[i].first);
        CHECK(once.pairings[i].second == again.pairings[i].second);
    }
    CHECK(once.bye == again.bye);
    players[3].id = "p1";
    CHECK_THROWS_AS(pair_swiss_round(players), std::invalid_argument);
}
