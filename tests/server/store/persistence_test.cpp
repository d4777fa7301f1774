// Persistence end to end with the real binary: moves from real clients, SIGKILL at an arbitrary
// point, a restart on the same data directory, reconnection by token. Every move any client saw
// is there exactly once, the game continues, and the exported record verifies.

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/server/support/server_process.hpp"
#include "tests/server/support/ws_client.hpp"
#include "tests/test_paths.hpp"

using nlohmann::json;
using quadra::testing::server_process;
using quadra::testing::ws_client;

namespace {

std::unique_ptr<ws_client> hello(unsigned short port, const std::string& name) {
    auto client = std::make_unique<ws_client>(port);
    client->send({{"type", "hello"}, {"name", name}});
    auto welcome = client->receive("welcome");
    client->token = welcome["token"];
    return client;
}

// Reconnects with a token; returns the snapshot of the room the seat is in.
json reconnect(ws_client& client, const std::string& token, const std::string& code) {
    client.send({{"type", "hello"}, {"token", token}});
    auto welcome = client.receive("welcome");
    REQUIRE(welcome["resumed"] == true);
    client.token = token;
    auto joined = client.receive("joined");
    CHECK(joined["room"] == code);
    return client.receive("snapshot");
}

// The players of one room and the last snapshot they all agree on.
// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is nlohmann::json's, noexcept
struct playing_table {
    std::vector<std::unique_ptr<ws_client>> players;
    std::vector<std::string> tokens;
    std::string code;
    json seen;

    // Sends the `n`th choice among the legal requests.
    void send_move(int n) {
        const auto to_move = seen["state"]["to_move"].get<std::size_t>();
        const auto& legal = seen["state"]["legal"];
        REQUIRE_FALSE(legal.empty());
        const auto move = legal[static_cast<std::size_t>(n * 7 + 3) % legal.size()];
        players[to_move]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
    }

    // A move and the snapshot every player receives after it.
    void play(int n) {
        send_move(n);
        json next;
        for (auto& p : players) {
            auto got = p->receive("snapshot");
            if (next.is_null()) next = got;
            CHECK(got == next);
        }
        REQUIRE(next["version"].get<std::int64_t>() > seen["version"].get<std::int64_t>());
        seen = next;
    }

