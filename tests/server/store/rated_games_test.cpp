// Which places a finished rated room gives its players (rated_game_of, PROTOCOL.md "ratings"):
// in a four-player game the winners first, then the seats still in the game by score, then the
// seats that retired, tied whatever squares they held when they left.

#include <doctest/doctest.h>

#include <vector>

#include "rules/registry.hpp"
#include "server/rooms/room.hpp"
#include "server/store/rated_games.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using namespace quadra::protocol;
using quadra::testing::listener;
using quadra::testing::snapshot_of;

namespace {

// A rated four-player Kvadrat room with Ann, Bob, Cy and Di seated (seats 0-3), all accounts.
struct four_players {
    std::shared_ptr<os_dice> dice = std::make_shared<os_dice>();
    identity_registry identities{100, nullptr};
    std::vector<std::shared_ptr<identity>> who;
    std::vector<std::shared_ptr<listener>> link;
    outbox out;
    room r = make();

    room make() {
        room_policy policy;
        policy.rated = true;
        policy.time = std::make_shared<manual_time>();
        auto made = quadra::rules::create_game("kvadrat", {{"players", std::int64_t{4}}});
        REQUIRE(made);
        room made_room("ROOM01", std::move(made).value(), true, dice, policy);
        for (const char* name : {"Ann", "Bob", "Cy", "Di"}) {
            who.push_back(identities.create(name));
            who.back()->set_account(name);
            link.push_back(std::make_shared<listener>());
            made_room.join(link.back(), who.back(), {"ROOM01", role::player, {}}, {}, out);
        }
        return made_room;
    }
    void move(int seat, const std::string& cell) {
        r.move(link[seat], {"ROOM01", cell, snapshot_of(r)["version"].get<std::int64_t>()}, {},
               out);
        REQUIRE(snapshot_of(r)["state"]["to_move"] != seat);
    }
    void resign(int seat) { r.resign(link[seat], {}, out); }
    // Each seat's place, 0 the best, in seat order.
    std::vector<int> places() {
        const auto rated = rated_game_of(r);
        REQUIRE(rated.has_value());
        CHECK(rated->key == "kvadrat.4p");
        std::vector<int> out_places;
        for (const auto& player : rated->players) out_places.push_back(player.place);
        return out_places;
    }
};

}  // namespace

TEST_CASE("four players: the last seat left wins and every seat that resigned is tied after it") {
    four_players t;
    REQUIRE(t.r.status() == room_status::playing);
    t.move(0, "h3");  // Black holds a square
    t.resign(1);      // White leaves with none
    t.resign(2);      // Red too
    t.move(3, "m8");  // Blue holds a square, then leaves
    REQUIRE(snapshot_of(t.r)["state"]["scores"] == nlohmann::json{1, 0, 0, 1});
    t.resign(3);
    REQUIRE(t.r.status() == room_status::finished);
    REQUIRE(t.r.final_result()->winners == std::vector<int>{0});
    // Blue's square, held when it resigned, does not lift it above White and Red.
    CHECK(t.places() == std::vector<int>{0, 1, 1, 1});
}
