#include "server/store/postgres_store.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <utility>

#include "server/store/rating_update.hpp"

namespace quadra::server {

namespace {

// Each entry migrates the schema from version i to i + 1; never edit one once released.
constexpr const char* migrations[] = {
    R"sql(
    CREATE TABLE identities (
        id BIGINT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        room_code TEXT NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        public BOOLEAN NOT NULL,
        settings TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        finished_ms BIGINT,
        result TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX games_by_finish ON games (finished_ms, created_ms);
    CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq BIGINT NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        identity BIGINT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE nodes (
        id TEXT PRIMARY KEY,
        public_url TEXT NOT NULL,
        lease_until TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE rooms (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        code TEXT UNIQUE NOT NULL,
        owner_node TEXT NULL,
        epoch BIGINT NOT NULL,
        head_seq BIGINT NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT false,
        summary TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX rooms_by_owner ON rooms (owner_node);
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
    ALTER TABLE identities ADD COLUMN account_key TEXT UNIQUE;
    ALTER TABLE identities ADD COLUMN password_hash TEXT;
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        identity BIGINT NOT NULL REFERENCES identities (id),
        created_ms BIGINT NOT NULL
    );
    CREATE INDEX sessions_by_identity ON sessions (identity);
    )sql",
    // 5: ratings (#17): one row per player and rating key, and one history row per player of
    // every rated game. rating/deviation on the shown scale; volatility (Glicko-2), mu/sigma
    // (Weng-Lin). identity < 0: a computer player's level.
    R"sql(
    CREATE TABLE ratings (
        identity BIGINT NOT NULL,
        rating_key TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL,
        PRIMARY KEY (identity, rating_key)
    );
    CREATE INDEX ratings_by_key ON ratings (rating_key, rating);
    CREATE TABLE rating_history (
        identity BIGINT NOT NULL,
        rating_key TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games (id),
        at_ms BIGINT NOT NULL,
        rating_before DOUBLE PRECISION NOT NULL,
        rating_after DOUBLE PRECISION NOT NULL,
        deviation_after DOUBLE PRECISION NOT NULL,
        outcome TEXT NOT NULL,
        place INTEGER NOT NULL,
        PRIMARY KEY (identity, game_id)
    );
    CREATE INDEX rating_history_by_time ON rating_history (identity, at_ms);
    )sql",
};
static_assert(std::size(migrations) == postgres_schema_version);

// Doubles as text that reads back to the same double (PostgreSQL prints them exactly too).
pg_param pg_real(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return std::string(text);
}

double real(const pg_rows& rows, int row, int column) {
    return std::strtod(rows.text(row, column).c_str(), nullptr);
}

// Held by the migrating transaction, so that nodes starting together migrate one after another.
constexpr std::int64_t migration_lock = 0x717561647261;  // "quadra"

int schema_version_of(pg_connection& db) {
    if (!db.run_script("CREATE TABLE IF NOT EXISTS schema_version ("
                       " version INTEGER PRIMARY KEY,"
                       " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"))
        return -1;
    auto rows = db.run("SELECT coalesce(max(version), 0) FROM schema_version");
    return rows.size() == 1 ? static_cast<int>(rows.integer(0, 0)) : -1;
}

// Migrates the schema to postgres_schema_version in one transaction; none: the database is ready.
std::optional<rules::refusal> prepare_schema(pg_connection& db) {
    const auto failure = [&db](const std::string& what) {
        rules::refusal why{"the " + db.describe() + " " + what + ": " + db.error()};
        db.run_script("ROLLBACK");
        return why;
    };
    if (!db.run_script("BEGIN") ||
        !db.run("SELECT pg_advisory_xact_lock($1)", {pg_int(migration_lock)}).ok())
        return failure("cannot be locked for migration");
    const int version = schema_version_of(db);
    if (version < 0) return failure("has no readable schema version");
    if (version > postgres_schema_version) {
        db.run_script("ROLLBACK");
        return rules::refusal{"the " + db.describe() + " has schema version " +
                              std::to_string(version) + ", newer than this server's (" +
                              std::to_string(postgres_schema_version) +
                              "): run a newer quadra or use another database_url"};
    }
    for (int v = version; v < postgres_schema_version; ++v) {
        if (!db.run_script(migrations[v]) ||
            !db.run("INSERT INTO schema_version (version) VALUES ($1)", {pg_int(v + 1)}).ok())
            return failure("cannot be created or migrated");
    }
    if (!db.run_script("COMMIT")) return failure("cannot commit its migration");
    return std::nullopt;
}

// The statements of one batch in the writer's open transaction.
class batch_writer {
public:
    explicit batch_writer(pg_connection& db) : db_(db) {}

