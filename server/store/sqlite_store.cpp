#include "server/store/sqlite_store.hpp"

#include <chrono>
#include <filesystem>
#include <iterator>
#include <optional>
#include <system_error>

#include <sqlite3.h>

#include "server/store/rating_update.hpp"

namespace quadra::server {

namespace {

// Each entry migrates the schema from version i to i + 1; never edit one once released.
constexpr const char* migrations[] = {
    R"sql(
    CREATE TABLE identities (
        id INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_ms INTEGER NOT NULL
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        room_code TEXT NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        public INTEGER NOT NULL,
        settings TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        finished_ms INTEGER,
        result TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX games_by_finish ON games (finished_ms, created_ms);
    CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        identity INTEGER NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    )sql",
    // 2: finished rooms leave memory and come back by their code.
    R"sql(
    CREATE INDEX games_by_room ON games (room_code, created_ms);
    )sql",
    // 3: an identity's games ("your games" in the lobby): its seatings, a small partial index.
    R"sql(
    CREATE INDEX events_seated_by_identity ON events (identity, game_id) WHERE kind = 'seated';
    )sql",
    // 4: accounts (#17). An account is reached only through its sessions; account_key is the
    // case-folded user name (store.hpp account_key), unique; password_hash an Argon2id string.
    R"sql(
    ALTER TABLE identities ADD COLUMN account TEXT;
    ALTER TABLE identities ADD COLUMN account_key TEXT;
    ALTER TABLE identities ADD COLUMN password_hash TEXT;
    CREATE UNIQUE INDEX identities_by_account ON identities (account_key);
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        identity INTEGER NOT NULL REFERENCES identities (id),
        created_ms INTEGER NOT NULL
    );
    CREATE INDEX sessions_by_identity ON sessions (identity);
    )sql",
    // 5: ratings (#17): one row per player and rating key, and one history row per player of
    // every rated game. rating/deviation on the shown scale; volatility (Glicko-2), mu/sigma
    // (Weng-Lin). identity < 0: a computer player's level.
    R"sql(
    CREATE TABLE ratings (
        identity INTEGER NOT NULL,
        rating_key TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        PRIMARY KEY (identity, rating_key)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_by_key ON ratings (rating_key, rating);
    CREATE TABLE rating_history (
        identity INTEGER NOT NULL,
        rating_key TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games (id),
        at_ms INTEGER NOT NULL,
        rating_before REAL NOT NULL,
        rating_after REAL NOT NULL,
        deviation_after REAL NOT NULL,
        outcome TEXT NOT NULL,
        place INTEGER NOT NULL,
        PRIMARY KEY (identity, game_id)
    ) WITHOUT ROWID;
    CREATE INDEX rating_history_by_time ON rating_history (identity, at_ms);
    )sql",
};
static_assert(std::size(migrations) == sqlite_schema_version);

