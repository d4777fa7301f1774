// `quadra rules` end to end: the real binary, a record on stdin, JSON and an exit status out.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/server/support/process.hpp"

namespace {

// The line of `text` that starts with `prefix` (stdout and stderr arrive mixed), or "".
std::string line_starting(const std::string& text, const std::string& prefix) {
    for (std::size_t at = 0; at < text.size();) {
        auto end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        if (text.compare(at, prefix.size(), prefix) == 0) return text.substr(at, end - at);
        at = end + 1;
    }
    return "";
}

quadra::testing::command_result run_rules(const std::string& input, const std::string& args = "") {
    return quadra::testing::run_quadra("rules " + args, input);
}

}  // namespace

TEST_CASE("quadra rules prints the state after a legal record") {
    auto run = run_rules(R"({"game":"kvadratura","options":{"size":3},"moves":["a1","b2","c3"]})");
    REQUIRE(run.status == 0);
    auto state = nlohmann::json::parse(run.out);
    CHECK(state["game"] == "kvadratura");
    CHECK(state["options"] == nlohmann::json{{"size", 3}, {"mode", "first_square_loses"}});
    CHECK(state["ply"] == 3);
    CHECK(state["seats"] == nlohmann::json{"White", "Black"});
    CHECK(state["to_move"] == 1);
    CHECK(state["legal"] == nlohmann::json{"a2", "a3", "b1", "b3", "c1", "c2"});
    CHECK(state["status"] == "ongoing");
    CHECK(state["result"].is_null());
    CHECK(state["scores"] == nlohmann::json{0, 0});
    CHECK(state["board"]["cells"] == nlohmann::json{{"a1", 0}, {"b2", 1}, {"c3", 0}});
}

TEST_CASE("quadra rules reports a finished game with its result") {
    // White: a2 b1 c2 b3 is a tilted square: White loses on the 7th ply.
    auto run = run_rules(
        R"({"game":"kvadratura","options":{"size":4},"moves":["a2","d4","b1","d3","c2","d1","b3"]})");
    REQUIRE(run.status == 0);
    auto state = nlohmann::json::parse(run.out);
    CHECK(state["status"] == "finished");
    CHECK(state["to_move"] == -1);
    CHECK(state["legal"] == nlohmann::json::array());
    CHECK(state["result"]["winners"] == nlohmann::json{1});
    CHECK(state["result"]["draw"] == false);
}

TEST_CASE("quadra rules names the first illegal ply and exits 1") {
    auto run = run_rules(R"({"game":"kvadrat","moves":["h3","h13","h3"]})");
    CHECK(run.status == 1);
    auto error = nlohmann::json::parse(run.out)["error"];
    CHECK(error["ply"] == 3);
    CHECK(error["move"] == "h3");
    CHECK_FALSE(error["reason"].get<std::string>().empty());
}

TEST_CASE("quadra rules exits 2 on malformed JSON, an unknown game or a bad option") {
    auto malformed = run_rules("{not json");
    CHECK(malformed.status == 2);
    CHECK(malformed.out == "quadra rules: the record is not valid JSON\n");

    auto unknown = run_rules(R"({"game":"chess","moves":[]})");
    CHECK(unknown.status == 2);
    CHECK(unknown.out == "quadra rules: unknown game 'chess'\n");

    auto bad_option = run_rules(R"({"game":"kvadratura","options":{"size":9},"moves":[]})");
    CHECK(bad_option.status == 2);
    CHECK(bad_option.out.find("'size'") != std::string::npos);
}

TEST_CASE("quadra rules --pretty prints the same state indented") {
    const std::string record = R"({"game":"quadrature","moves":["e3-e4"]})";
    auto compact = run_rules(record);
    auto pretty = run_rules(record, "--pretty");
    REQUIRE(compact.status == 0);
    REQUIRE(pretty.status == 0);
    CHECK(pretty.out.find("\n  ") != std::string::npos);
    CHECK(nlohmann::json::parse(pretty.out) == nlohmann::json::parse(compact.out));
}

