#pragma once
// The embedded store: an SQLite database in WAL mode in the data directory, for one node. The
// shared writer thread batches the pending writes of all rooms into one transaction; reads use
// their own connection.

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "server/store/store.hpp"
#include "server/store/write_queue.hpp"

struct sqlite3;

namespace quadra::server {

// The schema version this server writes; a database with a higher one is refused.
inline constexpr int sqlite_schema_version = 5;

class sqlite_store final : public store {
public:
    // Opens (creating or migrating) `<data_dir>/quadra.db`; ":memory:" keeps everything in memory
    // (for measurements).
    static rules::result<std::unique_ptr<sqlite_store>> open(const std::string& data_dir);
    ~sqlite_store() override;

    void submit(write_batch batch, std::function<void(write_outcome)> done) override;
    void drain() override;
    std::vector<game_row> unfinished_games() const override;
    std::vector<game_row> finished_games(int limit) const override;
    std::vector<game_row> games_of(std::int64_t identity, int limit) const override;
    std::optional<game_row> find_game(const std::string& id) const override;
    std::optional<game_row> find_game_in_room(const std::string& room_code) const override;
    std::vector<stored_event> events_of(const std::string& game_id) const override;
    std::optional<identity_row> find_identity(const std::string& token_hash) const override;
    std::optional<identity_row> find_identity(std::int64_t id) const override;
    std::vector<std::string> ended_sessions(
        const std::vector<std::string>& token_hashes) const override;
    std::optional<identity_row> find_account(const std::string& user_name) const override;
    std::optional<account_login> find_login(const std::string& user_name) const override;
    std::vector<rating_row> ratings_of(std::int64_t identity) const override;
    std::vector<rating_change> rating_history(std::int64_t identity, int limit) const override;
    std::vector<rating_row> leaderboard(const std::string& key, int limit) const override;
    bool healthy() const override;
    std::string backend() const override { return "sqlite"; }

    // Caps the database size in pages from the next write on, so that tests can make writes fail
    // as on a full disk.
    void limit_pages(int pages);

private:
    class batch_writer;

    sqlite_store(sqlite3* writer, sqlite3* reader);
    write_outcome write_all(std::span<const write_queue::pending> batches);

    sqlite3* writer_;
    sqlite3* reader_;
    std::unique_ptr<batch_writer> statements_;  // the writer's, prepared once
    mutable std::mutex read_mutex_;
    std::atomic<int> page_limit_{0};
    write_queue queue_;  // last: its thread writes with everything above
};

}  // namespace quadra::server
