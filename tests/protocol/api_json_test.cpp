// The HTTP bodies: /healthz, the API's errors, /api/rooms, /api/games/{id} and its position.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/api_json.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"

using namespace quadra;

namespace {

protocol::room_summary waiting_room() {
    protocol::room_summary room;
    room.room = "K7QM3X";
    room.game = "kvadrat";
    protocol::seat_view ann;
    ann.name = "Ann";
    ann.taken = true;
    ann.connected = true;
    room.seats = {ann, protocol::seat_view{}};
    return room;
}

protocol::game_export finished_game() {
    protocol::game_export game;
    game.id = "3f9a1c0e5b7d2468";
    game.room = "K7QM3X";
    game.record = {"kvadrat", {}, {"h3"}};
    game.players = {"Ann", "Bob"};
    game.move_times_ms = {1500};
    game.move_seats = {0};
    game.created_ms = 1000;
    game.finished_ms = 2000;
    game.result = protocol::result_view{{0}, "Bob resigned", "resign", "resigned", {{"seat", 1}}};
    game.commitment = "ab12";
    game.seed = "cd34";
    return game;
}

}  // namespace

TEST_CASE("/healthz says ok only when the store and the rules are, and the lease is held") {
    protocol::health_view health{"0.1.0", 3600.5, 12, 40, true, true, "sqlite", "", "none", 12};
    CHECK(protocol::health_body(health) ==
          R"({"backend":"sqlite","connections":40,"lease":"none","node":"","protocol":2,)"
          R"("rooms":12,"rooms_owned":12,"rules_ok":true,"status":"ok",)"
          R"("store_ok":true,"uptime_seconds":3600.5,"version":"0.1.0"})"
          "\n");
    health.store_ok = false;
    CHECK_FALSE(protocol::healthy(health));
    CHECK(protocol::health_body(health).find(R"("status":"failing")") != std::string::npos);

    health = {"0.1.0", 1, 3, 4, true, true, "postgres", "node-a", "held", 2};
    CHECK(protocol::healthy(health));
    CHECK(protocol::health_body(health).find(R"("lease":"held","node":"node-a")") !=
          std::string::npos);
    health.lease = "lost";  // its rooms may be another node's by now
    CHECK_FALSE(protocol::healthy(health));
    CHECK(protocol::health_body(health).find(R"("status":"failing")") != std::string::npos);
}

TEST_CASE("an API error names its code and message") {
    CHECK(protocol::api_error_body("no_such_game", "no game with the id 'x'") ==
          R"({"error":{"code":"no_such_game","message":"no game with the id 'x'"}})"
          "\n");
}

TEST_CASE("/api/rooms lists the rooms as the rooms message does, and finished games short") {
    const std::vector<protocol::room_summary> rooms{waiting_room()};
    const std::vector<protocol::game_export> finished{finished_game()};
    CHECK(protocol::rooms_body(rooms, finished) ==
          R"({"finished":[{"created_at":1000,"finished_at":2000,"game":"kvadrat",)"
          R"("id":"3f9a1c0e5b7d2468","players":["Ann","Bob"],)"
          R"("result":{"by":"resign","code":"resigned","draw":false,"figures":{"seat":1},)"
          R"("reason":"Bob resigned","winners":[0]},)"
          R"("room":"K7QM3X"}],)"
          R"("rooms":[{"clock":{"type":"none"},"game":"kvadrat","options":{},"room":"K7QM3X",)"
          R"("seat_count":2,"seats":[{"connected":true,"name":"Ann"},null],"seats_taken":1,)"
          R"("spectators":0,"status":"waiting"}]})"
          "\n");
    const protocol::room_summary* listed[] = {&rooms[0]};
    const auto message = nlohmann::json::parse(*protocol::rooms_message({}, listed));
    CHECK(nlohmann::json::parse(protocol::rooms_body(rooms, {}))["rooms"] == message["rooms"]);
    CHECK(protocol::rooms_body({}, {}) == "{\"finished\":[],\"rooms\":[]}\n");
}

TEST_CASE("a game is exported with its record, players, times, result and dice") {
    CHECK(protocol::game_body(finished_game()) ==
          R"({"commitment":"ab12","created_at":1000,"finished_at":2000,"game":"kvadrat",)"
          R"("id":"3f9a1c0e5b7d2468","move_seats":[0],"move_times":[1500],"moves":["h3"],)"
          R"("options":{},)"
          R"("players":["Ann","Bob"],)"
          R"("result":{"by":"resign","code":"resigned","draw":false,"figures":{"seat":1},)"
          R"("reason":"Bob resigned","winners":[0]},)"
          R"("room":"K7QM3X","seed":"cd34"})"
          "\n");
    auto ongoing = finished_game();
    ongoing.finished_ms = -1;
    ongoing.result.reset();
    ongoing.seed.clear();
    const auto body = nlohmann::json::parse(protocol::game_body(ongoing));
    CHECK(body["finished_at"].is_null());
    CHECK(body["result"].is_null());
    CHECK(body["seed"].is_null());
}

TEST_CASE("a position is the state with its ply, finished when its room ended the game there") {
    auto game = rules::create_game("kvadrat", {}).value();
    CHECK(protocol::position_body(*game, 0, false) == protocol::state_text(*game, 0) + "\n");
    const auto going = nlohmann::json::parse(protocol::position_body(*game, 0, false));
    CHECK(going["ply"] == 0);
    CHECK(going["status"] == "ongoing");
    CHECK(going["position"] == game->position());

    const auto resigned = nlohmann::json::parse(protocol::position_body(*game, 0, true));
    CHECK(resigned["status"] == "finished");
    CHECK(resigned["to_move"] == -1);
    CHECK(resigned["legal"] == nlohmann::json::array());
    CHECK(resigned["position"] == game->position());
}
