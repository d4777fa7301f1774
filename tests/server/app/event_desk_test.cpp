// The event desk without sockets: creating, listing, reading, entering, pausing,
// withdrawing, cancelling and featuring events through client sessions, on a real SQLite store in
// memory. Each refusal is checked with its code and with the store unchanged.

#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "server/api/game_api.hpp"
#include "server/store/store.hpp"
#include "tests/server/support/session_fixture.hpp"

using namespace quadra::server;
using nlohmann::json;
using fixture = quadra::testing::session_fixture;

namespace {

constexpr std::int64_t an_hour_ms = 60 * 60 * 1000;

// A blitz arena of Quadrature in an hour, for an hour; `extra` fields replace or add to it.
json arena_request(const json& extra = json::object()) {
    json request = {
        {"type", "create_event"},
        {"name", "Friday arena"},
        {"kind", "arena"},
        {"game", "quadrature"},
        {"clock", {{"type", "bank"}, {"initial_seconds", 180}, {"increment_seconds", 2}}},
        {"starts_ms", unix_ms() + an_hour_ms},
        {"minutes", 60}};
    request.update(extra);
    return request;
}

// Creates an event as `c`; its id.
std::int64_t created_event(fixture& f, fixture::client& c, const json& request) {
    f.send(c, request);
    const auto reply = f.receive(c, "event_created");
    return reply["event"]["event"].get<std::int64_t>();
}

json event_request(std::string_view type, std::int64_t event, const json& extra = json::object()) {
    json request = {{"type", type}, {"event", event}};
    request.update(extra);
    return request;
}

// Sends `request` as `c`; the refusal's code.
std::string refusal_code(fixture& f, fixture::client& c, const json& request) {
    f.send(c, request);
    return f.receive(c, "error")["code"];
}

std::size_t scheduled_events(fixture& f) {
    return f.state.games->events_with_status("scheduled", 100).size();
}

// The entries of `event` as "name:status", in order.
std::vector<std::string> event_entries(fixture& f, std::int64_t event) {
    std::vector<std::string> out;
    for (const auto& e : f.state.games->entries_of(event)) out.push_back(e.name + ":" + e.status);
    return out;
}

}  // namespace

TEST_CASE("event desk: an account creates an event, stored as sent") {
    fixture f;
    auto ann = f.member("Ann", "ann");
    const auto starts = unix_ms() + an_hour_ms;
    f.send(ann.c, arena_request({{"id", 5}, {"starts_ms", starts}, {"max_players", 40}}));
    const auto reply = f.receive(ann.c, "event_created");
    CHECK(reply["id"] == 5);
    const auto& view = reply["event"];
    CHECK(view["name"] == "Friday arena");
    CHECK(view["kind"] == "arena");
    CHECK(view["game"] == "quadrature");
    CHECK(view["starts_ms"] == starts);
    CHECK(view["minutes"] == 60);
    CHECK(view["status"] == "scheduled");
    CHECK(view["by"] == "ann");
    CHECK(view["players"] == 0);
    CHECK(view["max_players"] == 40);
    CHECK(view["entry"]["private"] == false);

    const auto row = f.state.games->find_event(view["event"].get<std::int64_t>());
    REQUIRE(row);
    CHECK(row->kind == "arena");
    CHECK(row->creator == static_cast<std::int64_t>(ann.who->id()));
    CHECK(row->starts_ms == starts);
    CHECK(row->ends_ms == starts + an_hour_ms);
    CHECK(row->max_players == 40);
    CHECK(row->status == "scheduled");
}

