#include "server/store/sqlite_backup.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string_view>
#include <system_error>
#include <thread>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include "server/store/sqlite_store.hpp"

namespace quadra::server {

namespace fs = std::filesystem;

namespace {

struct closer {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using database = std::unique_ptr<sqlite3, closer>;

// The tables every schema version has had since the first: what makes a file a Quadra store.
constexpr std::string_view quadra_tables = "'identities', 'games', 'events'";

// How long a backup step may go on finding its database busy or locked before giving up.
constexpr auto busy_limit = std::chrono::seconds(30);

store_error failure(std::string_view step, std::string message) {
    return {std::string(step), std::move(message)};
}

// Opens the existing database `path` (never creating one) with `flags`.
store_result<database> open_existing(const std::string& path, int flags) {
    sqlite3* raw = nullptr;
    const int opened = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    database db(raw);
    if (opened != SQLITE_OK)
        return failure("open", "'" + path + "' cannot be opened: " +
                                   (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(opened)));
    sqlite3_busy_timeout(db.get(), 5000);
    return db;
}

store_result<void> exec(sqlite3* db, std::string_view step, const char* sql) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        return failure(step, sqlite3_errmsg(db));
    return {};
}

// The first column of the first row of `sql` as text; empty when there is no row.
store_result<std::string> first_value(sqlite3* db, std::string_view step, const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK)
        return failure(step, sqlite3_errmsg(db));
    std::string value;
    const int stepped = sqlite3_step(stmt);
    if (stepped == SQLITE_ROW)
        if (const auto* text = sqlite3_column_text(stmt, 0))
            value = reinterpret_cast<const char*>(text);
    sqlite3_finalize(stmt);
    if (stepped != SQLITE_ROW && stepped != SQLITE_DONE) return failure(step, sqlite3_errmsg(db));
    return value;
}

// The schema version of the Quadra store `db` at `path`, or why it is not one.
store_result<int> quadra_schema_version(sqlite3* db, const std::string& path) {
    // The first read parses the header: a file that is not a database fails here.
    auto version = first_value(db, "user_version", "PRAGMA user_version");
    if (!version)
        return failure("user_version", "'" + path + "' is not an SQLite database: " +
                                           std::move(version).error().message);
    const std::string count_tables =
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (" +
        std::string(quadra_tables) + ")";
    auto tables = first_value(db, "tables", count_tables.c_str());
    if (!tables) return std::move(tables).error();
    const int schema = std::stoi(version.value());
    if (schema < 1 || tables.value() != "3")
        return failure("tables", "'" + path + "' is not a Quadra store (schema version " +
                                     version.value() + ", no " + std::string(quadra_tables) +
                                     " tables)");
    return schema;
}

// Copies every page of `source`'s main database into a new database file at `path`, in steps at
// `pace`; a step that finds a database busy or locked is retried after a short sleep. The copy is
// left in journal mode DELETE: one file, whatever the source's mode.
store_result<sqlite_copy> copy_pages(sqlite3* source, const std::string& path, backup_pace pace) {
    std::error_code ignored;
    fs::remove(path, ignored);  // a copy an earlier attempt left
    auto opened = open_existing(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    if (!opened) return std::move(opened).error();
    database destination = std::move(opened).value();
    sqlite3_backup* backup = sqlite3_backup_init(destination.get(), "main", source, "main");
    if (!backup) return failure("backup_init", sqlite3_errmsg(destination.get()));
    sqlite_copy copy;
    int stepped = SQLITE_OK;
    auto busy_since = std::chrono::steady_clock::now();
    while (stepped != SQLITE_DONE) {
        stepped = sqlite3_backup_step(backup, pace.pages_per_step);
        if (stepped == SQLITE_OK || stepped == SQLITE_DONE) {
            ++copy.steps;
            if (stepped == SQLITE_OK && pace.pause.count() > 0)
                std::this_thread::sleep_for(pace.pause);
            busy_since = std::chrono::steady_clock::now();
        } else if ((stepped == SQLITE_BUSY || stepped == SQLITE_LOCKED) &&
                   std::chrono::steady_clock::now() - busy_since < busy_limit) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        } else {
            break;
        }
    }
    copy.pages = sqlite3_backup_pagecount(backup);
    sqlite3_backup_finish(backup);
    if (stepped != SQLITE_DONE)
        return failure("backup_step", std::string("the copy to '") + path +
                                          "' failed: " + sqlite3_errstr(stepped));
    // The pages carry the source's WAL flag; DELETE makes the copy a file that needs no -wal.
    if (auto single = exec(destination.get(), "journal_mode", "PRAGMA journal_mode=DELETE");
        !single)
        return std::move(single).error();
    auto version = first_value(destination.get(), "user_version", "PRAGMA user_version");
    if (!version) return std::move(version).error();
    copy.schema_version = std::stoi(version.value());
    return copy;
}

// fsync of a file or a directory: a rename is durable only once its directory is synced.
store_result<void> sync(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
        const std::error_code why(errno, std::generic_category());
        if (fd >= 0) ::close(fd);
        return failure("fsync", "'" + path + "' cannot be synced: " + why.message());
    }
    ::close(fd);
    return {};
}

// Makes the finished copy `temporary` the file `path`: synced, renamed, the rename synced.
store_result<void> put_in_place(const std::string& temporary, const std::string& path) {
    if (auto synced = sync(temporary); !synced) return synced;
    std::error_code error;
    fs::rename(temporary, path, error);
    if (error)
        return failure("rename", "'" + temporary + "' cannot be renamed to '" + path +
                                     "': " + error.message());
    const auto directory = fs::absolute(path).parent_path().string();
    return sync(directory);
}

// True when another connection holds the database `path` open: in WAL mode every open
// connection keeps a shared lock on the file, so an exclusive lock cannot be had at once.
store_result<bool> in_use(const std::string& path) {
    auto opened = open_existing(path, SQLITE_OPEN_READWRITE);
    if (!opened) return std::move(opened).error();
    sqlite3* db = opened.value().get();
    sqlite3_busy_timeout(db, 0);
    if (auto exclusive = exec(db, "locking_mode", "PRAGMA locking_mode=EXCLUSIVE"); !exclusive)
        return std::move(exclusive).error();
    if (sqlite3_exec(db, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqlite3_errcode(db) == SQLITE_BUSY || sqlite3_errcode(db) == SQLITE_LOCKED;
    (void)exec(db, "rollback", "ROLLBACK");
    return false;
}

// Runs `copy` to `temporary` and puts the result in place as `path`; the temporary file is
// removed when anything fails.
template <class Copy>
store_result<sqlite_copy> copy_in_place(const std::string& temporary, const std::string& path,
                                        Copy copy) {
    auto copied = copy();
    store_result<void> placed;
    if (copied) placed = put_in_place(temporary, path);
    if (copied && placed) {
        std::error_code ignored;
        copied.value().bytes = static_cast<std::int64_t>(fs::file_size(path, ignored));
        return copied;
    }
    std::error_code ignored;
    fs::remove(temporary, ignored);
    fs::remove(temporary + "-journal", ignored);
    if (!copied) return copied;
    return std::move(placed).error();
}

}  // namespace

store_result<sqlite_copy> back_up_sqlite_store(const std::string& data_dir, const std::string& file,
                                               bool force, backup_pace pace) {
    const auto source_path = (fs::path(data_dir) / "quadra.db").string();
    if (!fs::is_regular_file(source_path))
        return failure("open", "there is no Quadra store in '" + data_dir + "' (no quadra.db)");
    std::error_code same;
    if (fs::equivalent(file, source_path, same))
        return failure("open", "'" + file + "' is the store itself: back it up to another file");
    if (fs::exists(file) && !force)
        return failure("open", "'" + file + "' exists: pass --force to replace it");
    auto opened = open_existing(source_path, SQLITE_OPEN_READWRITE);
    if (!opened) return std::move(opened).error();
    sqlite3* source = opened.value().get();
    // One read transaction for the checks and every step: the copy is that snapshot, the server
    // goes on committing to the WAL meanwhile, and no commit restarts the backup.
    if (auto began = exec(source, "begin", "BEGIN"); !began) return std::move(began).error();
    auto version = quadra_schema_version(source, source_path);
    if (!version) return std::move(version).error();
    const auto temporary = file + ".tmp";
    return copy_in_place(temporary, file, [&] { return copy_pages(source, temporary, pace); });
}

store_result<sqlite_copy> restore_sqlite_store(const std::string& file, const std::string& data_dir,
                                               bool force) {
    if (!fs::is_regular_file(file)) return failure("open", "there is no backup at '" + file + "'");
    auto opened = open_existing(file, SQLITE_OPEN_READONLY);
    if (!opened) return std::move(opened).error();
    sqlite3* backup = opened.value().get();
    auto version = quadra_schema_version(backup, file);
    if (!version) return std::move(version).error();
    if (version.value() > sqlite_schema_version)
        return failure("user_version",
                       "'" + file + "' has schema version " + std::to_string(version.value()) +
                           ", newer than this quadra's (" + std::to_string(sqlite_schema_version) +
                           "): restore it with a newer quadra");
    auto checked = first_value(backup, "integrity_check", "PRAGMA integrity_check");
    if (!checked) return std::move(checked).error();
    if (checked.value() != "ok") {
        auto first_problem = checked.value();  // SQLite's lines, on one line
        std::replace(first_problem.begin(), first_problem.end(), '\n', ' ');
        return failure("integrity_check",
                       "'" + file + "' fails SQLite's integrity check: " + first_problem);
    }

    std::error_code error;
    fs::create_directories(data_dir, error);
    if (error || !fs::is_directory(data_dir))
        return failure("open", "cannot use the data directory '" + data_dir +
                                   "': " + (error ? error.message() : "not a directory"));
    const auto path = (fs::path(data_dir) / "quadra.db").string();
    if (fs::exists(path)) {
        auto used = in_use(path);
        if (!used) return std::move(used).error();
        if (used.value())
            return failure("locking_mode", "the store in '" + data_dir +
                                               "' is in use (is a server running on it?): stop "
                                               "that server first");
        if (!force)
            return failure("open",
                           "'" + data_dir + "' already has a store: pass --force to replace it");
    }
    const auto temporary = path + ".tmp";
    return copy_in_place(temporary, path, [&]() -> store_result<sqlite_copy> {
        auto copy = copy_pages(backup, temporary, backup_pace{});
        if (!copy) return copy;
        // The replaced store's WAL would be replayed into the copy: it goes before the rename.
        for (const char* suffix : {"-wal", "-shm", "-journal"}) {
            std::error_code removal;
            fs::remove(path + suffix, removal);
            if (removal)
                return failure("remove",
                               "'" + path + suffix + "' cannot be removed: " + removal.message());
        }
        return copy;
    });
}

}  // namespace quadra::server
