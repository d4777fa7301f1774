#pragma once
// A database connection as the SQL written once (store_sql.hpp) needs it, implemented by SQLite
// (sqlite_connection) and libpq (pg_connection): run a named statement with its parameters and
// read its rows, run a script, begin a transaction. Not thread-safe: its owner serialises calls.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/store/sql_dialect.hpp"
#include "server/store/store_error.hpp"

namespace quadra::server {

// One parameter of a statement; text is only viewed, and must outlive the call.
class sql_value {
public:
    enum class kind { null, integer, real, boolean, text };

    sql_value(std::nullopt_t) {}
    sql_value(int value) : kind_(kind::integer), integer_(value) {}
    sql_value(std::int64_t value) : kind_(kind::integer), integer_(value) {}
    sql_value(std::optional<std::int64_t> value)
        : kind_(value ? kind::integer : kind::null), integer_(value.value_or(0)) {}
    sql_value(double value) : kind_(kind::real), real_(value) {}
    sql_value(bool value) : kind_(kind::boolean), integer_(value ? 1 : 0) {}
    sql_value(std::string_view value) : kind_(kind::text), text_(value) {}
    sql_value(const std::string& value) : kind_(kind::text), text_(value) {}
    sql_value(const char* value) : kind_(kind::text), text_(value) {}

    kind type() const { return kind_; }
    std::int64_t integer() const { return integer_; }  // also a boolean's 0 or 1
    double real() const { return real_; }
    std::string_view text() const { return text_; }

private:
    kind kind_ = kind::null;
    std::int64_t integer_ = 0;
    double real_ = 0;
    std::string_view text_;
};

// What one statement gave: its rows, read whole, and how many rows it changed.
class sql_rows {
public:
    using cell = std::variant<std::monostate, std::int64_t, double, std::string>;

    explicit sql_rows(int columns = 0) : columns_(columns) {}
    void add(cell value) { cells_.push_back(std::move(value)); }
    void set_affected(std::int64_t count) { affected_ = count; }

    int size() const { return columns_ ? static_cast<int>(cells_.size()) / columns_ : 0; }
    // The rows an INSERT, UPDATE or DELETE changed.
    std::int64_t affected() const { return affected_; }
    bool null(int row, int column) const;
    std::string text(int row, int column) const;
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    bool boolean(int row, int column) const;

private:
    const cell& at(int row, int column) const { return cells_[row * columns_ + column]; }
    int columns_;
    std::int64_t affected_ = 0;
    std::vector<cell> cells_;
};

class sql_connection {
public:
    virtual ~sql_connection() = default;
    virtual const sql_dialect& dialect() const = 0;

    // Runs `statement` with `params` as ?1, ?2, ...: its rows, or the backend's error naming it.
    store_result<sql_rows> run(const sql_text& statement,
                               std::initializer_list<sql_value> params = {}) {
        return run_with(statement, std::span<const sql_value>(params.begin(), params.size()));
    }
    virtual store_result<sql_rows> run_with(const sql_text& statement,
                                            std::span<const sql_value> params) = 0;
    // Statements without parameters or rows (COMMIT, a migration), named `name` in an error.
    virtual store_result<void> exec(std::string_view name, const std::string& sql) = 0;
    // Starts the transaction of a write (the dialect's `begin`).
    virtual store_result<void> begin() { return exec("begin", std::string(dialect().begin)); }
};

}  // namespace quadra::server
