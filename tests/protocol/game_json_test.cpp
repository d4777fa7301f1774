// Options, outcomes and states as JSON text: the one options reader and the state that
// `quadra rules` prints and /api/games/{id}/position answers.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/detail/json.hpp"
#include "protocol/detail/json_writer.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"

using namespace quadra;

TEST_CASE("options become a JSON object with sorted keys and read back") {
    const rules::options options{{"size", std::int64_t{4}}, {"mode", std::string("fill")}};
    CHECK(protocol::options_text(options) == R"({"mode":"fill","size":4})");
    CHECK(protocol::options_text({}) == "{}");
    auto parsed = protocol::parse_options(R"({"size":4,"mode":"fill"})");
    REQUIRE(parsed.ok());
    CHECK(parsed.value() == options);
}

TEST_CASE("malformed options are refused with a reason naming the option") {
    const std::pair<const char*, const char*> cases[] = {
        {"{", "the options are not valid JSON"},
        {"[]", "options must be a JSON object"},
        {R"({"size":2.5})", "option 'size' must be an integer or a string"},
        {R"({"mode":null})", "option 'mode' must be an integer or a string"},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : cases) {
        const auto& text = entry.first;
        const auto& reason = entry.second;
        CAPTURE(text);
        auto parsed = protocol::parse_options(text);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.reason() == reason);
    }
}

TEST_CASE("an outcome is null while ongoing and a sorted result once finished") {
    CHECK(protocol::outcome_text(rules::outcome{}) == "null");
    // Figures are written sorted by name, whatever order the game gives them in.
    const rules::outcome won{
        rules::game_status::finished, {0},         {3, 1},
        "Black completed 3 squares",  "completed", {{"squares", 3}, {"seat", 1}}};
    CHECK(protocol::outcome_text(won) ==
          R"({"code":"completed","draw":false,"figures":{"seat":1,"squares":3},)"
          R"("reason":"Black completed 3 squares","winners":[0]})");
    const rules::outcome drawn{rules::game_status::finished, {},          {0, 0},
                               "board full, 0 squares each", "full_each", {{"squares", 0}}};
    CHECK(protocol::outcome_text(drawn) ==
          R"({"code":"full_each","draw":true,"figures":{"squares":0},)"
          R"("reason":"board full, 0 squares each","winners":[]})");
}

TEST_CASE("a view becomes JSON text of the same shape") {
    const rules::view board = rules::view_fields{
        {"files", 3}, {"owner", rules::view{}}, {"names", rules::view_list{"A1", "B1"}}};
    CHECK(protocol::view_text(board) == R"({"files":3,"names":["A1","B1"],"owner":null})");
}

TEST_CASE("a state carries ply only when given, and pretty is the same state indented") {
    auto game = rules::create_game("kvadratura", {{"size", std::int64_t{3}}}).value();
    REQUIRE(game->apply("a1"));
    const auto plain = protocol::state_text(*game);
    const auto with_ply = protocol::state_text(*game, 1);
    auto state = nlohmann::json::parse(plain);
    CHECK_FALSE(state.contains("ply"));
    CHECK(state["game"] == "kvadratura");
    CHECK(state["to_move"] == 1);
    CHECK(state["status"] == "ongoing");
    state["ply"] = 1;
    CHECK(with_ply == state.dump());
    CHECK(with_ply.find(R"("options":{"mode":"first_square_loses","size":3},"ply":1,)") !=
          std::string::npos);
    const auto pretty = protocol::state_text(*game, 1, true);
    CHECK(pretty.find("\n  \"ply\": 1,\n") != std::string::npos);
    CHECK(nlohmann::json::parse(pretty) == nlohmann::json::parse(with_ply));
}

TEST_CASE("the state of a game the room ended is finished, with no moves and nobody to move") {
    const auto game = rules::create_game("kvadratura", {{"size", std::int64_t{4}}}).value();
    const auto state_of = [&game](bool ended_by_room) {
        protocol::json_writer out;
        protocol::write_state(out, *game, ended_by_room);
        return nlohmann::json::parse(out.take());
    };
    const auto on = state_of(false);
    CHECK(on["status"] == "ongoing");
    CHECK(on["to_move"] == 0);
    CHECK(on["legal"].size() == 16);
    const auto ended = state_of(true);
    CHECK(ended["status"] == "finished");
    CHECK(ended["to_move"] == -1);
    CHECK(ended["legal"] == nlohmann::json::array());
    CHECK(ended["result"].is_null());  // the rules did not end it
    CHECK(ended["board"] == on["board"]);
}
