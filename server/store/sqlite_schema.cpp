#include "server/store/sqlite_schema.hpp"

#include <iterator>

#include "server/store/sqlite_store.hpp"

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
    // 6: moderation (#31): an account's role and sanctions, and the append-only audit log of
    // every role change and moderator action (the change feed each node polls); a deleted
    // account's user name, reserved for a while; players' reports; addresses refused.
    R"sql(
    ALTER TABLE identities ADD COLUMN role TEXT NOT NULL DEFAULT '';
    ALTER TABLE identities ADD COLUMN muted_until_ms INTEGER;
    ALTER TABLE identities ADD COLUMN banned_ms INTEGER;
    ALTER TABLE identities ADD COLUMN unlisted_ms INTEGER;
    ALTER TABLE identities ADD COLUMN deleted_ms INTEGER;
    CREATE INDEX identities_with_standing ON identities (id)
        WHERE role <> '' OR muted_until_ms IS NOT NULL OR banned_ms IS NOT NULL
           OR unlisted_ms IS NOT NULL;
    CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at_ms INTEGER NOT NULL,
        actor INTEGER NOT NULL,
        actor_name TEXT NOT NULL,
        action TEXT NOT NULL,
        target INTEGER NOT NULL,
        target_name TEXT NOT NULL,
        role TEXT NOT NULL,
        until_ms INTEGER,
        reason TEXT NOT NULL
    );
    CREATE TABLE reserved_names (
        account_key TEXT PRIMARY KEY,
        until_ms INTEGER NOT NULL
    );
    CREATE TABLE reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at_ms INTEGER NOT NULL,
        reporter INTEGER NOT NULL,
        reporter_name TEXT NOT NULL,
        about TEXT NOT NULL,
        target INTEGER NOT NULL,
        target_name TEXT NOT NULL,
        game_id TEXT NOT NULL,
        room TEXT NOT NULL,
        quoted TEXT NOT NULL,
        reason TEXT NOT NULL,
        words TEXT NOT NULL,
        handled_ms INTEGER,
        handled_by TEXT NOT NULL DEFAULT '',
        outcome TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX reports_open ON reports (id) WHERE handled_ms IS NULL;
    CREATE INDEX reports_by_reporter ON reports (reporter, at_ms);
    CREATE TABLE address_blocks (
        cidr TEXT PRIMARY KEY,
        refuses TEXT NOT NULL,
        until_ms INTEGER NOT NULL,
        at_ms INTEGER NOT NULL
    );
    )sql",
    // 7: "your turn" (#29): the account each running game waits for, and when its time runs out,
    // so every node counts an account's turns with one indexed read.
    R"sql(
    ALTER TABLE games ADD COLUMN turn_identity INTEGER;
    ALTER TABLE games ADD COLUMN turn_deadline_ms INTEGER;
    CREATE INDEX games_turns ON games (turn_identity) WHERE turn_identity IS NOT NULL;
    )sql",
    // 8: challenges (#29): a game offered to one account, or to anyone (a correspondence
    // seek), kept until answered or expired; which challenges each account takes; Web Push: each
    // device's subscription and the server's VAPID key, one for every node.
    R"sql(
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        challenger INTEGER NOT NULL,
        challenged INTEGER,
        terms TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL,
        status TEXT NOT NULL,
        answered_ms INTEGER,
        taker INTEGER,
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
        identity INTEGER NOT NULL,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        kinds TEXT NOT NULL,
        created_ms INTEGER NOT NULL
    );
    CREATE INDEX push_subscriptions_by_identity ON push_subscriptions (identity);
    CREATE TABLE server_keys (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    )sql",
    // 9: events, arenas and Swiss tournaments (`events` is the rooms' journal):
    // each one's terms as the protocol's text, and as columns what the lists select and the
    // writes guard by; each player's entry (active, paused or withdrawn). Indexes: the lists by
    // status, a creator's daily count, a player's entries.
    R"sql(
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        creator INTEGER NOT NULL,
        kind TEXT NOT NULL,
        game TEXT NOT NULL,
        terms TEXT NOT NULL,
        starts_ms INTEGER NOT NULL,
        ends_ms INTEGER NOT NULL,
        max_players INTEGER NOT NULL,
        status TEXT NOT NULL,
        official INTEGER NOT NULL DEFAULT 0,
        created_ms INTEGER NOT NULL,
        changed_ms INTEGER NOT NULL,
        reason TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX tournaments_by_start ON tournaments (status, starts_ms, id);
    CREATE INDEX tournaments_by_change ON tournaments (status, changed_ms);
    CREATE INDEX tournaments_by_creator ON tournaments (creator, created_ms);
    CREATE TABLE tournament_entries (
        tournament INTEGER NOT NULL REFERENCES tournaments (id),
        identity INTEGER NOT NULL,
        entered_ms INTEGER NOT NULL,
        status TEXT NOT NULL,
        changed_ms INTEGER NOT NULL,
        PRIMARY KEY (tournament, identity)
    );
    CREATE INDEX tournament_entries_by_identity ON tournament_entries (identity, tournament);
    )sql",
};
static_assert(std::size(migrations) == sqlite_schema_version);

