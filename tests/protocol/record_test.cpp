#include <doctest/doctest.h>

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
    CHECK(protocol::to_json(record.value()) ==
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
    for (const auto& [text, reason] : cases) {
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
    CHECK(protocol::to_json(board) ==
          json::parse(R"({"files":3,"cells":{"a1":0,"b2":1},"owner":null,"settled":true,
                          "names":["A1","B1"]})"));
}

TEST_CASE("an outcome becomes null while ongoing and a result once finished") {
    rules::outcome ongoing;
    CHECK(protocol::result_json(ongoing).is_null());
    CHECK(std::string(protocol::status_name(ongoing)) == "ongoing");

    rules::outcome won{rules::game_status::finished, {1}, {3, 1}, "Black completed a square"};
    CHECK(protocol::result_json(won) ==
          json{{"winners", {1}}, {"draw", false}, {"reason", "Black completed a square"}});
    rules::outcome drawn{rules::game_status::finished, {}, {0, 0}, "board full"};
    CHECK(protocol::result_json(drawn)["draw"] == true);
}
