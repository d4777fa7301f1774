// Events on the wire: create_event's terms read strictly (each kind with its own schedule,
// the entry rules' ranges), the requests about one event, the stored terms' text, and the
// messages and HTTP bodies, which never show an entry code.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "protocol/api_json.hpp"
#include "protocol/event_messages.hpp"
#include "protocol/messages.hpp"
#include "tests/protocol/parse_helpers.hpp"

using namespace quadra::protocol;
using namespace quadra::testing;
using nlohmann::json;

// A namespace of its own: the test build compiles several test files in one translation unit.
namespace event_messages_test {

constexpr std::int64_t above_2_53 = std::int64_t{1} << 53;

// The brief's example arena: every field given.
json friday_arena() {
    return json::parse(R"({"type":"create_event","id":1,"name":"Friday arena","kind":"arena",
        "game":"quadrature","options":{"size":8},
        "clock":{"type":"bank","initial_seconds":180,"increment_seconds":2},
        "starts_ms":1765000000000,"minutes":60,"rated":true,
        "entry":{"accounts_only":true,"min_rating":1400,"min_rated_games":5,"code":"club42"},
        "bots":false,"max_players":100})");
}

json weekly_swiss() {
    return json::parse(R"({"type":"create_event","name":"Weekly Swiss","kind":"swiss",
        "game":"kvadratura","clock":{"type":"per_move","seconds":86400},
        "starts_ms":1765000000000,"rounds":7,"round_pause_minutes":5})");
}

// `request` is refused with bad_field and a message that names `field`.
void refused_naming(const json& request, const std::string& field) {
    const auto failure = refusal(request.dump());
    CHECK_MESSAGE(failure.code == error_code::bad_field, request.dump());
    CHECK_MESSAGE(failure.message.find("'" + field + "'") != std::string::npos,
                  (failure.message + " does not name " + field));
}

json with(json request, const std::string& field, const json& value) {
    request[field] = value;
    return request;
}

json without(json request, const std::string& field) {
    request.erase(field);
    return request;
}

json with_entry(json request, const std::string& field, const json& value) {
    request["entry"][field] = value;
    return request;
}

std::string characters(int count, const std::string& one) {
    std::string out;
    for (int i = 0; i < count; ++i) out += one;
    return out;
}

event_terms arena_terms() {
    event_terms terms;
    terms.name = "Friday arena";
    terms.kind = "arena";
    terms.game = "quadrature";
    terms.options = {{"size", std::int64_t{8}}};
    terms.clock = {clock_settings::kind::bank, 180, 2, 0};
    terms.starts_ms = 1765000000000;
    terms.minutes = 60;
    terms.rated = true;
    terms.accounts_only = true;
    terms.min_rating = 1400;
    terms.min_rated_games = 5;
    terms.entry_code = "club42";
    terms.max_players = 100;
    return terms;
}

event_terms swiss_terms() {
    event_terms terms;
    terms.name = "Weekly Swiss";
    terms.kind = "swiss";
    terms.game = "kvadratura";
    terms.clock = {clock_settings::kind::per_move, 0, 0, 86400};
    terms.starts_ms = 1765000000000;
    terms.rounds = 7;
    terms.round_pause_minutes = 5;
    terms.bots = true;
    return terms;
}

event_view arena_view() { return {41, arena_terms(), "scheduled", true, "Ann", 12, 0, ""}; }

// The arena's view as the wire writes it.
json arena_view_json() {
    return json::parse(R"({"event":41,"name":"Friday arena","kind":"arena","game":"quadrature",
        "options":{"size":8},"clock":{"type":"bank","initial_seconds":180,"increment_seconds":2},
        "starts_ms":1765000000000,"minutes":60,"rated":true,
        "entry":{"accounts_only":true,"min_rating":1400,"min_rated_games":5,"private":true},
        "bots":false,"max_players":100,"status":"scheduled","official":true,"by":"Ann",
        "players":12})");
}

event_view cancelled_swiss_view() {
    return {42, swiss_terms(), "cancelled", false, "Bob", 3, 1765000900000, "venue closed"};
}

json cancelled_swiss_json() {
    return json::parse(R"({"event":42,"name":"Weekly Swiss","kind":"swiss","game":"kvadratura",
        "options":{},"clock":{"type":"per_move","seconds":86400},"starts_ms":1765000000000,
        "rounds":7,"round_pause_minutes":5,"organiser_rounds":false,"rated":false,
        "entry":{"accounts_only":false,"min_rating":0,"min_rated_games":0,"private":false},
        "bots":true,"max_players":0,"status":"cancelled","official":false,"by":"Bob",
        "players":3,"ends_ms":1765000900000,"reason":"venue closed"})");
}

