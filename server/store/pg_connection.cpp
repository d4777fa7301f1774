#include "server/store/pg_connection.hpp"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>

#include <libpq-fe.h>

namespace quadra::server {

namespace {

struct result_deleter {
    void operator()(PGresult* result) const { PQclear(result); }
};
using result_ptr = std::unique_ptr<PGresult, result_deleter>;

bool succeeded(const PGresult* result) {
    const auto status = PQresultStatus(result);
    return result && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK);
}

// PostgreSQL's primary message only: its DETAIL may quote a row's values (a duplicate key).
store_error failure(std::string_view statement, const PGresult* result, const pg_conn* conn) {
    const char* primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    std::string message = primary ? primary : PQerrorMessage(conn);
    if (const auto end = message.find('\n'); end != std::string::npos) message.resize(end);
    return {std::string(statement), std::move(message)};
}

// Doubles as text that reads back to the same double (PostgreSQL prints them exactly too).
std::string real_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

}  // namespace

store_result<pg_connection> pg_connection::open(const std::string& url) {
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
    if (!conn) return store_error{"connect", "out of memory connecting to PostgreSQL"};
    if (PQstatus(conn) != CONNECTION_OK) {
        std::string why = "cannot connect to the PostgreSQL database: ";
        why += PQerrorMessage(conn);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        PQfinish(conn);
        return store_error{"connect", std::move(why)};
    }
    return pg_connection(conn);
}

pg_connection::~pg_connection() {
    if (conn_) PQfinish(conn_);
}

pg_connection::pg_connection(pg_connection&& other) noexcept
    : conn_(std::exchange(other.conn_, nullptr)), prepared_(std::move(other.prepared_)) {}

store_result<const std::string*> pg_connection::prepared(const sql_text& statement, std::string sql,
                                                         int parameters) {
    if (const auto known = prepared_.find(sql); known != prepared_.end()) return &known->second;
    auto name = "q" + std::to_string(prepared_.size());
    const result_ptr made(PQprepare(conn_, name.c_str(), sql.c_str(), parameters, nullptr));
    if (!succeeded(made.get())) return failure(statement.name(), made.get(), conn_);
    return &prepared_.emplace(std::move(sql), std::move(name)).first->second;
}

store_result<sql_rows> pg_connection::run_with(const sql_text& statement,
                                               std::span<const sql_value> params) {
    std::vector<std::string> texts(params.size());
    std::vector<const char*> values(params.size());
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto& p = params[i];
        switch (p.type()) {
            case sql_value::kind::null:
                continue;  // values[i] stays null: SQL NULL
            case sql_value::kind::integer:
                texts[i] = std::to_string(p.integer());
                break;
            case sql_value::kind::real:
                texts[i] = real_text(p.real());
                break;
            case sql_value::kind::boolean:
                texts[i] = p.integer() ? "true" : "false";
                break;
            case sql_value::kind::text:
                texts[i] = p.text();
                break;
        }
        values[i] = texts[i].c_str();
    }
    const auto parameters = static_cast<int>(values.size());
    const auto name = prepared(statement, statement.in(postgres_dialect), parameters);
    if (!name) return name.error();
    const result_ptr result(PQexecPrepared(conn_, name.value()->c_str(), parameters, values.data(),
                                           nullptr, nullptr, 0));
    if (!succeeded(result.get())) return failure(statement.name(), result.get(), conn_);
    const int columns = PQnfields(result.get());
    const int count = PQntuples(result.get());
    sql_rows rows(columns);
    for (int r = 0; r < count; ++r)
        for (int c = 0; c < columns; ++c) {
            if (PQgetisnull(result.get(), r, c)) {
                rows.add(std::monostate{});
                continue;
            }
            rows.add(std::string(PQgetvalue(result.get(), r, c),
                                 static_cast<std::size_t>(PQgetlength(result.get(), r, c))));
        }
    const char* changed = PQcmdTuples(result.get());
    if (*changed) rows.set_affected(std::strtoll(changed, nullptr, 10));
    return rows;
}

store_result<void> pg_connection::exec(std::string_view name, const std::string& sql) {
    const result_ptr result(PQexec(conn_, sql.c_str()));
    if (!succeeded(result.get())) return failure(name, result.get(), conn_);
    return {};
}

store_result<void> pg_connection::begin() {
    auto begun = exec("begin", std::string(postgres_dialect.begin));
    if (begun || !broken() || !reset()) return begun;
    return exec("begin", std::string(postgres_dialect.begin));
}

bool pg_connection::broken() const { return PQstatus(conn_) != CONNECTION_OK; }

bool pg_connection::reset() {
    PQreset(conn_);
    prepared_.clear();  // a new session has none
    return !broken();
}

std::string pg_connection::describe() const {
    return std::string("database '") + PQdb(conn_) + "' on " + PQhost(conn_) + ":" + PQport(conn_);
}

int pg_connection::socket() const { return PQsocket(conn_); }

std::optional<std::vector<std::string>> pg_connection::notifications() {
    if (!PQconsumeInput(conn_) || broken()) return std::nullopt;
    std::vector<std::string> payloads;
    while (PGnotify* notice = PQnotifies(conn_)) {
        payloads.emplace_back(notice->extra);
        PQfreemem(notice);
    }
    return payloads;
}

}  // namespace quadra::server
