// Accounts in the store (#17), on an SQLite file and on PostgreSQL alike: user names are unique
// case-insensitively (ASCII and Cyrillic), an account is reached only through its sessions, and
// signing out ends them; a user name's case can change, and a deleted account leaves its games
// under an anonymous name and its user name reserved for a while (#31).

#include <doctest/doctest.h>

#include <string>

#include "server/identity/identity.hpp"
#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;

namespace {

const std::string ann_guest(64, 'c');
const std::string bob_guest(64, 'e');
const std::string second_device(64, 'f');
const std::string encoded_hash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA";

write_batch guest(std::int64_t id, const std::string& hash, const std::string& name) {
    write_batch b;
    b.identity = identity_row{id, hash, name, 500, {}};
    return b;
}

write_batch account(account_write::kind what, std::int64_t id, const std::string& hash,
                    const std::string& user_name = {}) {
    write_batch b;
    b.account =
        account_write{what, id, hash, user_name, user_name.empty() ? "" : encoded_hash, 900};
    return b;
}

template <class Place>
void accounts_and_sessions(const Place& where) {
    using kind = account_write::kind;
    auto s = where.open();
    REQUIRE(write(*s, guest(7, ann_guest, "Ann")));
    REQUIRE(write(*s, guest(8, bob_guest, "Bob")));
    CHECK_FALSE(s->find_account("Ann").has_value());

    // Registering: the guest's token becomes the account's first session.
    REQUIRE(write(*s, account(kind::register_account, 7, ann_guest, "Ann")));
    const auto by_token = s->find_identity(ann_guest);
    REQUIRE(by_token.has_value());
    CHECK(by_token->id == 7);
    CHECK(by_token->account == "Ann");
    for (const char* spelled : {"Ann", "ANN", "aNn"}) {
        const auto found = s->find_account(spelled);
        REQUIRE(found.has_value());
        CHECK(found->id == 7);
        CHECK(found->account == "Ann");
        CHECK(found->name == "Ann");
        REQUIRE(s->find_login(spelled).has_value());
        CHECK(s->find_login(spelled)->identity == 7);
        CHECK(s->find_login(spelled)->password_hash == encoded_hash);
    }
    CHECK_FALSE(s->find_login("Anna").has_value());
    CHECK(s->find_identity(std::int64_t{7})->account == "Ann");

    // The same name in another case, and a second account for one identity, are refused.
    CHECK_FALSE(write(*s, account(kind::register_account, 8, bob_guest, "aNN")));
    CHECK(s->find_identity(bob_guest)->account.empty());
    CHECK_FALSE(write(*s, account(kind::register_account, 7, second_device, "Other")));
    CHECK_FALSE(s->find_account("Other").has_value());
    CHECK_FALSE(s->find_identity(second_device).has_value());

    // A second session (sign-in on another device); a guest has none.
    REQUIRE(write(*s, account(kind::open_session, 7, second_device)));
    REQUIRE(s->find_identity(second_device).has_value());
    CHECK(s->find_identity(second_device)->id == 7);
    CHECK(s->find_identity(second_device)->token_hash == second_device);
    CHECK_FALSE(write(*s, account(kind::open_session, 8, std::string(64, '1'))));
    CHECK_FALSE(s->find_identity(std::string(64, '1')).has_value());

    // A session renames its identity as a guest's token does.
    REQUIRE(write(*s, guest(7, second_device, "Annie")));
    CHECK(s->find_identity(std::int64_t{7})->name == "Annie");

    // Signing out: the identity row still holds the first token's hash, which grants nothing.
    // Other nodes learn which of the sessions they know have ended.
    CHECK(s->ended_sessions({ann_guest, second_device}).empty());
    REQUIRE(write(*s, account(kind::close_session, 7, ann_guest)));
    CHECK_FALSE(s->find_identity(ann_guest).has_value());
    CHECK(s->find_identity(second_device).has_value());
    CHECK(s->ended_sessions({ann_guest, second_device}) == std::vector<std::string>{ann_guest});
    REQUIRE(write(*s, account(kind::open_session, 7, std::string(64, '2'))));
    REQUIRE(write(*s, account(kind::close_all_sessions, 7, {})));
    CHECK_FALSE(s->find_identity(second_device).has_value());
    CHECK_FALSE(s->find_identity(std::string(64, '2')).has_value());
    CHECK(s->ended_sessions({second_device, std::string(64, '2')}) ==
          std::vector<std::string>{second_device, std::string(64, '2')});
    CHECK(s->ended_sessions({}).empty());
    CHECK(s->find_account("ann").has_value());  // the account stays; signing in opens a session

    // Cyrillic names fold too.
    REQUIRE(write(*s, account(kind::register_account, 8, bob_guest, "Ёжик")));
    REQUIRE(s->find_account("ёЖИК").has_value());
    CHECK(s->find_account("ёЖИК")->id == 8);
    CHECK(s->find_account("ёЖИК")->account == "Ёжик");
}

}  // namespace

