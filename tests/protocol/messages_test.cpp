// Strict parsing of client requests and the shape of server messages.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "protocol/record.hpp"
#include "rules/quadrature.hpp"
#include "rules/registry.hpp"
#include "tests/protocol/parse_helpers.hpp"

using namespace quadra::protocol;
using namespace quadra::testing;
using nlohmann::json;

TEST_CASE("every request type parses with its fields") {
    auto hello =
        parse_request(R"({"type":"hello","id":7,"token":"abc","name":"Ann","protocol":1})");
    REQUIRE(hello.body);
    CHECK(std::get<std::int64_t>(hello.id) == 7);
    auto& h = std::get<hello_request>(*hello.body);
    CHECK(h.token == "abc");
    CHECK(h.name == "Ann");

    auto create = parse_request(
        R"({"type":"create_room","game":"kvadrat","options":{"players":4},"public":false,"seat":2})");
    REQUIRE(create.body);
    auto& c = std::get<create_room_request>(*create.body);
    CHECK(c.game == "kvadrat");
    CHECK(std::get<std::int64_t>(c.options.at("players")) == 4);
    CHECK_FALSE(c.is_public);
    CHECK(c.seat == 2);

    auto join = parse_request(R"({"type":"join_room","room":"ABCDE","as":"spectator","id":"j1"})");
    REQUIRE(join.body);
    CHECK(std::get<join_room_request>(*join.body).as == role::spectator);
    CHECK(std::get<std::string>(join.id) == "j1");

    auto move = parse_request(R"({"type":"move","room":"ABCDE","move":"e3-e4","version":12})");
    REQUIRE(move.body);
    CHECK(std::get<move_request>(*move.body).move == "e3-e4");
    CHECK(std::get<move_request>(*move.body).version == 12);

    CHECK(parse_request(R"({"type":"list_rooms","subscribe":true})").body);
    CHECK(parse_request(R"({"type":"unsubscribe_rooms"})").body);
    CHECK(parse_request(R"({"type":"leave_room","room":"X"})").body);
    CHECK(parse_request(R"({"type":"ping"})").body);
}

TEST_CASE("bad input is refused with a precise code") {
    CHECK(refusal_of("{not json") == error_code::bad_json);
    CHECK(refusal_of("") == error_code::bad_json);
    CHECK(refusal_of("[1,2]") == error_code::bad_json);
    CHECK(refusal_of("\"hello\"") == error_code::bad_json);
    CHECK(refusal_of(R"({"type":"dance"})") == error_code::unknown_type);
    CHECK(refusal_of(R"({"id":1})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":5})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"ping","extra":1})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"move","room":"A","move":"a1"})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"move","room":"A","move":"a1","version":"3"})") ==
          error_code::bad_field);
    CHECK(refusal_of(R"({"type":"move","room":"A","move":"a1","version":-1})") ==
          error_code::bad_field);
    CHECK(refusal_of(R"({"type":"move","room":"A","move":"a1","version":1.5})") ==
          error_code::bad_field);
    CHECK(refusal_of(R"({"type":"create_room","game":"kvadrat","options":[1]})") ==
          error_code::bad_field);
    CHECK(refusal_of(R"({"type":"join_room","room":"A","as":"king"})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"hello","protocol":99})") == error_code::unsupported_protocol);
    CHECK(refusal_of(R"({"type":"ping","id":[1]})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"hello","token":")" + std::string(100, 'a') + "\"}") ==
          error_code::bad_field);
}

TEST_CASE("add_bot parses strictly") {
    auto add = parse_request(R"({"type":"add_bot","id":4,"room":"ABCDE","seat":3,"level":"hard"})");
    REQUIRE(add.body);
    auto& a = std::get<add_bot_request>(*add.body);
    CHECK(a.room == "ABCDE");
    CHECK(a.seat == 3);
    CHECK(a.level == "hard");
    auto first_free = parse_request(R"({"type":"add_bot","room":"ABCDE","level":"easy"})");
    REQUIRE(first_free.body);
    CHECK_FALSE(std::get<add_bot_request>(*first_free.body).seat.has_value());

    CHECK(refusal_of(R"({"type":"add_bot","room":"A"})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"add_bot","level":"easy"})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"add_bot","room":"A","level":"godlike"})") ==
          error_code::bad_field);
    CHECK(refusal_of(R"({"type":"add_bot","room":"A","level":"random"})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"add_bot","room":"A","level":3})") == error_code::bad_field);
    CHECK(refusal_of(R"({"type":"add_bot","room":"A","level":"easy","seat":-1})") ==
          error_code::bad_field);
    CHECK(refusal_of(R"({"type":"add_bot","room":"A","level":"easy","as":"bot"})") ==
          error_code::bad_field);
}