TEST_CASE(
    "the state quadra rules prints carries its position notation; --position prints it alone") {
    const std::string record =
        R"({"game":"kvadratura","options":{"size":3},"moves":["a1","b2","c3"]})";
    auto run = run_rules(record);
    REQUIRE(run.status == 0);
    auto state = nlohmann::json::parse(run.out);
    CHECK(state["position"] == "kvadratura:l:2W/1B1/W2");
    CHECK(state["ply"] == 3);
    CHECK(state["to_move"] == 1);

    auto alone = run_rules(record, "--position");
    REQUIRE(alone.status == 0);
    CHECK(alone.out == "kvadratura:l:2W/1B1/W2\n");
}

TEST_CASE("quadra rules --from goes on from a notation exactly as the record does") {
    const std::string record =
        R"({"game":"quadwrangle","moves":["roll=36625","play lanes","roll=11111","reroll 1 2=23111"]})";
    auto full = run_rules(record);
    REQUIRE(full.status == 0);
    auto middle = run_rules(R"({"game":"quadwrangle","moves":["roll=36625","play lanes"]})");
    REQUIRE(middle.status == 0);
    const auto notation = nlohmann::json::parse(middle.out)["position"].get<std::string>();
    CHECK(notation == "quadwrangle:4:3:00000-1000:2:0:-");

    auto continued = run_rules("", "--from '" + notation + "' roll=11111 'reroll 1 2=23111'");
    REQUIRE(continued.status == 0);
    auto state = nlohmann::json::parse(continued.out);
    auto expected = nlohmann::json::parse(full.out);
    CHECK(state["ply"] == 2);
    state.erase("ply");
    expected.erase("ply");
    CHECK(state == expected);
    CHECK(state["position"] == "quadwrangle:4:3:00000-1000:2:2:23111");
}

TEST_CASE("quadra rules --from with no tokens prints the position itself") {
    auto run =
        run_rules("", "--from kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/7B7/15/15/15/15:1:-");
    REQUIRE(run.status == 0);
    auto state = nlohmann::json::parse(run.out);
    CHECK(state["game"] == "kvadrat");
    CHECK(state["ply"] == 0);
    CHECK(state["to_move"] == 1);
    CHECK(state["board"]["cells"] == nlohmann::json{{"h5", 0}});
}

TEST_CASE("quadra rules --from names an illegal token by its place after the notation, exit 1") {
    auto run = run_rules("", "--from kvadratura:l:3/3/3 a1 a1");
    CHECK(run.status == 1);
    auto error = nlohmann::json::parse(run.out)["error"];
    CHECK(error["ply"] == 2);
    CHECK(error["move"] == "a1");
}

TEST_CASE("quadra rules --from refuses a bad notation with exit 2, naming the field") {
    auto run = run_rules("", "--from kvadratura:x:3/3/3");
    CHECK(run.status == 2);
    const std::string reason =
        "field 'mode': expected \"l\" (first_square_loses) or \"f\" (fill), not \"x\"";
    auto error = nlohmann::json::parse(line_starting(run.out, "{"))["error"];
    CHECK(error["position"] == "kvadratura:x:3/3/3");
    CHECK(error["reason"] == reason);
    CHECK(line_starting(run.out, "quadra rules:") == "quadra rules: " + reason);

    auto short_one = run_rules("", "--from quadwrangle:4:3");
    CHECK(short_one.status == 2);
    CHECK(nlohmann::json::parse(line_starting(short_one.out, "{"))["error"]["reason"] ==
          "field 'counters': missing; expected quadwrangle:lane:target:counters:turn:rolls:dice");

    auto no_notation = run_rules("", "--from");
    CHECK(no_notation.status == 2);
    CHECK(no_notation.out == "quadra rules: unexpected argument '--from'\n");
}