    write_outcome write(const write_batch& batch) {
        const auto& owner = batch.owner;
        if (batch.new_game && !insert(*batch.new_game, owner)) return write_outcome::failed;
        if (batch.identity && !upsert(*batch.identity)) return write_outcome::failed;
        if (batch.account && !change(*batch.account)) return write_outcome::failed;
        if (const auto appended = append(batch.events, owner); appended != write_outcome::committed)
            return appended;
        return batch.finished ? finish(*batch.finished, owner) : write_outcome::committed;
    }

private:
    bool insert(const game_row& g, const std::optional<room_owner>& owner) {
        const pg_param finished = g.finished_ms ? pg_int(*g.finished_ms) : std::nullopt;
        if (!db_.run("INSERT INTO games (id, room_code, game, options, public, settings, seed, "
                     "commitment, created_ms, finished_ms, result) "
                     "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                     {g.id, g.room_code, g.game, g.options_json, pg_bool(g.is_public),
                      g.settings_json, g.seed_hex, g.commitment, pg_int(g.created_ms), finished,
                      g.result_json})
                 .ok())
            return false;
        if (!owner) return true;
        return db_
            .run(
                "INSERT INTO rooms (game_id, code, owner_node, epoch, head_seq, finished) "
                "VALUES ($1, $2, $3, $4, -1, false)",
                {g.id, g.room_code, owner->node, pg_int(owner->epoch)})
            .ok();
    }

    // Exactly one row: a new identity, or the same token's new name. Ids are random; one that
    // belongs to another token must never rename it (the batch fails and the caller draws again).
    bool upsert(const identity_row& who) {
        return db_.run(
                      "INSERT INTO identities (id, token_hash, name, created_ms) "
                      "VALUES ($1, $2, $3, $4) "
                      "ON CONFLICT (id) DO UPDATE SET name = excluded.name "
                      "WHERE identities.token_hash = excluded.token_hash OR EXISTS (SELECT 1 "
                      "FROM sessions WHERE sessions.token_hash = excluded.token_hash "
                      "AND sessions.identity = identities.id)",
                      {pg_int(who.id), who.token_hash, who.name, pg_int(who.created_ms)})
                   .affected() == 1;
    }

    bool change(const account_write& a) {
        using kind = account_write::kind;
        switch (a.what) {
            case kind::register_account:
                return db_.run(
                              "UPDATE identities SET account = $1, account_key = $2, "
                              "password_hash = $3 WHERE id = $4 AND account_key IS NULL",
                              {a.user_name, account_key(a.user_name), a.password_hash,
                               pg_int(a.identity)})
                               .affected() == 1 &&
                       db_.run(
                              "INSERT INTO sessions (token_hash, identity, created_ms) "
                              "VALUES ($1, $2, $3)",
                              {a.token_hash, pg_int(a.identity), pg_int(a.at_ms)})
                               .affected() == 1;
            case kind::open_session:
                return db_.run(
                              "INSERT INTO sessions (token_hash, identity, created_ms) "
                              "SELECT $1, id, $2 FROM identities "
                              "WHERE id = $3 AND account_key IS NOT NULL",
                              {a.token_hash, pg_int(a.at_ms), pg_int(a.identity)})
                           .affected() == 1;
            case kind::close_session:
                return db_
                    .run("DELETE FROM sessions WHERE token_hash = $1 AND identity = $2",
                         {a.token_hash, pg_int(a.identity)})
                    .ok();
            case kind::close_all_sessions:
                return db_.run("DELETE FROM sessions WHERE identity = $1", {pg_int(a.identity)})
                    .ok();
        }
        return false;
    }