TEST_CASE("a bot's seat shows its level") {
    std::vector<seat_view> seats{{"Ann", true, true, {}}, {"Computer (hard)", true, true, "hard"}};
    room_summary summary;
    summary.room = "R";
    summary.game = "kvadratura";
    summary.seats = seats;
    const room_summary* list[] = {&summary};
    auto message = json::parse(*rooms_message({}, list));
    const auto& shown = message["rooms"][0]["seats"];
    CHECK(shown[0] == json({{"name", "Ann"}, {"connected", true}}));
    CHECK(shown[1] == json({{"name", "Computer (hard)"}, {"bot", "hard"}, {"connected", true}}));
}

TEST_CASE("a refusal still carries the request's id") {
    auto parsed = parse_request(R"({"type":"nope","id":"abc"})");
    REQUIRE(parsed.failure);
    CHECK(std::get<std::string>(parsed.id) == "abc");
    auto text = error_message(*parsed.failure, parsed.id, "ROOM");
    auto message = json::parse(*text);
    CHECK(message["type"] == "error");
    CHECK(message["code"] == "unknown_type");
    CHECK(message["id"] == "abc");
    CHECK(message["room"] == "ROOM");
}

TEST_CASE("a snapshot carries version, seats, spectators and the full state") {
    auto game = quadra::rules::create_game("kvadratura", {{"size", std::int64_t{3}}});
    REQUIRE(game);
    std::vector<seat_view> seats{{"Ann", true, true, {}}, {"", false, false, {}}};
    snapshot_view view;
    view.room = "ABCDE";
    view.seats = seats;
    view.spectators = 2;
    view.game = game.value().get();
    auto message = json::parse(*snapshot_message(view));
    CHECK(message["type"] == "snapshot");
    CHECK(message["room"] == "ABCDE");
    CHECK(message["version"] == 0);
    CHECK(message["status"] == "waiting");
    CHECK(message["seats"][0]["name"] == "Ann");
    CHECK(message["seats"][1].is_null());
    CHECK(message["spectators"] == 2);
    CHECK(message["last_move"].is_null());
    CHECK(message["state"]["game"] == "kvadratura");
    CHECK(message["state"]["legal"].size() == 9);
}

TEST_CASE("my_games parses strictly; its answer lists running and finished games") {
    auto parsed = parse_request(R"({"type":"my_games","id":"m"})");
    REQUIRE(parsed.body);
    CHECK(std::holds_alternative<my_games_request>(*parsed.body));
    CHECK(refusal_of(R"({"type":"my_games","limit":5})") == error_code::bad_field);

    game_export on;
    on.id = "g1";
    on.room = "K7QM3X";
    on.record.game = "quadwrangle";
    on.record.options = {{"lane", std::int64_t{4}}};
    on.players = {"Ann", ""};
    game_export done;
    done.id = "g2";
    done.room = "P3XK9D";
    done.record.game = "kvadratura";
    done.players = {"Ann", "Bob"};
    done.result = result_view{{0}, "Bob resigned", "resign", "resigned", {{"seat", 1}}};
    done.created_ms = 5;
    done.finished_ms = 9;
    const std::vector<running_game> running = {{on, room_status::playing, true, 1796600000000},
                                               {on, std::nullopt, false, std::nullopt}};
    const std::vector<game_export> finished = {done};
    auto message = json::parse(*my_games_message(std::string("m"), running, finished, 1));
    CHECK(message["your_turn"] == 1);
    CHECK(message["running"][0]["your_turn"] == true);
    CHECK(message["running"][0]["deadline"] == 1796600000000);
    CHECK_FALSE(message["running"][1].contains("your_turn"));
    CHECK_FALSE(message["running"][1].contains("deadline"));
    // A guest's answer has no count.
    CHECK_FALSE(json::parse(*my_games_message({}, running, finished)).contains("your_turn"));
    CHECK(message["type"] == "my_games");
    CHECK(message["id"] == "m");
    REQUIRE(message["running"].size() == 2);
    CHECK(message["running"][0]["room"] == "K7QM3X");
    CHECK(message["running"][0]["status"] == "playing");
    CHECK(message["running"][0]["options"] == json{{"lane", 4}});
    CHECK(message["running"][0]["players"] == json::array({"Ann", ""}));
    CHECK(message["running"][1]["status"].is_null());
    REQUIRE(message["finished"].size() == 1);
    CHECK(message["finished"][0] == json{{"id", "g2"},
                                         {"room", "P3XK9D"},
                                         {"game", "kvadratura"},
                                         {"players", {"Ann", "Bob"}},
                                         {"result",
                                          {{"winners", {0}},
                                           {"draw", false},
                                           {"reason", "Bob resigned"},
                                           {"by", "resign"},
                                           {"code", "resigned"},
                                           {"figures", {{"seat", 1}}}}},
                                         {"created_at", 5},
                                         {"finished_at", 9}});
}

