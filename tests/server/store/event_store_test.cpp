// Events in the store, on both backends: an event is created within its creator's daily
// limit and read back whole; its status only moves forward (scheduled to running or cancelled,
// running to finished or cancelled); players enter up to its cap (a withdrawn entry frees its
// place, a paused one keeps it), pause, come back and withdraw for good. Every refused write
// fails and changes nothing. The lists read in their orders, everything survives reopening, a
// deleted account's entries stay under the deleted name, and a database of the schema before
// events migrates.

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include <sqlite3.h>

#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;

namespace {

constexpr std::int64_t base_ms = 1'700'000'000'000;
constexpr std::int64_t hour_ms = 3'600'000;
constexpr std::int64_t day_ms = 24 * hour_ms;

void event_account(quadra::server::store& s, std::int64_t id, const std::string& name) {
    const std::string token(64, static_cast<char>('a' + id % 20));
    write_batch batch;
    batch.identity = identity_row{id, token, name, 500, {}};
    batch.account = account_write{
        account_write::kind::register_account, id, token, name, "$argon2id$hash", 900};
    REQUIRE(write(s, std::move(batch)));
}

event_row an_event_row(std::int64_t id, std::int64_t creator, const std::string& kind,
                       std::int64_t created_ms, std::int64_t starts_ms) {
    event_row row;
    row.id = id;
    row.creator = creator;
    row.kind = kind;
    row.game = "quadrature";
    row.terms = R"({"name":"Event )" + std::to_string(id) + R"("})";
    row.starts_ms = starts_ms;
    row.created_ms = created_ms;
    row.changed_ms = created_ms;
    return row;
}

bool event_created(quadra::server::store& s, const event_row& row, std::int64_t max_per_day) {
    write_batch batch;
    batch.event = event_write{event_write::kind::create, row, {}, max_per_day};
    return write(s, std::move(batch));
}

bool event_moved(quadra::server::store& s, std::int64_t id, const std::string& status,
                 std::int64_t at_ms, std::int64_t ends_ms = 0, const std::string& reason = {}) {
    event_row row;
    row.id = id;
    row.status = status;
    row.changed_ms = at_ms;
    row.ends_ms = ends_ms;
    row.reason = reason;
    write_batch batch;
    batch.event = event_write{event_write::kind::set_status, row, {}, 0};
    return write(s, std::move(batch));
}

bool event_marked(quadra::server::store& s, std::int64_t id, bool official) {
    event_row row;
    row.id = id;
    row.official = official;
    write_batch batch;
    batch.event = event_write{event_write::kind::set_official, row, {}, 0};
    return write(s, std::move(batch));
}

// `what` (enter, pause or withdraw) of `identity`'s entry in `event` at `at_ms`.
bool entry_changed(quadra::server::store& s, event_write::kind what, std::int64_t event,
                   std::int64_t identity, std::int64_t at_ms) {
    event_entry_row entry;
    entry.event = event;
    entry.identity = identity;
    entry.entered_ms = at_ms;
    entry.changed_ms = at_ms;
    write_batch batch;
    batch.event = event_write{what, {}, entry, 0};
    return write(s, std::move(batch));
}

// Every stored field of an event, to compare before and after a refused write.
auto event_fields(const event_row& e) {
    return std::make_tuple(e.id, e.creator, e.kind, e.game, e.terms, e.starts_ms, e.ends_ms,
                           e.max_players, e.status, e.official, e.created_ms, e.changed_ms,
                           e.reason, e.creator_name, e.players);
}

std::vector<std::int64_t> event_ids(const std::vector<event_row>& rows) {
    std::vector<std::int64_t> out;
    out.reserve(rows.size());
    for (const auto& r : rows) out.push_back(r.id);
    return out;
}

// Each entry as "name status entered_ms changed_ms", the times after base_ms.
std::vector<std::string> entry_lines(const quadra::server::store& s, std::int64_t event) {
    std::vector<std::string> lines;
    for (const auto& e : s.entries_of(event)) {
        CHECK(e.event == event);
        lines.push_back(e.name + " " + std::to_string(e.identity) + " " + e.status + " " +
                        std::to_string(e.entered_ms - base_ms) + " " +
                        std::to_string(e.changed_ms - base_ms));
    }
    return lines;
}

using entry_kind = event_write::kind;

template <class Place>
void events_are_stored(const Place& where) {
    const std::int64_t t = base_ms;
    {
        auto s = where.open();
        event_account(*s, 7, "Ann");
        event_account(*s, 8, "Bob");
        event_account(*s, 9, "Cy");
        event_account(*s, 10, "Dee");
        event_account(*s, 11, "Eve");

        // Created: every field reads back as written, with the creator's name and no players.
        auto arena = an_event_row(1001, 7, "arena", t, t + 2 * hour_ms);
        arena.ends_ms = t + 3 * hour_ms;
        arena.max_players = 3;
        REQUIRE(event_created(*s, arena, 2));
        const auto found = s->find_event(1001);
        REQUIRE(found);
        CHECK(found->id == 1001);
        CHECK(found->creator == 7);
        CHECK(found->kind == "arena");
        CHECK(found->game == "quadrature");
        CHECK(found->terms == R"({"name":"Event 1001"})");
        CHECK(found->starts_ms == t + 2 * hour_ms);
        CHECK(found->ends_ms == t + 3 * hour_ms);
        CHECK(found->max_players == 3);
        CHECK(found->status == "scheduled");
        CHECK_FALSE(found->official);
        CHECK(found->created_ms == t);
        CHECK(found->changed_ms == t);
        CHECK(found->reason.empty());
        CHECK(found->creator_name == "Ann");
        CHECK(found->players == 0);
        CHECK_FALSE(s->find_event(9999));

        // Ann's daily limit of 2: the third inside 24 h is refused and stores nothing.
        auto swiss = an_event_row(1003, 7, "swiss", t + 1000, t + hour_ms);
        swiss.game = "kvadrat";
        REQUIRE(event_created(*s, swiss, 2));
        CHECK_FALSE(event_created(*s, an_event_row(1004, 7, "arena", t + 2000, t + hour_ms), 2));
        CHECK_FALSE(s->find_event(1004));
        CHECK(s->event_creation_times(7, t - day_ms).size() == 2);
        // At t + 24 h the first (made at t) has left the window: one inside, a second allowed;
        // 500 ms later both are inside.
        REQUIRE(
            event_created(*s, an_event_row(1005, 7, "arena", t + day_ms, t + day_ms + hour_ms), 2));
        CHECK_FALSE(
            event_created(*s, an_event_row(1008, 7, "arena", t + day_ms + 500, t + day_ms), 2));
        CHECK_FALSE(s->find_event(1008));
        CHECK(s->event_creation_times(7, t - day_ms) ==
              std::vector<std::int64_t>{t, t + 1000, t + day_ms});
        CHECK(s->event_creation_times(7, t).size() == 2);
        CHECK(s->event_creation_times(7, t + 1000).size() == 1);
        CHECK(s->event_creation_times(8, t - day_ms).size() == 0);

        // No limit (0): Bob's three at once. The first is official, with a reason kept as given.
        auto official = an_event_row(1002, 8, "swiss", t + 3000, t + 2 * hour_ms);
        official.official = true;
        official.changed_ms = t + 3500;
        official.reason = "kept";
        REQUIRE(event_created(*s, official, 0));
        REQUIRE(event_created(*s, an_event_row(1006, 8, "arena", t + 3000, t + 4 * hour_ms), 0));
        REQUIRE(event_created(*s, an_event_row(1007, 8, "arena", t + 3000, t + 5 * hour_ms), 0));
        CHECK(s->event_creation_times(8, t - day_ms).size() == 3);
        const auto bobs = s->find_event(1002);
        REQUIRE(bobs);
        CHECK(bobs->official);
        CHECK(bobs->creator_name == "Bob");
        CHECK(bobs->ends_ms == 0);
        CHECK(bobs->max_players == 0);
        CHECK(bobs->changed_ms == t + 3500);
        CHECK(bobs->reason == "kept");
        // An id taken: refused, the first one unchanged.
        CHECK_FALSE(event_created(*s, an_event_row(1002, 9, "arena", t + 4000, t), 0));
        CHECK(event_fields(*s->find_event(1002)) == event_fields(*bobs));

        CHECK(event_ids(s->events_with_status("scheduled", 10)) ==
              std::vector<std::int64_t>{1003, 1001, 1002, 1006, 1007, 1005});
        CHECK(event_ids(s->events_with_status("scheduled", 3)) ==
              std::vector<std::int64_t>{1003, 1001, 1002});

        // Ann and Eve enter the Swiss event before it starts.
        CHECK(entry_changed(*s, entry_kind::enter, 1003, 7, t + 100));
        CHECK(entry_changed(*s, entry_kind::enter, 1003, 11, t + 101));

        // Every allowed move of a status.
        CHECK(event_moved(*s, 1003, "running", t + hour_ms));
        CHECK(event_moved(*s, 1003, "finished", t + 4 * hour_ms, t + 4 * hour_ms));
        const auto finished = s->find_event(1003);
        CHECK(finished->status == "finished");
        CHECK(finished->changed_ms == t + 4 * hour_ms);
        CHECK(finished->ends_ms == t + 4 * hour_ms);
        CHECK(finished->players == 2);
        CHECK(event_moved(*s, 1006, "cancelled", t + 2 * hour_ms, 0, "too few players"));
        CHECK(s->find_event(1006)->reason == "too few players");
        CHECK(s->find_event(1006)->ends_ms == 0);
        CHECK(event_moved(*s, 1007, "running", t + 5 * hour_ms));
        CHECK(event_moved(*s, 1007, "cancelled", t + 6 * hour_ms, 0, "server stopped"));
        CHECK(event_moved(*s, 1001, "running", t + 2 * hour_ms));
        CHECK(s->find_event(1001)->ends_ms == t + 3 * hour_ms);  // 0: its end unchanged

        // Each move not allowed is refused and changes nothing.
        const auto refused_move = [&s](std::int64_t id, const std::string& status) {
            const auto before = s->find_event(id);
            REQUIRE(before);
            CHECK_FALSE(
                event_moved(*s, id, status, base_ms + 9 * hour_ms, base_ms + 9 * hour_ms, "no"));
            CHECK(event_fields(*s->find_event(id)) == event_fields(*before));
        };
        refused_move(1003, "running");    // finished -> running
        refused_move(1006, "running");    // cancelled -> running
        refused_move(1005, "finished");   // scheduled -> finished
        refused_move(1003, "cancelled");  // finished -> cancelled
        refused_move(1001, "running");    // running -> running
        refused_move(1005, "paused");     // no such status
        CHECK_FALSE(event_moved(*s, 9999, "running", t));
        CHECK_FALSE(s->find_event(9999));

        // Official on and off; an unknown event refused.
        CHECK(event_marked(*s, 1001, true));
        CHECK(s->find_event(1001)->official);
        CHECK(event_marked(*s, 1001, false));
        CHECK_FALSE(s->find_event(1001)->official);
        CHECK_FALSE(event_marked(*s, 9999, true));
        CHECK_FALSE(s->find_event(9999));

        // Entering an event that is over, or unknown, is refused.
        const auto refused_entry = [&s](entry_kind what, std::int64_t event,
                                        std::int64_t identity) {
            const auto before = entry_lines(*s, event);
            const auto players = s->find_event(event) ? s->find_event(event)->players : -1;
            CHECK_FALSE(entry_changed(*s, what, event, identity, base_ms + 8 * hour_ms));
            CHECK(entry_lines(*s, event) == before);
            CHECK((s->find_event(event) ? s->find_event(event)->players : -1) == players);
        };
        refused_entry(entry_kind::enter, 1003, 8);  // finished
        refused_entry(entry_kind::enter, 1006, 8);  // cancelled
        refused_entry(entry_kind::enter, 1007, 8);  // cancelled while running
        refused_entry(entry_kind::enter, 9999, 8);

        // The arena (running, 3 places): full at three entries not withdrawn.
        const std::int64_t a = t + 2 * hour_ms;
        CHECK(entry_changed(*s, entry_kind::enter, 1001, 7, a + 1));
        CHECK(entry_changed(*s, entry_kind::enter, 1001, 8, a + 2));
        CHECK(entry_changed(*s, entry_kind::enter, 1001, 9, a + 3));
        CHECK(s->find_event(1001)->players == 3);
        refused_entry(entry_kind::enter, 1001, 7);   // entered already
        refused_entry(entry_kind::enter, 1001, 10);  // full
        CHECK(entry_changed(*s, entry_kind::withdraw, 1001, 9, a + 10));
        CHECK(s->find_event(1001)->players == 2);
        CHECK(entry_changed(*s, entry_kind::enter, 1001, 10, a + 11));  // Cy's place
        refused_entry(entry_kind::enter, 1001, 11);                     // full again
        refused_entry(entry_kind::enter, 1001, 9);                      // withdrawn for good
        // Paused, Bob keeps his place: Eve still cannot enter; he comes back, as first entered.
        CHECK(entry_changed(*s, entry_kind::pause, 1001, 8, a + 20));
        refused_entry(entry_kind::pause, 1001, 8);  // paused already
        CHECK(s->find_event(1001)->players == 3);
        refused_entry(entry_kind::enter, 1001, 11);
        CHECK(entry_changed(*s, entry_kind::enter, 1001, 8, a + 30));
        // Ann pauses, then withdraws; nothing more of a withdrawn entry.
        CHECK(entry_changed(*s, entry_kind::pause, 1001, 7, a + 40));
        CHECK(entry_changed(*s, entry_kind::withdraw, 1001, 7, a + 41));
        refused_entry(entry_kind::withdraw, 1001, 7);
        refused_entry(entry_kind::pause, 1001, 7);
        refused_entry(entry_kind::enter, 1001, 7);
        refused_entry(entry_kind::withdraw, 1001, 11);  // no entry
        refused_entry(entry_kind::pause, 1001, 11);
        CHECK(s->find_event(1001)->players == 2);

        // Bob's Swiss event (no cap): Eve and Dee enter at the same time; Dee pauses.
        CHECK(entry_changed(*s, entry_kind::enter, 1002, 11, t + 50));
        CHECK(entry_changed(*s, entry_kind::enter, 1002, 10, t + 50));
        CHECK(entry_changed(*s, entry_kind::pause, 1002, 10, t + 60));
    }

    // Everything reads back after reopening.
    auto s = where.open();
    const auto arena = s->find_event(1001);
    REQUIRE(arena);
    CHECK(arena->status == "running");
    CHECK(arena->changed_ms == t + 2 * hour_ms);
    CHECK(arena->players == 2);
    CHECK(arena->creator_name == "Ann");
    const std::int64_t a = 2 * hour_ms;
    CHECK(entry_lines(*s, 1001) ==
          std::vector<std::string>{
              "Ann 7 withdrawn " + std::to_string(a + 1) + " " + std::to_string(a + 41),
              "Bob 8 active " + std::to_string(a + 2) + " " + std::to_string(a + 30),
              "Cy 9 withdrawn " + std::to_string(a + 3) + " " + std::to_string(a + 10),
              "Dee 10 active " + std::to_string(a + 11) + " " + std::to_string(a + 11)});
    CHECK(entry_lines(*s, 1002) ==
          std::vector<std::string>{"Dee 10 paused 50 60", "Eve 11 active 50 50"});
    CHECK(s->find_event(1002)->players == 2);
    CHECK(entry_lines(*s, 1003) ==
          std::vector<std::string>{"Ann 7 active 100 100", "Eve 11 active 101 101"});
    CHECK(entry_lines(*s, 9999).empty());

    CHECK(event_ids(s->events_with_status("scheduled", 10)) ==
          std::vector<std::int64_t>{1002, 1005});
    CHECK(event_ids(s->events_with_status("running", 10)) == std::vector<std::int64_t>{1001});
    CHECK(event_ids(s->events_with_status("finished", 10)) == std::vector<std::int64_t>{1003});
    // The latest change first.
    CHECK(event_ids(s->events_with_status("cancelled", 10)) ==
          std::vector<std::int64_t>{1007, 1006});
    CHECK(event_ids(s->events_with_status("cancelled", 1)) == std::vector<std::int64_t>{1007});
    CHECK(s->events_with_status("cancelled", 1).front().reason == "server stopped");
    CHECK(s->events_with_status("paused", 10).empty());

    // Withdrawn entries and events over are not one's events; paused entries are.
    CHECK(event_ids(s->events_entered_by(10)) == std::vector<std::int64_t>{1001, 1002});
    CHECK(event_ids(s->events_entered_by(8)) == std::vector<std::int64_t>{1001});
    CHECK(event_ids(s->events_entered_by(11)) == std::vector<std::int64_t>{1002});
    CHECK(s->events_entered_by(7).empty());  // withdrawn from 1001, 1003 finished
    CHECK(s->events_entered_by(9).empty());
    CHECK(s->events_entered_by(10).back().creator_name == "Bob");

    // Ann's account deleted: her events and entries stay, under the deleted name.
    write_batch deleting;
    deleting.account = account_write{
        account_write::kind::delete_account, 7, {}, {}, {}, t + day_ms, t + 2 * day_ms};
    REQUIRE(write(*s, std::move(deleting)));
    CHECK(s->find_event(1001)->creator_name == deleted_player_name);
    CHECK(s->find_event(1001)->players == 2);
    CHECK(entry_lines(*s, 1003).front() == "Deleted player 7 active 100 100");
    CHECK(entry_lines(*s, 1001).size() == 4);
}

// A store of the schema before events: written, then its event tables taken away and its
// version set back by one.
void back_to_the_schema_before_events(const sqlite_place& where) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((where.dir.path / "data" / "quadra.db").string().c_str(), &db) ==
            SQLITE_OK);
    const std::string sql =
        "DROP TABLE tournament_entries; DROP TABLE tournaments; "
        "PRAGMA user_version=" +
        std::to_string(sqlite_schema_version - 1);
    CHECK(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

void back_to_the_schema_before_events(const postgres_place& where) {
    shared_postgres().sql(where.url,
                          "DROP TABLE tournament_entries; DROP TABLE tournaments; "
                          "DELETE FROM schema_version WHERE version = " +
                              std::to_string(postgres_schema_version));
}

std::string schema_version_of(const sqlite_place& where) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((where.dir.path / "data" / "quadra.db").string().c_str(), &db) ==
            SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &statement, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
    auto version = std::to_string(sqlite3_column_int(statement, 0));
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return version;
}