// A prepared statement, finalized on scope exit.
class statement {
public:
    statement(sqlite3* db, const char* sql) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
    }
    ~statement() { sqlite3_finalize(stmt_); }
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;

    bool ok() const { return stmt_ != nullptr; }
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    statement& bind(int i, const std::string& text) {
        sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    statement& bind(int i, std::int64_t value) {
        sqlite3_bind_int64(stmt_, i, value);
        return *this;
    }
    statement& bind(int i, double value) {
        sqlite3_bind_double(stmt_, i, value);
        return *this;
    }
    statement& bind_null(int i) {
        sqlite3_bind_null(stmt_, i);
        return *this;
    }
    // SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return stmt_ ? sqlite3_step(stmt_) : SQLITE_ERROR; }
    std::string text(int column) const {
        const auto* p = sqlite3_column_text(stmt_, column);
        return p ? std::string(reinterpret_cast<const char*>(p),
                               static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                 : std::string();
    }
    std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
    double real(int column) const { return sqlite3_column_double(stmt_, column); }
    bool null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

private:
    sqlite3_stmt* stmt_ = nullptr;
};

bool exec(sqlite3* db, const char* sql) {
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

void close(sqlite3* db) { sqlite3_close_v2(db); }

constexpr const char* game_columns =
    "id, room_code, game, options, public, settings, seed, commitment, created_ms, finished_ms, "
    "result";

game_row read_game(const statement& s) {
    game_row row;
    row.id = s.text(0);
    row.room_code = s.text(1);
    row.game = s.text(2);
    row.options_json = s.text(3);
    row.is_public = s.integer(4) != 0;
    row.settings_json = s.text(5);
    row.seed_hex = s.text(6);
    row.commitment = s.text(7);
    row.created_ms = s.integer(8);
    if (!s.null(9)) row.finished_ms = s.integer(9);
    row.result_json = s.text(10);
    return row;
}

std::vector<game_row> read_games(sqlite3* db, const std::string& sql,
                                 const std::function<void(statement&)>& bind = {}) {
    statement s(db, sql.c_str());
    if (bind) bind(s);
    std::vector<game_row> rows;
    while (s.step() == SQLITE_ROW) rows.push_back(read_game(s));
    return rows;
}

// Why opening failed, with the path and SQLite's own words.
rules::refusal open_failure(const std::string& what, const std::string& path, sqlite3* db) {
    std::string reason = "the database '" + path + "' " + what;
    if (db) reason += std::string(": ") + sqlite3_errmsg(db);
    return rules::refusal{std::move(reason)};
}

// Opens one connection with the settings every connection needs.
rules::result<sqlite3*> connect(const std::string& path, bool memory) {
    sqlite3* db = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX |
                      (memory ? SQLITE_OPEN_MEMORY : 0);
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        auto failure = open_failure("cannot be opened", path, db);
        close(db);
        return failure;
    }
    sqlite3_busy_timeout(db, 5000);
    return db;
}

// The database file's path in `data_dir`, which is created if missing; ":memory:" stays itself.
rules::result<std::string> database_path(const std::string& data_dir) {
    if (data_dir == ":memory:") return data_dir;
    std::error_code error;
    std::filesystem::create_directories(data_dir, error);
    if (error || !std::filesystem::is_directory(data_dir))
        return rules::refusal{"cannot use the data directory '" + data_dir +
                              "': " + (error ? error.message() : "not a directory")};
    return (std::filesystem::path(data_dir) / "quadra.db").string();
}

// Checks the file, sets the writer's pragmas and migrates the schema to sqlite_schema_version.
// An empty reason: the database is ready.
std::optional<rules::refusal> prepare_schema(sqlite3* db, const std::string& path, bool memory) {
    // The first statement reads the header: a file that is not a database fails here.
    int version = -1;
    {
        statement s(db, "PRAGMA user_version");
        if (s.ok() && s.step() == SQLITE_ROW) version = static_cast<int>(s.integer(0));
    }
    if (version < 0) return open_failure("is corrupt or not an SQLite database", path, db);
    if (version > sqlite_schema_version)
        return rules::refusal{"the database '" + path + "' has schema version " +
                              std::to_string(version) + ", newer than this server's (" +
                              std::to_string(sqlite_schema_version) +
                              "): run a newer quadra or use another --data directory"};
    {
        statement s(db, "PRAGMA quick_check");
        if (!s.ok() || s.step() != SQLITE_ROW || s.text(0) != "ok")
            return open_failure("is corrupt", path, db);
    }
    if (!memory && !exec(db, "PRAGMA journal_mode=WAL"))
        return open_failure("cannot be switched to WAL (is the directory writable?)", path, db);
    // A checkpoint copies each page changed since the last one once, however often it changed:
    // every 10,000 frames (up to 40 MB of WAL) rather than SQLite's 1,000, the pages of the
    // games being played are copied once per many moves instead of once per few (-6 % server
    // CPU at 10,000 connections, bench/load_gen).
    if (!memory) exec(db, "PRAGMA wal_autocheckpoint=10000");
    // FULL: a commit is on disk before anyone is told of the move; batching pays the fsync.
    if (!exec(db, "PRAGMA synchronous=FULL") || !exec(db, "PRAGMA foreign_keys=ON"))
        return open_failure("cannot be configured", path, db);
    for (int v = version; v < sqlite_schema_version; ++v) {
        const std::string set_version = "PRAGMA user_version=" + std::to_string(v + 1);
        if (!exec(db, "BEGIN IMMEDIATE") || !exec(db, migrations[v]) ||
            !exec(db, set_version.c_str()) || !exec(db, "COMMIT"))
            return open_failure("cannot be created or migrated (is it writable?)", path, db);
    }
    return std::nullopt;
}

}  // namespace