    write_outcome append(const std::vector<stored_event>& events,
                         const std::optional<room_owner>& owner) {
        if (events.empty()) return write_outcome::committed;
        const auto advanced = owner ? advance_owned(events, *owner) : advance_unowned(events);
        if (advanced != write_outcome::committed) return advanced;
        for (const auto& e : events) {
            if (!db_.run("INSERT INTO events (game_id, seq, kind, seat, text, identity, at_ms) "
                         "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                         {e.game_id, pg_int(e.seq), e.kind, pg_int(e.seat), e.text,
                          pg_int(e.identity), pg_int(e.at_ms)})
                     .ok())
                return write_outcome::failed;
        }
        return write_outcome::committed;
    }

    // The fence: the room's head moves on only while `owner` still owns it in its epoch.
    write_outcome advance_owned(const std::vector<stored_event>& events, const room_owner& owner) {
        const auto& game = events.front().game_id;
        const auto moved = db_.run(
            "UPDATE rooms SET head_seq = $2 "
            "WHERE game_id = $1 AND owner_node = $3 AND epoch = $4 AND head_seq = $5",
            {game, pg_int(events.back().seq), owner.node, pg_int(owner.epoch),
             pg_int(events.front().seq - 1)});
        if (!moved.ok()) return write_outcome::failed;
        if (moved.affected() == 1) return write_outcome::committed;
        // Not moved: another owner or epoch (fenced), or a gap or repeat in the sequence.
        const auto still_owner =
            db_.run("SELECT 1 FROM rooms WHERE game_id = $1 AND owner_node = $2 AND epoch = $3",
                    {game, owner.node, pg_int(owner.epoch)});
        if (!still_owner.ok()) return write_outcome::failed;
        return still_owner.size() == 1 ? write_outcome::failed : write_outcome::fenced;
    }

    // Without an owner (one node), the SQLite rule: the events continue the stored sequence.
    write_outcome advance_unowned(const std::vector<stored_event>& events) {
        const auto& game = events.front().game_id;
        const auto last = db_.run("SELECT max(seq) FROM events WHERE game_id = $1", {game});
        if (last.size() != 1) return write_outcome::failed;
        const std::int64_t next = last.null(0, 0) ? 0 : last.integer(0, 0) + 1;
        if (events.front().seq != next) return write_outcome::failed;
        return db_.run("UPDATE rooms SET head_seq = $2 WHERE game_id = $1",
                       {game, pg_int(events.back().seq)})
                       .ok()
                   ? write_outcome::committed
                   : write_outcome::failed;
    }

    // Only the transaction that sets the game finished stores its result and rates it: a game
    // already finished (the same finish again, after a restart or a takeover) changes nothing.
    write_outcome finish(const write_batch::finish& f, const std::optional<room_owner>& owner) {
        const auto updated = db_.run(
            "UPDATE games SET finished_ms = $1, result = $2 WHERE id = $3 AND finished_ms IS NULL",
            {pg_int(f.finished_ms), f.result_json, f.game_id});
        if (!updated.ok()) return write_outcome::failed;
        if (updated.affected() == 1) {
            if (f.rated && !rate(*f.rated, f.game_id, f.finished_ms)) return write_outcome::failed;
        } else if (db_.run("SELECT 1 FROM games WHERE id = $1", {f.game_id}).size() != 1) {
            return write_outcome::failed;
        }
        if (!owner)
            return db_.run("UPDATE rooms SET finished = true WHERE game_id = $1", {f.game_id}).ok()
                       ? write_outcome::committed
                       : write_outcome::failed;
        const auto marked = db_.run(
            "UPDATE rooms SET finished = true WHERE game_id = $1 AND owner_node = $2 AND epoch = "
            "$3",
            {f.game_id, owner->node, pg_int(owner->epoch)});
        if (!marked.ok()) return write_outcome::failed;
        return marked.affected() == 1 ? write_outcome::committed : write_outcome::fenced;
    }

