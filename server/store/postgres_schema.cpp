#include "server/store/postgres_schema.hpp"

#include <iterator>
#include <string>

#include "server/store/postgres_store.hpp"

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
    // 6: one pool of open seeks for every node (seek_board.hpp): a seek is open while
    // claimed_by is null, claimed by the pairing node, then placed (room, seat, url).
    R"sql(
    CREATE TABLE seeks (
        id BIGSERIAL PRIMARY KEY,
        node TEXT NOT NULL,
        identity BIGINT NOT NULL,
        kind TEXT NOT NULL,
        summary TEXT NOT NULL,
        claimed_by TEXT,
        room TEXT,
        seat INTEGER,
        url TEXT
    );
    CREATE INDEX seeks_open_by_kind ON seeks (kind, id) WHERE claimed_by IS NULL;
    CREATE INDEX seeks_by_node ON seeks (node);
    )sql",
    // 7: moderation (#31): an account's role and sanctions, and the append-only audit log of
    // every role change and moderator action (the change feed each node polls); a deleted
    // account's user name, reserved for a while; players' reports; addresses refused.
    R"sql(
    ALTER TABLE identities ADD COLUMN role TEXT NOT NULL DEFAULT '';
    ALTER TABLE identities ADD COLUMN muted_until_ms BIGINT;
    ALTER TABLE identities ADD COLUMN banned_ms BIGINT;
    ALTER TABLE identities ADD COLUMN unlisted_ms BIGINT;
    ALTER TABLE identities ADD COLUMN deleted_ms BIGINT;
    CREATE INDEX identities_with_standing ON identities (id)
        WHERE role <> '' OR muted_until_ms IS NOT NULL OR banned_ms IS NOT NULL
           OR unlisted_ms IS NOT NULL;
    CREATE TABLE audit_log (
        id BIGSERIAL PRIMARY KEY,
        at_ms BIGINT NOT NULL,
        actor BIGINT NOT NULL,
        actor_name TEXT NOT NULL,
        action TEXT NOT NULL,
        target BIGINT NOT NULL,
        target_name TEXT NOT NULL,
        role TEXT NOT NULL,
        until_ms BIGINT,
        reason TEXT NOT NULL
    );
    CREATE TABLE reserved_names (
        account_key TEXT PRIMARY KEY,
        until_ms BIGINT NOT NULL
    );
    CREATE TABLE reports (
        id BIGSERIAL PRIMARY KEY,
        at_ms BIGINT NOT NULL,
        reporter BIGINT NOT NULL,
        reporter_name TEXT NOT NULL,
        about TEXT NOT NULL,
        target BIGINT NOT NULL,
        target_name TEXT NOT NULL,
        game_id TEXT NOT NULL,
        room TEXT NOT NULL,
        quoted TEXT NOT NULL,
        reason TEXT NOT NULL,
        words TEXT NOT NULL,
        handled_ms BIGINT,
        handled_by TEXT NOT NULL DEFAULT '',
        outcome TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX reports_open ON reports (id) WHERE handled_ms IS NULL;
    CREATE INDEX reports_by_reporter ON reports (reporter, at_ms);
    CREATE TABLE address_blocks (
        cidr TEXT PRIMARY KEY,
        refuses TEXT NOT NULL,
        until_ms BIGINT NOT NULL,
        at_ms BIGINT NOT NULL
    );
    )sql",
    // 8: "your turn" (#29): the account each running game waits for, and when its time runs out.
    R"sql(
    ALTER TABLE games ADD COLUMN turn_identity BIGINT;
    ALTER TABLE games ADD COLUMN turn_deadline_ms BIGINT;
    CREATE INDEX games_turns ON games (turn_identity) WHERE turn_identity IS NOT NULL;
    )sql",
    // 9: challenges (#29): a game offered to one account, or to anyone (a correspondence
    // seek), kept until answered or expired; which challenges each account takes; Web Push: each
    // device's subscription and the server's VAPID key, one for every node.
    R"sql(
    CREATE TABLE challenges (
        id BIGINT PRIMARY KEY,
        challenger BIGINT NOT NULL,
        challenged BIGINT,
        terms TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL,
        status TEXT NOT NULL,
        answered_ms BIGINT,
        taker BIGINT,
        room TEXT,
        reason TEXT
    );
    CREATE INDEX challenges_by_challenger ON challenges (challenger, created_ms);
    CREATE INDEX challenges_by_challenged ON challenges (challenged, created_ms);
    CREATE INDEX challenges_open_to_anyone ON challenges (created_ms)
        WHERE challenged IS NULL AND status = 'open';
    ALTER TABLE identities ADD COLUMN challenges TEXT NOT NULL DEFAULT 'all';
    CREATE TABLE push_subscriptions (
        endpoint TEXT PRIMARY KEY,
        identity BIGINT NOT NULL,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        kinds TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    );
    CREATE INDEX push_subscriptions_by_identity ON push_subscriptions (identity);
    CREATE TABLE server_keys (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    )sql",
    // 10: events, arenas and Swiss tournaments (`events` is the rooms' journal):
    // each one's terms as the protocol's text, and as columns what the lists select and the
    // writes guard by; each player's entry (active, paused or withdrawn). Indexes: the lists by
    // status, a creator's daily count, a player's entries.
    R"sql(
    CREATE TABLE tournaments (
        id BIGINT PRIMARY KEY,
        creator BIGINT NOT NULL,
        kind TEXT NOT NULL,
        game TEXT NOT NULL,
        terms TEXT NOT NULL,
        starts_ms BIGINT NOT NULL,
        ends_ms BIGINT NOT NULL,
        max_players BIGINT NOT NULL,
        status TEXT NOT NULL,
        official BOOLEAN NOT NULL DEFAULT false,
        created_ms BIGINT NOT NULL,
        changed_ms BIGINT NOT NULL,
        reason TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX tournaments_by_start ON tournaments (status, starts_ms, id);
    CREATE INDEX tournaments_by_change ON tournaments (status, changed_ms);
    CREATE INDEX tournaments_by_creator ON tournaments (creator, created_ms);
    CREATE TABLE tournament_entries (
        tournament BIGINT NOT NULL REFERENCES tournaments (id),
        identity BIGINT NOT NULL,
        entered_ms BIGINT NOT NULL,
        status TEXT NOT NULL,
        changed_ms BIGINT NOT NULL,
        PRIMARY KEY (tournament, identity)
    );
    CREATE INDEX tournament_entries_by_identity ON tournament_entries (identity, tournament);
    )sql",
};
static_assert(std::size(migrations) == postgres_schema_version);

