// Many nodes end to end (PROTOCOL.md `redirect`, "Many nodes"): redirects to the owner, the lobby
// across nodes and joins racing a close, and the SIGTERM drain that sends clients elsewhere.

#include <doctest/doctest.h>

#include "tests/server/support/cluster_play.hpp"

using namespace cluster_play;

TEST_CASE("cluster: a join on another node is redirected to the owner, which seats the player") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    member ann(b.port(), "Ann");
    const auto created = ann.request({{"type", "create_room"}, {"game", "kvadratura"}});
    REQUIRE(created["type"] == "joined");
    const std::string code = created["room"];

    // Bob asks node A, which does not own the room: the answer names B, with Bob's request id.
    member bob_at_a(a.port(), "Bob");
    const auto join_id = bob_at_a.send({{"type", "join_room"}, {"room", code}});
    const auto redirect = bob_at_a.reply_to(join_id, milliseconds(5000));
    REQUIRE(redirect.has_value());
    CHECK(*redirect ==
          json{{"type", "redirect"}, {"id", join_id}, {"room", code}, {"url", b.url()}});
    CHECK(bob_at_a.snapshots.empty());

    // He follows it with his token, is seated and plays.
    member bob(port_of((*redirect)["url"]), "", bob_at_a.token);
    const auto joined = bob.request({{"type", "join_room"}, {"room", code}});
    CHECK(joined == json{{"type", "joined"},
                         {"id", joined["id"]},
                         {"game_id", joined["game_id"]},
                         {"commitment", joined["commitment"]},
                         {"clock", {{"type", "none"}}},
                         {"room", code},
                         {"as", "player"},
                         {"seat", 1},
                         {"takebacks", true}});  // a casual 2-player room
    REQUIRE(bob.wait_for("snapshot", milliseconds(2000)).has_value());
    CHECK(bob.last["status"] == "playing");
    CHECK(bob.last["seats"][1]["name"] == "Bob");
    REQUIRE(ann.wait_for("snapshot", milliseconds(2000)).has_value());
    ann.settle(milliseconds(200));
    CHECK(ann.last["status"] == "playing");

    member* players[2] = {&ann, &bob};
    for (int ply = 0; ply < 2; ++ply) {
        auto& mover = *players[ann.last["state"]["to_move"].get<int>()];
        const auto reply = mover.move(code, pick(mover.last, ply));
        REQUIRE_MESSAGE(reply["type"] == "moved", reply.dump());
        CHECK(reply["version"] == ply + 1);
        for (auto* p : players)
            while (p->last["version"] != ply + 1) REQUIRE(p->next(milliseconds(2000)));
    }
    CHECK(bob.acks.size() == 1);

    // A spectator asking A is sent to B too, and sees the same room there.
    member cy_at_a(a.port(), "Cy");
    const auto watch_id =
        cy_at_a.send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    const auto watch_redirect = cy_at_a.reply_to(watch_id, milliseconds(5000));
    REQUIRE(watch_redirect.has_value());
    CHECK(*watch_redirect ==
          json{{"type", "redirect"}, {"id", watch_id}, {"room", code}, {"url", b.url()}});
    member cy(port_of((*watch_redirect)["url"]), "", cy_at_a.token);
    const auto watching = cy.request({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(watching["type"] == "joined");
    CHECK(watching["as"] == "spectator");
    CHECK(watching["seat"].is_null());
    REQUIRE(cy.wait_for("snapshot", milliseconds(2000)).has_value());
    CHECK(cy.last["version"] == 2);
    CHECK(cy.last["state"] == bob.last["state"]);
    CHECK(cy.last["spectators"] == 1);
}

TEST_CASE(
    "cluster: the lobbies of two nodes converge within 1 s, and a join racing a room's "
    "close ends cleanly") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    member watcher(b.port(), "Watcher");
    const auto first = watcher.request({{"type", "list_rooms"}, {"subscribe", true}});
    REQUIRE(first["type"] == "rooms");
    CHECK(first["rooms"].empty());

    auto listed = [&](const json& rooms, const std::string& code) {
        return std::count_if(rooms.begin(), rooms.end(),
                             [&](const json& r) { return r["room"] == code; });
    };
    // A waits for a push from B's lobby naming `code` (or no longer naming it).
    auto pushed = [&](const std::string& code, bool present) -> std::optional<json> {
        const auto deadline = steady::now() + milliseconds(5000);
        while (steady::now() < deadline) {
            auto got = watcher.next(milliseconds(50));
            if (got && (*got)["type"] == "rooms" && (listed((*got)["rooms"], code) > 0) == present)
                return got;
        }
        return std::nullopt;
    };

    // A public room opens on A: B's subscribers see it within 1 s (a "lobby" notice).
    member ann(a.port(), "Ann");
    const auto opened = steady::now();
    const auto created = ann.request({{"type", "create_room"}, {"game", "kvadratura"}});
    REQUIRE(created["type"] == "joined");
    const std::string code = created["room"];
    const auto seen = pushed(code, true);
    const auto took = std::chrono::duration_cast<milliseconds>(steady::now() - opened).count();
    MESSAGE("a new room on A in B's lobby after " << took << " ms");
    REQUIRE(seen.has_value());
    CHECK(took < 1000);
    CHECK(listed((*seen)["rooms"], code) == 1);

    // Its owner dies. Once the lease is over, B lists it once, as its own room (B's sweep took
    // it over: Ann holds its seat), or not at all.
    a.kill_hard();
    std::this_thread::sleep_for(milliseconds(3000));
    const auto after = watcher.request({{"type", "list_rooms"}});
    REQUIRE(after["type"] == "rooms");
    const auto count = listed(after["rooms"], code);
    MESSAGE("B lists the dead owner's room " << count << " time(s)");
    CHECK(count <= 1);
    if (count == 1) {
        member bob(b.port(), "Bob");
        const auto joined = bob.request({{"type", "join_room"}, {"room", code}});
        CHECK_MESSAGE(joined["type"] == "joined", joined.dump());
    }

    // Node C closes a waiting room nobody is in after one second.
    cluster_node_process c(db, "c", 1, {"--waiting-expiry-seconds", "1"});
    {
        // A waiting room its only player left stays joinable, from either node.
        member creator(c.port(), "Cy");
        const auto made = creator.request({{"type", "create_room"}, {"game", "kvadratura"}});
        REQUIRE(made["type"] == "joined");
        REQUIRE(creator.request({{"type", "leave_room"}, {"room", made["room"]}})["type"] ==
                "left");
        std::this_thread::sleep_for(milliseconds(400));  // a lobby pass writes the directory
        member far(b.port(), "Eve");
        auto there = far.request({{"type", "join_room"}, {"room", made["room"]}});
        REQUIRE_MESSAGE(there["type"] == "redirect", there.dump());
        CHECK(there["url"] == c.url());
        member followed(c.port(), "", far.token);
        there = followed.request({{"type", "join_room"}, {"room", made["room"]}});
        CHECK_MESSAGE(there["type"] == "joined", there.dump());
    }
    // A join racing the close of a room (its only player left a waiting room on C a second
    // ago, so that it expires about now): either the room closed first and the join gets
    // no_such_room, or the join came first and the room lives on with the joiner, so that a
    // third player, asking the other node, finds it too.
    std::map<std::string, int> outcomes;  // joined, or the error's code
    for (int round = 0; round < 10; ++round) {
        member creator(c.port(), "Cy");
        member racer(c.port(), "Dee");
        const auto made = creator.request({{"type", "create_room"}, {"game", "kvadratura"}});
        REQUIRE(made["type"] == "joined");
        const std::string racing = made["room"];
        REQUIRE(creator.request({{"type", "leave_room"}, {"room", racing}})["type"] == "left");
        // From well before the expiry to just after it, in 25 ms steps.
        std::this_thread::sleep_for(milliseconds(880 + 25 * round));
        const auto raced = racer.request({{"type", "join_room"}, {"room", racing}});
        const bool lives = raced["type"] == "joined";
        ++outcomes[lives ? "joined" : raced["code"].get<std::string>()];
        if (!lives) CHECK_MESSAGE(raced["code"] == "no_such_room", raced.dump());

        std::this_thread::sleep_for(milliseconds(400));  // a lobby pass writes the directory
        member far(b.port(), "Eve");
        auto reply = far.request({{"type", "join_room"}, {"room", racing}});
        if (reply["type"] == "redirect") {
            CHECK(reply["url"] == c.url());
            member followed(c.port(), "", far.token);
            reply = followed.request({{"type", "join_room"}, {"room", racing}});
        }
        if (lives) {
            CHECK_MESSAGE(reply["type"] == "joined",
                          "the racer joined, the room is gone: " << reply.dump());
        } else {
            CHECK_MESSAGE(reply["code"] == "no_such_room", reply.dump());
        }
    }
    MESSAGE("joins racing a close: " << json(outcomes).dump());
    CHECK(b.health().first == 200);
    CHECK(c.health().first == 200);
}

