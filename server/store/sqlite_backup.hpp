#pragma once
// Copies of the SQLite store with SQLite's online backup API: `quadra backup` copies a store that
// a server may be serving, `quadra restore` puts a copy in place for a server that is not running.
// A copy is one self-contained file (journal mode DELETE), written to `<file>.tmp`, synced and
// renamed, so a crash never leaves half a copy under the final name.

#include <chrono>
#include <cstdint>
#include <string>

#include "server/store/store_error.hpp"

namespace quadra::server {

// What was copied.
struct sqlite_copy {
    int pages = 0;           // database pages
    int steps = 0;           // backup steps that copied them (busy retries not counted)
    std::int64_t bytes = 0;  // the size of the file written
    int schema_version = 0;  // PRAGMA user_version of the copy
};

// How fast a backup copies: pages a step (small enough that each step is short, large enough
// that a store of a few hundred megabytes needs only a few thousand), and a pause after each step
// that leaves the disk to the server.
struct backup_pace {
    int pages_per_step = 256;
    std::chrono::milliseconds pause{0};
};

// Copies `<data_dir>/quadra.db` to `file` from one read snapshot, so a server may go on writing
// (WAL): the copy holds every transaction committed before it began and none after. Refuses a
// missing source, a file that is not a Quadra store, and an existing `file` unless `force`.
store_result<sqlite_copy> back_up_sqlite_store(const std::string& data_dir, const std::string& file,
                                               bool force, backup_pace pace = {});

// Checks the backup `file` (PRAGMA integrity_check, the Quadra schema, a version this server can
// migrate) and puts it in place as `<data_dir>/quadra.db`. Refuses when a server holds that store
// open, and when there is one unless `force`; a replaced store's WAL is removed with it.
store_result<sqlite_copy> restore_sqlite_store(const std::string& file, const std::string& data_dir,
                                               bool force);

}  // namespace quadra::server
