// Protocols 1 and 2 in one room over real connections: each member gets the snapshot in the form
// it chose in hello, and both forms show the same state at every step of a game.

#include <doctest/doctest.h>

#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

// Protocol 2's `compact` shows what protocol 1's `full` shows (PROTOCOL.md "Protocol 2").
void check_same_state(const json& full, const json& compact) {
    INFO("protocol 1: ", full.dump(), "\nprotocol 2: ", compact.dump());
    CHECK(compact["room"] == full["room"]);
    CHECK(compact["v"] == full["version"]);
    CHECK(compact["pos"] == full["state"]["position"]);
    CHECK(compact.value("legal", 0) == full["state"]["legal"].size());
    CHECK(compact.value("last", json()) == full["last_move"]);
    CHECK(compact.value("watch", 0) == full["spectators"]);
    CHECK(compact.value("tb", json()) == full.value("takeback", json()));
    CHECK(compact.value("st", full["result"].is_null() ? "playing" : "finished") == full["status"]);
    REQUIRE(compact["seats"].size() == full["seats"].size());
    for (std::size_t s = 0; s < full["seats"].size(); ++s)
        CHECK(compact["seats"][s]["name"] == full["seats"][s]["name"]);
    if (full["result"].is_null()) {
        CHECK_FALSE(compact.contains("result"));
    } else {
        CHECK(compact["result"]["by"] == full["result"]["code"]);
        CHECK(compact["result"]["win"] == full["result"]["winners"]);
        CHECK(compact["result"].value("fig", json::object()) == full["result"]["figures"]);
    }
    CHECK(compact.dump().size() * 4 <= full.dump().size());
}

// Ann speaks 1, Bob and the spectator Sue 2; they play `plies` moves of `game` (all of it when
// it ends sooner), checking both forms of every snapshot. The last protocol 2 snapshot.
json play_in_both_forms(const std::string& game, const json& options, int plies) {
    test_server server;
    auto ann = server.player("Ann", 1);
    auto bob = server.player("Bob", 2);
    auto sue = server.player("Sue", 2);

    const auto code = create_room(*ann, game, options);
    bob->send({{"type", "join_room"}, {"room", code}});
    const auto joined = bob->receive("joined");
    bob->receive("snapshot");
    auto full = ann->receive("snapshot");  // Bob took seat 1: the game starts
    // The room's constants came in `joined`; protocol 1 repeats them in every snapshot.
    CHECK(joined["game_id"] == full["game_id"]);
    CHECK(joined["commitment"] == full["commitment"]);
    CHECK(joined["clock"] == json{{"type", "none"}});

    sue->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    sue->receive("joined");
    auto compact = sue->receive("snapshot");
    full = ann->receive("snapshot");
    CHECK(bob->receive("snapshot") == compact);
    check_same_state(full, compact);

    std::vector<ws_client*> seats{ann.get(), bob.get()};
    for (int ply = 0; ply < plies && full["status"] == "playing"; ++ply) {
        const auto& legal = full["state"]["legal"];
        const auto move = legal[static_cast<std::size_t>(ply * 5) % legal.size()];
        // Each sends back the version its own form showed.
        const int to_move = full["state"]["to_move"];
        const json version = to_move == 0 ? full["version"] : compact["v"];
        seats[static_cast<std::size_t>(to_move)]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", version}});
        full = ann->receive("snapshot");
        compact = sue->receive("snapshot");
        CHECK(bob->receive("snapshot") == compact);
        check_same_state(full, compact);
    }
    return compact;
}

}  // namespace

TEST_CASE("players and a spectator on protocols 1 and 2 play a game to its end, each in its form") {
    const auto last = play_in_both_forms("kvadratura", {{"size", 4}}, 40);
    CHECK(last.contains("result"));
    CHECK_FALSE(last.contains("legal"));
}

TEST_CASE("every game shows the same state in both forms") {
    for (const char* game : {"quadrature", "quadwrangle", "kvadrat", "kvadratura"}) {
        INFO(game);
        play_in_both_forms(game, json::object(), 12);
    }
}

TEST_CASE("a hello for protocol 3 is refused and the connection still speaks nothing") {
    test_server server;
    ws_client client(server.port());
    client.send({{"type", "hello"}, {"protocol", 3}, {"id", 1}});
    const auto refused = client.receive();
    CHECK(refused["code"] == "unsupported_protocol");
    CHECK(refused["id"] == 1);
    client.send({{"type", "create_room"}, {"game", "kvadratura"}});
    CHECK(client.receive()["code"] == "not_identified");
}
