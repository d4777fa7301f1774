// A write that fails (here: SQLite refusing the insert, as on a full disk) refuses the move with
// store_failed, delivers nothing of it, and leaves the room exactly as its committed events say.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <sqlite3.h>
#include <unistd.h>

#include "tests/server/support/process.hpp"
#include "tests/server/support/server_fixture.hpp"

using nlohmann::json;
using namespace quadra::testing;
namespace fs = std::filesystem;

namespace {

void exec_sql(const fs::path& db_path, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(db_path.string().c_str(), &db) == SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

}  // namespace

TEST_CASE("a failing write refuses the move with store_failed and keeps the room consistent") {
    const quadra::testing::scratch_dir scratch("store-fail");
    const auto& dir = scratch.path;
    {
        auto config = test_config();
        config.data_dir = dir.string();
        test_server server(config);
        auto a = server.player("Ann");
        auto b = server.player("Bob");
        const auto code = create_room(*a, "kvadratura", json::object());
        join_room(*b, code);
        a->receive("snapshot");
        a->send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}});
        const auto committed = a->receive("snapshot");
        CHECK(b->receive("snapshot") == committed);
        const auto id = committed["game_id"].get<std::string>();

        exec_sql(dir / "quadra.db",
                 "CREATE TRIGGER full_disk BEFORE INSERT ON events "
                 "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
        b->send({{"type", "move"}, {"room", code}, {"move", "b2"}, {"version", 1}, {"id", 5}});
        const auto refused = b->receive();
        CHECK(refused["type"] == "error");
        CHECK(refused["code"] == "store_failed");
        CHECK(refused["id"] == 5);
        // What everyone sees next is the committed room: version 1, b2 not played.
        auto after = b->receive("snapshot");
        CHECK(after["version"] == 1);
        CHECK(after["state"] == committed["state"]);
        auto seen_by_a = a->receive();
        CHECK(seen_by_a["type"] == "snapshot");
        CHECK(seen_by_a["version"] == 1);
        CHECK(seen_by_a["state"] == committed["state"]);

        exec_sql(dir / "quadra.db", "DROP TRIGGER full_disk");
        b->send({{"type", "move"}, {"room", code}, {"move", "b2"}, {"version", 1}});
        const auto next = b->receive("snapshot");
        CHECK(next["version"] == 2);
        CHECK(next["last_move"] == "b2");
        CHECK(a->receive("snapshot") == next);

        const auto response = http_get(server.port(), "/api/games/" + id);
        const auto record = json::parse(response.substr(response.find("\r\n\r\n") + 4));
        CHECK(record["moves"] == json{"a1", "b2"});
    }
}
