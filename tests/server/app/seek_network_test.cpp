// Quick pairing over real WebSockets on 127.0.0.1: seeks pair into one room, a dropped connection
// takes its seek along, and many clients seeking at once are each paired exactly once.

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <thread>

#include "tests/server/support/requests.hpp"
#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

// Reads `paired`, then `joined` for the same seat; returns the `paired` message.
json paired(ws_client& c) {
    auto message = c.receive("paired");
    auto joined = c.receive("joined");
    CHECK(joined["room"] == message["room"]);
    CHECK(joined["seat"] == message["seat"]);
    CHECK(joined["as"] == "player");
    return message;
}

// The next lobby listing whose open seeks number `count`.
json seeks_listed(ws_client& watcher, std::size_t count) {
    for (int i = 0; i < 50; ++i) {
        auto rooms = watcher.receive("rooms");
        if (rooms["seeks"].size() == count) return rooms;
    }
    FAIL("the lobby never listed " << count << " seeks");
    return {};
}

}  // namespace

TEST_CASE("network: two compatible seeks make one room where both are seated and play") {
    test_server server;
    auto watcher = server.player("Wes");
    watcher->send({{"type", "list_rooms"}, {"subscribe", true}});
    CHECK(watcher->receive("rooms")["seeks"] == json::array());
    auto ann = server.player("Ann");
    auto bob = server.player("Bob");

    auto request = seek_for("kvadratura");
    request["id"] = "s1";
    ann->send(request);
    auto seeking = ann->receive("seeking");
    CHECK(seeking["id"] == "s1");
    auto listed = seeks_listed(*watcher, 1);
    CHECK(listed["seeks"][0]["name"] == "Ann");
    CHECK(listed["seeks"][0]["seek"] == seeking["seek"]);
    CHECK(listed.dump().find(ann->token) == std::string::npos);

    bob->send(seek_for("kvadratura"));
    bob->receive("seeking");
    auto for_ann = paired(*ann);
    auto for_bob = paired(*bob);
    CHECK(for_ann["room"] == for_bob["room"]);
    CHECK(for_ann["seek"] == seeking["seek"]);
    CHECK(std::set<int>{for_ann["seat"], for_bob["seat"]} == std::set<int>{0, 1});
    seeks_listed(*watcher, 0);

    // The room plays like any other: the seat to move moves.
    const std::string code = for_ann["room"];
    json seen;
    do seen = ann->receive("snapshot");
    while (seen["status"] != "playing");
    auto& first = seen["state"]["to_move"] == for_ann["seat"] ? *ann : *bob;
    first.send({{"type", "move"},
                {"room", code},
                {"move", seen["state"]["legal"][0]},
                {"version", seen["version"]},
                {"id", 5}});
    CHECK(first.receive("moved")["room"] == code);
}

TEST_CASE("network: incompatible seeks wait, and four seeks for 4-player Kvadrat fill one room") {
    test_server server;
    auto casual = server.player("Cas");
    casual->send(seek_for("kvadrat"));
    casual->receive("seeking");
    std::vector<std::unique_ptr<ws_client>> four;
    for (const auto* name : {"Ann", "Bob", "Cy", "Di"}) four.push_back(server.player(name));
    for (auto& c : four) {
        c->send(seek_for("kvadrat", {{"players", 4}}));
        c->receive("seeking");
    }
    std::set<std::string> rooms;
    std::set<int> seats;
    for (auto& c : four) {
        auto message = paired(*c);
        rooms.insert(message["room"].get<std::string>());
        seats.insert(message["seat"].get<int>());
    }
    CHECK(rooms.size() == 1);
    CHECK(seats == std::set<int>{0, 1, 2, 3});
    // The 2-player seek was not taken into the 4-player room.
    CHECK_FALSE(casual->try_receive(std::chrono::milliseconds(200)).has_value());
}

TEST_CASE("network: a dropped connection's seek is gone, and a later seek is not paired with it") {
    test_server server;
    auto watcher = server.player("Wes");
    watcher->send({{"type", "list_rooms"}, {"subscribe", true}});
    watcher->receive("rooms");
    auto ann = server.player("Ann");
    ann->send(seek_for("kvadratura"));
    ann->receive("seeking");
    seeks_listed(*watcher, 1);
    ann->drop();
    seeks_listed(*watcher, 0);
    auto bob = server.player("Bob");
    bob->send(seek_for("kvadratura"));
    bob->receive("seeking");
    seeks_listed(*watcher, 1);
    CHECK_FALSE(bob->try_receive(std::chrono::milliseconds(300)).has_value());
}

TEST_CASE("network: 24 clients seeking at once are each paired exactly once") {
    test_server server;
    constexpr int clients = 24;
    std::vector<std::unique_ptr<ws_client>> players;
    players.reserve(clients);
    for (int i = 0; i < clients; ++i) players.push_back(server.player("P" + std::to_string(i)));
    std::vector<std::thread> senders;
    senders.reserve(players.size());
    for (auto& p : players) senders.emplace_back([&p] { p->send(seek_for("kvadratura")); });
    for (auto& t : senders) t.join();
    std::map<std::string, std::set<int>> seated;
    for (auto& p : players) {
        p->receive("seeking");
        auto message = paired(*p);
        CHECK(seated[message["room"]].insert(message["seat"].get<int>()).second);
    }
    CHECK(seated.size() == clients / 2);
    for (const auto& [room, seats] : seated) CHECK(seats == std::set<int>{0, 1});
    for (auto& p : players) {
        // Nobody is paired a second time.
        for (auto next = p->try_receive(std::chrono::milliseconds(20)); next;
             next = p->try_receive(std::chrono::milliseconds(20)))
            CHECK(next->at("type") != "paired");
    }
}
