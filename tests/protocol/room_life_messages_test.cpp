// Room life on the wire: the clock field of create_room, the new requests, and how snapshots show
// clocks, results, draw offers, rematches and chat lines.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "rules/registry.hpp"
#include "tests/protocol/parse_helpers.hpp"

using namespace quadra::protocol;
using namespace quadra::testing;
using nlohmann::json;

TEST_CASE("create_room reads the three kinds of clock") {
    auto none = parsed_as<create_room_request>(R"({"type":"create_room","game":"kvadrat"})");
    CHECK(none.clock.type == clock_settings::kind::none);
    auto none2 = parsed_as<create_room_request>(
        R"({"type":"create_room","game":"kvadrat","clock":{"type":"none"}})");
    CHECK(none2.clock.type == clock_settings::kind::none);
    auto bank = parsed_as<create_room_request>(
        R"({"type":"create_room","game":"kvadrat","clock":{"type":"bank","initial_seconds":300,"increment_seconds":5}})");
    CHECK(bank.clock.type == clock_settings::kind::bank);
    CHECK(bank.clock.initial_seconds == 300);
    CHECK(bank.clock.increment_seconds == 5);
    auto per_move = parsed_as<create_room_request>(
        R"({"type":"create_room","game":"kvadrat","clock":{"type":"per_move","seconds":86400}})");
    CHECK(per_move.clock.type == clock_settings::kind::per_move);
    CHECK(per_move.clock.move_seconds == 86400);
}

TEST_CASE("a clock of the wrong shape or out of bounds is bad_field") {
    for (const char* clock : {
             R"("bank")",
             R"({"type":"sudden"})",
             R"({"initial_seconds":300})",
             R"({"type":"bank","initial_seconds":300})",
             R"({"type":"bank","initial_seconds":9,"increment_seconds":0})",
             R"({"type":"bank","initial_seconds":86401,"increment_seconds":0})",
             R"({"type":"bank","initial_seconds":300,"increment_seconds":3601})",
             R"({"type":"bank","initial_seconds":300,"increment_seconds":-1})",
             R"({"type":"bank","initial_seconds":300,"increment_seconds":5,"seconds":1})",
             R"({"type":"per_move","seconds":9})",
             R"({"type":"per_move","seconds":1209601})",
             R"({"type":"per_move","seconds":"60"})",
             R"({"type":"none","seconds":60})",
         }) {
        const std::string text =
            std::string(R"({"type":"create_room","game":"kvadrat","clock":)") + clock + "}";
        auto failure = refusal(text);
        CHECK_MESSAGE(failure.code == error_code::bad_field, text);
        CHECK_MESSAGE(failure.message.find("clock") != std::string::npos, failure.message);
    }
}

TEST_CASE("the room-life requests parse with exactly their fields") {
    CHECK(parsed_as<resign_request>(R"({"type":"resign","room":"K7QM3X"})").room == "K7QM3X");
    CHECK(parsed_as<offer_draw_request>(R"({"type":"offer_draw","room":"A"})").room == "A");
    CHECK(parsed_as<accept_draw_request>(R"({"type":"accept_draw","room":"B"})").room == "B");
    CHECK(parsed_as<decline_draw_request>(R"({"type":"decline_draw","room":"C"})").room == "C");
    CHECK(parsed_as<rematch_request>(R"({"type":"rematch","room":"D"})").room == "D");
    auto claim = parsed_as<claim_request>(R"({"type":"claim","room":"E","seat":3})");
    CHECK(claim.room == "E");
    CHECK(claim.seat == 3);
    auto chat = parsed_as<chat_request>(R"({"type":"chat","room":"F","text":"<b>hi</b>"})");
    CHECK(chat.room == "F");
    CHECK(chat.text == "<b>hi</b>");

    for (const char* bad : {
             R"({"type":"resign"})",
             R"({"type":"resign","room":"A","seat":0})",
             R"({"type":"offer_draw","room":5})",
             R"({"type":"accept_draw","room":"A","yes":true})",
             R"({"type":"decline_draw"})",
             R"({"type":"rematch","room":["A"]})",
             R"({"type":"claim","room":"A"})",
             R"({"type":"claim","room":"A","seat":-1})",
             R"({"type":"claim","room":"A","seat":"1"})",
             R"({"type":"chat","room":"A"})",
             R"({"type":"chat","room":"A","text":7})",
             R"({"type":"chat","room":"A","text":"hi","channel":"players"})",
         }) {
        CHECK_MESSAGE(refusal_of(bad) == error_code::bad_field, bad);
    }
    const std::string huge =
        R"({"type":"chat","room":"A","text":")" + std::string(4097, 'x') + "\"}";
    CHECK(refusal_of(huge) == error_code::bad_field);
}