std::string schema_version_of(const postgres_place& where) {
    return shared_postgres().sql(where.url, "SELECT max(version) FROM schema_version");
}

template <class Place>
void the_schema_before_events_migrates(const Place& where, int current) {
    {
        auto s = where.open();
        event_account(*s, 7, "Ann");
        write_batch game;
        game.new_game = a_game("before");
        REQUIRE(write(*s, std::move(game)));
    }
    back_to_the_schema_before_events(where);
    CHECK(schema_version_of(where) == std::to_string(current - 1));
    auto s = where.open();
    CHECK(schema_version_of(where) == std::to_string(current));
    REQUIRE(s->find_game("before"));
    CHECK(s->find_account("Ann")->id == 7);
    REQUIRE(event_created(*s, an_event_row(1, 7, "arena", base_ms, base_ms + hour_ms), 1));
    CHECK(entry_changed(*s, entry_kind::enter, 1, 7, base_ms + 1));
    CHECK(s->find_event(1)->creator_name == "Ann");
    CHECK(s->find_event(1)->players == 1);
    CHECK(event_ids(s->events_entered_by(7)) == std::vector<std::int64_t>{1});
}

}  // namespace

TEST_CASE("events: created within a daily limit, moved forward, entered up to a cap (sqlite)") {
    events_are_stored(sqlite_place{});
}

TEST_CASE("events: created within a daily limit, moved forward, entered up to a cap (postgres)") {
    events_are_stored(postgres_place{});
}

TEST_CASE("events: a store of the schema before events migrates and keeps its rows (sqlite)") {
    the_schema_before_events_migrates(sqlite_place{}, sqlite_schema_version);
}

TEST_CASE("events: a store of the schema before events migrates and keeps its rows (postgres)") {
    the_schema_before_events_migrates(postgres_place{}, postgres_schema_version);
}
