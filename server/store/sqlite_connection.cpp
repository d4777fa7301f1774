#include "server/store/sqlite_connection.hpp"

#include <utility>

#include <sqlite3.h>

namespace quadra::server {

store_result<sqlite_connection> sqlite_connection::open(const std::string& path, bool memory) {
    sqlite3* db = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX |
                      (memory ? SQLITE_OPEN_MEMORY : 0);
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        store_error why{"open", "the database '" + path + "' cannot be opened"};
        if (db) why.message += std::string(": ") + sqlite3_errmsg(db);
        sqlite3_close_v2(db);
        return why;
    }
    sqlite3_busy_timeout(db, 5000);
    return sqlite_connection(db);
}

sqlite_connection::~sqlite_connection() {
    for (const auto& [text, stmt] : prepared_) sqlite3_finalize(stmt);
    if (db_) sqlite3_close_v2(db_);
}

sqlite_connection::sqlite_connection(sqlite_connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), prepared_(std::move(other.prepared_)) {
    other.prepared_.clear();
}

std::string sqlite_connection::error() const { return sqlite3_errmsg(db_); }

store_error sqlite_connection::failed(std::string_view statement) const {
    return {std::string(statement), error()};
}

namespace {

bool bind(sqlite3_stmt* stmt, int i, const sql_value& value) {
    switch (value.type()) {
        case sql_value::kind::null:
            return sqlite3_bind_null(stmt, i) == SQLITE_OK;
        case sql_value::kind::integer:
        case sql_value::kind::boolean:
            return sqlite3_bind_int64(stmt, i, value.integer()) == SQLITE_OK;
        case sql_value::kind::real:
            return sqlite3_bind_double(stmt, i, value.real()) == SQLITE_OK;
        case sql_value::kind::text:
            return sqlite3_bind_text(stmt, i, value.text().data(),
                                     static_cast<int>(value.text().size()),
                                     SQLITE_TRANSIENT) == SQLITE_OK;
    }
    return false;
}

sql_rows::cell cell_of(sqlite3_stmt* stmt, int column) {
    switch (sqlite3_column_type(stmt, column)) {
        case SQLITE_NULL:
            return std::monostate{};
        case SQLITE_INTEGER:
            return static_cast<std::int64_t>(sqlite3_column_int64(stmt, column));
        case SQLITE_FLOAT:
            return sqlite3_column_double(stmt, column);
        default: {
            const auto* text = sqlite3_column_text(stmt, column);
            return std::string(reinterpret_cast<const char*>(text),
                               static_cast<std::size_t>(sqlite3_column_bytes(stmt, column)));
        }
    }
}

}  // namespace

store_result<sql_rows> sqlite_connection::run_with(const sql_text& statement,
                                                   std::span<const sql_value> params) {
    auto& stmt = prepared_[&statement];
    const auto& sql = statement.in(sqlite_dialect);
    if (!stmt && sqlite3_prepare_v3(db_, sql.c_str(), static_cast<int>(sql.size() + 1),
                                    SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
        prepared_.erase(&statement);
        return failed(statement.name());
    }
    for (std::size_t i = 0; i < params.size(); ++i)
        if (!bind(stmt, static_cast<int>(i + 1), params[i])) {
            auto why = failed(statement.name());
            sqlite3_reset(stmt);
            sqlite3_clear_bindings(stmt);
            return why;
        }
    const int columns = sqlite3_column_count(stmt);
    sql_rows rows(columns);
    int step = SQLITE_ROW;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW)
        for (int c = 0; c < columns; ++c) rows.add(cell_of(stmt, c));
    std::optional<store_error> why;
    if (step != SQLITE_DONE)
        why = failed(statement.name());
    else if (!sqlite3_stmt_readonly(stmt))
        rows.set_affected(sqlite3_changes(db_));
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    if (why) return std::move(*why);
    return rows;
}

store_result<void> sqlite_connection::exec(std::string_view name, const std::string& sql) {
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) return failed(name);
    return {};
}

}  // namespace quadra::server
