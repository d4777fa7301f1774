// `quadra backup` and `quadra restore` with the real binary: a restore drill (a backup taken while
// a server plays, restored into a new data directory, a server started there), and each refusal:
// its exit status, its one line, and nothing changed on disk.

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include "server/store/sqlite_store.hpp"
#include "tests/server/support/account_client.hpp"
#include "tests/server/support/server_process.hpp"
#include "tests/server/support/ws_client.hpp"
#include "tests/test_paths.hpp"

using nlohmann::json;
using quadra::testing::command_result;
using quadra::testing::http_fetch;
using quadra::testing::run_command;
using quadra::testing::scratch_dir;
using quadra::testing::server_process;
using quadra::testing::ws_client;
namespace fs = std::filesystem;

namespace {

// The schema version this quadra writes, which a backup and a restored store have.
const std::string current_schema = std::to_string(quadra::server::sqlite_schema_version);

// `quadra <args>` to completion: its exit status and output.
command_result quadra_run(const std::string& args) {
    return run_command(std::string(quadra::testing::quadra_binary) + " " + args);
}

std::string bytes_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every file under `dir` with its bytes: what a refusal must leave as it was.
std::map<std::string, std::string> files_in(const fs::path& dir) {
    std::map<std::string, std::string> files;
    if (!fs::exists(dir)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file())
            files[fs::relative(entry.path(), dir).string()] = bytes_of(entry.path());
    return files;
}

// Runs SQL on the SQLite file `path`; the first column of the first row, if any.
std::string sqlite_value(const fs::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    std::string value;
    sqlite3_stmt* stmt = nullptr;
    REQUIRE_MESSAGE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK,
                    sqlite3_errmsg(db));
    int stepped = 0;
    while ((stepped = sqlite3_step(stmt)) == SQLITE_ROW)
        if (value.empty() && sqlite3_column_text(stmt, 0))
            value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    CHECK(stepped == SQLITE_DONE);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

// Runs the SQL script `sql` on the SQLite file `path`.
void sqlite_script(const fs::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* error = nullptr;
    const int ran = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    CHECK_MESSAGE(ran == SQLITE_OK, (error ? error : ""));
    sqlite3_free(error);
    sqlite3_close(db);
}

// A new guest turned into the account `name`.
std::unique_ptr<ws_client> account(unsigned short port, const std::string& name) {
    auto client = std::make_unique<ws_client>(port);
    client->send({{"type", "hello"}, {"name", name}});
    client->token = client->receive("welcome")["token"];
    client->send(
        {{"type", "register"}, {"name", name}, {"password", quadra::testing::account_password}});
    CHECK(quadra::testing::answer(*client, "welcome")["account"] == name);
    return client;
}

json get_json(unsigned short port, const std::string& target) {
    const auto response = http_fetch(port, target);
    REQUIRE_MESSAGE(response.status == 200, target << ": " << response.body);
    return json::parse(response.body);
}

// The snapshot of room `code` that follows its `joined` on `client`.
json snapshot_of(ws_client& client, const std::string& code) {
    for (int i = 0; i < 10; ++i)
        if (client.receive("joined")["room"] == code) return client.receive("snapshot");
    FAIL("no joined for " << code);
    return {};
}

// The next snapshot of room `code` on `client`, skipping those of other rooms.
json next_snapshot(ws_client& client, const std::string& code) {
    for (int i = 0; i < 20; ++i)
        if (auto got = client.receive("snapshot"); got["room"] == code) return got;
    FAIL("no snapshot of " << code);
    return {};
}

// Two players of one room (seat 0 and seat 1) and the last snapshot both saw.
struct duel {
    ws_client* seats[2] = {nullptr, nullptr};
    std::string code;
    json seen;

