// Accounts over a real WebSocket with a real SQLite file (#17): the password is in no column and
// in no byte of the database files, only its Argon2id hash is; signing out everywhere reaches the
// account's other connection, and a revoked session token cannot act.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/store_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

const std::string& password = account_password;

// Every value of every row of every table, as text.
std::vector<std::string> every_value(const std::filesystem::path& file) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.string().c_str(), &db) == SQLITE_OK);
    std::vector<std::string> tables, values;
    auto collect = [](void* out, int columns, char** text, char**) {
        for (int i = 0; i < columns; ++i)
            static_cast<std::vector<std::string>*>(out)->push_back(text[i] ? text[i] : "");
        return 0;
    };
    sqlite3_exec(db, "SELECT name FROM sqlite_master WHERE type = 'table'", collect, &tables,
                 nullptr);
    for (const auto& table : tables)
        sqlite3_exec(db, ("SELECT * FROM \"" + table + "\"").c_str(), collect, &values, nullptr);
    sqlite3_close(db);
    return values;
}

std::string bytes_of(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE(
    "accounts over WebSocket: no password stored and sign_out_everywhere reaches the other "
    "connection whose token is then refused") {
    temp_dir dir;
    auto config = test_config();
    config.data_dir = (dir.path / "data").string();
    std::vector<std::string> stored;
    {
        test_server server(config);
        auto laptop = server.player("Ann");
        laptop->send({{"type", "register"}, {"name", "Ann"}, {"password", password}});
        CHECK(answer(*laptop, "welcome")["account"] == "Ann");

        ws_client phone(server.port());
        phone.send({{"type", "sign_in"}, {"name", "ANN"}, {"password", password}});
        const std::string phone_token = answer(phone, "welcome")["token"];

        const auto file = dir.path / "data" / "quadra.db";
        stored = every_value(file);
        for (const auto& suffix : {"", "-wal"}) {
            auto name = file;
            name += suffix;
            CHECK(bytes_of(name).find(password) == std::string::npos);
        }

        laptop->send({{"type", "sign_out_everywhere"}});
        CHECK(answer(*laptop, "welcome")["account"].is_null());
        answer(phone, "signed_out");
        phone.send({{"type", "list_rooms"}});
        CHECK(phone.receive("error")["code"] == "not_identified");

        ws_client later(server.port());
        later.send({{"type", "hello"}, {"token", phone_token}});
        CHECK(later.receive("error")["code"] == "bad_token");
        later.send({{"type", "hello"}, {"token", laptop->token}});
        CHECK(later.receive("error")["code"] == "bad_token");
    }
    int hashes = 0;
    for (const auto& value : stored) {
        CHECK(value.find(password) == std::string::npos);
        if (value.rfind("$argon2id$", 0) == 0) ++hashes;
    }
    CHECK(hashes == 1);
}