TEST_CASE("create_event reads an arena's every field") {
    const auto created = parsed_as<create_event_request>(friday_arena().dump());
    CHECK(created.terms == arena_terms());
}

TEST_CASE("create_event reads a swiss, its optional fields defaulting as the terms do") {
    auto created = parsed_as<create_event_request>(weekly_swiss().dump()).terms;
    auto expected = swiss_terms();
    expected.bots = false;
    CHECK(created == expected);

    auto organised = with(without(weekly_swiss(), "round_pause_minutes"), "organiser_rounds", true);
    organised["bots"] = true;
    created = parsed_as<create_event_request>(organised.dump()).terms;
    CHECK(created.organiser_rounds);
    CHECK(created.round_pause_minutes == 0);
    CHECK(created.bots);
    CHECK(created.rounds == 7);
    CHECK(created.minutes == 0);
    CHECK(created.entry_code.empty());
    CHECK_FALSE(created.accounts_only);
    CHECK(created.max_players == 0);
    CHECK(created.options.empty());

    // Without a clock a swiss is untimed; its bounds are inclusive.
    auto bounds = without(weekly_swiss(), "clock");
    bounds["rounds"] = 50;
    bounds["round_pause_minutes"] = 10080;
    created = parsed_as<create_event_request>(bounds.dump()).terms;
    CHECK(created.clock == clock_settings{});
    CHECK(created.rounds == 50);
    CHECK(created.round_pause_minutes == 10080);
    CHECK(parsed_as<create_event_request>(with(weekly_swiss(), "rounds", 1).dump()).terms.rounds ==
          1);
}

TEST_CASE("create_event: a rated event is for accounts only, whatever entry says") {
    auto rated = with(weekly_swiss(), "rated", true);
    CHECK(parsed_as<create_event_request>(rated.dump()).terms.accounts_only);
    rated["entry"] = {{"accounts_only", false}, {"min_rating", 500}};
    const auto terms = parsed_as<create_event_request>(rated.dump()).terms;
    CHECK(terms.accounts_only);
    CHECK(terms.min_rating == 500);

    auto casual = weekly_swiss();
    casual["entry"] = {{"accounts_only", true}, {"min_rating", 3000}, {"min_rated_games", 1000}};
    const auto accounts = parsed_as<create_event_request>(casual.dump()).terms;
    CHECK_FALSE(accounts.rated);
    CHECK(accounts.accounts_only);
    CHECK(accounts.min_rating == 3000);
    CHECK(accounts.min_rated_games == 1000);
}

TEST_CASE("create_event's bounds are inclusive: names and codes in characters, not bytes") {
    auto arena = friday_arena();
    arena["name"] = characters(60, "\xC3\xA9");  // 60 times é, 120 bytes
    arena["minutes"] = 10;
    arena["max_players"] = 2;
    arena["entry"]["code"] = characters(40, "\xE2\x99\x9E");  // 40 knights, 120 bytes
    arena["starts_ms"] = above_2_53 - 1;
    auto terms = parsed_as<create_event_request>(arena.dump()).terms;
    CHECK(terms.name == characters(60, "\xC3\xA9"));
    CHECK(terms.entry_code == characters(40, "\xE2\x99\x9E"));
    CHECK(terms.minutes == 10);
    CHECK(terms.max_players == 2);
    CHECK(terms.starts_ms == above_2_53 - 1);

    arena["name"] = "A";
    arena["minutes"] = 720;
    arena["max_players"] = 10000;
    arena["entry"]["code"] = "x";
    arena["starts_ms"] = 1;
    // A live clock: under a day a move.
    arena["clock"] = {{"type", "per_move"}, {"seconds", 86399}};
    terms = parsed_as<create_event_request>(arena.dump()).terms;
    CHECK(terms.name == "A");
    CHECK(terms.minutes == 720);
    CHECK(terms.max_players == 10000);
    CHECK(terms.entry_code == "x");
    CHECK(terms.starts_ms == 1);
    CHECK(terms.clock == clock_settings{clock_settings::kind::per_move, 0, 0, 86399});
}