namespace {

// Ann renames herself in case only, plays, then deletes her account.
template <class Place>
void renamed_then_deleted(const Place& where) {
    using kind = account_write::kind;
    auto s = where.open();
    REQUIRE(write(*s, guest(7, ann_guest, "Ann")));
    REQUIRE(write(*s, guest(8, bob_guest, "Bob")));
    REQUIRE(write(*s, account(kind::register_account, 7, ann_guest, "Ann")));
    REQUIRE(write(*s, account(kind::open_session, 7, second_device)));

    // Only the case changes; the same spelling or another name is refused.
    CHECK(write(*s, account(kind::rename_account, 7, {}, "aNN")));
    CHECK(s->find_account("ann")->account == "aNN");
    CHECK_FALSE(write(*s, account(kind::rename_account, 7, {}, "aNN")));
    CHECK_FALSE(write(*s, account(kind::rename_account, 7, {}, "Anna")));
    CHECK_FALSE(write(*s, account(kind::rename_account, 8, {}, "BOB")));  // a guest
    CHECK(s->find_account("ann")->account == "aNN");

    write_batch game;
    game.new_game = a_game("g1");
    game.events = {{"g1", 0, "seated", 0, "Ann", 7, 1000},
                   {"g1", 1, "seated", 1, "Bob", 8, 1001},
                   {"g1", 2, "chat", 0, "hi", 7, 1002}};
    REQUIRE(write(*s, std::move(game)));

    auto deletion = account(kind::delete_account, 7, {});
    deletion.account->at_ms = 5000;
    deletion.account->reserved_until_ms = 9000;
    REQUIRE(write(*s, deletion));
    CHECK_FALSE(write(*s, deletion));  // nothing left to delete
    // Nothing reaches it: not the name, not a session, not the guest token it had.
    CHECK_FALSE(s->find_account("Ann").has_value());
    CHECK_FALSE(s->find_login("Ann").has_value());
    CHECK(s->ended_sessions({ann_guest, second_device}) ==
          std::vector<std::string>{ann_guest, second_device});
    CHECK_FALSE(s->find_identity(ann_guest).has_value());
    // Its games stay, its seat under the anonymous name; Bob's seat is his.
    const auto events = s->events_of("g1");
    REQUIRE(events.size() == 3);
    CHECK(events[0].text == deleted_player_name);
    CHECK(events[0].identity == 7);
    CHECK(events[1].text == "Bob");
    CHECK(events[2].text == "hi");
    CHECK(s->find_identity(std::int64_t{7})->name == deleted_player_name);
    CHECK(s->find_identity(std::int64_t{7})->account.empty());

    // The name is reserved until 9000: Bob cannot register it before, and can after.
    CHECK(s->name_reserved("ANN", 8999));
    CHECK_FALSE(s->name_reserved("ANN", 9000));
    auto early = account(kind::register_account, 8, bob_guest, "Ann");
    early.account->at_ms = 8999;
    CHECK_FALSE(write(*s, early));
    auto later = account(kind::register_account, 8, bob_guest, "Ann");
    later.account->at_ms = 9001;
    CHECK(write(*s, later));
    CHECK(s->find_account("ann")->id == 8);
}

}  // namespace

TEST_CASE("accounts: a user name's case changes; a deleted account is anonymous (sqlite)") {
    renamed_then_deleted(sqlite_place{});
}

TEST_CASE("accounts: a user name's case changes; a deleted account is anonymous (postgres)") {
    renamed_then_deleted(postgres_place{});
}

TEST_CASE("account keys fold ASCII and Cyrillic capitals and nothing else") {
    CHECK(account_key("Ann") == "ann");
    CHECK(account_key("ANN-42_x") == "ann-42_x");
    CHECK(account_key("ЁЖИК Ѐ Џ") == "ёжик ѐ џ");
    CHECK(account_key("АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ") == "абвгдежзийклмнопрстуфхцчшщъыьэюя");
    CHECK(account_key("ёжик") == "ёжик");
    CHECK(account_key("ÄÖ ß") == "ÄÖ ß");  // beyond ASCII and Cyrillic: as it is
}

TEST_CASE("accounts: unique names in any case and reached only through sessions (sqlite)") {
    accounts_and_sessions(sqlite_place{});
}

TEST_CASE("accounts: unique names in any case and reached only through sessions (postgres)") {
    accounts_and_sessions(postgres_place{});
}

// Two nodes on one shared store: a guest one node knows may register and sign out everywhere on
// the other; its token is then refused here too.
TEST_CASE("accounts: a guest known on one node and revoked on another is refused on both") {
    const postgres_place where;
    auto shared = where.open();
    const std::string token = "a guest token";
    REQUIRE(write(*shared, guest(7, token_hash(token), "Ann")));
    identity_registry here(100, shared.get(), true);
    REQUIRE(here.find(token) != nullptr);
    CHECK(here.find(token)->account().empty());
    // On the other node: registered, then signed out everywhere.
    using kind = account_write::kind;
    REQUIRE(write(*shared, account(kind::register_account, 7, token_hash(token), "Ann")));
    REQUIRE(here.find(token) != nullptr);  // still a session of the account
    CHECK(here.find(token)->account() == "Ann");
    REQUIRE(write(*shared, account(kind::close_all_sessions, 7, {})));
    CHECK(here.find(token) == nullptr);
    CHECK(here.find("never issued") == nullptr);
}