    // Reads every player's messages until all are quiet; all must end on the same snapshot.
    // `latest` holds snapshots already read, one per player (or null).
    void settle(std::vector<json> latest = {}) {
        latest.resize(players.size());
        json last;
        for (std::size_t i = 0; i < players.size(); ++i) {
            auto& p = players[i];
            json mine = latest[i];
            while (auto got = p->try_receive(std::chrono::milliseconds(500)))
                if ((*got)["type"] == "snapshot") mine = *got;
            REQUIRE_FALSE(mine.is_null());
            if (last.is_null()) last = mine;
            CHECK(mine == last);
        }
        seen = last;
    }
};

playing_table new_table(unsigned short port, const std::string& game, const json& options,
                        int seats) {
    playing_table t;
    for (int i = 0; i < seats; ++i) {
        t.players.push_back(hello(port, "P" + std::to_string(i)));
        t.tokens.push_back(t.players.back()->token);
    }
    t.players[0]->send({{"type", "create_room"}, {"game", game}, {"options", options}});
    t.code = t.players[0]->receive("joined")["room"];
    for (std::size_t i = 1; i < t.players.size(); ++i) {
        t.players[i]->send({{"type", "join_room"}, {"room", t.code}});
        t.players[i]->receive("joined");
    }
    t.settle();
    REQUIRE(t.seen["status"] == "playing");
    return t;
}

playing_table reconnected_table(unsigned short port, const std::vector<std::string>& tokens,
                                const std::string& code) {
    playing_table t;
    t.code = code;
    t.tokens = tokens;
    std::vector<json> latest;
    for (const auto& token : tokens) {
        t.players.push_back(std::make_unique<ws_client>(port));
        latest.push_back(reconnect(*t.players.back(), token, code));
    }
    t.settle(latest);
    return t;
}

// Plays `before` moves, kills the server with SIGKILL (with one more move sent and not awaited
// when `burst`), restarts it on the same directory, reconnects everyone and checks the room; then
// plays on and checks the exported record.
void crash_and_restore(const std::string& game, const json& options, int seats, int before,
                       bool burst) {
    CAPTURE(game);
    CAPTURE(burst);
    const quadra::testing::scratch_dir dir("persist-" + game);
    std::vector<std::string> tokens;
    std::string code;
    json last_seen;
    {
        server_process server(dir.path.string());
        auto t = new_table(server.port(), game, options, seats);
        for (int n = 0; n < before && t.seen["status"] == "playing"; ++n) t.play(n);
        REQUIRE(t.seen["status"] == "playing");
        if (burst) t.send_move(before);
        server.kill_hard();
        tokens = t.tokens;
        code = t.code;
        last_seen = t.seen;
    }

    server_process server(dir.path.string());
    auto t = reconnected_table(server.port(), tokens, code);
    const auto seen_version = last_seen["version"].get<std::int64_t>();
    const auto version = t.seen["version"].get<std::int64_t>();
    // Every move a client saw is there; only the unanswered move of a burst may be added.
    CHECK(t.seen["game_id"] == last_seen["game_id"]);
    CHECK(t.seen["commitment"] == last_seen["commitment"]);
    if (version == seen_version) {
        CHECK(t.seen["state"] == last_seen["state"]);
    } else {
        CHECK(burst);
        CHECK(version > seen_version);
    }
    for (const auto& seat : t.seen["seats"]) CHECK(seat["connected"] == true);

    // The restored room is listed again.
    const auto listing = json::parse(quadra::testing::http_fetch(server.port(), "/api/rooms").body);
    REQUIRE(listing["rooms"].size() == 1);
    CHECK(listing["rooms"][0]["room"] == code);

    // A spectator can come (back) by the room's code and sees the same room.
    ws_client spectator(server.port());
    spectator.send({{"type", "hello"}, {"name", "Watcher"}});
    spectator.receive("welcome");
    spectator.send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(spectator.receive("joined")["as"] == "spectator");
    const auto watched = spectator.receive("snapshot");
    CHECK(watched["version"] == version);
    CHECK(watched["state"] == t.seen["state"]);
    spectator.drop();
    t.settle({t.seen});

    // Nothing is duplicated: the stored record has exactly `version` tokens.
    const auto id = t.seen["game_id"].get<std::string>();
    auto exported =
        json::parse(quadra::testing::http_fetch(server.port(), "/api/games/" + id).body);
    CHECK(exported["moves"].size() == static_cast<std::size_t>(version));
    CHECK(exported["seed"].is_null());

    // The game continues, to its end or for a good while. Quadwrangle is played to its end (a
    // random game takes about 400 plies, rarely more than 1,000): its dice must verify.
    const int plies = game == "quadwrangle" ? 5000 : 600;
    for (int n = 0; n < plies && t.seen["status"] == "playing"; ++n) t.play(n + 11);
    if (game == "quadwrangle") CHECK(t.seen["status"] == "finished");
    CHECK(t.seen["version"].get<std::int64_t>() > version);
    exported = json::parse(quadra::testing::http_fetch(server.port(), "/api/games/" + id).body);
    CHECK(exported["moves"].size() == t.seen["version"].get<std::size_t>());
    if (t.seen["status"] == "finished") {
        CHECK(exported["seed"] == t.seen["seed"]);
        const auto path = (dir.path / "record.json").string();
        std::ofstream(path) << exported.dump();
        const std::string verify =
            std::string(quadra::testing::quadra_binary) + " verify " + path + " >/dev/null";
        CHECK(WEXITSTATUS(std::system(verify.c_str())) == 0);
    }
}

}  // namespace