const sql_text user_version{"user_version", "PRAGMA user_version"};
const sql_text quick_check{"quick_check", "PRAGMA quick_check"};

// What went wrong with the file, in a sentence naming it, with SQLite's own words.
store_error unusable(const std::string& path, const std::string& what, store_error why) {
    why.message = "the database '" + path + "' " + what + ": " + why.message;
    return why;
}

}  // namespace

store_result<void> prepare_sqlite_schema(sqlite_connection& db, const std::string& path,
                                         bool memory) {
    // The first statement reads the header: a file that is not a database fails here.
    auto read_version = db.run(user_version);
    if (!read_version || read_version.value().size() != 1)
        return unusable(path, "is corrupt or not an SQLite database",
                        read_version ? store_error{"user_version", db.error()}
                                     : std::move(read_version).error());
    const int version = static_cast<int>(read_version.value().integer(0, 0));
    if (version > sqlite_schema_version)
        return store_error{"user_version", "the database '" + path + "' has schema version " +
                                               std::to_string(version) +
                                               ", newer than this server's (" +
                                               std::to_string(sqlite_schema_version) +
                                               "): run a newer quadra or use another --data "
                                               "directory"};
    {
        auto checked = db.run(quick_check);
        if (!checked) return unusable(path, "is corrupt", std::move(checked).error());
        if (checked.value().size() == 0 || checked.value().text(0, 0) != "ok")
            return unusable(
                path, "is corrupt",
                {"quick_check", checked.value().size() ? checked.value().text(0, 0) : "no answer"});
    }
    if (!memory)
        if (auto wal = db.exec("journal_mode", "PRAGMA journal_mode=WAL"); !wal)
            return unusable(path, "cannot be switched to WAL (is the directory writable?)",
                            std::move(wal).error());
    // A checkpoint copies each page changed since the last one once, however often it changed:
    // every 10,000 frames (up to 40 MB of WAL) rather than SQLite's 1,000, the pages of the
    // games being played are copied once per many moves instead of once per few (-6 % server
    // CPU at 10,000 connections, bench/load_gen).
    if (!memory) (void)db.exec("wal_autocheckpoint", "PRAGMA wal_autocheckpoint=10000");
    // FULL: a commit is on disk before anyone is told of the move; batching pays the fsync.
    for (const char* pragma : {"PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"})
        if (auto set = db.exec("configure", pragma); !set)
            return unusable(path, "cannot be configured", std::move(set).error());
    for (int v = version; v < sqlite_schema_version; ++v) {
        const std::string name = "migrate_to_" + std::to_string(v + 1);
        store_result<void> migrated = db.exec(name, "BEGIN IMMEDIATE");
        if (migrated) migrated = db.exec(name, migrations[v]);
        if (migrated) migrated = db.exec(name, "PRAGMA user_version=" + std::to_string(v + 1));
        if (migrated) migrated = db.exec(name, "COMMIT");
        if (!migrated)
            return unusable(path, "cannot be created or migrated (is it writable?)",
                            std::move(migrated).error());
    }
    return {};
}

}  // namespace quadra::server