TEST_CASE("create_event refuses each bad shape with bad_field naming the field") {
    const auto arena = friday_arena();
    const auto swiss = weekly_swiss();
    for (const char* field : {"name", "kind", "game", "starts_ms"}) {
        CAPTURE(field);
        refused_naming(without(arena, field), field);
        refused_naming(without(swiss, field), field);
    }
    refused_naming(with(arena, "name", ""), "name");
    refused_naming(with(arena, "name", characters(61, "a")), "name");
    refused_naming(with(arena, "name", characters(61, "\xC3\xA9")), "name");
    refused_naming(with(arena, "name", "   "), "name");
    refused_naming(with(arena, "name", "Friday\narena"), "name");
    refused_naming(with(arena, "name", 7), "name");
    refused_naming(with(arena, "kind", "blitz"), "kind");
    refused_naming(with(arena, "kind", "Arena"), "kind");
    refused_naming(with(arena, "game", json::array()), "game");
    refused_naming(with(arena, "options", 5), "options");
    refused_naming(with(arena, "clock", {{"type", "fischer"}}), "clock");
    refused_naming(with(arena, "clock", "bank"), "clock");
    for (const json& starts : {json(0), json(-1), json(above_2_53), json("soon"), json(1.5)})
        refused_naming(with(arena, "starts_ms", starts), "starts_ms");

    // An arena: minutes in range, none of a swiss's fields, a live clock.
    refused_naming(without(arena, "minutes"), "minutes");
    for (const json& minutes : {json(9), json(721), json(0), json("60")})
        refused_naming(with(arena, "minutes", minutes), "minutes");
    refused_naming(with(arena, "rounds", 7), "rounds");
    refused_naming(with(arena, "round_pause_minutes", 0), "round_pause_minutes");
    refused_naming(with(arena, "organiser_rounds", false), "organiser_rounds");
    refused_naming(without(arena, "clock"), "clock");
    refused_naming(with(arena, "clock", {{"type", "none"}}), "clock");
    refused_naming(with(arena, "clock", {{"type", "per_move"}, {"seconds", 86400}}), "clock");

    // A swiss: rounds in range, no minutes, a bounded pause.
    refused_naming(without(swiss, "rounds"), "rounds");
    for (const json& rounds : {json(0), json(51), json(true)})
        refused_naming(with(swiss, "rounds", rounds), "rounds");
    refused_naming(with(swiss, "minutes", 60), "minutes");
    for (const json& pause : {json(-1), json(10081), json(nullptr)})
        refused_naming(with(swiss, "round_pause_minutes", pause), "round_pause_minutes");
    refused_naming(with(swiss, "organiser_rounds", "yes"), "organiser_rounds");

    // The entry rules.
    refused_naming(with(arena, "entry", json::array()), "entry");
    refused_naming(with_entry(arena, "country", "NL"), "country");
    refused_naming(with_entry(arena, "accounts_only", "yes"), "accounts_only");
    for (const json& rating : {json(1), json(499), json(3001), json(-1)})
        refused_naming(with_entry(arena, "min_rating", rating), "min_rating");
    for (const json& games : {json(-1), json(1001), json("5")})
        refused_naming(with_entry(arena, "min_rated_games", games), "min_rated_games");
    refused_naming(with_entry(arena, "code", ""), "code");
    refused_naming(with_entry(arena, "code", characters(41, "x")), "code");
    refused_naming(with_entry(arena, "code", 42), "code");
    // A minimum rating needs accounts: a guest has no rating.
    auto casual = with(arena, "rated", false);
    casual["entry"] = {{"min_rating", 1400}};
    refused_naming(casual, "min_rating");
    casual["entry"]["accounts_only"] = false;
    refused_naming(casual, "min_rating");

    for (const json& cap : {json(1), json(-1), json(10001), json("100")})
        refused_naming(with(arena, "max_players", cap), "max_players");
    refused_naming(with(arena, "bots", "no"), "bots");
    refused_naming(with(arena, "rated", 1), "rated");
    refused_naming(with(arena, "public", true), "public");
    refused_naming(with(arena, "code", "club42"), "code");
}

