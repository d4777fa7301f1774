// A store failure is a store_error carrying the backend's own words and the statement's name,
// logged once (`store_failed`) with ids only — never a name, a token's hash or chat text: on an
// SQLite file and on PostgreSQL alike, for writes and reads, for a table gone, a unique key taken
// and a server stopped. The log is the real one, its sink (standard error) captured in a file.

#include <doctest/doctest.h>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <vector>

#include "server/ops/log.hpp"
#include "server/store/sql_dialect.hpp"
#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;

namespace {

// Standard error redirected into a file until destroyed; the log writes there once set up.
class stderr_capture {
public:
    stderr_capture() : path_(scratch_file("stderr-capture")) {
        std::fflush(stderr);
        saved_ = dup(STDERR_FILENO);
        const int file = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        REQUIRE(file >= 0);
        dup2(file, STDERR_FILENO);
        close(file);
        log::setup("info", "plain");
    }
    ~stderr_capture() {
        std::fflush(stderr);
        dup2(saved_, STDERR_FILENO);
        close(saved_);
        std::remove(path_.c_str());
    }
    stderr_capture(const stderr_capture&) = delete;
    stderr_capture& operator=(const stderr_capture&) = delete;

    // The lines logged so far that contain `text`.
    std::vector<std::string> lines_with(const std::string& text) const {
        std::fflush(stderr);
        std::ifstream in(path_);
        std::vector<std::string> found;
        for (std::string line; std::getline(in, line);)
            if (line.find(text) != std::string::npos) found.push_back(line);
        return found;
    }

private:
    std::string path_;
    int saved_ = -1;
};

bool contains(const std::string& line, const std::string& text) {
    return line.find(text) != std::string::npos;
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// Runs SQL beside the store, as an operator (or a failing disk) would.
void break_with(const sqlite_place& where, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((where.dir.path / "data" / "quadra.db").string().c_str(), &db) ==
            SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

void break_with(const postgres_place& where, const char* sql) {
    shared_postgres().sql(where.url, sql);
}

// What SQLite and PostgreSQL say of a table that is not there.
const char* missing_table(const sqlite_place&) { return "no such table: events"; }
const char* missing_table(const postgres_place&) { return R"(relation \"events\" does not exist)"; }

const std::string secret_hash(64, 'd');

template <class Place>
void a_failed_write_is_logged_once_with_the_backend_words(const Place& where,
                                                          const std::string& backend) {
    auto s = where.open();
    write_batch created;
    created.new_game = a_game("g");
    created.events = {an_event("g", 0, "seated")};
    REQUIRE(write(*s, created));
    break_with(where, "DROP TABLE events");

    const stderr_capture captured;
    write_batch batch;
    batch.identity = identity_row{41, secret_hash, "Zed Secretname", 500, {}};
    batch.events = {an_event("g", 1, "chat my secret words")};
    CHECK(outcome_of(*s, std::move(batch)) == write_outcome::failed);

    const auto lines = captured.lines_with("store_failed");
    REQUIRE(lines.size() == 1);
    const auto& line = lines.front();
    CHECK(contains(line, "backend=" + backend));
    CHECK(contains(line, "statement=last_seq"));
    CHECK(contains(line, "game=g "));
    CHECK(contains(line, "identity=41"));
    CHECK(contains(line, missing_table(where)));
    CHECK_FALSE(contains(line, "Secretname"));
    CHECK_FALSE(contains(line, secret_hash));
    CHECK_FALSE(contains(line, "secret words"));
    // Nothing of the batch was written: the identity went with the events.
    CHECK_FALSE(s->find_identity(std::int64_t{41}).has_value());
}

template <class Place>
void a_taken_key_is_logged_without_the_name(const Place& where) {
    using kind = account_write::kind;
    auto s = where.open();
    for (std::int64_t id : {7, 8}) {
        write_batch guest;
        guest.identity = identity_row{id, std::string(64, static_cast<char>('a' + id)), "G", 1, {}};
        REQUIRE(write(*s, std::move(guest)));
    }
    const auto registering = [](std::int64_t id, const std::string& name) {
        write_batch b;
        b.account = account_write{
            kind::register_account, id, std::string(64, static_cast<char>('f' - id + 7)), name,
            "$argon2id$secret",     900};
        return b;
    };
    REQUIRE(write(*s, registering(7, "Zedekiah")));

    const stderr_capture captured;
    CHECK(outcome_of(*s, registering(8, "ZEDEKIAH")) == write_outcome::failed);
    const auto lines = captured.lines_with("store_failed");
    REQUIRE(lines.size() == 1);
    CHECK(contains(lines.front(), "statement=register_account"));
    CHECK(contains(lines.front(), "identity=8"));
    CHECK(contains(lower(lines.front()), "unique"));
    // PostgreSQL's DETAIL would quote the key: only its primary message is kept.
    CHECK_FALSE(contains(lower(lines.front()), "zedekiah"));
    CHECK_FALSE(contains(lines.front(), "argon2id"));
}

template <class Place>
void a_failed_read_is_logged_once_and_reads_as_nothing(const Place& where) {
    auto s = where.open();
    write_batch created;
    created.new_game = a_game("g");
    created.events = {an_event("g", 0, "seated")};
    REQUIRE(write(*s, created));
    break_with(where, "DROP TABLE events");

    const stderr_capture captured;
    CHECK(s->events_of("g").empty());
    const auto lines = captured.lines_with("store_failed");
    REQUIRE(lines.size() == 1);
    CHECK(contains(lines.front(), "statement=events_of"));
    CHECK(contains(lines.front(), "game=g "));
    CHECK(contains(lines.front(), missing_table(where)));
    // The other tables still answer.
    CHECK(s->find_game("g").has_value());
    CHECK(captured.lines_with("store_failed").size() == 1);
}

// Batches submitted at once may be written together; the one that fails is logged once, as its
// own, not again for the transaction it spoiled.
template <class Place>
void a_bad_batch_among_many_is_logged_once(const Place& where) {
    auto s = where.open();
    for (const char* id : {"a", "b"}) {
        write_batch b;
        b.new_game = a_game(id);
        REQUIRE(write(*s, b));
    }
    const stderr_capture captured;
    std::vector<std::promise<write_outcome>> outcomes(12);
    for (int i = 0; i < 12; ++i) {
        write_batch b;
        // The last batch of "b" leaves a gap (seq 9 where 5 is next): it alone is refused.
        b.events = {an_event(i % 2 ? "b" : "a", i == 11 ? 9 : i / 2)};
        s->submit(std::move(b), [&outcomes, i](write_outcome result) {
            outcomes[static_cast<std::size_t>(i)].set_value(result);
        });
    }
    for (int i = 0; i < 12; ++i)
        CHECK(outcomes[static_cast<std::size_t>(i)].get_future().get() ==
              (i == 11 ? write_outcome::failed : write_outcome::committed));
    const auto lines = captured.lines_with("store_failed");
    REQUIRE(lines.size() == 1);
    CHECK(contains(lines.front(), "statement=last_seq"));
    CHECK(contains(lines.front(), "game=b "));
    CHECK(contains(lines.front(), "the events start at 9, the stored ones at 5"));
}

}  // namespace

TEST_CASE("a bad batch among many written together is logged once (sqlite)") {
    a_bad_batch_among_many_is_logged_once(sqlite_place{});
}

TEST_CASE("a bad batch among many written together is logged once (postgres)") {
    a_bad_batch_among_many_is_logged_once(postgres_place{});
}

TEST_CASE("a failed write is logged once with SQLite's words and the statement, no user data") {
    a_failed_write_is_logged_once_with_the_backend_words(sqlite_place{}, "sqlite");
}

TEST_CASE("a failed write is logged once with PostgreSQL's words and the statement, no user data") {
    a_failed_write_is_logged_once_with_the_backend_words(postgres_place{}, "postgres");
}

TEST_CASE("a taken account key is logged once without the name (sqlite)") {
    a_taken_key_is_logged_without_the_name(sqlite_place{});
}

TEST_CASE("a taken account key is logged once without the name (postgres)") {
    a_taken_key_is_logged_without_the_name(postgres_place{});
}

TEST_CASE("a failed read is logged once and reads as nothing (sqlite)") {
    a_failed_read_is_logged_once_and_reads_as_nothing(sqlite_place{});
}

TEST_CASE("a failed read is logged once and reads as nothing (postgres)") {
    a_failed_read_is_logged_once_and_reads_as_nothing(postgres_place{});
}

TEST_CASE("postgres: a write while the server is down is logged once with libpq's words") {
    auto s = open_postgres(shared_postgres().fresh_database());
    REQUIRE(write(*s, [] {
        write_batch b;
        b.new_game = a_game("g");
        return b;
    }()));
    shared_postgres().stop();
    {
        const stderr_capture captured;
        write_batch batch;
        batch.events = {an_event("g", 0, "seated")};
        CHECK(outcome_of(*s, std::move(batch)) == write_outcome::failed);
        const auto lines = captured.lines_with("store_failed");
        REQUIRE(lines.size() == 1);
        CHECK(contains(lines.front(), "statement=begin"));
        CHECK(contains(lines.front(), "game=g "));
        CHECK_FALSE(contains(lines.front(), "error=\"\""));  // libpq's words, whatever they are
    }
    shared_postgres().start();
}

TEST_CASE("a statement is written once and rendered in each dialect") {
    const sql_text statement{"example", "SELECT h FROM {given_list} WHERE x = ?2{row_lock}"};
    CHECK(statement.name() == "example");
    CHECK(statement.in(sqlite_dialect) ==
          "SELECT h FROM (SELECT value AS h, key AS n FROM json_each(?1)) AS given WHERE x = ?2");
    CHECK(statement.in(postgres_dialect) ==
          "SELECT h FROM unnest($1::text[]) WITH ORDINALITY AS given (h, n) WHERE x = $2 FOR "
          "UPDATE");
    CHECK(sqlite_dialect.list_text({"ab", "cd"}) == R"(["ab","cd"])");
    CHECK(postgres_dialect.list_text({"ab", "cd"}) == "{ab,cd}");
}
