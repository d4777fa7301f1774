#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/game_json.hpp"
#include "protocol/record.hpp"

using namespace quadra;
using nlohmann::json;

TEST_CASE("a record parses into game, options and moves") {
    auto record = protocol::parse_record(
        R"({"game":"kvadratura","options":{"size":4,"mode":"fill"},"moves":["a1","b2"]})");
    REQUIRE(record.ok());
    CHECK(record.value().game == "kvadratura");
    CHECK(record.value().options ==
          rules::options{{"size", std::int64_t{4}}, {"mode", std::string("fill")}});
    CHECK(record.value().moves == std::vector<std::string>{"a1", "b2"});
    CHECK(json::parse(protocol::record_text(record.value())) ==
          json::parse(
              R"({"game":"kvadratura","options":{"size":4,"mode":"fill"},"moves":["a1","b2"]})"));
}

TEST_CASE("an exported record with extra fields and no options still reads") {
    auto record = protocol::parse_record(R"({"game":"kvadrat","moves":[],"players":["ann"]})");
    REQUIRE(record.ok());
    CHECK(record.value().options.empty());
}

TEST_CASE("malformed records are refused with a reason") {
    const std::pair<const char*, const char*> cases[] = {
        {"{", "the record is not valid JSON"},
        {"[]", "a record must be a JSON object"},
        {R"({"moves":[]})", "field 'game' must be a string (a game id)"},
        {R"({"game":7,"moves":[]})", "field 'game' must be a string (a game id)"},
        {R"({"game":"kvadrat"})", "field 'moves' must be an array of strings"},
        {R"({"game":"kvadrat","moves":["a1",2]})", "field 'moves' must be an array of strings"},
        {R"({"game":"kvadrat","options":[],"moves":[]})", "options must be a JSON object"},
        {R"({"game":"kvadrat","options":{"players":2.5},"moves":[]})",
         "option 'players' must be an integer or a string"},
        {R"({"game":"kvadrat","options":{"players":true},"moves":[]})",
         "option 'players' must be an integer or a string"},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : cases) {
        const auto& text = entry.first;
        const auto& reason = entry.second;
        CAPTURE(text);
        auto record = protocol::parse_record(text);
        REQUIRE_FALSE(record.ok());
        CHECK(record.reason() == reason);
    }
}

TEST_CASE("views become JSON with the same shape") {
    rules::view board = rules::view_fields{
        {"files", 3},
        {"cells", rules::view_fields{{"a1", 0}, {"b2", 1}}},
        {"owner", rules::view{}},
        {"settled", true},
        {"names", rules::view_list{"A1", "B1"}},
    };
    CHECK(json::parse(protocol::view_text(board)) ==
          json::parse(R"({"files":3,"cells":{"a1":0,"b2":1},"owner":null,"settled":true,
                          "names":["A1","B1"]})"));
}

TEST_CASE("an outcome becomes null while ongoing and a result once finished") {
    rules::outcome ongoing;
    CHECK(protocol::outcome_text(ongoing) == "null");
    CHECK(std::string(protocol::status_name(ongoing)) == "ongoing");

    rules::outcome won{rules::game_status::finished, {0},         {3, 1},
                       "Black completed a square",   "completed", {{"seat", 1}, {"squares", 1}}};
    CHECK(json::parse(protocol::outcome_text(won)) ==
          json{{"winners", {0}},
               {"draw", false},
               {"reason", "Black completed a square"},
               {"code", "completed"},
               {"figures", {{"seat", 1}, {"squares", 1}}}});
    rules::outcome drawn{rules::game_status::finished,
                         {},
                         {0, 0},
                         "board full without a one-colour square",
                         "full_no_square",
                         {}};
    CHECK(json::parse(protocol::outcome_text(drawn))["draw"] == true);
}

TEST_CASE("a record renders as sorted JSON text") {
    const protocol::game_record record{"kvadrat", {{"players", std::int64_t{2}}}, {"h3", "h13"}};
    CHECK(protocol::record_text(record) ==
          R"({"game":"kvadrat","moves":["h3","h13"],"options":{"players":2}})");
}

