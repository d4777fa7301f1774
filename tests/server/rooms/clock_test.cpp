// Clocks: the arithmetic on its own, then flag-fall over real WebSockets with a manual clock: a
// 2-player game is lost on time, a 4-player seat is retired and the game goes on.

#include <doctest/doctest.h>

#include "rules/registry.hpp"
#include "server/rooms/room_clock.hpp"
#include "tests/server/support/life_fixture.hpp"

using namespace quadra;
using namespace quadra::testing;
using nlohmann::json;
using protocol::clock_settings;

TEST_CASE("a bank clock charges the running seat and adds the increment after a move") {
    server::room_clock clock({clock_settings::kind::bank, 300, 5, 0}, 2);
    CHECK(clock.running() == -1);
    CHECK_FALSE(clock.deadline());
    clock.turn_to(0, 1000, false);  // the game starts
    CHECK(clock.deadline() == 301000);
    CHECK(clock.remaining(31000) == std::vector<std::optional<std::int64_t>>{270000, 300000});
    clock.turn_to(1, 41000, true);  // seat 0 moved after 40 s: 260 s + 5 s
    CHECK(clock.remaining(41000) == std::vector<std::optional<std::int64_t>>{265000, 300000});
    CHECK(clock.deadline() == 341000);
    clock.turn_to(0, 42000, false);  // seat 1 only passed: charged 1 s, no increment
    CHECK(clock.remaining(42000) == std::vector<std::optional<std::int64_t>>{265000, 299000});
    CHECK(clock.remaining(999999999) == std::vector<std::optional<std::int64_t>>{0, 299000});
    clock.turn_to(-1, 50000, false);  // game over: nothing runs
    CHECK_FALSE(clock.deadline());
    CHECK(clock.remaining(90000) == std::vector<std::optional<std::int64_t>>{257000, 299000});
}

TEST_CASE("a per-move clock gives every turn the same time") {
    server::room_clock clock({clock_settings::kind::per_move, 0, 0, 86400}, 2);
    clock.turn_to(0, 0, false);
    CHECK(clock.deadline() == 86400000);
    clock.turn_to(1, 86000000, true);
    CHECK(clock.deadline() == 86000000 + 86400000);
    CHECK(clock.remaining(86000500) ==
          std::vector<std::optional<std::int64_t>>{std::nullopt, 86399500});
    server::room_clock none({}, 2);
    none.turn_to(0, 5, false);
    CHECK_FALSE(none.deadline());
    CHECK(none.view(5).remaining_ms.empty());
}

TEST_CASE("a player who runs out of time loses, and not a moment before") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}},
                          {{"type", "bank"}, {"initial_seconds", 10}, {"increment_seconds", 5}});
    const auto start = t.last["clock"]["server_time"].get<std::int64_t>();
    CHECK(t.last["clock"]["remaining_ms"] == json({10000, 10000}));
    CHECK(t.last["clock"]["running"] == 0);
    CHECK(t.last["clock"]["type"] == "bank");

    s.time->advance(3s);
    auto seen = play(t[0], t.code, "a1", t.last);
    t[1].receive("snapshot");
    CHECK(seen["clock"]["remaining_ms"] == json({12000, 10000}));  // 10 - 3 + 5
    CHECK(seen["clock"]["running"] == 1);
    CHECK(seen["clock"]["server_time"] == start + 3000);

    s.advance(9999ms);  // Bob has 1 ms left: nothing happens
    check_quiet(t[0]);
    check_quiet(t[1]);

    s.advance(1ms);
    for (auto* c : {&t[0], &t[1]}) {
        auto over = next_snapshot(*c);
        CHECK(over["status"] == "finished");
        CHECK(over["result"] == json::parse(R"({"status":"finished","winners":[0],
            "reason":"Bob ran out of time","by":"timeout","code":"timeout","figures":{"seat":1}})"));
        CHECK(over["clock"]["remaining_ms"] == json({12000, 0}));
        CHECK(over["clock"]["running"].is_null());
        CHECK(over["state"]["result"].is_null());  // the rules did not end it
    }
    auto late = send_to_room(t[1], t.code, "move", {{"move", "b2"}, {"version", 1}});
    CHECK(late["code"] == "game_over");
}

