// Quick pairing across nodes (PROTOCOL.md `seek`, "Many nodes"): one pool of every node's seeks
// in PostgreSQL, the lobby listing them all, a seeker paired by another node sent there with its
// seat held, and the seeks of a dead node neither listed nor paired.

#include <doctest/doctest.h>

#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "tests/server/support/cluster_play.hpp"

using namespace cluster_play;

namespace {

// How many of `listing`'s seeks are by `name`.
long seeks_by(const json& listing, const std::string& name) {
    return std::count_if(listing["seeks"].begin(), listing["seeks"].end(),
                         [&](const json& seek) { return seek["name"] == name; });
}

// Reads `watcher`'s pushed listings until `wanted` holds for one (returned), or 5 s pass.
template <class Wanted>
std::optional<json> listing_where(member& watcher, Wanted wanted) {
    const auto deadline = steady::now() + milliseconds(5000);
    while (steady::now() < deadline) {
        auto got = watcher.next(milliseconds(20));
        if (got && (*got)["type"] == "rooms" && wanted(*got)) return got;
    }
    return std::nullopt;
}

// Where a seeker's pairing put it: the `paired` it got and, when another node paired it, the
// connection that followed the redirect there.
// NOLINTNEXTLINE(bugprone-exception-escape): a false positive, from json's noexcept members
struct seated_seeker {
    json paired;
    std::unique_ptr<member> there;  // null: paired by its own node
    json joined;
};

// After `seeker`'s seek: waits for its `paired` (into `out`), then takes the seat where it is held
// — on its own node (`joined` follows) or on the node a `redirect` names (joined again there with
// its token).
void take_seat(member& seeker, seated_seeker& out) {
    auto paired = seeker.wait_for("paired", milliseconds(10000));
    REQUIRE_MESSAGE(paired.has_value(), "never paired");
    out.paired = *paired;
    const auto deadline = steady::now() + milliseconds(5000);
    while (steady::now() < deadline) {
        auto got = seeker.next(milliseconds(50));
        if (!got) continue;
        if ((*got)["type"] == "joined") {
            out.joined = *got;
            return;
        }
        if ((*got)["type"] == "redirect") {
            CHECK((*got)["room"] == out.paired["room"]);
            CHECK(!got->contains("id"));
            out.there = std::make_unique<member>(port_of((*got)["url"]), "", seeker.token);
            out.joined = out.there->request({{"type", "join_room"}, {"room", out.paired["room"]}});
            return;
        }
    }
    FAIL("paired, but neither joined nor redirected");
}

}  // namespace

TEST_CASE("cluster: a seek on one node is listed on every node and pairs with a seek on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    member watcher(b.port(), "Watcher");
    REQUIRE(watcher.request({{"type", "list_rooms"}, {"subscribe", true}})["type"] == "rooms");

    // Ann seeks on A: B's lobby lists her seek within a second.
    member ann(a.port(), "Ann");
    const auto opened = steady::now();
    const auto seeking = ann.request({{"type", "seek"}, {"game", "kvadratura"}});
    REQUIRE_MESSAGE(seeking["type"] == "seeking", seeking.dump());
    const auto listed =
        listing_where(watcher, [](const json& listing) { return seeks_by(listing, "Ann") == 1; });
    const auto took = std::chrono::duration_cast<milliseconds>(steady::now() - opened).count();
    MESSAGE("a seek on A in B's lobby after " << took << " ms");
    REQUIRE(listed.has_value());
    CHECK(took < 1000);
    CHECK((*listed)["seeks"][0]["seek"] == seeking["seek"]);

    // Bob seeks the same on B: B pairs them, hosts the room and holds Ann's seat.
    member bob(b.port(), "Bob");
    const auto bob_seeking = bob.request({{"type", "seek"}, {"game", "kvadratura"}});
    REQUIRE(bob_seeking["type"] == "seeking");
    CHECK(bob_seeking["seek"] != seeking["seek"]);  // one sequence of ids for every node
    seated_seeker bob_seat;
    take_seat(bob, bob_seat);
    CHECK(bob_seat.there == nullptr);
    CHECK(bob_seat.joined["as"] == "player");

    // Ann hears `paired` and a redirect to B, and takes her held seat there.
    seated_seeker ann_seat;
    take_seat(ann, ann_seat);
    REQUIRE(ann_seat.there != nullptr);
    CHECK(ann_seat.there->port == b.port());
    CHECK(ann_seat.paired == json{{"type", "paired"},
                                  {"seek", seeking["seek"]},
                                  {"room", bob_seat.paired["room"]},
                                  {"seat", 1 - bob_seat.paired["seat"].get<int>()}});
    CHECK(ann_seat.joined == json{{"type", "joined"},
                                  {"id", ann_seat.joined["id"]},
                                  {"game_id", ann_seat.joined["game_id"]},
                                  {"commitment", ann_seat.joined["commitment"]},
                                  {"clock", {{"type", "none"}}},
                                  {"room", bob_seat.paired["room"]},
                                  {"as", "player"},
                                  {"seat", ann_seat.paired["seat"]},
                                  {"takebacks", true}});  // a casual 2-player room
    auto& ann_there = *ann_seat.there;
    REQUIRE(ann_there.wait_for("snapshot", milliseconds(2000)).has_value());
    CHECK(ann_there.last["status"] == "playing");
    const int ann_index = ann_seat.paired["seat"];
    CHECK(ann_there.last["seats"][ann_index]["name"] == "Ann");
    CHECK(ann_there.last["seats"][1 - ann_index]["name"] == "Bob");
    CHECK(b.metric("quadra_seeks_paired_remote_total") == 1);
    CHECK(a.metric("quadra_seeks_paired_remote_total") == 0);

    // Both seeks left every listing.
    CHECK(listing_where(watcher, [](const json& listing) {
              return listing["seeks"].empty();
          }).has_value());
    member late(a.port(), "Late");
    CHECK(late.request({{"type", "list_rooms"}})["seeks"].empty());
}