TEST_CASE("an exported record reads with its id, commitment and seed") {
    auto checkable = protocol::parse_checkable_record(
        R"({"id":"g1","game":"kvadrat","options":{},"moves":["h3"],"commitment":"ab",)"
        R"("seed":"cd","players":["Ann","Bob"]})");
    REQUIRE(checkable.ok());
    CHECK(checkable.value().record.game == "kvadrat");
    CHECK(checkable.value().record.moves == std::vector<std::string>{"h3"});
    CHECK(checkable.value().id == "g1");
    CHECK(checkable.value().commitment == "ab");
    CHECK(checkable.value().seed == std::optional<std::string>("cd"));

    for (const char* text : {R"({"id":"g1","game":"kvadrat","moves":[],"commitment":"ab"})",
                             R"({"id":"g1","game":"kvadrat","moves":[],"commitment":"ab",)"
                             R"("seed":null})"}) {
        CAPTURE(text);
        auto unfinished = protocol::parse_checkable_record(text);
        REQUIRE(unfinished.ok());
        CHECK_FALSE(unfinished.value().seed.has_value());
    }
}

TEST_CASE("an exported record missing what verify needs is refused, naming the field") {
    const std::pair<const char*, const char*> cases[] = {
        {"{", "the record is not valid JSON"},
        {R"({"id":"g1","moves":[],"commitment":"ab"})",
         "field 'game' must be a string (a game id)"},
        {R"({"game":"kvadrat","moves":[],"commitment":"ab"})", "field 'id' must be a string"},
        {R"({"id":"g1","game":"kvadrat","moves":[]})", "field 'commitment' must be a string"},
        {R"({"id":"g1","game":"kvadrat","moves":[],"commitment":"ab","seed":5})",
         "field 'seed' must be a string"},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : cases) {
        const auto& text = entry.first;
        const auto& reason = entry.second;
        CAPTURE(text);
        auto checkable = protocol::parse_checkable_record(text);
        REQUIRE_FALSE(checkable.ok());
        CHECK(checkable.reason() == reason);
    }
    CHECK(protocol::is_json("[1]"));
    CHECK_FALSE(protocol::is_json("{"));
}

TEST_CASE("a room's result is stored as sorted JSON text and reads back") {
    CHECK(protocol::result_text(std::nullopt) == "null");
    const protocol::result_view resigned{{0}, "Bob resigned", "resign", "resigned", {{"seat", 1}}};
    const auto text = protocol::result_text(resigned);
    CHECK(text == R"({"by":"resign","code":"resigned","draw":false,"figures":{"seat":1},)"
                  R"("reason":"Bob resigned","winners":[0]})");
    CHECK(protocol::result_text(
              protocol::result_view{{}, "draw agreed", "draw", "draw_agreed", {}}) ==
          R"({"by":"draw","code":"draw_agreed","draw":true,"figures":{},)"
          R"("reason":"draw agreed","winners":[]})");
    // A result from the rules alone has no `by`.
    CHECK(protocol::result_text(
              protocol::result_view{{1},
                                    "Black wins by 1 square (White 2, Black 1)",
                                    "",
                                    "wins_by",
                                    {{"seat", 1}, {"squares", 1}, {"white", 2}, {"black", 1}}}) ==
          R"({"code":"wins_by","draw":false,"figures":{"black":1,"seat":1,"squares":1,"white":2},)"
          R"x("reason":"Black wins by 1 square (White 2, Black 1)","winners":[1]})x");

    const auto back = protocol::parse_result(text);
    REQUIRE(back.has_value());
    CHECK(back->winners == std::vector<int>{0});
    CHECK(back->reason == "Bob resigned");
    CHECK(back->by == "resign");
    CHECK(back->code == "resigned");
    CHECK(back->figures == std::vector<rules::figure>{{"seat", 1}});
    // A result stored before codes reads back with none: the client shows its reason.
    const auto old =
        protocol::parse_result(R"({"draw":false,"reason":"Bob resigned","winners":[0]})");
    REQUIRE(old.has_value());
    CHECK(old->code.empty());
    CHECK(old->figures.empty());
    CHECK_FALSE(protocol::parse_result("null").has_value());
    CHECK_FALSE(protocol::parse_result("{").has_value());
    CHECK_FALSE(protocol::parse_result(R"({"winners":["a"]})").has_value());
}
