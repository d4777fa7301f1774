// The HTTP API over stored games: /api/games/{id}, its position at a ply, /api/rooms, and the
// errors for unknown ids and bad plies; on a server with an in-memory store.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/cli/verify.hpp"
#include "server/dice/fair_dice.hpp"
#include "tests/server/support/server_fixture.hpp"

using nlohmann::json;
using namespace quadra::testing;

namespace {

std::pair<int, json> get(unsigned short port, const std::string& target) {
    const auto response = http_fetch(port, target);
    return {response.status, json::parse(response.body, nullptr, false)};
}

}  // namespace

TEST_CASE("a finished game is exported, replayable by ply and listed") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "kvadratura", {{"size", 4}});
    join_room(*b, code);
    auto seen = a->receive("snapshot");
    REQUIRE(seen["commitment"].get<std::string>().size() == 64);
    REQUIRE(seen["seed"].is_null());
    const auto id = seen["game_id"].get<std::string>();

    // White: a2 b1 c2 b3 is a tilted square: White loses on the 7th ply.
    const std::vector<std::string> moves = {"a2", "d4", "b1", "d3", "c2", "d1", "b3"};
    std::vector<ws_client*> seats{a.get(), b.get()};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        seats[i % 2]->send({{"type", "move"}, {"room", code}, {"move", moves[i]}, {"version", i}});
        seen = a->receive("snapshot");
        b->receive("snapshot");
    }
    REQUIRE(seen["status"] == "finished");
    REQUIRE(seen["seed"].is_string());

    auto [status, record] = get(server.port(), "/api/games/" + id);
    REQUIRE(status == 200);
    CHECK(record["id"] == id);
    CHECK(record["room"] == code);
    CHECK(record["game"] == "kvadratura");
    CHECK(record["moves"] == json(moves));
    CHECK(record["move_times"].size() == moves.size());
    // Kvadratura's seats take turns: the seat of every move is recorded.
    REQUIRE(record["move_seats"].size() == moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) CHECK(record["move_seats"][i] == i % 2);
    CHECK(record["players"] == json{"Ann", "Bob"});
    CHECK(record["result"]["winners"] == json{1});
    CHECK(record["commitment"] == seen["commitment"]);
    CHECK(record["seed"] == seen["seed"]);
    CHECK(record["finished_at"].is_number());

    auto [ok, position] = get(server.port(), "/api/games/" + id + "/position?ply=2");
    CHECK(ok == 200);
    CHECK(position["ply"] == 2);
    CHECK(position["to_move"] == 0);
    CHECK(position["board"]["cells"] == json{{"a2", 0}, {"d4", 1}});

    auto [rooms_status, rooms] = get(server.port(), "/api/rooms");
    CHECK(rooms_status == 200);
    REQUIRE(rooms["finished"].size() == 1);
    CHECK(rooms["finished"][0]["id"] == id);
    CHECK(rooms["finished"][0]["players"] == json{"Ann", "Bob"});
}

TEST_CASE("unknown games and bad plies get JSON errors") {
    test_server server;
    auto a = server.player("Ann");
    const auto code = create_room(*a, "kvadratura", json::object());
    (void)code;
    auto [missing, body] = get(server.port(), "/api/games/0000000000000000");
    CHECK(missing == 404);
    CHECK(body["error"]["code"] == "no_such_game");

    auto [rooms_status, rooms] = get(server.port(), "/api/rooms");
    CHECK(rooms_status == 200);
    REQUIRE(rooms["rooms"].size() == 1);
    CHECK(rooms["rooms"][0]["room"] == code);
}

TEST_CASE("a position beyond the record or not a number is a 400") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "kvadratura", json::object());
    join_room(*b, code);
    const auto id = a->receive("snapshot")["game_id"].get<std::string>();
    for (const char* bad : {"?ply=1", "?ply=-1", "?ply=x", "", "?ply="}) {
        CAPTURE(bad);
        auto [status, body] = get(server.port(), "/api/games/" + id + "/position" + bad);
        CHECK(status == 400);
        CHECK(body["error"]["code"] == "bad_ply");
    }
    auto [status, start] = get(server.port(), "/api/games/" + id + "/position?ply=0");
    CHECK(status == 200);
    CHECK(start["ply"] == 0);
}

TEST_CASE("the last position of a resigned game is finished and names its position") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "kvadratura", {{"size", 4}});
    join_room(*b, code);
    const auto id = a->receive("snapshot")["game_id"].get<std::string>();
    a->send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}});
    a->receive("snapshot");
    b->send({{"type", "resign"}, {"room", code}});
    REQUIRE(a->receive("snapshot")["status"] == "finished");

    auto [status, last] = get(server.port(), "/api/games/" + id + "/position?ply=1");
    CHECK(status == 200);
    CHECK(last["status"] == "finished");
    CHECK(last["to_move"] == -1);
    CHECK(last["legal"] == json::array());
    CHECK(last["position"] == "kvadratura:l:4/4/4/W3");
    auto [earlier_status, earlier] = get(server.port(), "/api/games/" + id + "/position?ply=0");
    CHECK(earlier_status == 200);
    CHECK(earlier["status"] == "ongoing");
    CHECK(earlier["position"] == "kvadratura:l:4/4/4/4");
}

TEST_CASE("Quadwrangle through the server: the first commitment is SHA-256 of the revealed seed") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    a->send({{"type", "create_room"}, {"game", "quadwrangle"}, {"options", json::object()}});
    const auto code = a->receive("joined")["room"].get<std::string>();
    const auto first = a->receive("snapshot");  // the very first snapshot of the game
    const auto commitment = first["commitment"].get<std::string>();
    REQUIRE(commitment.size() == 64);
    CHECK(first["seed"].is_null());
    join_room(*b, code);
    auto seen = a->receive("snapshot");
    CHECK(seen["commitment"] == commitment);

    std::vector<ws_client*> seats{a.get(), b.get()};
    for (int n = 0; n < 3000 && seen["status"] == "playing"; ++n) {
        const auto& legal = seen["state"]["legal"];
        const auto move = legal[static_cast<std::size_t>(n * 7 + 1) % legal.size()];
        seats[seen["state"]["to_move"].get<std::size_t>()]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
        seen = a->receive("snapshot");
        b->receive("snapshot");
        CHECK(seen["commitment"] == commitment);
        if (seen["status"] == "playing") CHECK(seen["seed"].is_null());
    }
    REQUIRE(seen["status"] == "finished");
    const auto seed = quadra::server::seed_from_hex(seen["seed"].get<std::string>());
    REQUIRE(seed.has_value());
    CHECK(quadra::server::dice_commitment(*seed) == commitment);

    auto [status, record] = get(server.port(), "/api/games/" + seen["game_id"].get<std::string>());
    REQUIRE(status == 200);
    const auto report = quadra::server::verify_record(record.dump());
    REQUIRE(report);
    CHECK_FALSE(report.value().failure.has_value());
    CHECK(report.value().rolls > 0);
    CHECK(report.value().plies == seen["version"].get<int>());
}
