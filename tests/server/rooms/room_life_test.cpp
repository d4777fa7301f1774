// Room life over real WebSockets: resigning, draw offers, rematches, claiming an abandoned seat,
// and waiting rooms that expire, with a manual clock so minutes pass at once.

#include <doctest/doctest.h>

#include <thread>

#include "tests/server/support/life_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

TEST_CASE("a resignation ends a 2-player game and is shown as the room's result") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    auto done = send_to_room(t[0], t.code, "resign");
    CHECK(done == json({{"type", "done"}, {"id", "resign"}, {"room", t.code}}));
    for (auto* c : {&t[0], &t[1]}) {
        auto over = next_snapshot(*c);
        CHECK(over["status"] == "finished");
        CHECK(over["result"] == json::parse(R"({"status":"finished","winners":[1],
            "reason":"Ann resigned","by":"resign","code":"resigned","figures":{"seat":0}})"));
    }
    CHECK(send_to_room(t[1], t.code, "resign")["code"] == "game_over");
    CHECK(send_to_room(t[0], t.code, "move", {{"move", "a1"}, {"version", 0}})["code"] ==
          "game_over");
}

TEST_CASE("resign and draws are for the players of a game in progress") {
    life_server s;
    auto watcher = s.server.player("Sam");
    auto t = seat_players(s.server, {"Ann"}, "kvadratura", {{"size", 4}});
    CHECK(send_to_room(t[0], t.code, "resign")["code"] == "not_started");
    CHECK(send_to_room(t[0], t.code, "offer_draw")["code"] == "not_started");
    watcher->send({{"type", "join_room"}, {"room", t.code}, {"as", "spectator"}});
    watcher->receive("snapshot");
    CHECK(send_to_room(*watcher, t.code, "resign")["code"] == "not_a_player");
    CHECK(send_to_room(*watcher, t.code, "offer_draw")["code"] == "not_a_player");
    CHECK(send_to_room(*watcher, "NOROOM", "resign")["code"] == "no_such_room");

    auto four = seat_players(s.server, {"A", "B", "C", "D"}, "kvadrat", {{"players", 4}});
    auto refused = send_to_room(four[0], four.code, "offer_draw");
    CHECK(refused["code"] == "not_allowed");
    check_quiet(four[1]);  // nothing changed, nobody was told anything
}

TEST_CASE("a draw offer is declined, offered again and accepted") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    CHECK(send_to_room(t[1], t.code, "accept_draw")["code"] == "no_draw_offer");
    CHECK(send_to_room(t[0], t.code, "offer_draw")["type"] == "done");
    CHECK(next_snapshot(t[1])["draw_offer"] == 0);
    CHECK(send_to_room(t[0], t.code, "offer_draw")["code"] == "not_allowed");  // it already stands
    CHECK(send_to_room(t[0], t.code, "accept_draw")["code"] == "no_draw_offer");  // not her own
    CHECK(send_to_room(t[1], t.code, "decline_draw")["type"] == "done");
    auto declined = next_snapshot(t[0]);
    CHECK(declined["draw_offer"].is_null());
    CHECK(declined["status"] == "playing");
    CHECK(send_to_room(t[1], t.code, "accept_draw")["code"] == "no_draw_offer");

    CHECK(send_to_room(t[1], t.code, "offer_draw")["type"] == "done");  // Bob may offer too
    CHECK(send_to_room(t[0], t.code, "accept_draw")["type"] == "done");
    drain(t[1]);
    auto agreed = next_snapshot(t[0]);
    for (int i = 0; i < 2 && agreed["status"] != "finished"; ++i) agreed = next_snapshot(t[0]);
    CHECK(agreed["status"] == "finished");
    CHECK(agreed["draw_offer"].is_null());
    CHECK(agreed["result"] == json::parse(R"({"status":"finished","winners":[],
        "reason":"draw agreed","by":"draw","code":"draw_agreed","figures":{}})"));
}

