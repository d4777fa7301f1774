#pragma once
// What the store tests share: rows to write, a synchronous write, and the places a store lives
// (an SQLite directory, a PostgreSQL database) so that one test body runs on both backends.

#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <memory>
#include <string>

#include "postgres_cluster.hpp"
#include "process.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_store.hpp"

namespace quadra::testing {

using server::game_row;
using server::stored_event;
using server::write_batch;
using server::write_outcome;

// A fresh directory for each test, removed at the end.
struct temp_dir : scratch_dir {
    temp_dir() : scratch_dir("store-" + std::to_string(counter++)) {}
    static inline std::atomic<int> counter{0};
};

inline game_row a_game(const std::string& id) {
    game_row g;
    g.id = id;
    g.room_code = "ROOM" + id;
    g.game = "quadwrangle";
    g.options_json = "{}";
    g.seed_hex = std::string(64, 'a');
    g.commitment = std::string(64, 'b');
    g.created_ms = 1000;
    return g;
}

inline stored_event an_event(const std::string& game, std::int64_t seq,
                             std::string text = "roll=12345") {
    return {game, seq, "move", 0, std::move(text), 7, 2000 + seq};
}

// Submits and waits for the outcome.
inline write_outcome outcome_of(server::store& s, write_batch batch) {
    std::promise<write_outcome> outcome;
    s.submit(std::move(batch), [&outcome](write_outcome result) { outcome.set_value(result); });
    return outcome.get_future().get();
}

inline bool write(server::store& s, write_batch batch) {
    return outcome_of(s, std::move(batch)) == write_outcome::committed;
}

inline std::unique_ptr<server::sqlite_store> open_sqlite(const std::filesystem::path& dir) {
    auto opened = server::sqlite_store::open(dir.string());
    REQUIRE_MESSAGE(opened, (opened ? "" : opened.error().describe()));
    return std::move(opened).value();
}

inline std::unique_ptr<server::postgres_store> open_postgres(const std::string& url) {
    auto opened = server::postgres_store::open(url);
    REQUIRE_MESSAGE(opened, (opened ? "" : opened.error().describe()));
    return std::move(opened).value();
}

// Where a test's store lives: a store opened again reads what an earlier one wrote.
struct sqlite_place {
    temp_dir dir;
    std::unique_ptr<server::store> open() const { return open_sqlite(dir.path / "data"); }
};

struct postgres_place {
    std::string url = shared_postgres().fresh_database();
    std::unique_ptr<server::store> open() const { return open_postgres(url); }
};

}  // namespace quadra::testing
