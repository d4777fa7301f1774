// Swiss standings computed by hand (docs/rules.md §9). A game at a table of k scores, per
// table-mate, 1 placed above, ½ tied, 0 below, divided by k − 1; a bye 1. Buchholz: per game the
// mean of the table-mates' final scores, per bye the player's own final score. Sonneborn–Berger:
// per game the table-mates' final scores weighted 1 / ½ / 0 by the meeting, divided by k − 1.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "events/swiss_standings.hpp"

using namespace quadra::events;

namespace {

exact_points pts(std::int64_t numerator, std::int64_t denominator = 1) {
    return points_of(numerator, denominator);
}

swiss_game won(const std::string& winner, const std::string& loser) {
    return {.seats = {{.id = winner, .place = 1}, {.id = loser, .place = 2}}};
}

swiss_game drawn(const std::string& a, const std::string& b) {
    return {.seats = {{.id = a, .place = 1}, {.id = b, .place = 1}}};
}

// One expected line of the standings.
struct line {
    std::string id;
    int rank;
    exact_points score;
    exact_points buchholz;
    exact_points sonneborn_berger;
};

void check_standings(const std::vector<swiss_standing>& standings,
                     const std::vector<line>& expected) {
    REQUIRE(standings.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO("line " << i + 1 << ": " << expected[i].id);
        CHECK(standings[i].id == expected[i].id);
        CHECK(standings[i].rank == expected[i].rank);
        CHECK(to_string(standings[i].score) == to_string(expected[i].score));
        CHECK(to_string(standings[i].buchholz) == to_string(expected[i].buchholz));
        CHECK(to_string(standings[i].sonneborn_berger) == to_string(expected[i].sonneborn_berger));
    }
}

}  // namespace

TEST_CASE("six players, three rounds, two byes, two draws and a withdrawal") {
    // Round 1: a beats b, c draws d, f beats e; e then withdraws.
    // Round 2: a draws c, f beats d, b has the bye.
    // Round 3: f beats a, c beats b, d has the bye.
    // Final scores: a 1 + ½ + 0 = 1½, b 0 + 1 + 0 = 1, c ½ + ½ + 1 = 2, d ½ + 0 + 1 = 1½,
    // e 0 (what e scored before withdrawing), f 3. Sum 9 = 3 rounds of 3 points.
    //   player  opponents (result)           Buchholz                SB
    //   a       b (W), c (D), f (L)          1 + 2 + 3 = 6           1 + ½·2 = 2
    //   b       a (L), bye, c (L)            1½ + 1 (own) + 2 = 4½   0 (a bye beats no one)
    //   c       d (D), a (D), b (W)          1½ + 1½ + 1 = 4         ½·1½ + ½·1½ + 1 = 2½
    //   d       c (D), f (L), bye            2 + 3 + 1½ (own) = 6½   ½·2 = 1
    //   e       f (L)                        3                       0
    //   f       e (W), d (W), a (W)          0 + 1½ + 1½ = 3         0 + 1½ + 1½ = 3
    // Order: f 3; c 2; d and a 1½, Buchholz 6½ before 6; b 1; e 0.
    const swiss_results results{
        .players = {"a", "b", "c", "d", "e", "f"},
        .games = {won("a", "b"), drawn("c", "d"), won("f", "e"), drawn("a", "c"), won("f", "d"),
                  won("f", "a"), won("c", "b")},
        .byes = {"b", "d"},
    };
    const std::vector<swiss_standing> standings = swiss_standings(results);
    check_standings(standings, {
                                   {"f", 1, pts(3), pts(3), pts(3)},
                                   {"c", 2, pts(2), pts(4), pts(5, 2)},
                                   {"d", 3, pts(3, 2), pts(13, 2), pts(1)},
                                   {"a", 4, pts(3, 2), pts(6), pts(2)},
                                   {"b", 5, pts(1), pts(9, 2), pts(0)},
                                   {"e", 6, pts(0), pts(3), pts(0)},
                               });
    CHECK(standings[4].games == 2);
    CHECK(standings[4].byes == 1);
    CHECK(standings[5].games == 1);
}

TEST_CASE("Sonneborn-Berger breaks an equal Buchholz, and full ties share a rank") {
    // Round 1: a beats b, c draws d. Round 2: a draws c, b beats d.
    // Scores: a 1½, b 1, c 1, d ½.
    //   a: b (W), c (D): Buchholz 1 + 1 = 2, SB 1 + ½·1 = 1½
    //   b: a (L), d (W): Buchholz 1½ + ½ = 2, SB ½
    //   c: d (D), a (D): Buchholz ½ + 1½ = 2, SB ½·½ + ½·1½ = 1
    //   d: c (D), b (L): Buchholz 1 + 1 = 2, SB ½·1 = ½
    // b and c: equal score and Buchholz, c's SB 1 beats b's ½.
    const swiss_results results{
        .players = {"a", "b", "c", "d"},
        .games = {won("a", "b"), drawn("c", "d"), drawn("a", "c"), won("b", "d")},
    };
    check_standings(swiss_standings(results), {
                                                  {"a", 1, pts(3, 2), pts(2), pts(3, 2)},
                                                  {"c", 2, pts(1), pts(2), pts(1)},
                                                  {"b", 3, pts(1), pts(2), pts(1, 2)},
                                                  {"d", 4, pts(1, 2), pts(2), pts(1, 2)},
                                              });

    // One round, a beats b and c beats d: a and c are equal in everything (1, Buchholz 0, SB 0)
    // and share 1st, b and d share 3rd; the id orders the lines.
    const swiss_results tied{
        .players = {"d", "c", "b", "a"},
        .games = {won("a", "b"), won("c", "d")},
    };
    check_standings(swiss_standings(tied), {
                                               {"a", 1, pts(1), pts(0), pts(0)},
                                               {"c", 1, pts(1), pts(0), pts(0)},
                                               {"b", 3, pts(0), pts(1), pts(0)},
                                               {"d", 3, pts(0), pts(1), pts(0)},
                                           });
}