TEST_CASE("list_games parses strictly and games lists every registered game") {
    auto parsed = parse_request(R"({"type":"list_games","id":3})");
    REQUIRE(parsed.body);
    CHECK(std::holds_alternative<list_games_request>(*parsed.body));
    CHECK(refusal_of(R"({"type":"list_games","game":"kvadrat"})") == error_code::bad_field);

    auto message = json::parse(*games_message(std::int64_t{3}));
    CHECK(message["type"] == "games");
    CHECK(message["id"] == 3);
    const auto& games = message["games"];
    REQUIRE(games.size() == quadra::rules::game_types().size());
    std::vector<std::string> ids;
    for (const auto& game : games) ids.push_back(game["id"]);
    CHECK(ids == std::vector<std::string>{"quadrature", "quadwrangle", "kvadrat", "kvadratura"});

    const auto& kvadrat = games[2];
    CHECK(kvadrat["title"] == "Kvadrat");
    CHECK_FALSE(kvadrat["summary"].get<std::string>().empty());
    CHECK(kvadrat["seats"] == json::array({2, 4}));
    CHECK(kvadrat["seats_option"] == "players");
    // 3 is inside the option's integer range, but the rules refuse it, so it is not offered.
    CHECK(kvadrat["seat_choices"] ==
          json::parse(R"([{"value":2,"seats":2},{"value":4,"seats":4}])"));
    const auto& players = kvadrat["options"][0];
    CHECK(players["name"] == "players");
    CHECK(players["default"] == 2);
    CHECK(players["min"] == 2);
    CHECK(players["max"] == 4);
    CHECK(players["words"] == json::array());
    CHECK(players["description"].get<std::string>().find("default 2") != std::string::npos);
    const auto& pieces = kvadrat["options"][1];
    CHECK(pieces["name"] == "pieces");
    CHECK(pieces["default"].is_null());  // it depends on the number of players
    CHECK(pieces["words"] == json::array({"unlimited"}));

    const auto& kvadratura = games[3];
    CHECK(kvadratura["seats"] == json::array({2}));
    CHECK(kvadratura["seats_option"].is_null());
    CHECK(kvadratura["seat_choices"] == json::array());
    const auto& mode = kvadratura["options"][1];
    CHECK(mode["name"] == "mode");
    CHECK(mode["default"] == "first_square_loses");
    CHECK(mode["min"].is_null());
    CHECK(mode["words"] == json::array({"first_square_loses", "fill"}));
    CHECK(kvadratura["options"][0]["min"] == 3);
    CHECK(kvadratura["options"][0]["max"] == 8);
    CHECK(kvadratura["options"][0]["default"] == 8);
}

TEST_CASE("an illegal move's error carries the rules' reason code and its details") {
    // docs/rules.md §1, example 3: c6-c7 would complete White's rectangle a7-a9-c9.
    const auto game = quadra::rules::quadrature::from_position({"c6", "e7", "e5"},
                                                               {"a9", "a7", "c9", "c5", "k11"}, 0);
    error why{error_code::illegal_move, "refused"};
    why.explained = game.explain("c6-c7");
    const auto message = json::parse(*error_message(why, std::int64_t{4}, "K7QM3X"));
    CHECK(message["code"] == "illegal_move");
    CHECK(message["reason"] == "suicide");
    CHECK(message["details"] == json{{"request", "c6-c7"}, {"rectangle", {"a7", "a9", "c9"}}});
    CHECK(message["message"] == "refused");  // the error's own English, not the rules' copy
    // Without an explanation nothing is added.
    const auto plain = json::parse(*error_message({error_code::illegal_move, "dice"}, {}));
    CHECK_FALSE(plain.contains("reason"));
    CHECK_FALSE(plain.contains("details"));
}
