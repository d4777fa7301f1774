#pragma once
// One libpq connection to PostgreSQL as an sql_connection. Values always go as parameters (text
// format), never into the SQL text. Each statement is prepared on its first run and reused: the
// server then parses and plans it once per connection. A connection is not thread-safe: its owner
// serialises the calls.

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/store/sql_connection.hpp"

struct pg_conn;

namespace quadra::server {

class pg_connection final : public sql_connection {
public:
    // Connects to `url` (a libpq URI or key=value string) with timeouts that make a cut link fail
    // within seconds instead of hanging: 3 s to connect, TCP keepalives, tcp_user_timeout.
    static store_result<pg_connection> open(const std::string& url);
    ~pg_connection() override;
    pg_connection(pg_connection&& other) noexcept;
    pg_connection& operator=(pg_connection&&) = delete;
    pg_connection(const pg_connection&) = delete;
    pg_connection& operator=(const pg_connection&) = delete;

    const sql_dialect& dialect() const override { return postgres_dialect; }
    store_result<sql_rows> run_with(const sql_text& statement,
                                    std::span<const sql_value> params) override;
    store_result<void> exec(std::string_view name, const std::string& sql) override;
    // A connection lost since the last statement (a restart, a cut link) shows at BEGIN, before
    // anything of the transaction was sent: it connects again and begins once more.
    store_result<void> begin() override;

    // The connection was lost (the server restarted, the link was cut).
    bool broken() const;
    // Connects again with the same settings; false when that fails too.
    bool reset();
    // "database 'name' on host:port", never the password.
    std::string describe() const;

    // For a connection that LISTENs (pg_listener): its socket, to wait on, and the payloads of
    // the notifications that arrived, read without blocking; none when the connection broke.
    int socket() const;
    std::optional<std::vector<std::string>> notifications();

private:
    explicit pg_connection(pg_conn* conn) : conn_(conn) {}
    // The name `sql` is prepared under on this connection, prepared now if it was not.
    store_result<const std::string*> prepared(const sql_text& statement, std::string sql,
                                              int parameters);

    pg_conn* conn_;
    std::unordered_map<std::string, std::string> prepared_;  // SQL text -> statement name
};

}  // namespace quadra::server
