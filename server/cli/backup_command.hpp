#pragma once
// `quadra backup --data-dir DIR --to FILE [--force] [--pages-per-step N]` copies the SQLite store
// of DIR while a server may be serving it; `quadra restore --from FILE --data-dir DIR [--force]`
// checks such a copy and puts it in place for a server that is not running on DIR
// (store/sqlite_backup.hpp). The PostgreSQL store is backed up with pg_dump (README "Backups").

#include <iosfwd>
#include <span>
#include <string>

namespace quadra::server {

// Exit status: 0 done, 1 refused or failed (one line on `err` says why), 2 usage.
int run_backup_command(std::span<const std::string> args, std::ostream& out, std::ostream& err);
int run_restore_command(std::span<const std::string> args, std::ostream& out, std::ostream& err);

}  // namespace quadra::server
