// Computer players in rooms over real sockets: a person against a bot, a room of bots watched by
// spectators, and add_bot's refusals.

#include <doctest/doctest.h>

#include <algorithm>
#include <future>

#include "rules/registry.hpp"
#include "server/rooms/bot_pool.hpp"
#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

// Sends add_bot and returns the reply (bot_added or error) after skipping nothing else.
json add_bot(ws_client& client, const std::string& code, const json& extra) {
    json request = {{"type", "add_bot"}, {"room", code}, {"id", 1}};
    request.update(extra);
    client.send(request);
    return client.receive();
}

// A snapshot follows the previous one: one player move plus the passes forced after it.
void check_follows(const json& previous, const json& next) {
    REQUIRE(next["type"] == "snapshot");
    CHECK(next["version"].get<std::int64_t>() ==
          previous["version"].get<std::int64_t>() + 1 + next["forced_passes"].get<std::int64_t>());
}

}  // namespace

TEST_CASE("a person plays Kvadratura against an easy bot to a result") {
    test_server server;
    auto a = server.player("Ann");
    const auto code = create_room(*a, "kvadratura", {{"size", 4}});
    auto added = add_bot(*a, code, {{"seat", 1}, {"level", "easy"}});
    CHECK(added["type"] == "bot_added");
    CHECK(added["seat"] == 1);
    CHECK(added["id"] == 1);
    auto seen = a->receive("snapshot");
    CHECK(seen["status"] == "playing");
    CHECK(seen["seats"][1] ==
          json({{"name", "Computer (easy)"}, {"bot", "easy"}, {"connected", true}}));

    int plies = 0;
    int bot_moves = 0;
    while (seen["status"] == "playing") {
        if (seen["state"]["to_move"] == 0) {
            const auto& legal = seen["state"]["legal"];
            REQUIRE_FALSE(legal.empty());
            const auto move = legal[static_cast<std::size_t>(plies * 7) % legal.size()];
            a->send(
                {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
        }
        auto next = a->receive();
        check_follows(seen, next);
        // The bot's move was applied by the room, so it was one of the legal requests.
        if (seen["state"]["to_move"] == 1) {
            ++bot_moves;
            CHECK(std::find(seen["state"]["legal"].begin(), seen["state"]["legal"].end(),
                            next["last_move"]) != seen["state"]["legal"].end());
        }
        seen = next;
        REQUIRE(++plies < 40);
    }
    CHECK(bot_moves > 0);
    CHECK(seen["status"] == "finished");
    CHECK(seen["state"]["status"] == "finished");
}

TEST_CASE("four bots finish a Kvadrat 4-player game while two spectators watch") {
    test_server server;
    auto a = server.player("Ann");
    auto s = server.player("Sue");
    auto t = server.player("Tom");
    const auto code = create_room(*a, "kvadrat", {{"players", 4}});
    for (auto* watcher : {s.get(), t.get()}) {
        watcher->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
        CHECK(watcher->receive("joined")["as"] == "spectator");
        watcher->receive("snapshot");
        a->receive("snapshot");
    }
    // Ann hands her own seat to a bot first; as the creator she may still fill the others.
    for (int seat : {0, 1, 2}) {
        CHECK(add_bot(*a, code, {{"seat", seat}, {"level", "easy"}})["type"] == "bot_added");
        CHECK(a->receive("snapshot")["status"] == "waiting");
    }
    CHECK(add_bot(*a, code, {{"level", "easy"}})["seat"] == 3);  // the room is full and starts

    // Ann watches too now; everyone reads every snapshot so that no one falls behind.
    std::vector<ws_client*> watchers{s.get(), t.get(), a.get()};
    std::vector<json> seen;
    for (auto* watcher : watchers) {
        json snapshot;
        do {
            snapshot = watcher->receive("snapshot");
        } while (snapshot["status"] == "waiting");
        seen.push_back(snapshot);
    }
    CHECK(seen[0] == seen[1]);
    CHECK(seen[0] == seen[2]);
    for (const auto& held : seen[0]["seats"]) CHECK(held["bot"] == "easy");
    CHECK(seen[0]["spectators"] == 3);

    int plies = 0;
    while (seen[0]["status"] == "playing") {
        std::vector<json> next;
        next.reserve(watchers.size());
        for (auto* watcher : watchers) next.push_back(watcher->receive());
        check_follows(seen[0], next[0]);
        CHECK(next[0] == next[1]);
        CHECK(next[0] == next[2]);
        seen = std::move(next);
        REQUIRE(++plies < 400);
    }
    CHECK(seen[0]["status"] == "finished");
    CHECK(seen[0]["state"]["status"] == "finished");
}

TEST_CASE("add_bot refusals") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    auto s = server.player("Sue");
    const auto code = create_room(*a, "kvadrat", {{"players", 4}});

    CHECK(add_bot(*a, "NOROOM", {{"level", "easy"}})["code"] == "no_such_room");
    CHECK(add_bot(*a, code, {{"level", "godlike"}})["code"] == "bad_field");
    CHECK(add_bot(*a, code, {{"level", "easy"}, {"seat", 4}})["code"] == "bad_field");
    CHECK(add_bot(*b, code, {{"level", "easy"}})["code"] == "not_a_player");  // not in the room
    s->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    s->receive("snapshot");
    a->receive("snapshot");
    CHECK(add_bot(*s, code, {{"level", "easy"}})["code"] == "not_a_player");  // a spectator

    join_room(*b, code);  // seat 1
    a->receive("snapshot");
    s->receive("snapshot");
    CHECK(add_bot(*a, code, {{"level", "easy"}, {"seat", 1}})["code"] == "seat_taken");
    CHECK(add_bot(*b, code, {{"level", "medium"}})["seat"] == 2);  // any player may add one
    b->receive("snapshot");
    a->receive("snapshot");
    CHECK(add_bot(*a, code, {{"level", "easy"}, {"seat", 2}})["code"] == "seat_taken");
    CHECK(add_bot(*a, code, {{"level", "hard"}})["seat"] == 3);
    auto started = a->receive("snapshot");
    CHECK(started["status"] == "playing");
    CHECK(started["seats"][3]["name"] == "Computer (hard)");
    CHECK(add_bot(*a, code, {{"level", "easy"}, {"seat", 0}})["code"] == "room_full");
}

TEST_CASE("the bot pool answers with a legal request and refuses work after shutdown") {
    quadra::server::bot_pool pool(1, 4);
    CHECK(pool.workers() == 1);
    auto game = quadra::rules::create_game("kvadratura", {{"size", std::int64_t{4}}});
    REQUIRE(game);
    const auto legal = game.value()->legal();
    std::promise<std::string> answer;
    REQUIRE(pool.submit(
        {game.value()->clone(), quadra::bots::level::easy, {}, [&](std::string request) {
             answer.set_value(std::move(request));
         }}));
    const auto request = answer.get_future().get();
    CHECK(std::find(legal.begin(), legal.end(), request) != legal.end());
    pool.shutdown();
    CHECK_FALSE(pool.submit({game.value()->clone(), quadra::bots::level::easy, {}, {}}));
}
