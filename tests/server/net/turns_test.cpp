// "Your turn, everywhere" on one node over real WebSockets (#29): every connection of an account
// hears how many games wait for its move whenever that changes, and my_games lists those games
// first with their deadline. Guests hear nothing of it.

#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

// The count of the next `turns` message `client` gets.
json turns_count(ws_client& client) { return client.receive("turns")["count"]; }

// `client` signed in with `token` on a connection of its own, as a second tab.
void second_tab(ws_client& client, const std::string& token) {
    client.send({{"type", "hello"}, {"token", token}});
    answer(client, "welcome");
}

}  // namespace

TEST_CASE("turns: every tab of an account hears its count; my_games lists its turns first") {
    scratch_dir data("turns");
    server_process server(data.string());
    ws_client ann(server.port());
    const auto ann_token = registered(ann, "Ann");
    ws_client ann_phone(server.port());
    second_tab(ann_phone, ann_token);
    ws_client bob(server.port());
    registered(bob, "Bob");

    // A game Ann waits in, and one with a clock where she moves first once Bob joins.
    const auto waiting = create_room(bob, "kvadratura", {{"size", 4}});
    join_room(ann, waiting);
    CHECK(turns_count(bob) == 1);  // Bob (seat 0) is to move there
    ann.send({{"type", "create_room"},
              {"game", "kvadratura"},
              {"options", {{"size", 4}}},
              {"clock", {{"type", "per_move"}, {"seconds", 86400}}}});
    const std::string code = answer(ann, "joined")["room"];
    const auto before = std::chrono::system_clock::now();
    bob.send({{"type", "join_room"}, {"room", code}});
    answer(bob, "joined");
    CHECK(turns_count(ann) == 1);
    CHECK(turns_count(ann_phone) == 1);

    ann.send({{"type", "my_games"}});
    const auto games = answer(ann, "my_games");
    CHECK(games["your_turn"] == 1);
    REQUIRE(games["running"].size() == 2);
    CHECK(games["running"][0]["room"] == code);  // hers first
    CHECK(games["running"][0]["your_turn"] == true);
    const auto day_from_now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  (before + std::chrono::hours(24)).time_since_epoch())
                                  .count();
    CHECK(games["running"][0]["deadline"].get<std::int64_t>() >= day_from_now);
    CHECK(games["running"][0]["deadline"].get<std::int64_t>() < day_from_now + 60000);
    CHECK_FALSE(games["running"][1].contains("your_turn"));

    // Ann moves: both her tabs go to 0 and Bob's count grows to 2.
    ann.send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}});
    CHECK(turns_count(ann_phone) == 0);
    CHECK(turns_count(ann) == 0);
    CHECK(turns_count(bob) == 2);

    // A guest has no count, and hears none.
    ws_client guest(server.port());
    guest.send({{"type", "hello"}, {"name", "Zed"}});
    answer(guest, "welcome");
    guest.send({{"type", "my_games"}});
    CHECK_FALSE(answer(guest, "my_games").contains("your_turn"));
}
