// The store on real databases: what is written reads back, batches are all or nothing, and an
// identity's id never renames another token's: the same bodies on an SQLite file in a fresh
// temporary directory and on a fresh database of a throw-away PostgreSQL cluster. SQLite alone:
// a full database refuses the write and keeps what was there, and bad data directories stop
// opening with a clear message. (PostgreSQL alone: postgres_store_test.cpp.)

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include <sqlite3.h>

#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;
namespace fs = std::filesystem;

namespace {

template <class Place>
void reads_back_after_reopening(const Place& where) {
    {
        auto s = where.open();
        write_batch first;
        first.new_game = a_game("g1");
        first.events = {an_event("g1", 0, "seated"), an_event("g1", 1)};
        first.identity = identity_row{7, std::string(64, 'c'), "Ann", 500, {}};
        REQUIRE(write(*s, first));
        write_batch second;
        second.events = {an_event("g1", 2, "play lanes")};
        second.finished = write_batch::finish{"g1", 9000, R"({"winners":[0]})", {}};
        REQUIRE(write(*s, second));
        write_batch other;
        other.new_game = a_game("g2");
        REQUIRE(write(*s, other));
    }
    auto s = where.open();
    const auto g1 = s->find_game("g1");
    REQUIRE(g1.has_value());
    CHECK(g1->room_code == "ROOMg1");
    CHECK(g1->seed_hex == std::string(64, 'a'));
    CHECK(g1->finished_ms == 9000);
    CHECK(g1->result_json == R"({"winners":[0]})");
    CHECK_FALSE(s->find_game("nope").has_value());
    REQUIRE(s->find_game_in_room("ROOMg1").has_value());
    CHECK(s->find_game_in_room("ROOMg1")->id == "g1");
    CHECK_FALSE(s->find_game_in_room("ROOMg3").has_value());

    const auto unfinished = s->unfinished_games();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].id == "g2");

    const auto events = s->events_of("g1");
    REQUIRE(events.size() == 3);
    CHECK(events[0].text == "seated");
    CHECK(events[1].text == "roll=12345");
    CHECK(events[1].identity == 7);
    CHECK(events[1].at_ms == 2001);
    CHECK(events[2].text == "play lanes");

    const auto ann = s->find_identity(std::string(64, 'c'));
    REQUIRE(ann.has_value());
    CHECK(ann->id == 7);
    CHECK(ann->name == "Ann");
    REQUIRE(s->find_identity(std::int64_t{7}).has_value());
    CHECK(s->find_identity(std::int64_t{7})->token_hash == std::string(64, 'c'));
    CHECK_FALSE(s->find_identity(std::string(64, 'd')).has_value());
    CHECK_FALSE(s->find_identity(std::int64_t{8}).has_value());
    const auto finished = s->finished_games(10);
    REQUIRE(finished.size() == 1);
    CHECK(finished[0].id == "g1");
    CHECK(s->healthy());
}

template <class Place>
void all_or_nothing(const Place& where) {
    auto s = where.open();
    write_batch first;
    first.new_game = a_game("g1");
    first.events = {an_event("g1", 0)};
    REQUIRE(write(*s, first));

    write_batch duplicate;
    duplicate.events = {an_event("g1", 1), an_event("g1", 0, "again")};
    CHECK_FALSE(write(*s, duplicate));
    const auto events = s->events_of("g1");
    REQUIRE(events.size() == 1);
    CHECK(events[0].text == "roll=12345");

    // Nor may a batch leave a gap in the sequence.
    write_batch gap;
    gap.events = {an_event("g1", 2)};
    CHECK_FALSE(write(*s, gap));
    CHECK(s->events_of("g1").size() == 1);

    // The store still writes afterwards.
    write_batch next;
    next.events = {an_event("g1", 1)};
    CHECK(write(*s, next));
    CHECK(s->events_of("g1").size() == 2);
}