TEST_CASE("the new error codes have stable names") {
    CHECK(code_name(error_code::not_allowed) == "not_allowed");
    CHECK(code_name(error_code::no_draw_offer) == "no_draw_offer");
    CHECK(code_name(error_code::not_claimable) == "not_claimable");
    CHECK(code_name(error_code::not_finished) == "not_finished");
    CHECK(code_name(error_code::too_long) == "too_long");
}

TEST_CASE("a snapshot shows clocks, the room's result, a draw offer and a rematch") {
    auto game = quadra::rules::create_game("kvadratura", {{"size", std::int64_t{3}}});
    REQUIRE(game);
    std::vector<seat_view> seats{{"Ann", true, true, {}}, {"Bob", true, false, {}}};
    seats[1].away_since = 1000;
    seats[1].claimable = true;
    const std::vector<int> agreed{1};
    snapshot_view view;
    view.room = "ABCDE";
    view.seats = seats;
    view.game = game.value().get();
    view.clock.settings = {clock_settings::kind::bank, 300, 5, 0};
    view.clock.remaining_ms = {287000, 300000};
    view.clock.running = 1;
    view.clock.server_time = 1764470000000;
    view.result = result_view{{0}, "Bob ran out of time", "timeout", "timeout", {{"seat", 1}}};
    view.draw_offer = 0;
    view.rematch_agreed = agreed;
    view.rematch_room = "P3XK9D";
    auto message = json::parse(*snapshot_message(view));
    CHECK(message["clock"] == json::parse(R"({"type":"bank","initial_seconds":300,
        "increment_seconds":5,"remaining_ms":[287000,300000],"running":1,
        "server_time":1764470000000})"));
    CHECK(message["result"] == json::parse(R"({"status":"finished","winners":[0],
        "reason":"Bob ran out of time","by":"timeout","code":"timeout","figures":{"seat":1}})"));
    CHECK(message["draw_offer"] == 0);
    CHECK(message["rematch"] == json::parse(R"({"agreed":[1],"room":"P3XK9D"})"));
    CHECK(message["seats"][0] == json::parse(R"({"name":"Ann","connected":true})"));
    CHECK(message["seats"][1] ==
          json::parse(R"({"name":"Bob","connected":false,"away_since":1000,"claimable":true})"));

    snapshot_view plain;
    plain.room = "ABCDE";
    plain.game = game.value().get();
    auto quiet = json::parse(*snapshot_message(plain));
    CHECK(quiet["clock"] == json::parse(R"({"type":"none"})"));
    CHECK(quiet["result"].is_null());
    CHECK(quiet["draw_offer"].is_null());
    CHECK(quiet["rematch"] == json::parse(R"({"agreed":[],"room":null})"));
}

TEST_CASE("a chat line is delivered as a JSON string, markup untouched") {
    chat_view line{"ROOM", true, -1, "Eve", "<script>alert(1)</script> & \"x\"", 42};
    const auto text = *chat_message(line);
    auto message = json::parse(text);
    CHECK(message == json::parse(R"({"type":"chat","room":"ROOM","channel":"spectators",
        "seat":null,"name":"Eve","text":"<script>alert(1)</script> & \"x\"","at":42})"));
    CHECK(done_message(std::int64_t{3}, "ROOM")->find(R"("id":3)") != std::string::npos);
}

TEST_CASE("create_room reads rated, false by default; a room's settings keep it") {
    CHECK_FALSE(parsed_as<create_room_request>(R"({"type":"create_room","game":"kvadrat"})").rated);
    CHECK(parsed_as<create_room_request>(R"({"type":"create_room","game":"kvadrat","rated":true})")
              .rated);
    const auto bad = refusal(R"({"type":"create_room","game":"kvadrat","rated":1})");
    CHECK(bad.code == error_code::bad_field);
    CHECK(bad.message == "field 'rated' must be a boolean");

    const room_settings rated{{clock_settings::kind::bank, 300, 5, 0}, true};
    CHECK(room_settings_text(rated) ==
          R"({"increment_seconds":5,"initial_seconds":300,"rated":true,"type":"bank"})");
    CHECK(parse_room_settings(room_settings_text(rated)) == rated);
    // An unrated game's settings are its clock's text, as before ratings.
    const room_settings casual{{clock_settings::kind::per_move, 0, 0, 60}, false};
    CHECK(room_settings_text(casual) == clock_settings_text(casual.clock));
    CHECK(parse_room_settings(R"({"type":"none"})") == room_settings{});
    CHECK_FALSE(parse_room_settings(R"({"type":"none","rated":"yes"})").has_value());
    CHECK_FALSE(parse_room_settings(R"({"type":"none","extra":1})").has_value());
    CHECK(code_name(error_code::account_required) == "account_required");
    CHECK(code_name(error_code::bots_not_rated) == "bots_not_rated");
}
