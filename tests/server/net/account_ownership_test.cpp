// What an account's owner controls, over real WebSockets on one node (#31): the user name's case
// changes and nothing else about it; a copy of the account's data holds its games and its own
// chat lines and no one else's; deleting needs the password, signs out every device, keeps the
// games under an anonymous name and reserves the user name (for deleted_name_days).

#include <doctest/doctest.h>

#include <string>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

json sign_in(ws_client& client, const std::string& name, const std::string& password) {
    client.send({{"type", "sign_in"}, {"name", name}, {"password", password}});
    return next_reply(client);
}

}  // namespace

TEST_CASE("accounts: the case of a user name, a copy of the data, and deletion (sqlite)") {
    scratch_dir data("ownership");
    server_process server(data.string());
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client phone(server.port());
    CHECK(sign_in(phone, "ann", account_password)["type"] == "welcome");
    ws_client bob(server.port());
    registered(bob, "Bob");

    // A game with a chat line from each.
    const auto code = create_room(ann, "kvadratura", json::object());
    const auto first = join_room(bob, code);
    const std::string game_id = first["game_id"];
    ann.send({{"type", "chat"}, {"room", code}, {"text", "good luck"}});
    bob.receive("chat");
    bob.send({{"type", "chat"}, {"room", code}, {"text", "you too"}});
    ann.receive("chat");
    ann.receive("chat");

    SUBCASE("the user name's case changes, and nothing else") {
        ann.send({{"type", "rename_account"}, {"name", "ANN"}});
        CHECK(next_reply(ann) == json{{"type", "account_renamed"}, {"account", "ANN"}});
        ann.send({{"type", "rename_account"}, {"name", "ANN"}});
        CHECK(next_reply(ann)["code"] == "no_change");
        for (const char* other : {"Anna", "Bob", "A nn", ""}) {
            ann.send({{"type", "rename_account"}, {"name", other}});
            CHECK(next_reply(ann)["code"] == "bad_name");
        }
        ws_client guest(server.port());
        guest.send({{"type", "hello"}, {"name", "Zed"}});
        answer(guest, "welcome");
        guest.send({{"type", "rename_account"}, {"name", "ZED"}});
        CHECK(next_reply(guest)["code"] == "not_signed_in");
        ws_client later(server.port());
        CHECK(sign_in(later, "ann", account_password)["account"] == "ANN");
    }

    SUBCASE("a copy of the account's data has its own chat lines only") {
        ann.send({{"type", "export_data"}, {"id", 5}});
        const auto copy = next_reply(ann);
        REQUIRE(copy["type"] == "data_export");
        CHECK(copy["id"] == 5);
        CHECK(copy["account"]["name"] == "Ann");
        CHECK(copy["account"]["created"].get<std::int64_t>() > 0);
        REQUIRE(copy["games"].size() == 1);
        CHECK(copy["games"][0]["id"] == game_id);
        CHECK(copy["games"][0]["room"] == code);
        CHECK(copy["games"][0]["finished"].is_null());
        REQUIRE(copy["chat"].size() == 1);
        CHECK(copy["chat"][0]["text"] == "good luck");
        CHECK(copy["chat"][0]["game_id"] == game_id);
        CHECK(copy["ratings"] == json::array());
        CHECK(copy.dump().find("you too") == std::string::npos);
        ws_client guest(server.port());
        guest.send({{"type", "hello"}, {"name", "Zed"}});
        answer(guest, "welcome");
        guest.send({{"type", "export_data"}});
        CHECK(next_reply(guest)["code"] == "not_signed_in");
    }

    SUBCASE("deleting needs the password, signs out every device and reserves the name") {
        ann.send({{"type", "delete_account"}, {"password", "not the password"}});
        CHECK(next_reply(ann)["code"] == "bad_credentials");
        ann.send({{"type", "export_data"}});
        CHECK(next_reply(ann)["type"] == "data_export");  // still signed in

        ann.send({{"type", "delete_account"}, {"id", 9}, {"password", account_password}});
        CHECK(next_reply(ann) == json{{"type", "account_deleted"}, {"id", 9}});
        CHECK(phone.receive("signed_out") == json{{"type", "signed_out"}});
        ann.send({{"type", "delete_account"}, {"password", account_password}});
        CHECK(next_reply(ann)["code"] == "not_identified");

        ws_client again(server.port());
        CHECK(sign_in(again, "Ann", account_password)["code"] == "bad_credentials");
        again.send({{"type", "hello"}, {"name", "Ann"}});
        answer(again, "welcome");
        again.send({{"type", "register"}, {"name", "ann"}, {"password", account_password}});
        CHECK(next_reply(again)["code"] == "name_taken");
        // The game stays, Ann's seat under the anonymous name; Bob keeps his line.
        const auto record = http_fetch(server.port(), "/api/games/" + game_id);
        REQUIRE(record.status == 200);
        const auto players = json::parse(record.body)["players"];
        CHECK(players.dump().find("Deleted player") != std::string::npos);
        CHECK(players.dump().find("Ann") == std::string::npos);
        bob.send({{"type", "export_data"}});
        const auto bobs = next_reply(bob);
        REQUIRE(bobs["chat"].size() == 1);
        CHECK(bobs["chat"][0]["text"] == "you too");
    }
}

TEST_CASE("accounts: a deleted account's name is free at once with deleted_name_days 0") {
    scratch_dir data("ownership-free");
    server_process server(data.string(), {"--deleted-name-days", "0"});
    ws_client ann(server.port());
    registered(ann, "Ann");
    ann.send({{"type", "delete_account"}, {"password", account_password}});
    CHECK(next_reply(ann)["type"] == "account_deleted");
    ws_client other(server.port());
    CHECK(registered(other, "ANN").size() > 0);
}