TEST_CASE("event desk: a bad event is refused with its code and nothing is stored") {
    fixture f;
    auto guest = f.guest("Gus");
    CHECK(refusal_code(f, guest, arena_request()) == "account_required");
    auto ann = f.member("Ann", "ann");
    CHECK(refusal_code(f, ann.c, arena_request({{"game", "chess"}})) == "unknown_game");
    CHECK(refusal_code(f, ann.c,
                       arena_request({{"game", "quadwrangle"}, {"options", {{"dice", 9}}}})) ==
          "bad_options");
    CHECK(refusal_code(f, ann.c, arena_request({{"starts_ms", unix_ms() - an_hour_ms}})) ==
          "bad_field");
    CHECK(
        refusal_code(f, ann.c, arena_request({{"starts_ms", unix_ms() + 400 * 24 * an_hour_ms}})) ==
        "bad_field");
    CHECK(scheduled_events(f) == 0);
}

TEST_CASE("event desk: an account creates at most events_per_day events a day; moderators more") {
    fixture f;
    f.state.events.per_day = 2;
    auto ann = f.member("Ann", "ann");
    created_event(f, ann.c, arena_request());
    created_event(f, ann.c, arena_request());
    f.send(ann.c, arena_request());
    const auto refusal = f.receive(ann.c, "error");
    CHECK(refusal["code"] == "too_many_events");
    // The limit lifts when the first of the two is a day old.
    CHECK(refusal["retry_after"].get<std::int64_t>() >= 86390);
    CHECK(refusal["retry_after"].get<std::int64_t>() <= 86400);
    CHECK(scheduled_events(f) == 2);

    auto mod = f.member("Mo", "mo");
    f.make_moderator(*mod.who);
    for (int i = 0; i < 3; ++i) created_event(f, mod.c, arena_request());
    CHECK(scheduled_events(f) == 5);
}

TEST_CASE("event desk: entering, pausing, coming back and withdrawing for good") {
    fixture f;
    auto ann = f.member("Ann", "ann");
    auto bob = f.member("Bob", "bob");
    const auto event = created_event(f, ann.c, arena_request());

    f.send(bob.c, event_request("enter_event", event, {{"id", 9}}));
    auto shown = f.receive(bob.c, "event");
    CHECK(shown["id"] == 9);
    CHECK(shown["you"] == "active");
    CHECK(shown["event"]["players"] == 1);
    CHECK(shown["entries"] == json::array({{{"name", "bob"}, {"status", "active"}}}));

    CHECK(refusal_code(f, bob.c, event_request("enter_event", event)) == "already_entered");
    CHECK(event_entries(f, event) == std::vector<std::string>{"bob:active"});

    f.send(bob.c, event_request("pause_event", event));
    CHECK(f.receive(bob.c, "event")["you"] == "paused");
    CHECK(refusal_code(f, bob.c, event_request("pause_event", event)) == "not_entered");
    CHECK(event_entries(f, event) == std::vector<std::string>{"bob:paused"});

    f.send(bob.c, event_request("enter_event", event));
    CHECK(f.receive(bob.c, "event")["you"] == "active");

    f.send(bob.c, event_request("withdraw_event", event));
    auto withdrawn = f.receive(bob.c, "event");
    CHECK(withdrawn["you"] == "withdrawn");
    CHECK(withdrawn["event"]["players"] == 0);
    CHECK(refusal_code(f, bob.c, event_request("enter_event", event)) == "already_entered");
    CHECK(refusal_code(f, bob.c, event_request("withdraw_event", event)) == "not_entered");
    CHECK(refusal_code(f, ann.c, event_request("pause_event", event)) == "not_entered");
    CHECK(event_entries(f, event) == std::vector<std::string>{"bob:withdrawn"});

    CHECK(refusal_code(f, bob.c, event_request("enter_event", event + 2)) == "no_such_event");
    CHECK(refusal_code(f, bob.c, event_request("event_info", event + 2)) == "no_such_event");
}