template <class Place>
void several_rooms_together(const Place& where) {
    auto s = where.open();
    for (const char* id : {"a", "b", "c"}) {
        write_batch b;
        b.new_game = a_game(id);
        REQUIRE(write(*s, b));
    }
    std::vector<std::promise<bool>> outcomes(30);
    for (int i = 0; i < 30; ++i) {
        write_batch b;
        const std::string game = i % 3 == 0 ? "a" : i % 3 == 1 ? "b" : "c";
        // Game "c" gets seq 0 twice (i = 2 and i = 5): the second is refused, and so is every
        // later batch of "c", which would leave a gap; "a" and "b" are not affected.
        const std::int64_t seq = game == "c" && i == 5 ? 0 : i / 3;
        b.events = {an_event(game, seq)};
        s->submit(std::move(b), [&outcomes, i](write_outcome result) {
            outcomes[static_cast<std::size_t>(i)].set_value(result == write_outcome::committed);
        });
    }
    for (int i = 0; i < 30; ++i) {
        const bool ok = outcomes[static_cast<std::size_t>(i)].get_future().get();
        CHECK_MESSAGE(ok == (i % 3 != 2 || i < 5), "batch " << i);
    }
    CHECK(s->events_of("a").size() == 10);
    CHECK(s->events_of("b").size() == 10);
    CHECK(s->events_of("c").size() == 1);
}

// Identity ids are random: one drawn twice must not rename the other token's identity.
template <class Place>
void identity_ids_never_rename_another_token(const Place& where) {
    auto s = where.open();
    write_batch ann;
    ann.identity = identity_row{7, std::string(64, 'c'), "Ann", 500, {}};
    REQUIRE(write(*s, ann));
    write_batch renamed;
    renamed.identity = identity_row{7, std::string(64, 'c'), "Anna", 500, {}};
    CHECK(write(*s, renamed));
    write_batch collision;
    collision.identity = identity_row{7, std::string(64, 'd'), "Bob", 600, {}};
    CHECK_FALSE(write(*s, collision));
    REQUIRE(s->find_identity(std::int64_t{7}).has_value());
    CHECK(s->find_identity(std::int64_t{7})->name == "Anna");
    CHECK(s->find_identity(std::int64_t{7})->token_hash == std::string(64, 'c'));
    CHECK_FALSE(s->find_identity(std::string(64, 'd')).has_value());
}

// "Your games": the games where an identity held a seat, newest first, bounded; a seat it left
// before the end (unseated, or handed to a computer player) does not count, a seat taken again
// does, and nobody else's games show.
template <class Place>
void games_of_an_identity(const Place& where) {
    auto s = where.open();
    auto seated = [](const std::string& game, std::int64_t seq, int seat, std::int64_t who) {
        return stored_event{game, seq, "seated", seat, "Ann", who, 2000 + seq};
    };
    auto game_at = [](const std::string& id, std::int64_t created) {
        auto g = a_game(id);
        g.created_ms = created;
        return g;
    };
    write_batch b1;  // Ann (7) played g1 to the end
    b1.new_game = game_at("g1", 1000);
    b1.events = {seated("g1", 0, 0, 7), seated("g1", 1, 1, 8)};
    b1.finished = write_batch::finish{"g1", 5000, R"({"winners":[0]})", {}};
    REQUIRE(write(*s, b1));
    write_batch b2;  // Ann left g2 before it started; Bob (8) took the seat
    b2.new_game = game_at("g2", 2000);
    b2.events = {
        seated("g2", 0, 0, 7), {"g2", 1, "unseated", 0, "", 7, 2001}, seated("g2", 2, 0, 8)};
    REQUIRE(write(*s, b2));
    write_batch b3;  // Ann handed her seat to a computer player, then sat in the other seat
    b3.new_game = game_at("g3", 3000);
    b3.events = {
        seated("g3", 0, 0, 7), {"g3", 1, "bot_seated", 0, "easy", 0, 3001}, seated("g3", 2, 1, 7)};
    REQUIRE(write(*s, b3));
    write_batch b4;  // Ann's newest game, still waiting
    b4.new_game = game_at("g4", 4000);
    b4.events = {seated("g4", 0, 1, 7)};
    REQUIRE(write(*s, b4));
    write_batch b5;  // Ann handed her only seat to a computer player
    b5.new_game = game_at("g5", 5000);
    b5.events = {seated("g5", 0, 0, 7), {"g5", 1, "bot_seated", 0, "hard", 0, 5001}};
    REQUIRE(write(*s, b5));

    auto ids = [](const std::vector<game_row>& rows) {
        std::vector<std::string> out;
        out.reserve(rows.size());
        for (const auto& r : rows) out.push_back(r.id);
        return out;
    };
    CHECK(ids(s->games_of(7, 10)) == std::vector<std::string>{"g4", "g3", "g1"});
    CHECK(ids(s->games_of(7, 2)) == std::vector<std::string>{"g4", "g3"});
    CHECK(ids(s->games_of(8, 10)) == std::vector<std::string>{"g2", "g1"});
    CHECK(s->games_of(9, 10).empty());
    const auto rows = s->games_of(7, 10);
    REQUIRE(rows.size() == 3);
    CHECK(rows[2].finished_ms == 5000);
    CHECK(rows[2].result_json == R"({"winners":[0]})");
    CHECK_FALSE(rows[0].finished_ms.has_value());
}

}  // namespace