rules::result<std::unique_ptr<sqlite_store>> sqlite_store::open(const std::string& data_dir) {
    auto path = database_path(data_dir);
    if (!path) return rules::refusal{path.reason()};
    const bool memory = data_dir == ":memory:";
    auto writer = connect(path.value(), memory);
    if (!writer) return rules::refusal{writer.reason()};
    sqlite3* db = writer.value();
    if (auto failure = prepare_schema(db, path.value(), memory)) {
        close(db);
        return *failure;
    }
    sqlite3* reader = db;  // an in-memory database has one connection
    if (!memory) {
        auto second = connect(path.value(), false);
        if (!second) {
            close(db);
            return rules::refusal{second.reason()};
        }
        reader = second.value();
    }
    return std::unique_ptr<sqlite_store>(new sqlite_store(db, reader));
}

// The statements of the write transactions, prepared once for the writer's connection: preparing
// them per transaction was a twelfth of the server's CPU under load.
class sqlite_store::batch_writer {
public:
    explicit batch_writer(sqlite3* db) : db_(db) {}

    bool write(const write_batch& batch) {
        return (!batch.new_game || insert(*batch.new_game)) &&
               (!batch.identity || upsert(*batch.identity)) &&
               (!batch.account || change(*batch.account)) && append(batch.events) &&
               (!batch.finished || finish(*batch.finished));
    }

    // Between transactions no statement of the connection may stay active: a stepped SELECT
    // would hold a read snapshot open and keep WAL checkpoints from completing.
    void finish_transaction() {
        for (auto* s = sqlite3_next_stmt(db_, nullptr); s; s = sqlite3_next_stmt(db_, s))
            sqlite3_reset(s);
    }

private:
    bool insert(const game_row& g) {
        auto& s = insert_game_;
        s.reset();
        s.bind(1, g.id).bind(2, g.room_code).bind(3, g.game).bind(4, g.options_json);
        s.bind(5, std::int64_t{g.is_public}).bind(6, g.settings_json).bind(7, g.seed_hex);
        s.bind(8, g.commitment).bind(9, g.created_ms).bind(11, g.result_json);
        if (g.finished_ms)
            s.bind(10, *g.finished_ms);
        else
            s.bind_null(10);
        return s.step() == SQLITE_DONE;
    }
    bool upsert(const identity_row& who) {
        auto& s = upsert_identity_;
        s.reset();
        s.bind(1, who.id).bind(2, who.token_hash).bind(3, who.name).bind(4, who.created_ms);
        // No change: the id belongs to another token (ids are random; the writer retries).
        return s.step() == SQLITE_DONE && sqlite3_changes(db_) == 1;
    }
    // Rare: its statements are prepared when needed, not with every transaction of moves.
    bool change(const account_write& a) {
        using kind = account_write::kind;
        const auto run = [this](const char* sql, auto&&... values) {
            statement s(db_, sql);
            int i = 0;
            (s.bind(++i, values), ...);
            return s.step() == SQLITE_DONE ? sqlite3_changes(db_) : -1;
        };
        switch (a.what) {
            case kind::register_account:
                return run("UPDATE identities SET account = ?, account_key = ?, password_hash = ? "
                           "WHERE id = ? AND account_key IS NULL",
                           a.user_name, account_key(a.user_name), a.password_hash,
                           a.identity) == 1 &&
                       run("INSERT INTO sessions (token_hash, identity, created_ms) "
                           "VALUES (?, ?, ?)",
                           a.token_hash, a.identity, a.at_ms) == 1;
            case kind::open_session:
                return run("INSERT INTO sessions (token_hash, identity, created_ms) "
                           "SELECT ?, id, ? FROM identities WHERE id = ? AND account_key IS NOT "
                           "NULL",
                           a.token_hash, a.at_ms, a.identity) == 1;
            case kind::close_session:
                return run("DELETE FROM sessions WHERE token_hash = ? AND identity = ?",
                           a.token_hash, a.identity) >= 0;
            case kind::close_all_sessions:
                return run("DELETE FROM sessions WHERE identity = ?", a.identity) >= 0;
        }
        return false;
    }
    // Events continue their game's sequence without a gap: after a refused batch, the batches
    // of that room already queued behind it are refused too.
    bool append(const std::vector<stored_event>& events) {
        if (events.empty()) return true;
        last_seq_.reset();
        last_seq_.bind(1, events.front().game_id);
        if (last_seq_.step() != SQLITE_ROW) return false;
        const std::int64_t next = last_seq_.null(0) ? 0 : last_seq_.integer(0) + 1;
        last_seq_.reset();
        if (events.front().seq != next) return false;
        for (const auto& e : events) {
            auto& s = insert_event_;
            s.reset();
            s.bind(1, e.game_id).bind(2, e.seq).bind(3, e.kind);
            s.bind(4, std::int64_t{e.seat}).bind(5, e.text).bind(6, e.identity);
            s.bind(7, e.at_ms);
            if (s.step() != SQLITE_DONE) return false;
        }
        return true;
    }
    // Only the transaction that sets the game finished stores its result and rates it: a game
    // already finished (the same finish again, after a restart) changes nothing.
    bool finish(const write_batch::finish& f) {
        auto& s = finish_game_;
        s.reset();
        s.bind(1, f.finished_ms).bind(2, f.result_json).bind(3, f.game_id);
        if (s.step() != SQLITE_DONE) return false;
        if (sqlite3_changes(db_) == 1) return !f.rated || rate(*f.rated, f.game_id, f.finished_ms);
        auto& known = game_exists_;
        known.reset();
        known.bind(1, f.game_id);
        return known.step() == SQLITE_ROW;
    }
    bool rate(const rated_game& game, const std::string& game_id, std::int64_t at_ms) {
        std::vector<rating_row> before;
        for (const auto& player : game.players) {
            auto& s = read_rating_;
            s.reset();
            s.bind(1, player.identity).bind(2, game.key);
            auto& row = before.emplace_back(unrated(player.identity, game.key));
            const int step = s.step();
            if (step == SQLITE_ROW) {
                row.rating = s.real(0);
                row.deviation = s.real(1);
                row.volatility = s.real(2);
                row.mu = s.real(3);
                row.sigma = s.real(4);
                row.games = s.integer(5);
            } else if (step != SQLITE_DONE) {
                return false;
            }
        }
        const auto after = rate_game(game, before, at_ms);
        for (std::size_t i = 0; i < after.size(); ++i) {
            const auto& r = after[i];
            auto& s = write_rating_;
            s.reset();
            s.bind(1, r.identity).bind(2, r.key).bind(3, r.rating).bind(4, r.deviation);
            s.bind(5, r.volatility).bind(6, r.mu).bind(7, r.sigma).bind(8, r.games);
            s.bind(9, r.updated_ms);
            if (s.step() != SQLITE_DONE) return false;
            auto& h = write_history_;
            h.reset();
            h.bind(1, r.identity).bind(2, r.key).bind(3, game_id).bind(4, at_ms);
            h.bind(5, before[i].rating).bind(6, r.rating).bind(7, r.deviation);
            h.bind(8, outcome_of(game, i)).bind(9, std::int64_t{game.players[i].place});
            if (h.step() != SQLITE_DONE) return false;
        }
        return true;
    }