    // The player to move plays the `n`th choice among the legal requests; both see it.
    void play(int n) {
        REQUIRE(seen["status"] == "playing");
        const auto& legal = seen["state"]["legal"];
        REQUIRE_FALSE(legal.empty());
        const auto move = legal[static_cast<std::size_t>(n * 7 + 3) % legal.size()];
        seats[seen["state"]["to_move"].get<std::size_t>()]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
        const auto next = next_snapshot(*seats[0], code);
        CHECK(next_snapshot(*seats[1], code) == next);
        REQUIRE(next["version"] == seen["version"].get<int>() + 1);
        seen = next;
    }
};

// Ann creates a room of `game` (with `create`'s extra fields), Bob joins; both see it start.
duel start_duel(ws_client& ann, ws_client& bob, const std::string& game, json create = {}) {
    duel d{{&ann, &bob}, "", {}};
    create["type"] = "create_room";
    create["game"] = game;
    ann.send(create);
    d.code = ann.receive("joined")["room"];
    bob.send({{"type", "join_room"}, {"room", d.code}});
    CHECK(bob.receive("joined")["seat"] == 1);
    do d.seen = next_snapshot(bob, d.code);
    while (d.seen["status"] != "playing");
    json ann_seen;
    do ann_seen = next_snapshot(ann, d.code);
    while (ann_seen["status"] != "playing");
    CHECK(ann_seen == d.seen);
    return d;
}

// The numbers in `quadra backup`'s or `quadra restore`'s line "... N pages (...) in S steps".
std::pair<int, int> pages_and_steps(const std::string& line) {
    std::smatch match;
    REQUIRE_MESSAGE(
        std::regex_search(line, match, std::regex("(\\d+) pages \\(.*\\) in (\\d+) steps")), line);
    return {std::stoi(match[1]), std::stoi(match[2])};
}

// Stops a server as an operator would: SIGTERM, and a clean exit.
void stop(server_process& server) {
    server.process().signal(SIGTERM);
    REQUIRE(server.process().wait_exit(30) == 0);
}

}  // namespace

TEST_CASE(
    "restore drill: a backup taken while moves are played brings back every game, account "
    "and rating, and the game in progress goes on") {
    const scratch_dir live("backup-live");
    const scratch_dir restored("backup-restored");
    const scratch_dir backups("backup-files");
    const auto file = (backups.path / "quadra-backup.db").string();

    std::string bob_token, finished_id, playing_id, playing_code;
    json finished_record, ann_profile, live_moves;
    std::int64_t version_at_start = 0, version_at_end = 0;
    {
        server_process server(live.string());
        auto ann = account(server.port(), "Ann");
        auto bob = account(server.port(), "Bob");
        bob_token = bob->token;

        // A rated game, finished: Bob resigns.
        auto rated = start_duel(*ann, *bob, "quadwrangle", {{"rated", true}});
        bob->send({{"type", "resign"}, {"room", rated.code}});
        json last;
        do last = bob->receive("snapshot");
        while (last["status"] != "finished");
        finished_id = last["game_id"];
        finished_record = get_json(server.port(), "/api/games/" + finished_id);
        ann_profile = get_json(server.port(), "/api/users/Ann");
        REQUIRE(ann_profile["ratings"].size() == 1);
        REQUIRE(ann_profile["ratings"][0]["games"] == 1);

        // A game in progress, with moves played while the backup runs: one page a step and 10 ms
        // after each, so that the copy spans many of the server's commits.
        // Fill mode on 8 x 8 lasts 64 plies, more than the at most 50 played here: the game never
        // ends under the drill however many moves the backup spans.
        auto playing =
            start_duel(*ann, *bob, "kvadratura", {{"options", {{"size", 8}, {"mode", "fill"}}}});
        playing_code = playing.code;
        playing_id = playing.seen["game_id"];
        for (int n = 0; n < 8; ++n) playing.play(n);
        version_at_start = playing.seen["version"];
        auto backup = std::async(std::launch::async, [&] {
            return quadra_run("backup --data-dir " + live.string() + " --to " + file +
                              " --pages-per-step 1 --pause-ms 10");
        });
        // A move every 20 ms or so, as players would, until the copy is done (at most 40: a slow
        // machine may take longer, and `steps == pages` below is what shows the snapshot held).
        int during = 0;
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        do {
            // Commits restart a backup that does not hold its snapshot: it might never end.
            REQUIRE_MESSAGE(std::chrono::steady_clock::now() < give_up,
                            "the backup is still running after a minute");
            if (during < 40) playing.play(8 + during++);
        } while (backup.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready);
        version_at_end = playing.seen["version"];
        const auto result = backup.get();
        REQUIRE_MESSAGE(result.status == 0, result.out);
        CHECK(result.out.rfind(
                  "quadra backup: copied the store in '" + live.string() + "' to '" + file + "': ",
                  0) == 0);
        const auto [pages, steps] = pages_and_steps(result.out);
        CHECK(pages > 10);
        CHECK(steps == pages);  // one page a step: the snapshot held through every commit between
        MESSAGE(during << " moves while the backup ran; " << pages << " pages");

        // Moves after the backup are not in it.
        playing.play(100);
        playing.play(101);
        live_moves = get_json(server.port(), "/api/games/" + playing_id)["moves"];
        REQUIRE(live_moves.size() == static_cast<std::size_t>(version_at_end + 2));
        ann->drop();  // else the server waits for them to close at shutdown
        bob->drop();
        stop(server);
    }

    // The copy is one file in journal mode DELETE: no -wal beside it.
    CHECK(sqlite_value(file, "PRAGMA journal_mode") == "delete");
    CHECK(sqlite_value(file, "PRAGMA user_version") == current_schema);

    const auto restore = quadra_run("restore --from " + file + " --data-dir " + restored.string());
    REQUIRE_MESSAGE(restore.status == 0, restore.out);
    CHECK(restore.out.rfind("quadra restore: checked '" + file + "' and put it in place in '" +
                                restored.string() + "': ",
                            0) == 0);
    CHECK(fs::is_regular_file(restored.path / "quadra.db"));
    CHECK_FALSE(fs::exists(restored.path / "quadra.db.tmp"));

    server_process server(restored.string());
    // The finished game, as it was; the rating and its history.
    CHECK(get_json(server.port(), "/api/games/" + finished_id) == finished_record);
    const auto profile = get_json(server.port(), "/api/users/Ann");
    CHECK(profile["ratings"] == ann_profile["ratings"]);
    CHECK(profile["history"] == ann_profile["history"]);
    CHECK(profile["records"] == ann_profile["records"]);

    // The accounts: Ann signs in with her password on a new device, Bob comes back by his session.
    ws_client ann(server.port());
    ann.send(
        {{"type", "sign_in"}, {"name", "Ann"}, {"password", quadra::testing::account_password}});
    CHECK(quadra::testing::answer(ann, "welcome")["account"] == "Ann");
    const auto ann_seen = snapshot_of(ann, playing_code);
    ws_client bob(server.port());
    bob.send({{"type", "hello"}, {"token", bob_token}});
    const auto welcome = bob.receive("welcome");
    CHECK(welcome["resumed"] == true);
    CHECK(welcome["account"] == "Bob");
    const auto bob_seen = snapshot_of(bob, playing_code);
    CHECK(bob_seen["state"] == ann_seen["state"]);
    // Ann sees Bob come back: both then hold the same snapshot.
    json ann_now;
    do ann_now = next_snapshot(ann, playing_code);
    while (ann_now["seats"][1]["connected"] != true);
    CHECK(ann_now == bob_seen);

    // The game in progress: every move committed before the backup began, none after it ended,
    // each the move played.
    const auto version = ann_seen["version"].get<std::int64_t>();
    CHECK(version >= version_at_start);
    CHECK(version <= version_at_end);
    CHECK(ann_seen["game_id"] == playing_id);
    const auto moves = get_json(server.port(), "/api/games/" + playing_id)["moves"];
    REQUIRE(moves.size() == static_cast<std::size_t>(version));
    CHECK(moves == json(live_moves.begin(), live_moves.begin() + version));

    // And it goes on: a further move is accepted.
    duel again{{&ann, &bob}, playing_code, bob_seen};
    again.play(7);
    CHECK(again.seen["version"] == version + 1);
    ann.drop();
    bob.drop();
    stop(server);
}