    // Each player's row is created if missing and locked, in identity order (no deadlock between
    // nodes rating the same players), so a concurrent game on another node waits and reads the
    // rating this one writes.
    bool rate(const rated_game& game, const std::string& game_id, std::int64_t at_ms) {
        std::vector<std::int64_t> order;
        for (const auto& player : game.players) order.push_back(player.identity);
        std::sort(order.begin(), order.end());
        for (const auto identity : order) {
            const auto fresh = unrated(identity, game.key);
            if (!db_.run(
                        "INSERT INTO ratings (identity, rating_key, rating, deviation, volatility, "
                        "mu, sigma, games, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0) "
                        "ON CONFLICT DO NOTHING",
                        {pg_int(identity), game.key, pg_real(fresh.rating),
                         pg_real(fresh.deviation), pg_real(fresh.volatility), pg_real(fresh.mu),
                         pg_real(fresh.sigma)})
                     .ok() ||
                db_.run("SELECT 1 FROM ratings WHERE identity = $1 AND rating_key = $2 FOR UPDATE",
                        {pg_int(identity), game.key})
                        .size() != 1)
                return false;
        }
        std::vector<rating_row> before;
        for (const auto& player : game.players) {
            const auto rows = db_.run(
                "SELECT rating, deviation, volatility, mu, sigma, games FROM ratings "
                "WHERE identity = $1 AND rating_key = $2",
                {pg_int(player.identity), game.key});
            if (rows.size() != 1) return false;
            auto& row = before.emplace_back(unrated(player.identity, game.key));
            row.rating = real(rows, 0, 0);
            row.deviation = real(rows, 0, 1);
            row.volatility = real(rows, 0, 2);
            row.mu = real(rows, 0, 3);
            row.sigma = real(rows, 0, 4);
            row.games = rows.integer(0, 5);
        }
        const auto after = rate_game(game, before, at_ms);
        for (std::size_t i = 0; i < after.size(); ++i) {
            const auto& r = after[i];
            if (!db_.run(
                        "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, mu = $6, "
                        "sigma = $7, games = $8, updated_ms = $9 "
                        "WHERE identity = $1 AND rating_key = $2",
                        {pg_int(r.identity), r.key, pg_real(r.rating), pg_real(r.deviation),
                         pg_real(r.volatility), pg_real(r.mu), pg_real(r.sigma), pg_int(r.games),
                         pg_int(r.updated_ms)})
                     .ok() ||
                !db_.run("INSERT INTO rating_history (identity, rating_key, game_id, at_ms, "
                         "rating_before, rating_after, deviation_after, outcome, place) "
                         "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                         {pg_int(r.identity), r.key, game_id, pg_int(at_ms),
                          pg_real(before[i].rating), pg_real(r.rating), pg_real(r.deviation),
                          outcome_of(game, i), pg_int(game.players[i].place)})
                     .ok())
                return false;
        }
        return true;
    }

    pg_connection& db_;
};

constexpr const char* game_columns =
    "id, room_code, game, options, public, settings, seed, commitment, created_ms, finished_ms, "
    "result";

std::vector<game_row> read_games(const pg_rows& rows) {
    std::vector<game_row> games;
    for (int i = 0; i < rows.size(); ++i) {
        game_row& row = games.emplace_back();
        row.id = rows.text(i, 0);
        row.room_code = rows.text(i, 1);
        row.game = rows.text(i, 2);
        row.options_json = rows.text(i, 3);
        row.is_public = rows.boolean(i, 4);
        row.settings_json = rows.text(i, 5);
        row.seed_hex = rows.text(i, 6);
        row.commitment = rows.text(i, 7);
        row.created_ms = rows.integer(i, 8);
        if (!rows.null(i, 9)) row.finished_ms = rows.integer(i, 9);
        row.result_json = rows.text(i, 10);
    }
    return games;
}

std::optional<identity_row> read_identity(const pg_rows& rows) {
    if (rows.size() != 1) return std::nullopt;
    return identity_row{rows.integer(0, 0), rows.text(0, 1), rows.text(0, 2), rows.integer(0, 3),
                        rows.text(0, 4)};
}

constexpr const char* identity_query =
    "SELECT id, token_hash, name, created_ms, coalesce(account, '') FROM identities ";

}  // namespace

rules::result<std::unique_ptr<postgres_store>> postgres_store::open(
    const std::string& database_url) {
    auto writer = pg_connection::open(database_url);
    if (!writer) return rules::refusal{writer.reason()};
    if (auto failure = prepare_schema(writer.value())) return *failure;
    auto reader = pg_connection::open(database_url);
    if (!reader) return rules::refusal{reader.reason()};
    return std::unique_ptr<postgres_store>(
        new postgres_store(std::move(writer).value(), std::move(reader).value()));
}

postgres_store::postgres_store(pg_connection writer, pg_connection reader)
    : writer_(std::move(writer)),
      reader_(std::move(reader)),
      queue_([this](auto batches) { return write_all(batches); }) {}

