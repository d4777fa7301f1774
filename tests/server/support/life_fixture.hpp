#pragma once
// Helpers for the room-life tests: a server on a manual clock and two- or four-player rooms set
// up over real WebSockets.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/rooms/time_source.hpp"
#include "server_fixture.hpp"

namespace quadra::testing {

using namespace std::chrono_literals;

// A test server on a manual clock.
struct life_server {
    std::shared_ptr<server::manual_time> time = std::make_shared<server::manual_time>();
    test_server server;

    explicit life_server(server::server_config config = test_config())
        : server(std::move(config), time) {}

    // Moves the clock and lets the rooms act on it.
    void advance(std::chrono::milliseconds by) {
        time->advance(by);
        server.check_deadlines();
    }
};

// The first snapshot after `client`'s previous messages.
inline nlohmann::json next_snapshot(ws_client& client) { return client.receive("snapshot"); }

// The first snapshot that names the rematch room. Every member is told, but each connection
// writes in its own time: one member having seen it says nothing of another.
inline nlohmann::json rematch_opened(ws_client& client) {
    auto seen = next_snapshot(client);
    while (seen["rematch"]["room"].is_null()) seen = next_snapshot(client);
    return seen;
}

// A client watching the lobby, its first listing (no rooms yet) read.
inline std::unique_ptr<ws_client> lobby_watcher(test_server& server) {
    auto watcher = server.player("Sam");
    watcher->send({{"type", "list_rooms"}, {"subscribe", true}});
    CHECK(watcher->receive("rooms")["rooms"].empty());
    return watcher;
}

// Nothing is queued for `client`: a ping's pong is the very next message.
inline void check_quiet(ws_client& client) {
    client.send({{"type", "ping"}, {"id", "quiet"}});
    auto next = client.receive();
    CHECK_MESSAGE(next["type"] == "pong", next.dump());
}

// Reads and drops everything queued for `client`, up to the pong of a ping sent now.
inline void drain(ws_client& client) {
    client.send({{"type", "ping"}, {"id", "drain"}});
    while (client.receive()["type"] != "pong") {
    }
}

// Players named `names` in a new room of `game`; each has seen the snapshot of the full room.
// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is nlohmann::json's, noexcept
struct table {
    std::vector<std::unique_ptr<ws_client>> players;
    std::string code;
    nlohmann::json last;  // the snapshot after the last seat was taken

    ws_client& operator[](std::size_t seat) { return *players[seat]; }
};

inline table seat_players(test_server& server, const std::vector<std::string>& names,
                          const std::string& game, const nlohmann::json& options,
                          const nlohmann::json& clock = {{"type", "none"}}) {
    table t;
    for (const auto& name : names) t.players.push_back(server.player(name));
    auto& first = *t.players[0];
    first.send({{"type", "create_room"}, {"game", game}, {"options", options}, {"clock", clock}});
    auto joined = first.receive();
    REQUIRE(joined["type"] == "joined");
    t.code = joined["room"];
    first.receive("snapshot");
    for (std::size_t i = 1; i < t.players.size(); ++i) join_room(*t.players[i], t.code);
    // Everybody sees the snapshot where the last seat is taken.
    for (std::size_t i = 0; i + 1 < t.players.size(); ++i) {
        nlohmann::json seen;
        for (std::size_t k = i + 1; k < t.players.size(); ++k)
            seen = t.players[i]->receive("snapshot");
        t.last = seen;
    }
    if (t.players.size() > 1) REQUIRE(t.last["status"] == "playing");
    return t;
}

// Sends a request of `type` for the table's room with an id and returns the reply (skipping
// snapshots and chat lines that arrive first).
inline nlohmann::json send_to_room(ws_client& client, const std::string& code,
                                   const std::string& type,
                                   nlohmann::json extra = nlohmann::json::object()) {
    extra["type"] = type;
    extra["room"] = code;
    extra["id"] = type;
    client.send(extra);
    for (;;) {
        auto reply = client.receive();
        if (reply.contains("id") && reply["id"] == type) return reply;
    }
}

// Sends a chat line for the table's room and returns the reply.
inline nlohmann::json say(ws_client& client, const std::string& code, const std::string& text) {
    return send_to_room(client, code, "chat", {{"text", text}});
}

// Moves for `client` with the version of `seen`; returns the first snapshot after the move
// (older ones still queued for the client are skipped).
inline nlohmann::json play(ws_client& client, const std::string& code, const std::string& move,
                           const nlohmann::json& seen) {
    const std::int64_t version = seen["version"];
    client.send({{"type", "move"}, {"room", code}, {"move", move}, {"version", version}});
    for (;;) {
        auto next = client.receive();
        REQUIRE_MESSAGE(next["type"] != "error", next.dump());
        if (next["type"] == "snapshot" && next["version"].get<std::int64_t>() > version)
            return next;
    }
}

}  // namespace quadra::testing
