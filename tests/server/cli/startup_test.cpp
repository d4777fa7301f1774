// Start-up refuses a data directory it cannot use: the real binary prints a message naming the
// problem and exits non-zero, and the database it refused is left as it was.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <sqlite3.h>

#include "server/store/sqlite_store.hpp"
#include "tests/server/support/server_process.hpp"

namespace fs = std::filesystem;
using quadra::testing::failed_start;

TEST_CASE("a data directory that is a file stops start-up") {
    const quadra::testing::scratch_dir scratch("startup-file");
    const auto& dir = scratch.path;
    std::ofstream(dir / "plain") << "x";
    const auto [status, output] = failed_start("--data " + (dir / "plain").string());
    CHECK(status == 1);
    CHECK(output.find("cannot use the data directory") != std::string::npos);
}

TEST_CASE("a database of a newer schema stops start-up and is not changed") {
    const quadra::testing::scratch_dir scratch("startup-newer");
    const auto& dir = scratch.path;
    const int newer = quadra::server::sqlite_schema_version + 1;
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open((dir / "quadra.db").string().c_str(), &db) == SQLITE_OK);
        const auto set = "PRAGMA user_version=" + std::to_string(newer);
        REQUIRE(sqlite3_exec(db, set.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    const auto [status, output] = failed_start("--data " + dir.string());
    CHECK(status == 1);
    CHECK(output.find("schema version " + std::to_string(newer) + ", newer than this server's") !=
          std::string::npos);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir / "quadra.db").string().c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nullptr);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    CHECK(sqlite3_column_int(stmt, 0) == newer);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
}

TEST_CASE("a corrupt database file stops start-up") {
    const quadra::testing::scratch_dir scratch("startup-corrupt");
    const auto& dir = scratch.path;
    std::ofstream(dir / "quadra.db") << std::string(4096, '\x5a');
    const auto [status, output] = failed_start("--data " + dir.string());
    CHECK(status == 1);
    CHECK(output.find("corrupt") != std::string::npos);
    CHECK(fs::file_size(dir / "quadra.db") == 4096);
}