TEST_CASE("games, events and identities read back after reopening (sqlite)") {
    const sqlite_place where;
    reads_back_after_reopening(where);
    CHECK(fs::exists(where.dir.path / "data" / "quadra.db"));  // created on demand
}

TEST_CASE("games, events and identities read back after reopening (postgres)") {
    reads_back_after_reopening(postgres_place{});
}

TEST_CASE("an identity's games: seats it held, newest first, bounded (sqlite)") {
    games_of_an_identity(sqlite_place{});
}

TEST_CASE("an identity's games: seats it held, newest first, bounded (postgres)") {
    games_of_an_identity(postgres_place{});
}

TEST_CASE("a batch is all or nothing: a duplicated event refuses it and keeps the rest (sqlite)") {
    all_or_nothing(sqlite_place{});
}

TEST_CASE(
    "a batch is all or nothing: a duplicated event refuses it and keeps the rest (postgres)") {
    all_or_nothing(postgres_place{});
}

TEST_CASE(
    "batches of several rooms submitted together commit, a bad one alone is refused (sqlite)") {
    several_rooms_together(sqlite_place{});
}

TEST_CASE(
    "batches of several rooms submitted together commit, a bad one alone is refused (postgres)") {
    several_rooms_together(postgres_place{});
}

TEST_CASE("an identity id taken by another token is refused, never renamed (sqlite)") {
    identity_ids_never_rename_another_token(sqlite_place{});
}

TEST_CASE("an identity id taken by another token is refused, never renamed (postgres)") {
    identity_ids_never_rename_another_token(postgres_place{});
}

TEST_CASE("a full database refuses the write and keeps what was committed") {
    temp_dir dir;
    auto s = open_sqlite(dir.path);
    write_batch first;
    first.new_game = a_game("g1");
    first.events = {an_event("g1", 0)};
    REQUIRE(write(*s, first));

    s->limit_pages(1);  // not even one more page
    write_batch big;
    big.events = {an_event("g1", 1, std::string(100000, 'x'))};
    CHECK_FALSE(write(*s, big));
    CHECK(s->events_of("g1").size() == 1);

    s->limit_pages(1000000);
    CHECK(write(*s, big));
    CHECK(s->events_of("g1").size() == 2);
}

TEST_CASE("an in-memory store works without a directory") {
    auto opened = sqlite_store::open(":memory:");
    REQUIRE(opened);
    auto& s = *opened.value();
    write_batch b;
    b.new_game = a_game("m");
    b.events = {an_event("m", 0)};
    REQUIRE(write(s, b));
    CHECK(s.events_of("m").size() == 1);
}

TEST_CASE("a data directory that cannot be used stops opening with a message") {
    temp_dir dir;
    std::ofstream(dir.path / "file") << "not a directory";
    const auto opened = sqlite_store::open((dir.path / "file").string());
    REQUIRE_FALSE(opened);
    CHECK(opened.error().describe().find("cannot use the data directory") != std::string::npos);
}

