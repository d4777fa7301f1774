#pragma once
// The durable store (PRODUCT.md "Persistence"): an SQLite database in WAL mode in the data
// directory, holding identities (token hashes only), games with their creation parameters, dice
// commitment, seed and result, and every room event in order. One writer thread batches the
// pending writes of all rooms into one transaction and then reports each batch's outcome; reads
// use their own connection.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "rules/result.hpp"

struct sqlite3;

namespace quadra::server {

// Wall-clock milliseconds since the Unix epoch, as the store records times.
std::int64_t unix_ms();

// The schema version this server writes; a database with a higher one is refused.
inline constexpr int store_schema_version = 1;

// A game as created: everything needed to construct its room again, plus how it ended.
struct game_row {
    std::string id;            // the game id (fair dice, /api/games/{id})
    std::string room_code;     // the lobby code of its room
    std::string game;          // rules id, e.g. "quadwrangle"
    std::string options_json;  // the options object as JSON text
    bool is_public = true;
    std::string settings_json = "{}";  // other creation parameters (clocks, ...) as JSON text
    std::string seed_hex;
    std::string commitment;
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> finished_ms;  // set once the game is over
    std::string result_json;                  // the result as JSON text once finished
};

// One room event as stored: generic fields, so new kinds of event need no schema change.
struct stored_event {
    std::string game_id;
    std::int64_t seq = 0;  // 0, 1, 2, ... within the game
    std::string kind;      // "seated", "move", ...
    int seat = -1;
    std::string text;
    std::int64_t identity = 0;  // the identity's id, 0 for none
    std::int64_t at_ms = 0;
};

// One person: the SHA-256 of the token (hex), never the token.
struct identity_row {
    std::int64_t id = 0;
    std::string token_hash;
    std::string name;
    std::int64_t created_ms = 0;
};

// What one room (or the hello path) asks to be written at once; all of it or nothing.
struct write_batch {
    std::optional<game_row> new_game;
    std::vector<stored_event> events;
    std::optional<identity_row> identity;  // inserted, or its name updated
    struct finish {
        std::string game_id;
        std::int64_t finished_ms = 0;
        std::string result_json;
    };
    std::optional<finish> finished;
};

class store {
public:
    // Opens (creating or migrating) `<data_dir>/quadra.db`; ":memory:" keeps everything in memory
    // (for measurements). A refusal names what is wrong: an unusable directory, a newer schema,
    // a corrupt file.
    static rules::result<std::unique_ptr<store>> open(const std::string& data_dir);
    ~store();
    store(const store&) = delete;
    store& operator=(const store&) = delete;

    // Queues a batch for the writer thread; `done(true)` once committed, `done(false)` when the
    // write failed and nothing of the batch was kept. `done` runs on the writer thread.
    void submit(write_batch batch, std::function<void(bool committed)> done);
    // Waits until every batch submitted so far has been reported.
    void drain();

    // Reads (any thread).
    std::vector<game_row> unfinished_games() const;
    // The latest finished games, newest first.
    std::vector<game_row> finished_games(int limit) const;
    std::optional<game_row> find_game(const std::string& id) const;
    std::vector<stored_event> events_of(const std::string& game_id) const;
    std::vector<identity_row> identities() const;
    // True when a trivial read succeeds (health check).
    bool healthy() const;

    // Caps the database size in pages from the next write on, so that tests can make writes fail
    // as on a full disk.
    void limit_pages(int pages);

private:
    struct pending {
        write_batch batch;
        std::function<void(bool)> done;
    };
    store(sqlite3* writer, sqlite3* reader);
    void write_loop();
    bool write_all(std::vector<pending>& items, std::size_t from, std::size_t to);

    sqlite3* writer_;
    sqlite3* reader_;
    mutable std::mutex read_mutex_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable idle_;
    std::deque<pending> queue_;
    std::atomic<int> page_limit_{0};
    bool busy_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace quadra::server