TEST_CASE("kill -9 and restart: Quadwrangle") {
    crash_and_restore("quadwrangle", json::object(), 2, 9, false);
    crash_and_restore("quadwrangle", json::object(), 2, 14, true);
}

TEST_CASE("kill -9 and restart: Kvadratura") {
    crash_and_restore("kvadratura", json::object(), 2, 5, false);
    crash_and_restore("kvadratura", json::object(), 2, 6, true);
}

TEST_CASE("kill -9 and restart: Quadrature") {
    crash_and_restore("quadrature", json::object(), 2, 4, false);
    crash_and_restore("quadrature", json::object(), 2, 7, true);
}

TEST_CASE("kill -9 and restart: Kvadrat with four players") {
    crash_and_restore("kvadrat", {{"players", 4}}, 4, 8, false);
    crash_and_restore("kvadrat", {{"players", 4}}, 4, 13, true);
}

TEST_CASE("kill -9 in the middle of a burst of moves in several rooms") {
    const quadra::testing::scratch_dir dir("persist-burst");
    struct before_crash {
        std::vector<std::string> tokens;
        std::string code;
        json seen;
    };
    std::vector<before_crash> rooms;
    {
        server_process server(dir.path.string());
        std::vector<playing_table> tables;
        for (int r = 0; r < 4; ++r) {
            tables.push_back(
                new_table(server.port(), r % 2 ? "quadwrangle" : "kvadratura", json::object(), 2));
            for (int n = 0; n < 3 + r; ++n) tables.back().play(n);
        }
        // One move in flight in every room at once, and the server dies among them.
        for (auto& t : tables) t.send_move(5);
        server.kill_hard();
        for (auto& t : tables) rooms.push_back({t.tokens, t.code, t.seen});
    }
    server_process server(dir.path.string());
    for (const auto& before : rooms) {
        CAPTURE(before.code);
        auto t = reconnected_table(server.port(), before.tokens, before.code);
        const auto seen_version = before.seen["version"].get<std::int64_t>();
        const auto version = t.seen["version"].get<std::int64_t>();
        CHECK(version >= seen_version);
        if (version == seen_version) CHECK(t.seen["state"] == before.seen["state"]);
        const auto id = t.seen["game_id"].get<std::string>();
        const auto exported =
            json::parse(quadra::testing::http_fetch(server.port(), "/api/games/" + id).body);
        CHECK(exported["moves"].size() == static_cast<std::size_t>(version));
        t.play(1);  // and it goes on
    }
}

TEST_CASE("a waiting room that expired stays closed after a restart; one just left is back") {
    const quadra::testing::scratch_dir dir("persist-expired");
    const std::vector<std::string> one_second = {"--waiting-expiry-seconds", "1"};
    std::string expired, fresh;
    {
        server_process server(dir.path.string(), one_second);
        auto ann = hello(server.port(), "Ann");
        auto leave = [&](const std::string& code) {
            ann->send({{"type", "leave_room"}, {"room", code}});
            ann->receive("left");
        };
        // Cy's seat stays Cy's when the connection goes, until the room expires.
        auto cy = hello(server.port(), "Cy");
        cy->send({{"type", "create_room"}, {"game", "kvadratura"}});
        expired = cy->receive("joined")["room"];
        cy->drop();
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        ann->send({{"type", "join_room"}, {"room", expired}});
        REQUIRE(ann->receive("error")["code"] == "no_such_room");
        ann->send({{"type", "create_room"}, {"game", "kvadratura"}});
        fresh = ann->receive("joined")["room"];
        leave(fresh);
        server.kill_hard();  // within the second: fresh has not expired
    }
    server_process server(dir.path.string());
    auto bob = hello(server.port(), "Bob");
    bob->send({{"type", "join_room"}, {"room", expired}});
    CHECK(bob->receive("error")["code"] == "no_such_room");
    bob->send({{"type", "join_room"}, {"room", fresh}});
    CHECK(bob->receive("joined")["seat"] == 0);
}