    sqlite3* db_;
    statement insert_game_{db_,
                           "INSERT INTO games (id, room_code, game, options, public, settings, "
                           "seed, commitment, created_ms, finished_ms, result) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"};
    statement upsert_identity_{
        db_,
        "INSERT INTO identities (id, token_hash, name, created_ms) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (id) DO UPDATE SET name = excluded.name "
        "WHERE identities.token_hash = excluded.token_hash OR EXISTS (SELECT 1 FROM sessions "
        "WHERE sessions.token_hash = excluded.token_hash AND sessions.identity = identities.id)"};
    statement last_seq_{db_, "SELECT max(seq) FROM events WHERE game_id = ?"};
    statement insert_event_{db_,
                            "INSERT INTO events (game_id, seq, kind, seat, text, identity, at_ms) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)"};
    statement finish_game_{
        db_, "UPDATE games SET finished_ms = ?, result = ? WHERE id = ? AND finished_ms IS NULL"};
    statement game_exists_{db_, "SELECT 1 FROM games WHERE id = ?"};
    statement read_rating_{db_,
                           "SELECT rating, deviation, volatility, mu, sigma, games FROM ratings "
                           "WHERE identity = ? AND rating_key = ?"};
    statement write_rating_{
        db_,
        "INSERT OR REPLACE INTO ratings (identity, rating_key, rating, deviation, volatility, mu, "
        "sigma, games, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"};
    statement write_history_{
        db_,
        "INSERT INTO rating_history (identity, rating_key, game_id, at_ms, rating_before, "
        "rating_after, deviation_after, outcome, place) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"};
};

sqlite_store::sqlite_store(sqlite3* writer, sqlite3* reader)
    : writer_(writer),
      reader_(reader),
      statements_(std::make_unique<batch_writer>(writer)),
      queue_([this](auto batches) { return write_all(batches); }) {}

sqlite_store::~sqlite_store() {
    queue_.drain();
    statements_.reset();  // finalized before their connection closes
    if (reader_ != writer_) close(reader_);
    close(writer_);
}

