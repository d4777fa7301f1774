#pragma once
// The embedded store: an SQLite database in WAL mode in the data directory, for one node. The
// shared writer thread batches the pending writes of all rooms into one transaction; reads use
// their own connection. Reads and writes are sql_store's and sql_writer's, written once for both
// stores.

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/store/sql_store.hpp"
#include "server/store/sqlite_connection.hpp"
#include "server/store/write_queue.hpp"

namespace quadra::server {

// The schema version this server writes; a database with a higher one is refused.
inline constexpr int sqlite_schema_version = 9;

class sqlite_store final : public sql_store {
public:
    // Opens (creating or migrating) `<data_dir>/quadra.db`; ":memory:" keeps everything in memory
    // (for measurements).
    static store_result<std::unique_ptr<sqlite_store>> open(const std::string& data_dir);
    ~sqlite_store() override;

    void submit(write_batch batch, std::function<void(write_outcome)> done) override;
    void drain() override;
    bool healthy() const override;
    std::string backend() const override { return "sqlite"; }

    // Caps the database size in pages from the next write on, so that tests can make writes fail
    // as on a full disk.
    void limit_pages(int pages);

private:
    sqlite_store(std::string path, sqlite_connection writer,
                 std::optional<sqlite_connection> reader);
    const sql_dialect& dialect() const override { return sqlite_dialect; }
    store_result<sql_rows> read_with(const sql_text& statement,
                                     std::span<const sql_value> params) const override;
    store_result<write_outcome> write_all(std::span<const write_queue::pending> batches);

    const std::string path_;  // empty in memory
    // Also the reads' connection in memory: an in-memory database has one, shared under
    // read_mutex_ (reader_ is none).
    mutable sqlite_connection writer_;
    mutable std::optional<sqlite_connection> reader_;
    mutable std::mutex read_mutex_;
    std::atomic<int> page_limit_{0};
    write_queue queue_;  // last: its thread writes with everything above
};

}  // namespace quadra::server
