// Challenges on two nodes of one shared store (#29): a challenge sent on node a reaches the
// challenged account's tab on node b, which accepts it there; the challenger on a learns the room
// and is sent to b to take its seat. A correspondence seek opened on a is listed on b, taken
// there, and its seeker on a told. Notifications: a device subscribed on one node hears of a
// challenge sent on the other, signed with the one VAPID key both nodes give.

#include <doctest/doctest.h>

#include "server/push/web_push_crypto.hpp"
#include "tests/server/support/account_client.hpp"
#include "tests/server/support/cluster_fixture.hpp"
#include "tests/server/support/push_service.hpp"
#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

// `client` signed in with the session `token` (a second tab, on another node).
void signed_in(ws_client& client, const std::string& token) {
    client.send({{"type", "hello"}, {"token", token}});
    answer(client, "welcome");
}

// The next `challenges` list `client` hears whose first outgoing challenge is `status`.
json outgoing_once(ws_client& client, const std::string& status) {
    for (;;) {
        auto lists = client.receive("challenges");
        if (!lists["outgoing"].empty() && lists["outgoing"][0]["status"] == status)
            return lists["outgoing"][0];
    }
}

}  // namespace

TEST_CASE("cluster: a challenge sent on one node is accepted on another; both sit in its room") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    ws_client ann(a.port());
    const auto ann_token = registered(ann, "Ann");
    ws_client bob(b.port());
    registered(bob, "Bob");

    ann.send({{"type", "challenge"},
              {"to", "Bob"},
              {"game", "kvadratura"},
              {"clock", {{"type", "per_move"}, {"seconds", 3 * 86400}}}});
    const auto id = answer(ann, "challenge_sent")["challenge"]["challenge"];
    const auto heard = bob.receive("challenges");
    REQUIRE(heard["incoming"].size() == 1);
    CHECK(heard["incoming"][0]["challenge"] == id);
    CHECK(heard["incoming"][0]["expires_ms"].get<std::int64_t>() -
              heard["incoming"][0]["created_ms"].get<std::int64_t>() ==
          3 * 86400 * 1000LL);

    bob.send({{"type", "accept_challenge"}, {"challenge", id}});
    const std::string room = answer(bob, "challenge_updated")["challenge"]["room"];
    CHECK(answer(bob, "joined")["as"] == "player");
    CHECK(outgoing_once(ann, "accepted")["room"] == room);

    // The room is on b: Ann is sent there, and takes the seat held for her.
    ann.send({{"type", "join_room"}, {"room", room}});
    const auto redirect = answer(ann, "redirect");
    CHECK(port_of(redirect["url"]) == b.port());
    ws_client ann_at_b(b.port());
    signed_in(ann_at_b, ann_token);
    ann_at_b.send({{"type", "join_room"}, {"room", room}});
    CHECK(answer(ann_at_b, "joined")["as"] == "player");
    CHECK(answer(ann_at_b, "snapshot")["status"] == "playing");
}

TEST_CASE("cluster: a correspondence seek from one node is listed and taken on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    ws_client ann(a.port());
    registered(ann, "Ann");
    ws_client cy(b.port());
    registered(cy, "Cy");
    ws_client watcher(b.port());
    watcher.send({{"type", "hello"}, {"name", "Watcher"}});
    answer(watcher, "welcome");
    watcher.send({{"type", "list_rooms"}, {"subscribe", true}});
    CHECK(answer(watcher, "rooms")["open_challenges"].empty());

    ann.send({{"type", "seek"},
              {"game", "quadrature"},
              {"clock", {{"type", "per_move"}, {"seconds", 86400}}}});
    const auto id = answer(ann, "challenge_sent")["challenge"]["challenge"];
    json listed;
    do listed = watcher.receive("rooms")["open_challenges"];
    while (listed.empty());
    CHECK(listed[0]["challenge"] == id);
    CHECK(listed[0]["from"] == "Ann");

    cy.send({{"type", "accept_challenge"}, {"challenge", id}});
    const std::string room = answer(cy, "challenge_updated")["challenge"]["room"];
    answer(cy, "joined");
    const auto told = outgoing_once(ann, "accepted");
    CHECK(told["room"] == room);
    CHECK(told["by"] == "Cy");
    do listed = watcher.receive("rooms")["open_challenges"];
    while (!listed.empty());
}

TEST_CASE("cluster: a device subscribed on one node hears a challenge sent on the other") {
    const auto db = shared_postgres().fresh_database();
    scratch_dir certificates("cluster-push");
    push_service service(certificates.path);
    const std::vector<std::string> trust = {"--push-ca-file", service.certificate().string()};
    cluster_node_process a(db, "a", 2, trust);
    cluster_node_process b(db, "b", 2, trust);
    const auto key_of = [](unsigned short port) {
        return json::parse(http_fetch(port, "/api/push/key").body)["key"].get<std::string>();
    };
    const auto key = key_of(a.port());
    CHECK(key_of(b.port()) == key);  // one key, made by whichever node started first

    ws_client bob(a.port());
    registered(bob, "Bob");
    const auto device = quadra::server::push::key_pair::generate();
    const quadra::server::push::auth_secret auth{1, 2,  3,  4,  5,  6,  7,  8,
                                                 9, 10, 11, 12, 13, 14, 15, 16};
    bob.send({{"type", "push_subscribe"},
              {"endpoint", service.endpoint("/push/bob")},
              {"keys",
               {{"p256dh", quadra::server::push::base64url(device.public_bytes())},
                {"auth", quadra::server::push::base64url(auth)}}},
              {"kinds", {"challenge"}}});
    answer(bob, "push_subscribed");

    ws_client ann(b.port());
    registered(ann, "Ann");
    ann.send({{"type", "challenge"}, {"to", "Bob"}, {"game", "kvadratura"}});
    answer(ann, "challenge_sent");
    const auto got = service.next();
    REQUIRE(got.has_value());
    CHECK(got->authorization.find("k=" + key) != std::string::npos);
    const auto plain = quadra::server::push::decrypt(got->body, device, auth);
    REQUIRE(plain.has_value());
    const auto news = json::parse(std::string(plain->begin(), plain->end()));
    CHECK(news["kind"] == "challenge");
    CHECK(news["from"] == "Ann");
}