TEST_CASE("the requests about one event read its id, and each its own fields") {
    auto enter = parsed_as<enter_event_request>(
        R"({"type":"enter_event","id":2,"event":9007199254740991,"code":"club42"})");
    CHECK(enter.event == above_2_53 - 1);
    CHECK(enter.code == "club42");
    enter = parsed_as<enter_event_request>(R"({"type":"enter_event","event":1})");
    CHECK(enter.event == 1);
    CHECK(enter.code.empty());
    CHECK(parsed_as<enter_event_request>(R"({"type":"enter_event","event":1,"code":""})")
              .code.empty());

    CHECK(parsed_as<pause_event_request>(R"({"type":"pause_event","event":7})").event == 7);
    CHECK(parsed_as<withdraw_event_request>(R"({"type":"withdraw_event","event":8})").event == 8);
    CHECK(parsed_as<event_info_request>(R"({"type":"event_info","event":9})").event == 9);
    parsed_as<list_events_request>(R"({"type":"list_events","id":"e"})");

    auto cancel =
        parsed_as<cancel_event_request>(R"({"type":"cancel_event","event":5,"reason":"rain"})");
    CHECK(cancel.event == 5);
    CHECK(cancel.reason == "rain");
    cancel = parsed_as<cancel_event_request>(R"({"type":"cancel_event","event":5})");
    CHECK(cancel.reason.empty());
    const json long_reason = {
        {"type", "cancel_event"}, {"event", 5}, {"reason", characters(200, "\xC3\xA9")}};
    CHECK(parsed_as<cancel_event_request>(long_reason.dump()).reason ==
          characters(200, "\xC3\xA9"));

    auto feature = parsed_as<feature_event_request>(R"({"type":"feature_event","event":6})");
    CHECK(feature.event == 6);
    CHECK(feature.official);
    feature =
        parsed_as<feature_event_request>(R"({"type":"feature_event","event":6,"official":false})");
    CHECK_FALSE(feature.official);
}

TEST_CASE("the requests about one event refuse a bad id or field with bad_field naming it") {
    for (const char* type : {"enter_event", "pause_event", "withdraw_event", "cancel_event",
                             "feature_event", "event_info"}) {
        CAPTURE(type);
        const json request = {{"type", type}, {"event", 3}};
        refused_naming(without(request, "event"), "event");
        for (const json& id : {json(0), json(-3), json(above_2_53), json("3"), json(3.5)})
            refused_naming(with(request, "event", id), "event");
        refused_naming(with(request, "room", "K7QM3X"), "room");
    }
    const json enter = {{"type", "enter_event"}, {"event", 3}};
    refused_naming(with(enter, "code", characters(41, "x")), "code");
    refused_naming(with(enter, "code", 42), "code");
    const json cancel = {{"type", "cancel_event"}, {"event", 3}};
    refused_naming(with(cancel, "reason", characters(201, "x")), "reason");
    refused_naming(with(cancel, "reason", false), "reason");
    refused_naming(with({{"type", "feature_event"}, {"event", 3}}, "official", "yes"), "official");
    refused_naming({{"type", "list_events"}, {"event", 3}}, "event");
}

TEST_CASE("event terms text round-trips, entry code included") {
    for (const auto& terms : {arena_terms(), swiss_terms()}) {
        const auto text = event_terms_text(terms);
        const auto back = parse_event_terms(text);
        REQUIRE(back.has_value());
        CHECK(*back == terms);
    }
    CHECK(json::parse(event_terms_text(arena_terms()))["entry"] == json{{"accounts_only", true},
                                                                        {"min_rating", 1400},
                                                                        {"min_rated_games", 5},
                                                                        {"code", "club42"}});
    // The text is create_event's fields: the request reads it as the same terms.
    auto request = json::parse(event_terms_text(swiss_terms()));
    request["type"] = "create_event";
    CHECK(parsed_as<create_event_request>(request.dump()).terms == swiss_terms());

    auto organised = swiss_terms();
    organised.organiser_rounds = true;
    organised.round_pause_minutes = 0;
    CHECK(parse_event_terms(event_terms_text(organised)) == organised);
}

TEST_CASE("parse_event_terms of anything but such terms is none") {
    for (const char* text : {"", "not json", "null", "[]", "{}", "42", R"("Friday arena")",
                             R"({"name":"Friday arena","kind":"arena"})"})
        CHECK_MESSAGE(!parse_event_terms(text).has_value(), text);
    auto broken = json::parse(event_terms_text(arena_terms()));
    broken["minutes"] = 9;
    CHECK_FALSE(parse_event_terms(broken.dump()).has_value());
    broken = json::parse(event_terms_text(arena_terms()));
    broken["entry"]["private"] = true;  // the view's form is not the stored one
    CHECK_FALSE(parse_event_terms(broken.dump()).has_value());
}