TEST_CASE("a draw offer lapses when the opponent moves instead") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    CHECK(send_to_room(t[0], t.code, "offer_draw")["type"] == "done");
    auto seen = next_snapshot(t[0]);
    CHECK(seen["draw_offer"] == 0);
    seen = play(t[0], t.code, "a1", seen);  // the offerer's own move keeps the offer
    CHECK(seen["draw_offer"] == 0);
    drain(t[1]);
    seen = play(t[1], t.code, "b2", seen);
    CHECK(seen["draw_offer"].is_null());
    CHECK(send_to_room(t[1], t.code, "accept_draw")["code"] == "no_draw_offer");
}

TEST_CASE("a rematch opens when both players ask, with the seats rotated") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}},
                          {{"type", "bank"}, {"initial_seconds", 60}, {"increment_seconds", 2}});
    CHECK(send_to_room(t[0], t.code, "rematch")["code"] == "not_finished");
    send_to_room(t[1], t.code, "resign");
    drain(t[0]);
    drain(t[1]);

    CHECK(send_to_room(t[0], t.code, "rematch")["type"] == "done");
    // The resignation's own snapshot may still be on its way (it goes out once its write
    // commits, maybe after drain's pong): the first one showing an agreement is Ann's.
    auto asked = next_snapshot(t[1]);
    while (asked["rematch"]["agreed"].empty()) asked = next_snapshot(t[1]);
    CHECK(asked["rematch"] == json::parse(R"({"agreed":[0],"room":null})"));
    CHECK(send_to_room(t[1], t.code, "rematch")["type"] == "done");
    const auto opened = rematch_opened(t[0]);
    CHECK(opened["rematch"]["agreed"] == json({0, 1}));
    const std::string next = opened["rematch"]["room"];
    CHECK(next != t.code);
    CHECK(send_to_room(t[0], t.code, "rematch")["code"] == "not_allowed");

    // Each identity already holds its rotated seat: Bob moves first now.
    CHECK(rematch_opened(t[1])["rematch"]["room"] == next);
    auto bob = join_room(t[1], next);
    CHECK(bob["status"] == "playing");
    CHECK(bob["seats"][0]["name"] == "Bob");
    CHECK(bob["seats"][1]["name"] == "Ann");
    CHECK(bob["clock"]["initial_seconds"] == 60);
    CHECK(bob["clock"]["increment_seconds"] == 2);
    CHECK(bob["state"]["options"]["size"] == 4);
    CHECK(bob["version"] == 0);
    t[0].send({{"type", "join_room"}, {"room", next}});
    auto ann = t[0].receive("joined");
    CHECK(ann["seat"] == 1);
}

TEST_CASE("an abandoned seat can be claimed after the grace period, and not before") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    t[1].drop();
    auto gone = next_snapshot(t[0]);
    CHECK(gone["seats"][1]["connected"] == false);
    CHECK(gone["seats"][1].contains("away_since"));
    CHECK_FALSE(gone["seats"][1].contains("claimable"));

    auto early = send_to_room(t[0], t.code, "claim", {{"seat", 1}});
    CHECK(early["code"] == "not_claimable");
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 0}})["code"] == "not_allowed");
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 2}})["code"] == "bad_field");
    s.advance(119s);
    check_quiet(t[0]);
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["code"] == "not_claimable");

    s.advance(1s);  // two minutes: the snapshot now offers the claim
    auto claimable = next_snapshot(t[0]);
    CHECK(claimable["seats"][1]["claimable"] == true);
    CHECK(claimable["status"] == "playing");
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["type"] == "done");
    auto won = next_snapshot(t[0]);
    CHECK(won["result"] == json::parse(R"({"status":"finished","winners":[0],
        "reason":"win claimed: Bob left","by":"claim","code":"claimed","figures":{"seat":1}})"));
}

TEST_CASE("a player back within the grace period simply continues") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    const std::string token = t[1].token;
    t[1].drop();
    next_snapshot(t[0]);
    s.advance(90s);
    auto back = std::make_unique<ws_client>(s.server.port());
    back->send({{"type", "hello"}, {"token", token}});
    back->receive("welcome");
    auto mine = back->receive("snapshot");
    CHECK(mine["seats"][1]["connected"] == true);
    CHECK_FALSE(mine["seats"][1].contains("away_since"));
    s.advance(10min);
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["code"] == "not_claimable");
    drain(t[0]);
    auto seen = play(t[0], t.code, "a1", mine);
    seen = play(*back, t.code, "b2", seen);
    CHECK(seen["version"] == 2);
    CHECK(seen["status"] == "playing");
}

