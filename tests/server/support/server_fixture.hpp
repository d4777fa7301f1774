#pragma once
// A server on 127.0.0.1 with an ephemeral port for one test, and helpers for common exchanges.

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/serve/server.hpp"
#include "tests/test_paths.hpp"
#include "ws_client.hpp"

namespace quadra::testing {

inline server::server_config test_config() {
    server::server_config config;
    config.address = "127.0.0.1";
    config.port = 0;
    config.threads = 2;
    config.web_root = web_client_dir;
    config.data_dir = ":memory:";  // tests of persistence use a fresh directory
    config.messages_per_second = 1000;
    config.message_burst = 2000;
    return config;
}

// A running server, stopped at the end of the test.
class test_server {
public:
    explicit test_server(server::server_config config = test_config())
        : server_(std::move(config)) {
        server_.start();
    }
    // A server whose rooms read the time from `time`, which the test moves.
    test_server(server::server_config config, std::shared_ptr<server::manual_time> time)
        : server_(std::move(config), std::move(time)) {
        server_.start();
    }
    unsigned short port() const { return server_.port(); }
    // Makes the rooms act on deadlines the manual clock has passed.
    void check_deadlines() { server_.check_deadlines(); }

    // A connected client that said hello as `name`, speaking `protocol`.
    std::unique_ptr<ws_client> player(const std::string& name, int protocol = 1) {
        auto client = std::make_unique<ws_client>(port());
        client->send({{"type", "hello"}, {"name", name}, {"protocol", protocol}});
        auto welcome = client->receive();
        REQUIRE(welcome["type"] == "welcome");
        REQUIRE(welcome["protocol"] == protocol);
        client->token = welcome["token"];
        return client;
    }

private:
    server::server server_;
};

// The next message, past the counts of turns an account's connection hears at any time (#29).
inline nlohmann::json next_message(ws_client& client) {
    for (;;)
        if (auto message = client.receive(); message["type"] != "turns") return message;
}

// Creates a room as its first player; returns the room code.
inline std::string create_room(ws_client& client, const std::string& game,
                               const nlohmann::json& options) {
    client.send({{"type", "create_room"}, {"game", game}, {"options", options}});
    auto joined = next_message(client);
    REQUIRE(joined["type"] == "joined");
    REQUIRE(joined["seat"] == 0);
    auto snapshot = next_message(client);
    REQUIRE(snapshot["type"] == "snapshot");
    return joined["room"];
}

// Joins a room as a player in the next free seat; returns the first snapshot.
inline nlohmann::json join_room(ws_client& client, const std::string& code) {
    client.send({{"type", "join_room"}, {"room", code}});
    auto joined = next_message(client);
    REQUIRE(joined["type"] == "joined");
    REQUIRE(joined["as"] == "player");
    auto snapshot = next_message(client);
    REQUIRE(snapshot["type"] == "snapshot");
    return snapshot;
}

}  // namespace quadra::testing