TEST_CASE("a database from a newer schema is refused and left alone (sqlite)") {
    temp_dir dir;
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open((dir.path / "quadra.db").string().c_str(), &db) == SQLITE_OK);
        REQUIRE(sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    const auto opened = sqlite_store::open(dir.path.string());
    REQUIRE_FALSE(opened);
    CHECK(opened.error().describe().find("schema version 99, newer than this server's (" +
                                         std::to_string(sqlite_schema_version) + ")") !=
          std::string::npos);
}

TEST_CASE("a database of schema 1 is migrated and keeps its games (sqlite)") {
    temp_dir dir;
    {
        auto s = sqlite_store::open(dir.path.string());
        REQUIRE(s);
        write_batch b;
        b.new_game = a_game("old");
        REQUIRE(write(*s.value(), b));
    }
    // What schema 1 was: without the index that finds a room's game by its code (2), the one of
    // an identity's seatings (3), accounts (4), the rating tables (5), moderation (6), the
    // turns (7), challenges with Web Push (8) and events (9).
    auto sql = [&](const char* statement) {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open((dir.path / "quadra.db").string().c_str(), &db) == SQLITE_OK);
        const int result = sqlite3_exec(db, statement, nullptr, nullptr, nullptr);
        sqlite3_close(db);
        return result;
    };
    REQUIRE(sql("DROP TABLE tournament_entries; DROP TABLE tournaments; "
                "DROP TABLE challenges; ALTER TABLE identities DROP COLUMN challenges; "
                "DROP TABLE push_subscriptions; DROP TABLE server_keys; "
                "DROP INDEX games_turns; ALTER TABLE games DROP COLUMN turn_identity; "
                "ALTER TABLE games DROP COLUMN turn_deadline_ms; "
                "DROP TABLE audit_log; DROP TABLE reserved_names; DROP TABLE reports; "
                "DROP TABLE address_blocks; "
                "DROP INDEX identities_with_standing; "
                "ALTER TABLE identities DROP COLUMN deleted_ms; "
                "ALTER TABLE identities DROP COLUMN role; "
                "ALTER TABLE identities DROP COLUMN muted_until_ms; "
                "ALTER TABLE identities DROP COLUMN banned_ms; "
                "ALTER TABLE identities DROP COLUMN unlisted_ms; "
                "DROP TABLE rating_history; DROP TABLE ratings; "
                "DROP INDEX games_by_room; DROP INDEX events_seated_by_identity; "
                "DROP TABLE sessions; DROP INDEX identities_by_account; "
                "ALTER TABLE identities DROP COLUMN account; "
                "ALTER TABLE identities DROP COLUMN account_key; "
                "ALTER TABLE identities DROP COLUMN password_hash; PRAGMA user_version=1") ==
            SQLITE_OK);
    {
        auto s = sqlite_store::open(dir.path.string());
        REQUIRE(s);
        REQUIRE(s.value()->find_game_in_room("ROOMold").has_value());
        CHECK(s.value()->find_game_in_room("ROOMold")->id == "old");
    }
    CHECK(sql("CREATE INDEX games_by_room ON games (room_code)") == SQLITE_ERROR);  // it is back
    CHECK(sql("CREATE INDEX events_seated_by_identity ON events (identity)") == SQLITE_ERROR);
    CHECK(sql("CREATE INDEX games_turns ON games (turn_identity)") == SQLITE_ERROR);
    CHECK(sql("SELECT account, account_key, password_hash FROM identities") == SQLITE_OK);
    CHECK(sql("SELECT token_hash, identity, created_ms FROM sessions") == SQLITE_OK);
    CHECK(sql("SELECT id, official FROM tournaments") == SQLITE_OK);
}

TEST_CASE("a corrupt database file is refused") {
    temp_dir dir;
    std::ofstream(dir.path / "quadra.db") << std::string(8192, 'z');
    const auto opened = sqlite_store::open(dir.path.string());
    REQUIRE_FALSE(opened);
    CHECK(opened.error().describe().find("corrupt") != std::string::npos);
}
