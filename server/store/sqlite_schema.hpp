#pragma once
// The SQLite store's schema: the file checked, the writer's settings, and the migrations from
// the file's version (PRAGMA user_version) to sqlite_schema_version.

#include <string>

#include "server/store/sqlite_connection.hpp"

namespace quadra::server {

// Readies the database at `path` on its writer connection `db`; the error says what is wrong in
// a sentence naming the file.
store_result<void> prepare_sqlite_schema(sqlite_connection& db, const std::string& path,
                                         bool memory);

}  // namespace quadra::server
