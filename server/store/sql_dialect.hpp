#pragma once
// SQL written once for both backends: a statement is named and written with `?N` placeholders
// and `{fragment}`s for the few places where SQLite and PostgreSQL differ; each dialect renders
// it once, when the statement is defined.

#include <string>
#include <string_view>
#include <vector>

namespace quadra::server {

struct sql_dialect {
    int index;                    // 0 SQLite, 1 PostgreSQL
    std::string_view backend;     // "sqlite", "postgres"
    char placeholder;             // `?1` becomes `?1` or `$1`
    std::string_view begin;       // starts a write transaction (SQLite: its one writer's lock)
    std::string_view row_lock;    // {row_lock}: a SELECT locks its rows until the transaction ends
    std::string_view given_list;  // {given_list}: the list parameter ?1 as rows (h, n), n its order
    // The text of the list parameter of {given_list}; the items are hex digits (no quoting).
    std::string (*list_text)(const std::vector<std::string>& items);
};

std::string sqlite_list_text(const std::vector<std::string>& items);    // a JSON array
std::string postgres_list_text(const std::vector<std::string>& items);  // an array literal
inline constexpr sql_dialect sqlite_dialect{
    0,
    "sqlite",
    '?',
    "BEGIN IMMEDIATE",
    "",
    "(SELECT value AS h, key AS n FROM json_each(?1)) AS given",
    sqlite_list_text};
inline constexpr sql_dialect postgres_dialect{1,
                                              "postgres",
                                              '$',
                                              "BEGIN",
                                              " FOR UPDATE",
                                              "unnest($1::text[]) WITH ORDINALITY AS given (h, n)",
                                              postgres_list_text};

// `sql` in `dialect`: `?N` placeholders in its style, `{row_lock}` and `{given_list}` its text.
std::string render(std::string_view sql, const sql_dialect& dialect);

// One statement: its name (for errors and logs) and its text in each dialect. Defined once, as a
// constant that lives as long as the program (connections cache by its address).
class sql_text {
public:
    sql_text(std::string_view name, std::string_view sql)
        : name_(name), texts_{render(sql, sqlite_dialect), render(sql, postgres_dialect)} {}
    sql_text(const sql_text&) = delete;
    sql_text& operator=(const sql_text&) = delete;

    std::string_view name() const { return name_; }
    const std::string& in(const sql_dialect& dialect) const { return texts_[dialect.index]; }

private:
    std::string_view name_;
    std::string texts_[2];
};

}  // namespace quadra::server
