// Ratings end to end with the real binary (#17): two accounts finish a rated game, the server is
// killed with -9 and started again on the same data directory, twice. Each player's rating
// changed exactly once: the update is part of the transaction that stored the result, and
// nothing after a restart rates the game again.

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/server/support/server_process.hpp"
#include "tests/server/support/ws_client.hpp"

using nlohmann::json;
using quadra::testing::http_fetch;
using quadra::testing::server_process;
using quadra::testing::ws_client;

namespace {

// A new guest turned into the account `name`.
std::unique_ptr<ws_client> account(unsigned short port, const std::string& name) {
    auto client = std::make_unique<ws_client>(port);
    client->send({{"type", "hello"}, {"name", name}});
    client->token = client->receive("welcome")["token"];
    client->send({{"type", "register"}, {"name", name}, {"password", name + "-secret-words"}});
    CHECK(client->receive("welcome")["account"] == name);
    return client;
}

// The profile of `name` as /api/users/{name} gives it.
json profile(unsigned short port, const std::string& name) {
    const auto response = http_fetch(port, "/api/users/" + name);
    REQUIRE(response.status == 200);
    return json::parse(response.body);
}

}  // namespace

TEST_CASE("a rated game finished, then the server killed and restarted: each rating changed once") {
    const quadra::testing::scratch_dir dir("rated-restart");
    std::string game_id;
    json after_game;  // Ann's and Bob's profiles right after the game
    {
        server_process server(dir.string());
        auto ann = account(server.port(), "Ann");
        auto bob = account(server.port(), "Bob");
        ann->send({{"type", "create_room"}, {"game", "quadwrangle"}, {"rated", true}});
        const std::string code = ann->receive("joined")["room"];
        bob->send({{"type", "join_room"}, {"room", code}});
        CHECK(bob->receive("joined")["seat"] == 1);
        bob->send({{"type", "resign"}, {"room", code}});
        json last;
        do last = bob->receive("snapshot");
        while (last["status"] != "finished");
        game_id = last["game_id"];
        // A snapshot goes out only after its events are committed, the rating with the result.
        after_game = {{"Ann", profile(server.port(), "Ann")},
                      {"Bob", profile(server.port(), "Bob")}};
        server.kill_hard();
    }
    const auto& ann = after_game["Ann"];
    const auto& bob = after_game["Bob"];
    REQUIRE(ann["ratings"].size() == 1);
    REQUIRE(bob["ratings"].size() == 1);
    CHECK(ann["ratings"][0]["key"] == "quadwrangle.untimed");
    CHECK(ann["ratings"][0]["games"] == 1);
    CHECK(ann["ratings"][0]["rating"].get<int>() > 1500);
    CHECK(bob["ratings"][0]["rating"].get<int>() < 1500);
    REQUIRE(ann["history"].size() == 1);
    CHECK(ann["history"][0]["game_id"] == game_id);

    for (int restart = 1; restart <= 2; ++restart) {
        CAPTURE(restart);
        server_process server(dir.string());
        for (const auto* name : {"Ann", "Bob"}) {
            const auto now = profile(server.port(), name);
            CHECK(now["ratings"] == after_game[name]["ratings"]);
            CHECK(now["history"] == after_game[name]["history"]);
            CHECK(now["records"] == after_game[name]["records"]);
        }
        server.kill_hard();
    }
}