TEST_CASE(
    "cluster: a room whose first write is held up by the database still reaches the other "
    "node's lobby") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    member watcher(b.port(), "Watcher");
    REQUIRE(watcher.request({{"type", "list_rooms"}, {"subscribe", true}})["type"] == "rooms");

    // A transaction holds the games table for a second: the new room's first write (its game
    // and directory rows) waits, while A's lobby passes try to list the room that is not stored.
    nlohmann::json created;
    {
        const quadra::testing::held_lock games_held(db, "LOCK TABLE games IN EXCLUSIVE MODE", 1);
        member ann(a.port(), "Ann");
        created = ann.request({{"type", "create_room"}, {"game", "kvadratura"}});
    }
    REQUIRE(created["type"] == "joined");
    const std::string code = created["room"];

    // Listed once stored (a pass at most 200 ms later).
    std::optional<json> seen;
    const auto deadline = steady::now() + milliseconds(5000);
    while (!seen && steady::now() < deadline) {
        auto got = watcher.next(milliseconds(50));
        if (got && (*got)["type"] == "rooms")
            for (const auto& room : (*got)["rooms"])
                if (room["room"] == code) seen = got;
    }
    CHECK_MESSAGE(seen.has_value(), "B's lobby never listed " << code);
}

TEST_CASE(
    "cluster: SIGTERM sends every client of the node to another node once, and they "
    "play on there") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    auto one = new_duel(a.port(), "kvadratura");
    auto two = new_duel(a.port(), "quadwrangle");
    one.play(pick(one.p[0]->last, 0));
    two.play(next_turn_step(two.p[0]->last));
    member cy(a.port(), "Cy");
    REQUIRE(cy.request({{"type", "join_room"}, {"room", one.code}, {"as", "spectator"}})["type"] ==
            "joined");

    a.process().signal(SIGTERM);
    struct client {
        member* m;
        std::string code;
        std::string as;
    };
    const std::vector<client> clients = {{one.p[0].get(), one.code, "player"},
                                         {one.p[1].get(), one.code, "player"},
                                         {two.p[0].get(), two.code, "player"},
                                         {two.p[1].get(), two.code, "player"},
                                         {&cy, one.code, "spectator"}};
    for (const auto& c : clients) {
        const auto before = c.m->redirects.size();
        const auto deadline = steady::now() + milliseconds(10000);
        while (!c.m->closed && steady::now() < deadline) c.m->next(milliseconds(100));
        CHECK(c.m->closed);
        REQUIRE(c.m->redirects.size() == before + 1);
        CHECK(c.m->redirects.back() ==
              json{{"type", "redirect"}, {"room", c.code}, {"url", b.url()}});
    }
    CHECK(a.process().wait_exit(10) == 0);

    // Each comes back on B with its token and the room goes on.
    std::vector<std::unique_ptr<member>> again;
    for (const auto& c : clients) {
        const auto before = c.m->last;
        again.push_back(
            enter_room(port_of(c.m->redirects.back()["url"]), c.m->token, c.code, c.as));
        CHECK(again.back()->last["version"] == before["version"]);
        CHECK(again.back()->last["state"] == before["state"]);
    }
    for (auto* d : {&one, &two}) {
        duel there;
        const auto base = d == &one ? 0 : 2;
        there.p[0] = std::move(again[base]);
        there.p[1] = std::move(again[base + 1]);
        there.code = d->code;
        there.play(d == &one ? pick(there.p[0]->last, 1) : next_turn_step(there.p[0]->last));
        check_journal(db, d->game_id);
    }
    CHECK(b.metric("quadra_takeovers_total") == 2);

    // Everyone leaves: B sees every connection close, and its own SIGTERM waits for none.
    again.clear();
    CHECK(eventually([&] { return b.metric("quadra_connections") == 0; }, milliseconds(2000),
                     milliseconds(50)));
    const auto stopping = steady::now();
    b.process().signal(SIGTERM);
    CHECK(b.process().wait_exit(10) == 0);
    MESSAGE(
        "B exited " << std::chrono::duration_cast<milliseconds>(steady::now() - stopping).count()
                    << " ms after SIGTERM");
    CHECK(steady::now() - stopping < milliseconds(3000));
}