// Held by the migrating transaction, so that nodes starting together migrate one after another.
constexpr std::int64_t migration_lock = 0x717561647261;  // "quadra"

const sql_text lock_migration{"lock_migration", "SELECT pg_advisory_xact_lock($1)"};
const sql_text read_schema_version{"schema_version",
                                   "SELECT coalesce(max(version), 0) FROM schema_version"};
const sql_text add_schema_version{"schema_version",
                                  "INSERT INTO schema_version (version) VALUES ($1)"};

}  // namespace

store_result<void> prepare_postgres_schema(pg_connection& db) {
    const auto failure = [&db](const std::string& what, store_error why) {
        why.message = "the " + db.describe() + " " + what + ": " + why.message;
        (void)db.exec("rollback", "ROLLBACK");
        return why;
    };
    if (auto begun = db.exec("begin", "BEGIN"); !begun)
        return failure("cannot be locked for migration", std::move(begun).error());
    if (auto locked = db.run(lock_migration, {migration_lock}); !locked)
        return failure("cannot be locked for migration", std::move(locked).error());
    if (auto made = db.exec("schema_version",
                            "CREATE TABLE IF NOT EXISTS schema_version ("
                            " version INTEGER PRIMARY KEY,"
                            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
        !made)
        return failure("has no readable schema version", std::move(made).error());
    auto read = db.run(read_schema_version);
    if (!read) return failure("has no readable schema version", std::move(read).error());
    const int version = static_cast<int>(read.value().integer(0, 0));
    if (version > postgres_schema_version) {
        (void)db.exec("rollback", "ROLLBACK");
        return store_error{"schema_version",
                           "the " + db.describe() + " has schema version " +
                               std::to_string(version) + ", newer than this server's (" +
                               std::to_string(postgres_schema_version) +
                               "): run a newer quadra or use another database_url"};
    }
    for (int v = version; v < postgres_schema_version; ++v) {
        const std::string name = "migrate_to_" + std::to_string(v + 1);
        if (auto migrated = db.exec(name, migrations[v]); !migrated)
            return failure("cannot be created or migrated", std::move(migrated).error());
        if (auto noted = db.run(add_schema_version, {v + 1}); !noted)
            return failure("cannot be created or migrated", std::move(noted).error());
    }
    if (auto committed = db.exec("commit", "COMMIT"); !committed)
        return failure("cannot commit its migration", std::move(committed).error());
    return {};
}

}  // namespace quadra::server