TEST_CASE("quadra rules --best prints the engine's move for a budget and seed, exit 0") {
    auto run = run_rules("", "--from kvadratura:l:8/8/8/8/8/8/8/8 --best 3000 --seed 7");
    REQUIRE(run.status == 0);
    CHECK(run.out == "{\"playouts\":3000,\"request\":\"a2\",\"value\":0.5473684210526316}\n");

    // After tokens, and by a level's name: bots/level.hpp's budget.
    auto by_level = run_rules("", "--from kvadratura:l:3/3/3 a1 b2 --best easy --seed 1");
    REQUIRE(by_level.status == 0);
    const auto decision = nlohmann::json::parse(by_level.out);
    CHECK(decision["playouts"] == 100);
    const auto legal = nlohmann::json::parse(run_rules("", "--from kvadratura:l:3/3/3 a1 b2").out);
    CHECK(std::find(legal["legal"].begin(), legal["legal"].end(), decision["request"]) !=
          legal["legal"].end());

    // One legal request ("roll") is answered without search.
    CHECK(run_rules("", "--from quadwrangle:4:3:000000000:1:0:- --best 500").out ==
          "{\"playouts\":0,\"request\":\"roll\",\"value\":0.0}\n");
}

TEST_CASE(
    "quadra rules --analyse prints what the engine saw: its moves, line and each seat's chances") {
    // White's b2 completes a1 b1 a2 b2, a square of its own: it loses at once, so it is worth 0.
    auto run = run_rules("", "--from kvadratura:l:BBB/W2/WW1 --analyse 300 --seed 5");
    REQUIRE(run.status == 0);
    const auto seen = nlohmann::json::parse(run.out);
    CHECK(seen["playouts"] == 300);
    CHECK(seen["request"] != "b2");
    CHECK(seen["line"][0] == seen["request"]);
    REQUIRE(seen["moves"].size() == 3);
    CHECK(seen["moves"][0]["request"] == seen["request"]);
    int visits = 0;
    for (const auto& move : seen["moves"]) {
        visits += move["visits"].get<int>();
        if (move["request"] == "b2") CHECK(move["value"] == 0.0);
    }
    CHECK(visits == 300);
    REQUIRE(seen["seat_values"].size() == 2);
    CHECK(seen["seat_values"][0] == seen["value"]);

    // The same search as --best: the same move and value for the same budget and seed.
    const auto best = nlohmann::json::parse(
        run_rules("", "--from kvadratura:l:8/8/8/8/8/8/8/8 --best 3000 --seed 7").out);
    const auto analysed = nlohmann::json::parse(
        run_rules("", "--from kvadratura:l:8/8/8/8/8/8/8/8 --analyse 3000 --seed 7").out);
    CHECK(analysed["request"] == best["request"]);
    CHECK(analysed["value"] == best["value"]);

    auto finished = run_rules("", "--from kvadratura:l:BBB/WW1/WW1 --analyse 10");
    CHECK(finished.status == 2);
    CHECK(finished.out ==
          "quadra rules: --analyse: the game is finished, there is no move to find\n");
}

TEST_CASE("quadra rules --explain prints what a request would do or why it is refused, exit 0") {
    const std::string start =
        "--from kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:- ";
    auto path = run_rules("", start + "--explain a5");
    REQUIRE(path.status == 0);
    CHECK(path.out ==
          "{\"legal\":true,\"path\":[\"a1\",\"a2\",\"a3\",\"a4\",\"a5\"],"
          "\"request\":\"a5\"}\n");
    // After a token, and refused: the code and apply()'s own words.
    auto far = run_rules("", start + "h3 --explain h7");
    REQUIRE(far.status == 0);
    CHECK(far.out ==
          "{\"legal\":false,\"message\":\"no path of exactly five empty cells leads "
          "from Red's edge to h7\",\"reason\":\"first_far\",\"request\":\"h7\"}\n");
}

TEST_CASE("quadra rules --best refuses a finished game, a bad budget or seed with exit 2") {
    auto finished = run_rules("", "--from kvadratura:l:3/3/3 a1 c3 a2 c2 b1 c1 b2 --best 10");
    CHECK(finished.status == 2);
    CHECK(finished.out == "quadra rules: --best: the game is finished, there is no move to find\n");

    auto bad_budget = run_rules("", "--from kvadratura:l:3/3/3 --best lots");
    CHECK(bad_budget.status == 2);
    CHECK(bad_budget.out == "quadra rules: --best takes a playout count or a level, not 'lots'\n");

    auto bad_seed = run_rules("", "--from kvadratura:l:3/3/3 --best 10 --seed -1");
    CHECK(bad_seed.status == 2);
    CHECK(bad_seed.out == "quadra rules: --seed takes a number from 0 to 2^64 - 1, not '-1'\n");
}