TEST_CASE("cluster: 24 clients seeking at once on two nodes are each paired exactly once") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    constexpr int seekers = 24;
    std::vector<std::unique_ptr<member>> players;
    players.reserve(seekers);
    for (int i = 0; i < seekers; ++i)
        players.push_back(
            std::make_unique<member>(i % 2 == 0 ? a.port() : b.port(), "P" + std::to_string(i)));

    std::vector<seated_seeker> seats(seekers);
    std::mutex checks;  // doctest's assertions are not thread-safe
    std::vector<std::thread> threads;
    threads.reserve(seekers);
    for (int i = 0; i < seekers; ++i)
        threads.emplace_back([&, i] {
            auto& player = *players[static_cast<std::size_t>(i)];
            const auto id = player.send({{"type", "seek"}, {"game", "kvadratura"}});
            std::optional<json> answer = player.reply_to(id, milliseconds(10000));
            std::lock_guard lock(checks);
            REQUIRE(answer.has_value());
            CHECK_MESSAGE((*answer)["type"] == "seeking", answer->dump());
        });
    for (auto& thread : threads) thread.join();
    for (std::size_t i = 0; i < players.size(); ++i) take_seat(*players[i], seats[i]);

    // Every room has both its seats, each taken by one seeker.
    std::map<std::string, std::set<int>> rooms;
    int redirected = 0;
    for (int i = 0; i < seekers; ++i) {
        const auto& seat = seats[static_cast<std::size_t>(i)];
        CHECK_MESSAGE(seat.joined["type"] == "joined", seat.joined.dump());
        CHECK(seat.joined["seat"] == seat.paired["seat"]);
        CHECK(rooms[seat.paired["room"]].insert(seat.paired["seat"].get<int>()).second);
        if (seat.there) ++redirected;
    }
    CHECK(rooms.size() == seekers / 2);
    for (const auto& [code, taken] : rooms) CHECK(taken == std::set<int>{0, 1});
    MESSAGE(redirected << " of " << seekers << " seekers were paired by the other node");
    CHECK(a.metric("quadra_seeks_paired_remote_total") +
              b.metric("quadra_seeks_paired_remote_total") ==
          redirected);

    // Nobody was paired twice: no second `paired` came.
    for (auto& player : players) {
        CHECK(!player->wait_for("paired", milliseconds(50)).has_value());
        CHECK(player->errors.empty());
    }
    member late(b.port(), "Late");
    CHECK(late.request({{"type", "list_rooms"}})["seeks"].empty());
}

