#pragma once
// The PostgreSQL store's schema: created or migrated to postgres_schema_version in one
// transaction, one node at a time.

#include "server/store/pg_connection.hpp"

namespace quadra::server {

// Readies the database of `db`; the error says what is wrong in a sentence naming it.
store_result<void> prepare_postgres_schema(pg_connection& db);

}  // namespace quadra::server
