// The golden records the server replays at start-up: each expectation is checked here against a
// reading of docs/rules.md, independently of check_golden_records, which must also accept them all.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/game_json.hpp"
#include "rules/golden.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"

namespace {

using quadra::rules::golden_record;

const golden_record& record_of(std::string_view game, std::size_t nth) {
    std::size_t seen = 0;
    for (const auto& r : quadra::rules::golden_records())
        if (r.game == game && seen++ == nth) return r;
    FAIL("no golden record " << nth << " of " << game);
    throw;
}

std::unique_ptr<quadra::rules::game> replayed(const golden_record& r) {
    auto start = quadra::rules::create_game(r.game, r.settings);
    REQUIRE(start.ok());
    auto result = quadra::rules::replay(std::move(start).value(), r.moves);
    REQUIRE_FALSE(result.error.has_value());
    return std::move(result.position);
}

}  // namespace

TEST_CASE("every golden record replays to its expected outcome") {
    CHECK(quadra::rules::check_golden_records().empty());
    // Two or three records of every registered game, so a new game must bring its own.
    for (const auto* type : quadra::rules::game_types()) {
        int count = 0;
        for (const auto& r : quadra::rules::golden_records()) count += r.game == type->id;
        CHECK_MESSAGE(count >= 2, type->id);
        CHECK_MESSAGE(count <= 3, type->id);
    }
}

TEST_CASE("a golden record with a wrong expectation or an illegal move is reported") {
    auto wrong = record_of("kvadratura", 0);
    wrong.winners = {0};
    auto illegal = record_of("kvadrat", 0);
    illegal.moves = {"h9"};  // docs/rules.md §3: the first move reaches only ranks 1-5
    const std::vector<golden_record> records = {wrong, illegal};
    const auto failures = quadra::rules::check_golden_records(records);
    REQUIRE(failures.size() == 2);
    CHECK(failures[0] ==
          "kvadratura record 0: reached to_move -1 winners [1] scores [1,0], expected to_move -1 "
          "winners [0] scores [1,0]");
    CHECK(failures[1].find("kvadrat record 1: ply 1 h9 refused") == 0);
}

TEST_CASE("golden kvadratura: White's tilted square a2 b1 c2 b3 loses (docs/rules.md §4 example)") {
    const auto& r = record_of("kvadratura", 0);
    // White (seat 0) plays a2 b1 c2 b3 on odd plies: the corners of a square with side vectors
    // (1,-1) and (1,1). In first_square_loses mode the one who completes it loses: Black wins,
    // and the scores count one-colour squares, White 1 and Black (d4 d3 d1) none.
    CHECK(r.moves == std::vector<std::string>{"a2", "d4", "b1", "d3", "c2", "d1", "b3"});
    CHECK(r.status == quadra::rules::game_status::finished);
    CHECK(r.winners == std::vector<int>{1});
    CHECK(r.scores == std::vector<int>{1, 0});
    auto position = replayed(r);
    CHECK(position->current_outcome().winners == r.winners);

    // The checkerboard of docs/rules.md §4 in fill mode: 4 squares each, a draw.
    const auto& fill = record_of("kvadratura", 1);
    CHECK(fill.winners.empty());
    CHECK(fill.scores == std::vector<int>{4, 4});
    CHECK(replayed(fill)->current_outcome().draw());
}

TEST_CASE("golden quadwrangle: three five-of-a-kinds put three counters on seat 0's red square") {
    const auto& r = record_of("quadwrangle", 1);
    // docs/rules.md §2: five of a kind moves its lane c - 1 = 4 squares toward the mover, from 0 to
    // -4 (seat 0's red square, N = 4). 1-2-3-4-6 scores nothing, so seat 1 passes. After lanes
    // 6, 5 and 4 are on -4, seat 0 has 3 counters home: the default target, seat 0 wins.
    CHECK(r.winners == std::vector<int>{0});
    CHECK(r.scores == std::vector<int>{3, 0});
    auto state = nlohmann::json::parse(quadra::protocol::state_text(*replayed(r)));
    for (const auto& lane : state["board"]["lanes"]) {
        const auto name = lane["name"].get<std::string>();
        CHECK_MESSAGE(lane["position"] == (name == "4" || name == "5" || name == "6" ? -4 : 0),
                      name);
    }
    // 6-6-6-5-5 by lanes: lane 6 +2 and lane 5 +1 towards seat 0 (docs/rules.md worked example).
    auto lanes =
        nlohmann::json::parse(quadra::protocol::state_text(*replayed(record_of("quadwrangle", 0))));
    CHECK(lanes["board"]["lanes"][4]["position"] == -1);
    CHECK(lanes["board"]["lanes"][5]["position"] == -2);
}

TEST_CASE("golden kvadrat: one piece each owns one square each, a draw when nobody can place") {
    const auto& r = record_of("kvadrat", 1);
    // docs/rules.md §3: a5 is five steps up file a from Black's edge (square A2), o11 five down
    // file o from Red's edge (square E4). With one piece each nobody can place: the game ends,
    // each owns one square, 1-1 is a draw.
    CHECK(r.moves == std::vector<std::string>{"a5", "o11"});
    CHECK(r.winners.empty());
    CHECK(r.scores == std::vector<int>{1, 1});
    CHECK(replayed(r)->current_outcome().draw());
    // h5 alone: Black owns square C2 (files g-i, ranks 4-6), score 1-0, Red to move.
    const auto& first = record_of("kvadrat", 0);
    CHECK(first.scores == std::vector<int>{1, 0});
    CHECK(first.to_move == 1);
}

TEST_CASE("golden quadrature: 18 men each at the men18 start, 9 each in steere9") {
    // docs/rules.md §1: scores count each side's men; a quiet first step e3-e4 exchanges nothing.
    CHECK(record_of("quadrature", 0).scores == std::vector<int>{18, 18});
    CHECK(record_of("quadrature", 1).scores == std::vector<int>{9, 9});
    CHECK(replayed(record_of("quadrature", 0))->to_move() == 1);
}