TEST_CASE("cluster: the seeks of a node that died are neither listed nor paired") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    member ann(a.port(), "Ann");
    REQUIRE(ann.request({{"type", "seek"}, {"game", "kvadratura"}})["type"] == "seeking");
    member watcher(b.port(), "Watcher");
    const auto first = watcher.request({{"type", "list_rooms"}, {"subscribe", true}});
    if (seeks_by(first, "Ann") == 0)
        REQUIRE(listing_where(watcher, [](const json& l) { return seeks_by(l, "Ann") == 1; }));

    a.kill_hard();
    // Once its lease ran out (1 s), B's listing drops her seek.
    REQUIRE(listing_where(watcher, [](const json& l) { return seeks_by(l, "Ann") == 0; }));
    member bob(b.port(), "Bob");
    REQUIRE(bob.request({{"type", "seek"}, {"game", "kvadratura"}})["type"] == "seeking");
    CHECK(!bob.wait_for("paired", milliseconds(1500)).has_value());
    const auto now = watcher.request({{"type", "list_rooms"}});
    CHECK(seeks_by(now, "Ann") == 0);
    CHECK(seeks_by(now, "Bob") == 1);
}

TEST_CASE("cluster: rating ranges hold across nodes") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    // Ann on A takes only opponents rated 1600-2000; a guest counts as 1500.
    member ann(a.port(), "Ann");
    const auto picky = ann.request({{"type", "seek"},
                                    {"game", "kvadratura"},
                                    {"rating_range", {{"min", 1600}, {"max", 2000}}}});
    REQUIRE(picky["type"] == "seeking");
    member bob(b.port(), "Bob");
    REQUIRE(bob.request({{"type", "seek"}, {"game", "kvadratura"}})["type"] == "seeking");
    CHECK(!bob.wait_for("paired", milliseconds(1000)).has_value());
    CHECK(!ann.wait_for("paired", milliseconds(100)).has_value());
    // Cy on A takes anyone from 1400: paired with Bob (the oldest seek that accepts him), not Ann.
    member cy(a.port(), "Cy");
    REQUIRE(cy.request({{"type", "seek"},
                        {"game", "kvadratura"},
                        {"rating_range", {{"min", 1400}, {"max", 1600}}}})["type"] == "seeking");
    seated_seeker cy_seat;
    take_seat(cy, cy_seat);
    seated_seeker bob_seat;
    take_seat(bob, bob_seat);
    CHECK(cy_seat.paired["room"] == bob_seat.paired["room"]);
    CHECK(!ann.wait_for("paired", milliseconds(300)).has_value());
    const auto listing = cy.request({{"type", "list_rooms"}});
    CHECK(seeks_by(listing, "Ann") == 1);
    CHECK(listing["seeks"].size() == 1);
}

TEST_CASE("cluster: four seekers of a 4-player game on two nodes share one room") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    const json seek{{"type", "seek"}, {"game", "kvadrat"}, {"options", {{"players", 4}}}};
    std::vector<std::unique_ptr<member>> players;
    for (int i = 0; i < 4; ++i) {
        players.push_back(
            std::make_unique<member>(i % 2 == 0 ? a.port() : b.port(), "P" + std::to_string(i)));
        REQUIRE(players.back()->request(seek)["type"] == "seeking");
    }
    std::set<std::string> rooms;
    std::set<int> seats;
    int redirected = 0;
    for (auto& player : players) {
        seated_seeker seat;
        take_seat(*player, seat);
        CHECK(seat.joined["seat"] == seat.paired["seat"]);
        rooms.insert(seat.paired["room"].get<std::string>());
        seats.insert(seat.paired["seat"].get<int>());
        if (seat.there) ++redirected;
    }
    CHECK(rooms.size() == 1);
    CHECK(seats == std::set<int>{0, 1, 2, 3});
    // The fourth seek (on B) completed the group: B hosts it, A's two seekers came over.
    CHECK(redirected == 2);
    CHECK(b.metric("quadra_seeks_paired_remote_total") == 2);
}

TEST_CASE("cluster: a seek leaves every node's lobby with its connection") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    member watcher(b.port(), "Watcher");
    REQUIRE(watcher.request({{"type", "list_rooms"}, {"subscribe", true}})["type"] == "rooms");
    {
        member ann(a.port(), "Ann");
        REQUIRE(ann.request({{"type", "seek"}, {"game", "kvadratura"}})["type"] == "seeking");
        REQUIRE(listing_where(watcher, [](const json& l) { return seeks_by(l, "Ann") == 1; }));
    }  // Ann's connection closes
    const auto closed = steady::now();
    REQUIRE(listing_where(watcher, [](const json& l) { return seeks_by(l, "Ann") == 0; }));
    CHECK(steady::now() - closed < milliseconds(1000));
    member bob(b.port(), "Bob");
    REQUIRE(bob.request({{"type", "seek"}, {"game", "kvadratura"}})["type"] == "seeking");
    CHECK(!bob.wait_for("paired", milliseconds(1000)).has_value());
}