TEST_CASE("a 4-player seat that runs out of time is retired and three play on to the end") {
    life_server s;
    const json options = {{"players", 4}, {"pieces", 3}};
    auto t = seat_players(s.server, {"Ann", "Bob", "Cid", "Dee"}, "kvadrat", options,
                          {{"type", "per_move"}, {"seconds", 60}});
    auto made =
        rules::create_game("kvadrat", {{"players", std::int64_t{4}}, {"pieces", std::int64_t{3}}});
    REQUIRE(made);
    auto& mirror = *made.value();  // the same game played locally, to know the final score
    const auto forced_passes = [&] {
        while (!mirror.finished() && mirror.legal() == std::vector<std::string>{"pass"})
            REQUIRE(mirror.apply("pass"));
    };
    // The player to move plays the first legal placement.
    json seen = t.last;
    const auto play_first = [&] {
        const int seat = seen["state"]["to_move"];
        const std::string move = seen["state"]["legal"][0];
        seen = play(t[static_cast<std::size_t>(seat)], t.code, move, seen);
        REQUIRE(mirror.apply(move));
        forced_passes();
    };

    for (int ply = 0; ply < 7; ++ply) play_first();  // Dee has played once, then it is her turn
    CHECK(seen["state"]["to_move"] == 3);
    const std::string dee_cell = [&] {
        for (const auto& [cell, seat] : seen["state"]["board"]["cells"].items())
            if (seat == 3) return cell;
        return std::string();
    }();
    REQUIRE_FALSE(dee_cell.empty());
    drain(t[0]);
    s.advance(59s);
    check_quiet(t[0]);
    s.advance(1s);  // Dee's minute is up
    seen = next_snapshot(t[0]);
    REQUIRE(mirror.retire(3));
    forced_passes();
    CHECK(seen["status"] == "playing");
    CHECK(seen["seats"][3]["retired"] == true);
    CHECK(seen["forced_passes"] == 1);
    CHECK(seen["state"]["to_move"] == 0);
    CHECK(seen["version"] == 8);
    CHECK(seen["result"].is_null());
    CHECK(seen["clock"]["running"] == 0);
    CHECK(seen["clock"]["remaining_ms"][0] == 60000);

    // A retired seat takes no part any more.
    auto refused = send_to_room(t[3], t.code, "resign");
    CHECK(refused["code"] == "not_a_player");

    // The three others play on to the end.
    int plies = 0;
    while (seen["status"] == "playing") {
        REQUIRE(seen["state"]["to_move"] != 3);
        play_first();
        ++plies;
    }
    CHECK(plies >= 3);
    const auto expected = mirror.current_outcome();
    REQUIRE(expected.finished());
    CHECK(seen["state"]["scores"] == json(expected.scores));
    CHECK(seen["result"]["by"] == "rules");
    CHECK(seen["result"]["winners"] == json(expected.winners));
    CHECK(seen["result"]["reason"] == expected.reason);
    CHECK(seen["state"]["board"]["cells"][dee_cell] == 3);  // Dee's piece stayed on the board
    CHECK(seen["state"]["board"]["pieces_left"][3] == 2);
}

TEST_CASE("a computer player moves on its own clock like anyone") {
    test_server server;
    auto ann = server.player("Ann");
    ann->send({{"type", "create_room"},
               {"game", "kvadratura"},
               {"options", {{"size", 4}}},
               {"clock", {{"type", "bank"}, {"initial_seconds", 60}, {"increment_seconds", 1}}}});
    const std::string code = ann->receive("joined")["room"];
    ann->receive("snapshot");
    ann->send({{"type", "add_bot"}, {"room", code}, {"level", "easy"}});
    auto seen = ann->receive("snapshot");
    REQUIRE(seen["status"] == "playing");
    CHECK(seen["clock"]["running"] == 0);
    seen = play(*ann, code, "a1", seen);
    CHECK(seen["clock"]["running"] == 1);
    auto answered = ann->receive("snapshot");  // the bot's move
    CHECK(answered["version"] == 2);
    CHECK(answered["clock"]["running"] == 0);
    CHECK(answered["clock"]["remaining_ms"][1] > 55000);  // it thought for well under 5 s
    CHECK(answered["result"].is_null());
}
