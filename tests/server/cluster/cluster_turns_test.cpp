// "Your turn" on two nodes of one shared store (#29): an account's connection on node b hears its
// count when a game on node a comes to its turn, and my_games there counts it.

#include <doctest/doctest.h>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/cluster_fixture.hpp"
#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;

TEST_CASE("cluster: a turn in a game on one node reaches the account's tab on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    ws_client ann(a.port());
    const auto token = registered(ann, "Ann");
    ws_client ann_elsewhere(b.port());
    ann_elsewhere.send({{"type", "hello"}, {"token", token}});
    answer(ann_elsewhere, "welcome");
    ws_client bob(a.port());
    registered(bob, "Bob");

    const auto code = create_room(bob, "kvadratura", {{"size", 4}});
    join_room(ann, code);
    bob.send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}});
    const auto sent = steady::now();
    CHECK(ann_elsewhere.receive("turns")["count"] == 1);
    MESSAGE("turns reached node b "
            << std::chrono::duration_cast<milliseconds>(steady::now() - sent).count()
            << " ms after the move on a");
    ann_elsewhere.send({{"type", "my_games"}});
    CHECK(answer(ann_elsewhere, "my_games")["your_turn"] == 1);
}