TEST_CASE("seven players at tables of four and three, two rounds") {
    // A game's score at a table of 4: 1st 1, 2nd 2/3, 3rd 1/3, 4th 0, two tied 1st (2 + ½)/3 =
    // 5/6; at a table of 3: 1st 1, 2nd ½, 3rd 0, two tied 2nd (0 + ½)/2 = ¼.
    // Round 1: p1 1st, p2 2nd, p3 3rd, p4 4th (of 4); p5 1st, p6 and p7 tied 2nd (of 3).
    // Round 2: p1 and p5 tied 1st, p6 3rd, p2 4th (of 4); p3 1st, p4 2nd, p7 3rd (of 3).
    // Final scores, in twelfths: p1 1 + 5/6 = 22, p2 2/3 + 0 = 8, p3 1/3 + 1 = 16,
    // p4 0 + ½ = 6, p5 1 + 5/6 = 22, p6 ¼ + 1/3 = 7, p7 ¼ + 0 = 3. Sum 84 = 7 points: each
    // round a 4-table gives 2 and a 3-table 1½.
    // Buchholz in twelfths, per game the mean of the table-mates' scores:
    //   p1: (8+16+6)/3 + (22+7+8)/3 = 10 + 37/3 = 67/3 → 67/36 points
    //   p2: (22+16+6)/3 + (22+22+7)/3 = 44/3 + 17 = 95/3 → 95/36
    //   p3: (22+8+6)/3 + (6+3)/2 = 12 + 9/2 = 33/2 → 11/8
    //   p4: (22+8+16)/3 + (16+3)/2 = 46/3 + 19/2 = 149/6 → 149/72
    //   p5: (7+3)/2 + (22+7+8)/3 = 5 + 37/3 = 52/3 → 13/9
    //   p6: (22+3)/2 + (22+22+8)/3 = 25/2 + 52/3 = 179/6 → 179/72
    //   p7: (22+7)/2 + (16+6)/2 = 29/2 + 11 = 51/2 → 17/8
    // Sonneborn–Berger in twelfths, per game the table-mates placed below (tied: half) over k − 1:
    //   p1: (8+16+6)/3 + (½·22 + 7 + 8)/3 = 10 + 26/3 = 56/3 → 14/9
    //   p2: (16+6)/3 + 0 = 22/3 → 11/18
    //   p3: 6/3 + (6+3)/2 = 2 + 9/2 = 13/2 → 13/24
    //   p4: 0 + 3/2 → 1/8
    //   p5: (7+3)/2 + (½·22 + 7 + 8)/3 = 5 + 26/3 = 41/3 → 41/36
    //   p6: (½·3)/2 + 8/3 = 3/4 + 8/3 = 41/12 → 41/144
    //   p7: (½·7)/2 + 0 = 7/4 → 7/48
    // Order by score: p1 and p5 (11/6; Buchholz 67/36 before 52/36), p3 (4/3), p2 (2/3),
    // p6 (7/12), p4 (½), p7 (¼).
    const swiss_results results{
        .players = {"p1", "p2", "p3", "p4", "p5", "p6", "p7"},
        .games =
            {
                {.seats = {{"p1", 1}, {"p2", 2}, {"p3", 3}, {"p4", 4}}},
                {.seats = {{"p5", 1}, {"p6", 2}, {"p7", 2}}},
                {.seats = {{"p1", 1}, {"p5", 1}, {"p6", 3}, {"p2", 4}}},
                {.seats = {{"p3", 1}, {"p4", 2}, {"p7", 3}}},
            },
    };
    check_standings(swiss_standings(results), {
                                                  {"p1", 1, pts(11, 6), pts(67, 36), pts(14, 9)},
                                                  {"p5", 2, pts(11, 6), pts(13, 9), pts(41, 36)},
                                                  {"p3", 3, pts(4, 3), pts(11, 8), pts(13, 24)},
                                                  {"p2", 4, pts(2, 3), pts(95, 36), pts(11, 18)},
                                                  {"p6", 5, pts(7, 12), pts(179, 72), pts(41, 144)},
                                                  {"p4", 6, pts(1, 2), pts(149, 72), pts(1, 8)},
                                                  {"p7", 7, pts(1, 4), pts(17, 8), pts(7, 48)},
                                              });
}

TEST_CASE("results that name no player, or do not fit a table, are refused") {
    const std::vector<std::string> players{"a", "b", "c"};
    auto refused = [&](const std::vector<swiss_game>& games,
                       const std::vector<std::string>& byes = {}) {
        const swiss_results results{.players = players, .games = games, .byes = byes};
        CHECK_THROWS_AS(swiss_standings(results), std::invalid_argument);
    };
    refused({won("a", "z")});
    refused({}, {"z"});
    refused({{.seats = {{"a", 1}}}});
    refused({{.seats = {{"a", 1}, {"a", 2}}}});
    refused({{.seats = {{"a", 1}, {"b", 3}}}});
    refused({{.seats = {{"a", 0}, {"b", 1}}}});
    const swiss_results twice{.players = {"a", "a"}};
    CHECK_THROWS_AS(swiss_standings(twice), std::invalid_argument);
    // Nothing played: everyone 0 and sharing 1st.
    const swiss_results none{.players = players};
    check_standings(swiss_standings(none), {{"a", 1, pts(0), pts(0), pts(0)},
                                            {"b", 1, pts(0), pts(0), pts(0)},
                                            {"c", 1, pts(0), pts(0), pts(0)}});
}