postgres_store::~postgres_store() { queue_.drain(); }

void postgres_store::submit(write_batch batch, std::function<void(write_outcome)> done) {
    queue_.submit(std::move(batch), std::move(done));
}

void postgres_store::drain() { queue_.drain(); }

write_outcome postgres_store::write_all(std::span<const write_queue::pending> batches) {
    // A connection lost since the last write (a restart, a cut link) shows at BEGIN, before
    // anything of this transaction was sent: connect again and begin once more.
    if (!writer_.run_script("BEGIN") &&
        !(writer_.broken() && writer_.reset() && writer_.run_script("BEGIN")))
        return write_outcome::failed;
    batch_writer writer(writer_);
    for (const auto& item : batches) {
        const auto outcome = writer.write(item.batch);
        if (outcome != write_outcome::committed) {
            writer_.run_script("ROLLBACK");
            return outcome;
        }
    }
    // Lost during COMMIT, the outcome is unknown; the caller rebuilds from what was committed.
    if (!writer_.run_script("COMMIT")) {
        writer_.run_script("ROLLBACK");
        return write_outcome::failed;
    }
    return write_outcome::committed;
}

pg_rows postgres_store::query(const std::string& sql, const pg_params& params) const {
    std::lock_guard lock(read_mutex_);
    auto rows = reader_.run(sql, params);
    if (rows.ok() || !reader_.broken() || !reader_.reset()) return rows;
    return reader_.run(sql, params);
}

std::vector<std::string> postgres_store::first_column(const std::string& sql,
                                                      const pg_params& params) const {
    const auto rows = query(sql, params);
    std::vector<std::string> values;
    values.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i) values.push_back(rows.text(i, 0));
    return values;
}

std::vector<game_row> postgres_store::unfinished_games() const {
    return read_games(query(std::string("SELECT ") + game_columns +
                            " FROM games WHERE finished_ms IS NULL ORDER BY created_ms, id"));
}

std::vector<game_row> postgres_store::finished_games(int limit) const {
    return read_games(query(std::string("SELECT ") + game_columns +
                                " FROM games WHERE finished_ms IS NOT NULL"
                                " ORDER BY finished_ms DESC, id LIMIT $1",
                            {pg_int(limit)}));
}

// Held a seat: seated, and not unseated nor replaced by a computer player in that seat later.
std::vector<game_row> postgres_store::games_of(std::int64_t identity, int limit) const {
    return read_games(query(
        std::string("SELECT ") + game_columns +
            " FROM games"
            " WHERE id IN ("
            " SELECT s.game_id FROM events s WHERE s.kind = 'seated' AND s.identity = $1"
            " AND NOT EXISTS (SELECT 1 FROM events u WHERE u.game_id = s.game_id AND u.seq > s.seq"
            " AND u.seat = s.seat AND u.kind IN ('unseated', 'bot_seated')))"
            " ORDER BY created_ms DESC, id LIMIT $2",
        {pg_int(identity), pg_int(limit)}));
}