namespace {

// A store in `dir` as a server leaves it after a clean stop; with `user`, that account in it.
void make_store(const scratch_dir& dir, const std::string& user = {}) {
    server_process server(dir.string());
    if (!user.empty()) account(server.port(), user);
    stop(server);
    REQUIRE(fs::is_regular_file(dir.path / "quadra.db"));
}

}  // namespace

TEST_CASE(
    "backup refuses a missing store, a file that is not a Quadra store, an existing target "
    "without --force and the store itself, and changes nothing") {
    const scratch_dir dir("backup-refusals");
    const auto target = (dir.path / "copy.db").string();
    const auto backup_of = [&](const fs::path& data_dir, const std::string& extra = {}) {
        return quadra_run("backup --data-dir " + data_dir.string() + " --to " + target + extra);
    };

    SUBCASE("no store") {
        const auto none = dir.path / "none";
        fs::create_directories(none);
        const auto result = backup_of(none);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra backup: there is no Quadra store in '" + none.string() +
                                "' (no quadra.db)\n");
        CHECK(files_in(none).empty());
        CHECK_FALSE(fs::exists(target));
    }
    SUBCASE("not an SQLite database") {
        const auto other = dir.path / "other";
        fs::create_directories(other);
        std::ofstream(other / "quadra.db") << "notes, not a database\n";
        const auto before = files_in(other);
        const auto result = backup_of(other);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra backup: '" + (other / "quadra.db").string() +
                                "' is not an SQLite database: file is not a database\n");
        CHECK(files_in(other) == before);
        CHECK_FALSE(fs::exists(target));
        CHECK_FALSE(fs::exists(target + ".tmp"));
    }
    SUBCASE("an SQLite database without the Quadra schema") {
        const auto other = dir.path / "other";
        fs::create_directories(other);
        sqlite_value(other / "quadra.db", "CREATE TABLE notes (text TEXT)");
        const auto before = files_in(other);
        const auto result = backup_of(other);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra backup: '" + (other / "quadra.db").string() +
                                "' is not a Quadra store (schema version 0, no 'identities', "
                                "'games', 'events' tables)\n");
        CHECK(files_in(other) == before);
        CHECK_FALSE(fs::exists(target));
    }
    SUBCASE("the target exists, then --force replaces it") {
        const scratch_dir store("backup-refusals-store");
        make_store(store);
        std::ofstream(target) << "an older backup\n";
        const auto before = files_in(store.path);
        const auto result = backup_of(store.path);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra backup: '" + target + "' exists: pass --force to replace it\n");
        CHECK(bytes_of(target) == "an older backup\n");
        CHECK(files_in(store.path) == before);

        const auto forced = backup_of(store.path, " --force");
        CHECK_MESSAGE(forced.status == 0, forced.out);
        CHECK(sqlite_value(target, "PRAGMA user_version") == current_schema);
        CHECK_FALSE(fs::exists(target + ".tmp"));
        CHECK(files_in(store.path) == before);
    }
    SUBCASE("the target is the store itself") {
        const scratch_dir store("backup-refusals-store");
        make_store(store);
        const auto before = files_in(store.path);
        const auto itself = (store.path / "quadra.db").string();
        const auto result =
            quadra_run("backup --data-dir " + store.string() + " --to " + itself + " --force");
        CHECK(result.status == 1);
        CHECK(result.out ==
              "quadra backup: '" + itself + "' is the store itself: back it up to another file\n");
        CHECK(files_in(store.path) == before);
    }
    SUBCASE("usage") {
        for (const auto* args :
             {"backup --data-dir somewhere", "backup --to file",
              "backup --data-dir a --to b --pages-per-step 0",
              "backup --data-dir a --to b --pause-ms x", "backup --data-dir a --to b --fast"}) {
            CAPTURE(args);
            const auto result = quadra_run(args);
            CHECK(result.status == 2);
            CHECK(result.out ==
                  "usage: quadra backup --data-dir DIR --to FILE [--force] [--pages-per-step N] "
                  "[--pause-ms MS]\n");
        }
    }
}