TEST_CASE("event desk: the entry rules: a code, accounts only, a rating, rated games, a cap") {
    fixture f;
    auto ann = f.member("Ann", "ann");
    auto bob = f.member("Bob", "bob");
    auto cy = f.member("Cy", "cy");
    auto gus = f.guest("Gus");

    const auto club = created_event(f, ann.c, arena_request({{"entry", {{"code", "club42"}}}}));
    CHECK(refusal_code(f, bob.c, event_request("enter_event", club)) == "wrong_entry_code");
    CHECK(refusal_code(f, bob.c, event_request("enter_event", club, {{"code", "club41"}})) ==
          "wrong_entry_code");
    CHECK(event_entries(f, club).empty());
    f.send(bob.c, event_request("enter_event", club, {{"code", "club42"}}));
    CHECK(f.receive(bob.c, "event")["you"] == "active");

    const auto members =
        created_event(f, ann.c, arena_request({{"entry", {{"accounts_only", true}}}}));
    CHECK(refusal_code(f, gus, event_request("enter_event", members)) == "not_eligible");
    CHECK(event_entries(f, members).empty());

    // Bob: 1650 after 12 rated blitz games; Cy: 1450 after 3; anyone else unrated.
    f.state.events.rating_of =
        [&](std::int64_t identity,
            const std::string& key) -> std::optional<event_services::standing> {
        CHECK(key == "quadrature.blitz");
        if (identity == static_cast<std::int64_t>(bob.who->id()))
            return event_services::standing{1650, 12};
        if (identity == static_cast<std::int64_t>(cy.who->id()))
            return event_services::standing{1450, 3};
        return std::nullopt;
    };
    const auto strong = created_event(
        f, ann.c,
        arena_request(
            {{"entry", {{"accounts_only", true}, {"min_rating", 1500}, {"min_rated_games", 2}}}}));
    f.send(cy.c, event_request("enter_event", strong));
    const auto low = f.receive(cy.c, "error");
    CHECK(low["code"] == "not_eligible");
    CHECK(low["message"] == "this event needs a rating of 1500 in quadrature.blitz; yours is 1450");
    f.send(ann.c, event_request("enter_event", strong));
    const auto unrated = f.receive(ann.c, "error");
    CHECK(unrated["code"] == "not_eligible");
    CHECK(unrated["message"] == "this event needs 2 rated games of quadrature.blitz; you have 0");
    f.send(bob.c, event_request("enter_event", strong));
    CHECK(f.receive(bob.c, "event")["you"] == "active");
    CHECK(event_entries(f, strong) == std::vector<std::string>{"bob:active"});

    const auto small = created_event(f, ann.c, arena_request({{"max_players", 2}}));
    for (auto* c : {&bob.c, &cy.c}) {
        f.send(*c, event_request("enter_event", small));
        f.receive(*c, "event");
    }
    CHECK(refusal_code(f, ann.c, event_request("enter_event", small)) == "event_full");
    CHECK(event_entries(f, small) == std::vector<std::string>{"bob:active", "cy:active"});
    // A withdrawn player's place is free again; a paused one keeps theirs.
    f.send(cy.c, event_request("withdraw_event", small));
    f.receive(cy.c, "event");
    f.send(ann.c, event_request("enter_event", small));
    CHECK(f.receive(ann.c, "event")["you"] == "active");
}

TEST_CASE("event desk: cancelling: the creator before the start, a moderator any time") {
    fixture f;
    auto ann = f.member("Ann", "ann");
    auto bob = f.member("Bob", "bob");
    auto mod = f.member("Mo", "mo");
    f.make_moderator(*mod.who);
    const auto first = created_event(f, ann.c, arena_request());

    CHECK(refusal_code(f, bob.c, event_request("cancel_event", first)) == "not_allowed");
    CHECK(f.state.games->find_event(first)->status == "scheduled");
    f.send(ann.c, event_request("cancel_event", first, {{"reason", "rain"}}));
    const auto cancelled = f.receive(ann.c, "event");
    CHECK(cancelled["event"]["status"] == "cancelled");
    CHECK(cancelled["event"]["reason"] == "rain");
    CHECK(refusal_code(f, ann.c, event_request("cancel_event", first)) == "event_closed");
    CHECK(refusal_code(f, bob.c, event_request("enter_event", first)) == "event_closed");
    CHECK(event_entries(f, first).empty());

    // Once it runs, only a moderator may cancel it.
    const auto second = created_event(f, ann.c, arena_request());
    event_write start;
    start.what = event_write::kind::set_status;
    start.row.id = second;
    start.row.status = "running";
    start.row.changed_ms = unix_ms();
    write_batch batch;
    batch.event = start;
    REQUIRE(f.stored(std::move(batch)));
    CHECK(refusal_code(f, ann.c, event_request("cancel_event", second)) == "not_allowed");
    CHECK(f.state.games->find_event(second)->status == "running");
    f.send(mod.c, event_request("cancel_event", second));
    CHECK(f.receive(mod.c, "event")["event"]["status"] == "cancelled");
}