TEST_CASE("a room with a clock lets time decide, not claims") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}},
                          {{"type", "per_move"}, {"seconds", 86400}});
    t[1].drop();
    s.advance(1h);
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["code"] == "not_allowed");
}

TEST_CASE("in a 4-player game a claimed seat is retired and the others play on") {
    life_server s;
    auto t = seat_players(s.server, {"A", "B", "C", "D"}, "kvadrat", {{"players", 4}});
    t[1].drop();
    while (next_snapshot(t[0])["seats"][1]["connected"] == true) {
    }
    s.advance(121s);
    drain(t[0]);
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["type"] == "done");
    auto seen = next_snapshot(t[0]);
    CHECK(seen["seats"][1]["retired"] == true);
    CHECK(seen["status"] == "playing");
    seen = play(t[0], t.code, "h3", seen);
    CHECK(seen["forced_passes"] == 1);  // B passes for the rest of the game
    CHECK(seen["state"]["to_move"] == 2);
    // /metrics counts the pass apart from the one move.
    const auto metrics = http_get(s.server.port(), "/metrics");
    CHECK(metrics.find("\nquadra_moves_total{game=\"kvadrat\"} 1\n") != std::string::npos);
    CHECK(metrics.find("\nquadra_forced_passes_total{game=\"kvadrat\"} 1\n") != std::string::npos);
}

TEST_CASE("a waiting room nobody is connected to expires, and before that it stays") {
    life_server s;
    auto watcher = lobby_watcher(s.server);
    auto ann = s.server.player("Ann");
    const auto code = create_room(*ann, "kvadratura", {{"size", 4}});
    ann->drop();
    // The lobby pushes the room with Ann's seat disconnected once the room has seen her go.
    for (;;) {
        auto rooms = watcher->receive("rooms")["rooms"];
        if (rooms.size() == 1 && rooms[0]["seats"][0]["connected"] == false) break;
    }
    s.advance(599s);
    check_quiet(*watcher);  // no push: the room is still there, unchanged
    watcher->send({{"type", "list_rooms"}, {"id", 1}});
    CHECK(watcher->receive("rooms")["rooms"].size() == 1);

    s.advance(1s);
    auto pushed = watcher->receive("rooms");
    CHECK(pushed["rooms"].empty());
    CHECK(send_to_room(*watcher, code, "join_room")["code"] == "no_such_room");
}

TEST_CASE("a waiting room its only member left stays joinable until it expires") {
    life_server s;
    auto watcher = lobby_watcher(s.server);
    auto ann = s.server.player("Ann");
    const auto code = create_room(*ann, "kvadratura", {{"size", 4}});
    ann->send({{"type", "leave_room"}, {"room", code}, {"id", "bye"}});
    CHECK(ann->receive("left")["room"] == code);
    // Listed with its seat free again, not closed.
    for (;;) {
        auto rooms = watcher->receive("rooms")["rooms"];
        REQUIRE(rooms.size() == 1);
        if (rooms[0]["seats_taken"] == 0) break;
    }
    s.advance(599s);
    check_quiet(*watcher);
    auto bob = s.server.player("Bob");
    bob->send({{"type", "join_room"}, {"room", code}});
    CHECK(bob->receive("joined")["seat"] == 0);

    // Left again: the expiry counts from then, not from Ann's leaving.
    bob->send({{"type", "leave_room"}, {"room", code}});
    bob->receive("left");
    s.advance(599s);
    watcher->send({{"type", "list_rooms"}, {"id", 1}});
    CHECK(watcher->receive("rooms")["rooms"].size() == 1);
    s.advance(1s);
    for (;;)
        if (watcher->receive("rooms")["rooms"].empty()) break;
    CHECK(send_to_room(*watcher, code, "join_room")["code"] == "no_such_room");
}