TEST_CASE(
    "restore refuses a missing, foreign, newer or corrupt backup, a store in use, and an "
    "existing store without --force, and changes nothing") {
    const scratch_dir dir("restore-refusals");
    const scratch_dir source("restore-refusals-source");
    make_store(source, "Ann");
    const auto good = (dir.path / "good.db").string();
    REQUIRE(quadra_run("backup --data-dir " + source.string() + " --to " + good).status == 0);
    const auto target = dir.path / "target";
    const auto restore_from = [&](const std::string& file, const std::string& extra = {}) {
        return quadra_run("restore --from " + file + " --data-dir " + target.string() + extra);
    };

    SUBCASE("no backup") {
        const auto missing = (dir.path / "missing.db").string();
        const auto result = restore_from(missing);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra restore: there is no backup at '" + missing + "'\n");
        CHECK_FALSE(fs::exists(target));
    }
    SUBCASE("not an SQLite database") {
        const auto notes = (dir.path / "notes.txt").string();
        std::ofstream(notes) << "notes, not a database\n";
        const auto result = restore_from(notes);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra restore: '" + notes +
                                "' is not an SQLite database: file is not a database\n");
        CHECK_FALSE(fs::exists(target));
    }
    SUBCASE("a newer schema") {
        const auto newer = (dir.path / "newer.db").string();
        fs::copy_file(good, newer);
        sqlite_value(newer, "PRAGMA user_version=99");
        const auto result = restore_from(newer);
        CHECK(result.status == 1);
        CHECK(result.out == "quadra restore: '" + newer +
                                "' has schema version 99, newer than this quadra's (" +
                                current_schema +
                                "): restore "
                                "it with a newer quadra\n");
        CHECK_FALSE(fs::exists(target));
    }
    SUBCASE("corrupt") {
        // Page 2, the root of the identities table, overwritten: the header still reads.
        const auto corrupt = (dir.path / "corrupt.db").string();
        fs::copy_file(good, corrupt);
        const auto page_size = std::stoi(sqlite_value(corrupt, "PRAGMA page_size"));
        {
            std::fstream out(corrupt, std::ios::in | std::ios::out | std::ios::binary);
            out.seekp(page_size);
            const std::string garbage(static_cast<std::size_t>(page_size), '\xff');
            out.write(garbage.data(), page_size);
        }
        const auto result = restore_from(corrupt);
        CHECK(result.status == 1);
        CHECK(result.out.rfind("quadra restore: '" + corrupt + "' fails SQLite's integrity check: ",
                               0) == 0);
        CHECK(std::count(result.out.begin(), result.out.end(), '\n') == 1);
        CHECK_FALSE(fs::exists(target));
    }
    SUBCASE("a store there, then --force replaces it") {
        const scratch_dir other("restore-refusals-target");
        make_store(other);
        const auto before = files_in(other.path);
        const auto result = quadra_run("restore --from " + good + " --data-dir " + other.string());
        CHECK(result.status == 1);
        CHECK(result.out == "quadra restore: '" + other.string() +
                                "' already has a store: pass --force to replace it\n");
        CHECK(files_in(other.path) == before);

        const auto forced =
            quadra_run("restore --from " + good + " --data-dir " + other.string() + " --force");
        CHECK_MESSAGE(forced.status == 0, forced.out);
        CHECK(files_in(other.path).size() == 1);  // quadra.db alone: no old WAL beside it
        server_process server(other.string());
        CHECK(http_fetch(server.port(), "/api/users/Ann").status == 200);
        stop(server);
    }
    SUBCASE("a server running on the store, even with --force") {
        const scratch_dir other("restore-refusals-target");
        server_process server(other.string());
        const auto result =
            quadra_run("restore --from " + good + " --data-dir " + other.string() + " --force");
        CHECK(result.status == 1);
        CHECK(result.out == "quadra restore: the store in '" + other.string() +
                                "' is in use (is a server running on it?): stop that server "
                                "first\n");
        CHECK(http_fetch(server.port(), "/healthz").status == 200);
        CHECK(http_fetch(server.port(), "/api/users/Ann").status == 404);
        stop(server);
        server_process again(other.string());
        CHECK(http_fetch(again.port(), "/api/users/Ann").status == 404);
        stop(again);
    }
    SUBCASE("usage") {
        for (const auto* args : {"restore --from file", "restore --data-dir dir",
                                 "restore --from a --data-dir b --to c"}) {
            CAPTURE(args);
            const auto result = quadra_run(args);
            CHECK(result.status == 2);
            CHECK(result.out == "usage: quadra restore --from FILE --data-dir DIR [--force]\n");
        }
    }
}

