// Accounts on two nodes of one shared store (#17): signing out everywhere on one node reaches
// the account's connection on the other, which cannot act any more; other connections there
// are left alone.

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <string_view>

#include "cluster_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

const std::string password = "correct horse battery";

// The next message of `type`, waiting long enough for an Argon2id hash under the sanitizers.
json next_of(ws_client& client, std::string_view type) {
    for (int i = 0; i < 20; ++i) {
        auto message = client.try_receive(std::chrono::seconds(30));
        REQUIRE(message.has_value());
        if ((*message)["type"] == type) return *message;
        if ((*message)["type"] == "error") FAIL(message->dump());
    }
    FAIL("no " << type);
    return {};
}

}  // namespace

TEST_CASE(
    "cluster: sign_out_everywhere on one node signs out the account's connection on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    ws_client laptop(a.port());
    laptop.send({{"type", "hello"}, {"name", "Ann"}});
    next_of(laptop, "welcome");
    laptop.send({{"type", "register"}, {"name", "Ann"}, {"password", password}});
    REQUIRE(next_of(laptop, "welcome")["account"] == "Ann");

    ws_client phone(b.port());
    phone.send({{"type", "sign_in"}, {"name", "ANN"}, {"password", password}});
    REQUIRE(next_of(phone, "welcome")["account"] == "Ann");
    ws_client bob(b.port());
    bob.send({{"type", "hello"}, {"name", "Bob"}});
    next_of(bob, "welcome");

    laptop.send({{"type", "sign_out_everywhere"}});
    CHECK(next_of(laptop, "welcome")["account"].is_null());
    // Node b checks its accounts' sessions against the store once a second.
    next_of(phone, "signed_out");
    phone.send({{"type", "list_rooms"}});
    CHECK(phone.receive("error")["code"] == "not_identified");
    bob.send({{"type", "list_rooms"}});
    CHECK(bob.receive()["type"] == "rooms");
}