TEST_CASE(
    "cluster: a finished room everyone left leaves its owner's memory, stays its own, and comes "
    "back for a join from any node") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    std::string code;
    {
        auto d = new_duel(a.port(), "kvadratura");
        code = d.code;
        REQUIRE(d.p[0]->request({{"type", "resign"}, {"room", code}})["type"] == "done");
        d.catch_up(0);
        REQUIRE(d.p[1]->wait_for("snapshot", milliseconds(2000)).has_value());
        CHECK(d.p[1]->last["status"] == "finished");
    }  // both players go
    // Unloaded: A hosts nothing, and its sweeps (twice a second, with a 1 s lease) do not take
    // the room back.
    bool unloaded = false;
    for (int i = 0; i < 100 && !unloaded; ++i) {
        unloaded = a.health().second["rooms"] == 0;
        if (!unloaded) std::this_thread::sleep_for(milliseconds(20));
    }
    CHECK(unloaded);
    std::this_thread::sleep_for(milliseconds(2500));
    CHECK(a.health().second["rooms"] == 0);
    CHECK(a.metric("quadra_takeovers_total") == 0);

    // A reader asks B: sent to A, which still owns it and brings it back from the store.
    member reader(b.port(), "Rea");
    auto reply = reader.request({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    REQUIRE_MESSAGE(reply["type"] == "redirect", reply.dump());
    CHECK(reply["url"] == a.url());
    member followed(a.port(), "", reader.token);
    reply = followed.request({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK_MESSAGE(reply["type"] == "joined", reply.dump());
    REQUIRE(followed.wait_for("snapshot", milliseconds(2000)).has_value());
    CHECK(followed.last["status"] == "finished");
    CHECK(followed.last["result"]["by"] == "resign");
    CHECK(a.health().second["rooms"] == 1);
}

TEST_CASE("cluster: a node whose players just left still drains and exits on SIGTERM") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    {
        auto finished = new_duel(a.port(), "kvadratura");
        REQUIRE(finished.p[1]->request({{"type", "resign"}, {"room", finished.code}})["type"] ==
                "done");
        auto playing = new_duel(a.port(), "kvadratura");
        for (int n = 0; n < 2; ++n) playing.play(pick(playing.p[0]->last, n));
    }  // every player leaves: the finished room is unloaded, the other waits for them
    a.process().signal(SIGTERM);
    CHECK_MESSAGE(a.process().wait_exit(15) == 0, a.process().log());
}
