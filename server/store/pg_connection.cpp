#include "server/store/pg_connection.hpp"

#include <cstdlib>
#include <utility>

#include <libpq-fe.h>

namespace quadra::server {

pg_rows::pg_rows(pg_result* result) : result_(result) {}
pg_rows::~pg_rows() { PQclear(result_); }
pg_rows::pg_rows(pg_rows&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}

bool pg_rows::ok() const {
    const auto status = PQresultStatus(result_);
    return result_ && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK);
}

int pg_rows::size() const { return ok() ? PQntuples(result_) : 0; }

std::int64_t pg_rows::affected() const {
    const char* count = ok() ? PQcmdTuples(result_) : "";
    return *count ? std::strtoll(count, nullptr, 10) : 0;
}

bool pg_rows::null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }

std::string pg_rows::text(int row, int column) const {
    return std::string(PQgetvalue(result_, row, column),
                       static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t pg_rows::integer(int row, int column) const {
    return std::strtoll(PQgetvalue(result_, row, column), nullptr, 10);
}

bool pg_rows::boolean(int row, int column) const {
    return PQgetvalue(result_, row, column)[0] == 't';
}

rules::result<pg_connection> pg_connection::open(const std::string& url) {
    // The URL comes last, so that it may override these defaults (expand_dbname).
    // Notices (e.g. "relation already exists, skipping" from a migration) stay on the server
    // instead of libpq printing them to standard error.
    const char* keys[] = {"connect_timeout",  "keepalives",
                          "keepalives_idle",  "keepalives_interval",
                          "keepalives_count", "tcp_user_timeout",
                          "application_name", "options",
                          "dbname",           nullptr};
    const char* values[] = {"3",         "1",    "5",      "1",
                            "3",         "5000", "quadra", "-c client_min_messages=warning",
                            url.c_str(), nullptr};
    pg_conn* conn = PQconnectdbParams(keys, values, 1);
    if (!conn) return rules::refusal{"out of memory connecting to PostgreSQL"};
    if (PQstatus(conn) != CONNECTION_OK) {
        std::string why = "cannot connect to the PostgreSQL database: ";
        why += PQerrorMessage(conn);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        PQfinish(conn);
        return rules::refusal{std::move(why)};
    }
    return pg_connection(conn);
}

pg_connection::~pg_connection() {
    if (conn_) PQfinish(conn_);
}

pg_connection::pg_connection(pg_connection&& other) noexcept
    : conn_(std::exchange(other.conn_, nullptr)) {}

pg_rows pg_connection::run(const std::string& sql, const pg_params& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    return pg_rows(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                                values.data(), nullptr, nullptr, 0));
}

bool pg_connection::run_script(const char* sql) { return pg_rows(PQexec(conn_, sql)).ok(); }

bool pg_connection::broken() const { return PQstatus(conn_) != CONNECTION_OK; }

bool pg_connection::reset() {
    PQreset(conn_);
    return !broken();
}

std::string pg_connection::error() const {
    std::string message = PQerrorMessage(conn_);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    return message;
}

std::string pg_connection::describe() const {
    return std::string("database '") + PQdb(conn_) + "' on " + PQhost(conn_) + ":" + PQport(conn_);
}

}  // namespace quadra::server