TEST_CASE("restore takes a backup of an older schema, and the server migrates it at start") {
    const scratch_dir dir("restore-old-schema");
    // Version 1 as the first server wrote it (sqlite_schema.cpp's first migration).
    const auto old = dir.path / "version-1.db";
    sqlite_script(old, R"sql(
        CREATE TABLE identities (id INTEGER PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE,
                                 name TEXT NOT NULL, created_ms INTEGER NOT NULL);
        CREATE TABLE games (id TEXT PRIMARY KEY, room_code TEXT NOT NULL, game TEXT NOT NULL,
                            options TEXT NOT NULL, public INTEGER NOT NULL, settings TEXT NOT NULL,
                            seed TEXT NOT NULL, commitment TEXT NOT NULL,
                            created_ms INTEGER NOT NULL, finished_ms INTEGER,
                            result TEXT NOT NULL DEFAULT '');
        CREATE INDEX games_by_finish ON games (finished_ms, created_ms);
        CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL,
                             kind TEXT NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL,
                             identity INTEGER NOT NULL, at_ms INTEGER NOT NULL,
                             PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
        PRAGMA user_version=1;
    )sql");
    const auto data = dir.path / "data";
    const auto result =
        quadra_run("restore --from " + old.string() + " --data-dir " + data.string());
    REQUIRE_MESSAGE(result.status == 0, result.out);
    CHECK(result.out.find("schema version 1)") != std::string::npos);
    CHECK(sqlite_value(data / "quadra.db", "PRAGMA user_version") == "1");
    {
        server_process server(data.string());
        CHECK(http_fetch(server.port(), "/healthz").status == 200);
        stop(server);
    }
    CHECK(sqlite_value(data / "quadra.db", "PRAGMA user_version") == current_schema);
}
