#pragma once
// One SQLite connection as an sql_connection: each statement is prepared once, on first use, and
// stepped to its end in each run, so that no statement stays active between transactions (a
// stepped SELECT would hold a read snapshot and keep WAL checkpoints from completing).

#include <string>
#include <unordered_map>

#include "server/store/sql_connection.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace quadra::server {

class sqlite_connection final : public sql_connection {
public:
    // Opens `path` (created if missing; in memory for ":memory:" with `memory`).
    static store_result<sqlite_connection> open(const std::string& path, bool memory);
    ~sqlite_connection() override;
    sqlite_connection(sqlite_connection&& other) noexcept;
    sqlite_connection& operator=(sqlite_connection&&) = delete;

    const sql_dialect& dialect() const override { return sqlite_dialect; }
    store_result<sql_rows> run_with(const sql_text& statement,
                                    std::span<const sql_value> params) override;
    store_result<void> exec(std::string_view name, const std::string& sql) override;

    // SQLite's own words for the last error.
    std::string error() const;

private:
    explicit sqlite_connection(sqlite3* db) : db_(db) {}
    store_error failed(std::string_view statement) const;

    sqlite3* db_;
    std::unordered_map<const sql_text*, sqlite3_stmt*> prepared_;
};

}  // namespace quadra::server