TEST_CASE("event desk: moderators mark an event as the server's own") {
    fixture f;
    auto ann = f.member("Ann", "ann");
    auto mod = f.member("Mo", "mo");
    f.make_moderator(*mod.who);
    const auto event = created_event(f, ann.c, arena_request());
    CHECK(refusal_code(f, ann.c, event_request("feature_event", event)) == "not_allowed");
    CHECK_FALSE(f.state.games->find_event(event)->official);
    f.send(mod.c, event_request("feature_event", event));
    CHECK(f.receive(mod.c, "event")["event"]["official"] == true);
    CHECK(f.state.games->find_event(event)->official);
    CHECK(refusal_code(f, mod.c, event_request("feature_event", event + 2)) == "no_such_event");
}

TEST_CASE("event desk: lists and HTTP show private events only to their creator and players") {
    fixture f;
    auto ann = f.member("Ann", "ann");
    auto bob = f.member("Bob", "bob");
    auto cy = f.member("Cy", "cy");
    created_event(f, ann.c, arena_request({{"name", "Open"}}));
    const auto club = created_event(f, ann.c,
                                    arena_request({{"name", "Club"},
                                                   {"entry", {{"code", "club-secret-7"}}},
                                                   {"starts_ms", unix_ms() + 2 * an_hour_ms}}));
    f.send(bob.c, event_request("enter_event", club, {{"code", "club-secret-7"}}));
    f.receive(bob.c, "event");

    auto names = [](const json& list) {
        std::vector<std::string> out;
        for (const auto& e : list) out.push_back(e["name"]);
        return out;
    };
    f.send(cy.c, {{"type", "list_events"}});
    const auto for_cy = f.receive(cy.c, "events");
    CHECK(names(for_cy["upcoming"]) == std::vector<std::string>{"Open"});
    CHECK(for_cy["entered"] == json::array());
    f.send(bob.c, {{"type", "list_events"}});
    const auto for_bob = f.receive(bob.c, "events");
    CHECK(names(for_bob["upcoming"]) == std::vector<std::string>{"Open", "Club"});
    CHECK(for_bob["entered"] == json::array({club}));
    f.send(ann.c, {{"type", "list_events"}});
    CHECK(names(f.receive(ann.c, "events")["upcoming"]) ==
          std::vector<std::string>{"Open", "Club"});

    const auto listed = answer_api("/api/events", f.state.lobby_, *f.state.games);
    REQUIRE(listed);
    CHECK(listed->status == 200);
    CHECK(names(json::parse(listed->body)["upcoming"]) == std::vector<std::string>{"Open"});
    // Its id is its link: the event and its players, never its code.
    const auto one =
        answer_api("/api/events/" + std::to_string(club), f.state.lobby_, *f.state.games);
    REQUIRE(one);
    CHECK(one->status == 200);
    const auto body = json::parse(one->body);
    CHECK(body["event"]["name"] == "Club");
    CHECK(body["event"]["entry"]["private"] == true);
    CHECK(one->body.find("club-secret-7") == std::string::npos);
    CHECK(body["entries"] == json::array({{{"name", "bob"}, {"status", "active"}}}));
    for (const std::string bad : {"/api/events/12345", "/api/events/x1", "/api/events/"}) {
        const auto missing = answer_api(bad, f.state.lobby_, *f.state.games);
        REQUIRE(missing);
        CHECK(missing->status == 404);
    }
}