void sqlite_store::submit(write_batch batch, std::function<void(write_outcome)> done) {
    queue_.submit(std::move(batch), std::move(done));
}

void sqlite_store::drain() { queue_.drain(); }

write_outcome sqlite_store::write_all(std::span<const write_queue::pending> batches) {
    std::unique_lock<std::mutex> shared;  // an in-memory database shares its connection
    if (reader_ == writer_) shared = std::unique_lock(read_mutex_);
    sqlite3* db = writer_;
    if (const int pages = page_limit_.exchange(0); pages > 0) {
        const std::string sql = "PRAGMA max_page_count=" + std::to_string(pages);
        exec(db, sql.c_str());
    }
    if (!exec(db, "BEGIN IMMEDIATE")) return write_outcome::failed;
    auto& writer = *statements_;
    bool written = true;
    for (const auto& item : batches) {
        written = writer.write(item.batch);
        if (!written) break;
    }
    writer.finish_transaction();
    if (written && exec(db, "COMMIT")) return write_outcome::committed;
    exec(db, "ROLLBACK");
    return write_outcome::failed;
}

std::vector<game_row> sqlite_store::unfinished_games() const {
    std::lock_guard lock(read_mutex_);
    return read_games(reader_, std::string("SELECT ") + game_columns +
                                   " FROM games WHERE finished_ms IS NULL ORDER BY created_ms");
}

std::vector<game_row> sqlite_store::finished_games(int limit) const {
    std::lock_guard lock(read_mutex_);
    return read_games(reader_,
                      std::string("SELECT ") + game_columns +
                          " FROM games WHERE finished_ms IS NOT NULL"
                          " ORDER BY finished_ms DESC, id LIMIT ?",
                      [limit](statement& s) { s.bind(1, std::int64_t{limit}); });
}

// Held a seat: seated, and not unseated nor replaced by a computer player in that seat later.
std::vector<game_row> sqlite_store::games_of(std::int64_t identity, int limit) const {
    std::lock_guard lock(read_mutex_);
    return read_games(
        reader_,
        std::string("SELECT ") + game_columns +
            " FROM games"
            " WHERE id IN ("
            " SELECT s.game_id FROM events s WHERE s.kind = 'seated' AND s.identity = ?1"
            " AND NOT EXISTS (SELECT 1 FROM events u WHERE u.game_id = s.game_id AND u.seq > s.seq"
            " AND u.seat = s.seat AND u.kind IN ('unseated', 'bot_seated')))"
            " ORDER BY created_ms DESC, id LIMIT ?2",
        [identity, limit](statement& s) {
            s.bind(1, identity);
            s.bind(2, std::int64_t{limit});
        });
}

std::optional<game_row> sqlite_store::find_game(const std::string& id) const {
    std::lock_guard lock(read_mutex_);
    auto rows =
        read_games(reader_, std::string("SELECT ") + game_columns + " FROM games WHERE id = ?",
                   [&id](statement& s) { s.bind(1, id); });
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

std::optional<game_row> sqlite_store::find_game_in_room(const std::string& room_code) const {
    std::lock_guard lock(read_mutex_);
    auto rows = read_games(reader_,
                           std::string("SELECT ") + game_columns +
                               " FROM games WHERE room_code = ? ORDER BY created_ms DESC LIMIT 1",
                           [&room_code](statement& s) { s.bind(1, room_code); });
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

std::vector<stored_event> sqlite_store::events_of(const std::string& game_id) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_,
                "SELECT seq, kind, seat, text, identity, at_ms FROM events WHERE game_id = ? "
                "ORDER BY seq");
    s.bind(1, game_id);
    std::vector<stored_event> events;
    while (s.step() == SQLITE_ROW) {
        events.push_back({game_id, s.integer(0), s.text(1), static_cast<int>(s.integer(2)),
                          s.text(3), s.integer(4), s.integer(5)});
    }
    return events;
}

namespace {

std::optional<identity_row> read_identity(statement& s) {
    if (s.step() != SQLITE_ROW) return std::nullopt;
    return identity_row{s.integer(0), s.text(1), s.text(2), s.integer(3), s.text(4)};
}

constexpr const char* identity_query =
    "SELECT id, token_hash, name, created_ms, coalesce(account, '') FROM identities ";

}  // namespace

std::vector<std::string> sqlite_store::ended_sessions(
    const std::vector<std::string>& token_hashes) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_, "SELECT 1 FROM sessions WHERE token_hash = ?1");
    std::vector<std::string> ended;
    for (const auto& hash : token_hashes) {
        s.reset();
        s.bind(1, hash);
        if (s.step() == SQLITE_DONE) ended.push_back(hash);  // not on an error: it may be there
    }
    return ended;
}