TEST_CASE(
    "a finished room leaves the listing, and memory once nobody is in it; it can still be "
    "joined and read from the store") {
    life_server s;
    auto watcher = lobby_watcher(s.server);
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    for (;;) {
        auto rooms = watcher->receive("rooms")["rooms"];
        if (rooms.size() == 1 && rooms[0]["status"] == "playing") break;
    }
    send_to_room(t[0], t.code, "resign");
    for (;;) {
        auto rooms = watcher->receive("rooms")["rooms"];
        if (rooms.empty()) break;
        CHECK(rooms[0]["status"] == "playing");  // never listed as finished
    }
    const auto hosted = [&] {
        const auto health = http_fetch(s.server.port(), "/healthz");
        return nlohmann::json::parse(health.body)["rooms"].get<int>();
    };
    CHECK(hosted() == 1);
    t[0].drop();
    t[1].drop();
    bool unloaded = false;
    for (int i = 0; i < 200 && !unloaded; ++i) {
        unloaded = hosted() == 0;
        if (!unloaded) std::this_thread::sleep_for(10ms);
    }
    CHECK(unloaded);  // no game state is held for it any more
    s.advance(1h);
    auto reader = s.server.player("Rea");
    reader->send({{"type", "join_room"}, {"room", t.code}, {"as", "spectator"}});
    CHECK(reader->receive()["type"] == "joined");
    auto read = reader->receive("snapshot");
    CHECK(read["status"] == "finished");
    CHECK(read["result"]["reason"] == "Ann resigned");
    CHECK(hosted() == 1);
    // Its replay reads the store, as before.
    const auto game =
        http_fetch(s.server.port(), "/api/games/" + read["game_id"].get<std::string>());
    CHECK(game.status == 200);
    CHECK(nlohmann::json::parse(game.body)["result"]["winners"] == nlohmann::json{1});
}

TEST_CASE("the room's own timer acts on deadlines on the system clock") {
    auto config = test_config();
    config.seat_grace = std::chrono::milliseconds(300);
    test_server server(config);
    auto t = seat_players(server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    t[1].drop();
    auto gone = next_snapshot(t[0]);
    CHECK(gone["seats"][1]["connected"] == false);
    // No test hook: the room's timer fires after 300 ms and the claim appears by itself.
    auto claimable = next_snapshot(t[0]);
    CHECK(claimable["seats"][1]["claimable"] == true);
    CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["type"] == "done");
    CHECK(next_snapshot(t[0])["result"]["by"] == "claim");
}

TEST_CASE("a takeback over the wire: the request shown, the move undone, the record without it") {
    life_server s;
    auto watcher = lobby_watcher(s.server);
    // A 4-player room allows takebacks only when created allowing them: joined and the lobby say.
    auto cid = s.server.player("Cid");
    cid->send({{"type", "create_room"},
               {"game", "kvadrat"},
               {"options", {{"players", 4}}},
               {"takebacks", true}});
    CHECK(cid->receive("joined")["takebacks"] == true);
    CHECK(watcher->receive("rooms")["rooms"][0]["takebacks"] == true);

    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    auto seen = play(t[0], t.code, "a1", t.last);
    CHECK(send_to_room(t[1], t.code, "takeback")["code"] == "no_takeback");
    CHECK(send_to_room(t[0], t.code, "takeback") ==
          json({{"type", "done"}, {"id", "takeback"}, {"room", t.code}}));
    auto asked = next_snapshot(t[1]);
    while (!asked.contains("takeback")) asked = next_snapshot(t[1]);
    CHECK(asked["takeback"] == 0);
    CHECK(send_to_room(t[1], t.code, "accept_takeback")["type"] == "done");
    auto back = next_snapshot(t[0]);
    while (back["version"] != 0) back = next_snapshot(t[0]);
    CHECK(back["last_move"].is_null());
    CHECK_FALSE(back.contains("takeback"));
    CHECK(send_to_room(t[1], t.code, "decline_takeback")["code"] == "no_takeback_request");

    seen = play(t[0], t.code, "b2", back);
    seen = play(t[1], t.code, "c3", seen);
    CHECK(send_to_room(t[0], t.code, "resign")["type"] == "done");
    const auto over = next_snapshot(t[1]);
    const auto game =
        http_fetch(s.server.port(), "/api/games/" + over["game_id"].get<std::string>());
    REQUIRE(game.status == 200);
    CHECK(json::parse(game.body)["moves"] == json({"b2", "c3"}));
    CHECK(json::parse(game.body)["move_seats"] == json({0, 1}));
}