TEST_CASE("event_created and event write the view, entries and the sender's own entry") {
    CHECK(json::parse(*event_created_message(std::int64_t{1}, arena_view())) ==
          json{{"type", "event_created"}, {"id", 1}, {"event", arena_view_json()}});

    const event_entry_view entries[] = {{"Ann", "active"}, {"Bob", "paused"}, {"Cy", "withdrawn"}};
    CHECK(json::parse(*event_message(std::string("e7"), arena_view(), entries, "paused")) ==
          json{{"type", "event"},
               {"id", "e7"},
               {"event", arena_view_json()},
               {"entries", json::array({{{"name", "Ann"}, {"status", "active"}},
                                        {{"name", "Bob"}, {"status", "paused"}},
                                        {{"name", "Cy"}, {"status", "withdrawn"}}})},
               {"you", "paused"}});
    // No entry of the sender's: `you` is null; no request: no id.
    CHECK(json::parse(*event_message({}, cancelled_swiss_view(), {}, "")) ==
          json{{"type", "event"},
               {"event", cancelled_swiss_json()},
               {"entries", json::array()},
               {"you", nullptr}});
}

TEST_CASE("events lists the three kinds of events and the ids the sender entered") {
    const event_view upcoming[] = {arena_view()};
    const event_view finished[] = {cancelled_swiss_view()};
    const std::int64_t entered[] = {41, above_2_53 - 1};
    CHECK(json::parse(*events_message(std::int64_t{3}, upcoming, {}, finished, entered)) ==
          json{{"type", "events"},
               {"id", 3},
               {"upcoming", json::array({arena_view_json()})},
               {"running", json::array()},
               {"finished", json::array({cancelled_swiss_json()})},
               {"entered", json::array({41, above_2_53 - 1})}});
    CHECK(json::parse(*events_message({}, {}, {}, {}, {})) == json{{"type", "events"},
                                                                   {"upcoming", json::array()},
                                                                   {"running", json::array()},
                                                                   {"finished", json::array()},
                                                                   {"entered", json::array()}});
}

TEST_CASE("GET /api/events and /api/events/{id} bodies") {
    const event_view running[] = {arena_view()};
    const auto list = api_events_json({}, running, {});
    CHECK(list.ends_with("}\n"));
    CHECK(json::parse(list) == json{{"upcoming", json::array()},
                                    {"running", json::array({arena_view_json()})},
                                    {"finished", json::array()}});

    const event_entry_view entries[] = {{"Ann", "active"}};
    const auto one = api_event_json(cancelled_swiss_view(), entries);
    CHECK(one.ends_with("}\n"));
    CHECK(json::parse(one) ==
          json{{"event", cancelled_swiss_json()},
               {"entries", json::array({{{"name", "Ann"}, {"status", "active"}}})}});
}

TEST_CASE("an event's view never holds its entry code, only whether it has one") {
    const event_view views[] = {arena_view()};
    const event_entry_view entries[] = {{"Ann", "active"}};
    for (const auto& text :
         {*event_created_message({}, arena_view()), *event_message({}, arena_view(), entries, ""),
          *events_message({}, views, views, views, {}), api_events_json(views, views, views),
          api_event_json(arena_view(), entries)}) {
        CHECK(text.find("club42") == std::string::npos);
        CHECK(text.find("\"code\"") == std::string::npos);
        CHECK(text.find("\"private\":true") != std::string::npos);
    }
    CHECK(event_terms_text(arena_terms()).find("club42") != std::string::npos);
}

TEST_CASE("the events' error codes have their wire names") {
    const std::vector<std::pair<error_code, std::string>> names = {
        {error_code::no_such_event, "no_such_event"},
        {error_code::event_closed, "event_closed"},
        {error_code::event_full, "event_full"},
        {error_code::already_entered, "already_entered"},
        {error_code::not_entered, "not_entered"},
        {error_code::wrong_entry_code, "wrong_entry_code"},
        {error_code::not_eligible, "not_eligible"},
        {error_code::too_many_events, "too_many_events"}};
    for (const auto& [code, name] : names) CHECK(code_name(code) == name);
    CHECK(json::parse(*error_message({error_code::too_many_events, "five a day", 3600},
                                     std::int64_t{4})) == json{{"type", "error"},
                                                               {"id", 4},
                                                               {"code", "too_many_events"},
                                                               {"message", "five a day"},
                                                               {"retry_after", 3600}});
}

}  // namespace event_messages_test
