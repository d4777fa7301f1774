#pragma once
// One libpq connection to PostgreSQL, and the result of one statement on it. Values always go as
// parameters (PQexecParams, text format), never into the SQL text. A connection is not
// thread-safe: its owner serialises the calls.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/result.hpp"

struct pg_conn;
struct pg_result;

namespace quadra::server {

// A statement's parameter in text form; none is SQL NULL.
using pg_param = std::optional<std::string>;
using pg_params = std::vector<pg_param>;

inline pg_param pg_text(std::string text) { return text; }
inline pg_param pg_int(std::int64_t value) { return std::to_string(value); }
inline pg_param pg_bool(bool value) { return value ? "true" : "false"; }

// The outcome of one statement: the rows of a query, the count of an update, or an error.
class pg_rows {
public:
    explicit pg_rows(pg_result* result);
    ~pg_rows();
    pg_rows(pg_rows&& other) noexcept;
    pg_rows& operator=(pg_rows&&) = delete;
    pg_rows(const pg_rows&) = delete;
    pg_rows& operator=(const pg_rows&) = delete;

    bool ok() const;
    int size() const;
    // The rows an INSERT, UPDATE or DELETE touched.
    std::int64_t affected() const;
    bool null(int row, int column) const;
    std::string text(int row, int column) const;
    std::int64_t integer(int row, int column) const;
    bool boolean(int row, int column) const;

private:
    pg_result* result_;
};

class pg_connection {
public:
    // Connects to `url` (a libpq URI or key=value string) with timeouts that make a cut link fail
    // within seconds instead of hanging: 3 s to connect, TCP keepalives, tcp_user_timeout.
    static rules::result<pg_connection> open(const std::string& url);
    ~pg_connection();
    pg_connection(pg_connection&& other) noexcept;
    pg_connection& operator=(pg_connection&&) = delete;
    pg_connection(const pg_connection&) = delete;
    pg_connection& operator=(const pg_connection&) = delete;

    pg_rows run(const std::string& sql, const pg_params& params = {});
    // Several statements without parameters (migrations); false on the first error.
    bool run_script(const char* sql);
    // The connection was lost (the server restarted, the link was cut).
    bool broken() const;
    // Connects again with the same settings; false when that fails too.
    bool reset();
    // The last error in libpq's words.
    std::string error() const;
    // "database 'name' on host:port", never the password.
    std::string describe() const;

private:
    explicit pg_connection(pg_conn* conn) : conn_(conn) {}
    pg_conn* conn_;
};

}  // namespace quadra::server