std::optional<game_row> postgres_store::find_game(const std::string& id) const {
    auto rows = read_games(
        query(std::string("SELECT ") + game_columns + " FROM games WHERE id = $1", {id}));
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

std::optional<game_row> postgres_store::find_game_in_room(const std::string& room_code) const {
    auto rows = read_games(query(std::string("SELECT ") + game_columns +
                                     " FROM games WHERE room_code = $1"
                                     " ORDER BY created_ms DESC LIMIT 1",
                                 {room_code}));
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

std::vector<stored_event> postgres_store::events_of(const std::string& game_id) const {
    const auto rows = query(
        "SELECT seq, kind, seat, text, identity, at_ms FROM events WHERE game_id = $1 "
        "ORDER BY seq",
        {game_id});
    std::vector<stored_event> events;
    events.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        events.push_back({game_id, rows.integer(i, 0), rows.text(i, 1),
                          static_cast<int>(rows.integer(i, 2)), rows.text(i, 3), rows.integer(i, 4),
                          rows.integer(i, 5)});
    return events;
}

std::optional<identity_row> postgres_store::find_identity(const std::string& token_hash) const {
    // A guest by its own token; an account only by a session.
    return read_identity(
        query(std::string(identity_query) +
                  "WHERE token_hash = $1 AND account_key IS NULL UNION ALL "
                  "SELECT i.id, s.token_hash, i.name, i.created_ms, i.account FROM sessions s "
                  "JOIN identities i ON i.id = s.identity WHERE s.token_hash = $1",
              {token_hash}));
}

std::optional<identity_row> postgres_store::find_account(const std::string& user_name) const {
    return read_identity(
        query(std::string(identity_query) + "WHERE account_key = $1", {account_key(user_name)}));
}

std::optional<account_login> postgres_store::find_login(const std::string& user_name) const {
    const auto rows = query("SELECT id, password_hash FROM identities WHERE account_key = $1",
                            {account_key(user_name)});
    if (rows.size() != 1) return std::nullopt;
    return account_login{rows.integer(0, 0), rows.text(0, 1)};
}

std::vector<std::string> postgres_store::ended_sessions(
    const std::vector<std::string>& token_hashes) const {
    if (token_hashes.empty()) return {};
    // One array parameter; token hashes are hex digits, so they need no quoting in its text.
    std::string array = "{";
    for (const auto& hash : token_hashes) array += (array.size() > 1 ? "," : "") + hash;
    array += "}";
    const auto rows = query(
        "SELECT h FROM unnest($1::text[]) WITH ORDINALITY AS given (h, n) "
        "WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE token_hash = h) ORDER BY n",
        {array});
    std::vector<std::string> ended;
    ended.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i) ended.push_back(rows.text(i, 0));
    return ended;
}

std::optional<identity_row> postgres_store::find_identity(std::int64_t id) const {
    return read_identity(query(std::string(identity_query) + "WHERE id = $1", {pg_int(id)}));
}

namespace {

constexpr const char* rating_columns =
    "r.identity, r.rating_key, r.rating, r.deviation, r.volatility, r.mu, r.sigma, r.games, "
    "r.updated_ms, coalesce(i.name, ''), coalesce(i.account, '') FROM ratings r LEFT JOIN "
    "identities i ON i.id = "
    "r.identity ";

std::vector<rating_row> read_ratings(const pg_rows& rows) {
    std::vector<rating_row> out;
    for (int i = 0; i < rows.size(); ++i) {
        auto& row = out.emplace_back();
        row.identity = rows.integer(i, 0);
        row.key = rows.text(i, 1);
        row.rating = real(rows, i, 2);
        row.deviation = real(rows, i, 3);
        row.volatility = real(rows, i, 4);
        row.mu = real(rows, i, 5);
        row.sigma = real(rows, i, 6);
        row.games = rows.integer(i, 7);
        row.updated_ms = rows.integer(i, 8);
        row.name = rows.text(i, 9);
        row.account = rows.text(i, 10);
    }
    return out;
}

}  // namespace

std::vector<rating_row> postgres_store::ratings_of(std::int64_t identity) const {
    return read_ratings(query(
        std::string("SELECT ") + rating_columns + "WHERE r.identity = $1 ORDER BY r.rating_key",
        {pg_int(identity)}));
}

std::vector<rating_change> postgres_store::rating_history(std::int64_t identity, int limit) const {
    const auto rows = query(
        "SELECT rating_key, game_id, at_ms, rating_before, rating_after, deviation_after, "
        "outcome, place FROM rating_history WHERE identity = $1 "
        "ORDER BY at_ms DESC, game_id LIMIT $2",
        {pg_int(identity), pg_int(limit)});
    std::vector<rating_change> changes;
    changes.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        changes.push_back({identity, rows.text(i, 0), rows.text(i, 1), rows.integer(i, 2),
                           real(rows, i, 3), real(rows, i, 4), real(rows, i, 5), rows.text(i, 6),
                           static_cast<int>(rows.integer(i, 7))});
    return changes;
}

std::vector<rating_row> postgres_store::leaderboard(const std::string& key, int limit) const {
    return read_ratings(query(std::string("SELECT ") + rating_columns +
                                  "WHERE r.rating_key = $1 ORDER BY r.rating DESC, r.games DESC, "
                                  "r.identity LIMIT $2",
                              {key, pg_int(limit)}));
}

bool postgres_store::healthy() const { return query("SELECT 1").size() == 1; }

}  // namespace quadra::server