std::optional<identity_row> sqlite_store::find_identity(const std::string& token_hash) const {
    std::lock_guard lock(read_mutex_);
    // A guest by its own token; an account only by a session.
    statement s(reader_,
                (std::string(identity_query) +
                 "WHERE token_hash = ?1 AND account_key IS NULL UNION ALL "
                 "SELECT i.id, s.token_hash, i.name, i.created_ms, i.account FROM sessions s "
                 "JOIN identities i ON i.id = s.identity WHERE s.token_hash = ?1")
                    .c_str());
    s.bind(1, token_hash);
    return read_identity(s);
}

std::optional<identity_row> sqlite_store::find_account(const std::string& user_name) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_, (std::string(identity_query) + "WHERE account_key = ?").c_str());
    s.bind(1, account_key(user_name));
    return read_identity(s);
}

std::optional<account_login> sqlite_store::find_login(const std::string& user_name) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_, "SELECT id, password_hash FROM identities WHERE account_key = ?");
    s.bind(1, account_key(user_name));
    if (s.step() != SQLITE_ROW) return std::nullopt;
    return account_login{s.integer(0), s.text(1)};
}

std::optional<identity_row> sqlite_store::find_identity(std::int64_t id) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_, (std::string(identity_query) + "WHERE id = ?").c_str());
    s.bind(1, id);
    return read_identity(s);
}

namespace {

constexpr const char* rating_columns =
    "r.identity, r.rating_key, r.rating, r.deviation, r.volatility, r.mu, r.sigma, r.games, "
    "r.updated_ms, coalesce(i.name, ''), coalesce(i.account, '') FROM ratings r LEFT JOIN "
    "identities i ON i.id = "
    "r.identity ";

std::vector<rating_row> read_ratings(statement& s) {
    std::vector<rating_row> rows;
    while (s.step() == SQLITE_ROW) {
        auto& row = rows.emplace_back();
        row.identity = s.integer(0);
        row.key = s.text(1);
        row.rating = s.real(2);
        row.deviation = s.real(3);
        row.volatility = s.real(4);
        row.mu = s.real(5);
        row.sigma = s.real(6);
        row.games = s.integer(7);
        row.updated_ms = s.integer(8);
        row.name = s.text(9);
        row.account = s.text(10);
    }
    return rows;
}

}  // namespace

std::vector<rating_row> sqlite_store::ratings_of(std::int64_t identity) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_, (std::string("SELECT ") + rating_columns +
                          "WHERE r.identity = ? ORDER BY r.rating_key")
                             .c_str());
    s.bind(1, identity);
    return read_ratings(s);
}

std::vector<rating_change> sqlite_store::rating_history(std::int64_t identity, int limit) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_,
                "SELECT rating_key, game_id, at_ms, rating_before, rating_after, deviation_after, "
                "outcome, place FROM rating_history WHERE identity = ? "
                "ORDER BY at_ms DESC, game_id LIMIT ?");
    s.bind(1, identity).bind(2, std::int64_t{limit});
    std::vector<rating_change> changes;
    while (s.step() == SQLITE_ROW)
        changes.push_back({identity, s.text(0), s.text(1), s.integer(2), s.real(3), s.real(4),
                           s.real(5), s.text(6), static_cast<int>(s.integer(7))});
    return changes;
}

std::vector<rating_row> sqlite_store::leaderboard(const std::string& key, int limit) const {
    std::lock_guard lock(read_mutex_);
    statement s(reader_, (std::string("SELECT ") + rating_columns +
                          "WHERE r.rating_key = ? ORDER BY r.rating DESC, r.games DESC, "
                          "r.identity LIMIT ?")
                             .c_str());
    s.bind(1, key).bind(2, std::int64_t{limit});
    return read_ratings(s);
}

bool sqlite_store::healthy() const {
    std::lock_guard lock(read_mutex_);
    // An open handle survives its file being moved or deleted; writes would then go nowhere a
    // restart can find, so a missing file is a failing store.
    const char* file = sqlite3_db_filename(reader_, "main");
    if (file && *file && !std::filesystem::exists(file)) return false;
    statement s(reader_, "SELECT count(*) FROM games");
    return s.step() == SQLITE_ROW;
}

void sqlite_store::limit_pages(int pages) { page_limit_ = pages; }

}  // namespace quadra::server
