// Accounts on two nodes of one shared store (#17, #31): signing out everywhere, a changed
// password or a deleted account on one node reaches the account's connection on the other,
// which cannot act any more; other connections there are left alone.

#include <doctest/doctest.h>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/cluster_fixture.hpp"

using namespace quadra::testing;

namespace {

// Ann registers on her laptop on `a`, then signs in on her phone on `b`.
void ann_on_two_nodes(ws_client& laptop, ws_client& phone) {
    laptop.send({{"type", "hello"}, {"name", "Ann"}});
    answer(laptop, "welcome");
    laptop.send({{"type", "register"}, {"name", "Ann"}, {"password", account_password}});
    REQUIRE(answer(laptop, "welcome")["account"] == "Ann");
    phone.send({{"type", "sign_in"}, {"name", "ANN"}, {"password", account_password}});
    REQUIRE(answer(phone, "welcome")["account"] == "Ann");
}

}  // namespace

TEST_CASE(
    "cluster: sign_out_everywhere on one node signs out the account's connection on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    ws_client laptop(a.port());
    ws_client phone(b.port());
    ann_on_two_nodes(laptop, phone);
    ws_client bob(b.port());
    bob.send({{"type", "hello"}, {"name", "Bob"}});
    answer(bob, "welcome");

    laptop.send({{"type", "sign_out_everywhere"}});
    CHECK(answer(laptop, "welcome")["account"].is_null());
    // Node a's "sessions" notice makes b check its accounts' sessions at once (else within a
    // second, on its timer).
    const auto told = std::chrono::steady_clock::now();
    answer(phone, "signed_out");
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - told)
                          .count();
    MESSAGE("signed out on b " << took << " ms after the sign-out on a");
    CHECK(took < 750);
    phone.send({{"type", "list_rooms"}});
    CHECK(phone.receive("error")["code"] == "not_identified");
    bob.send({{"type", "list_rooms"}});
    CHECK(bob.receive()["type"] == "rooms");
}

TEST_CASE("cluster: a password changed on one node ends the account's other session on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    ws_client laptop(a.port());
    ws_client phone(b.port());
    ann_on_two_nodes(laptop, phone);

    const std::string changed = "a new battery staple";
    laptop.send(
        {{"type", "change_password"}, {"password", account_password}, {"new_password", changed}});
    answer(laptop, "password_changed");
    const auto told = std::chrono::steady_clock::now();
    answer(phone, "signed_out");
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - told)
                          .count();
    MESSAGE("signed out on b " << took << " ms after the change on a");
    CHECK(took < 2000);
    // The laptop's session still acts; on b only the new password signs in.
    laptop.send({{"type", "list_rooms"}});
    CHECK(laptop.receive()["type"] == "rooms");
    ws_client later(b.port());
    later.send({{"type", "sign_in"}, {"name", "Ann"}, {"password", account_password}});
    CHECK(later.receive("error")["code"] == "bad_credentials");
    later.send({{"type", "sign_in"}, {"name", "Ann"}, {"password", changed}});
    CHECK(answer(later, "welcome")["account"] == "Ann");
}

TEST_CASE("cluster: an account deleted on one node is signed out on another and its name kept") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    ws_client laptop(a.port());
    ws_client phone(b.port());
    ann_on_two_nodes(laptop, phone);

    laptop.send({{"type", "delete_account"}, {"password", account_password}});
    answer(laptop, "account_deleted");
    const auto told = std::chrono::steady_clock::now();
    answer(phone, "signed_out");
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - told)
                          .count();
    MESSAGE("signed out on b " << took << " ms after the deletion on a");
    CHECK(took < 2000);
    ws_client later(b.port());
    later.send({{"type", "sign_in"}, {"name", "Ann"}, {"password", account_password}});
    CHECK(later.receive("error")["code"] == "bad_credentials");
    later.send({{"type", "hello"}, {"name", "Ann"}});
    answer(later, "welcome");
    later.send({{"type", "register"}, {"name", "ANN"}, {"password", account_password}});
    CHECK(later.receive("error")["code"] == "name_taken");
}
