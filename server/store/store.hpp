#pragma once
// The durable store (README.md "Persistence"): identities (token hashes only), games with their
// creation parameters, dice commitment, seed and result, and every room event in order. Two
// backends behind one interface: an embedded SQLite file (one node, the default) and a shared
// PostgreSQL database (many nodes, which also keeps the room directory: room_directory.hpp).
// Writes are queued and batched by one writer thread, which reports each batch's outcome.

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/identity/identity_records.hpp"
#include "server/store/store_error.hpp"

namespace quadra::server {

class cluster_channel;
class room_directory;
class seek_board;

// Wall-clock milliseconds since the Unix epoch, as the store records times.
std::int64_t unix_ms();

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

// A running game that waits for an account's move (#29).
struct waiting_turn {
    std::string game_id;
    std::string room_code;
    std::optional<std::int64_t> deadline_ms;  // when its time runs out; none: no clock
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

// A change to accounts (#17), written with the store's other writes. An account is reached only
// through its sessions: registering moves the guest's current token hash into `sessions`, so the
// identity row's own token no longer grants access; signing out deletes sessions.
struct account_write {
    enum class kind {
        register_account,    // identity becomes user_name/account_key/password_hash; token_hash a
                             // session
        open_session,        // token_hash becomes a session of identity
        close_session,       // the session token_hash ends
        close_all_sessions,  // every session of identity ends
        change_password,     // the account's password_hash is replaced (#31)
        change_password_ending_others,  // ... and every session but token_hash ends
        rename_account,  // the user name becomes user_name, the same but for case (#31)
        delete_account,  // the account is gone: sessions, user name (reserved until
                         // reserved_until_ms), password; its games and ratings stay, anonymous
    };
    kind what = kind::open_session;
    std::int64_t identity = 0;
    std::string token_hash;
    std::string user_name;      // register_account: as chosen
    std::string password_hash;  // register_account, change_password: crypto_pwhash_str's encoded
                                // Argon2id string
    std::int64_t at_ms = 0;
    std::int64_t reserved_until_ms = 0;  // delete_account
};

// The name a deleted account's games, ratings and chat lines show.
inline constexpr std::string_view deleted_player_name = "Deleted player";

// What signing in checks: the account's identity and its password hash (never the password),
// and whether a moderator banned it (#31).
struct account_login {
    std::int64_t identity = 0;
    std::string password_hash;
    bool banned = false;
};

// Moderation (#31). A role or sanction of an account changes only with the audit-log row that
// says who changed it and why, in one transaction; the log is append-only.
// A mute for good lasts until then.
inline constexpr std::int64_t forever_ms = std::numeric_limits<std::int64_t>::max();

struct moderation_write {
    enum class kind {
        grant,
        revoke,
        ban,
        unban,
        mute,
        unmute,
        unlist,
        relist,
        report_acted,      // a report handled: the moderator acted on it
        report_dismissed,  // ... or found nothing to act on
        block,             // new guests or accounts refused from an address range
        unblock,
        hide_chat,   // a chat line hidden (the room's journal records it; role: the room code)
        close_room,  // a game closed (the room's journal records it; target_name: the room code,
                     // role: "aborted" or "no_result")
    };
    kind what = kind::ban;
    std::int64_t actor = 0;  // the moderator's identity; 0: the operator, at the command line
    std::string actor_name;  // as the log shows them
    std::int64_t target = 0;
    std::string target_name;
    std::string role;           // grant: "moderator" or "admin"; block: what is refused
    std::int64_t until_ms = 0;  // mute, block: until when (forever_ms: for good)
    std::string reason;
    std::int64_t at_ms = 0;
    std::int64_t report = 0;  // report_acted, report_dismissed: the report's id
};

// A player's report of another player, a game or a chat line (#31), and how it was handled.
struct report_row {
    std::int64_t id = 0;  // given by the store
    std::int64_t at_ms = 0;
    std::int64_t reporter = 0;
    std::string reporter_name;
    std::string about;        // "player", "game" or "chat"
    std::int64_t target = 0;  // the reported identity (a chat line's writer); 0 for a game
    std::string target_name;
    std::string game_id;  // "" for a player
    std::string room;
    std::string quoted;  // a chat line's text, as the journal keeps it
    std::string reason;  // one of a short list (protocol)
    std::string words;
    std::optional<std::int64_t> handled_ms;
    std::string handled_by;
    std::string outcome;  // "acted" or "dismissed" once handled
    std::string note;
};

// The name an action has in the audit log and on the wire: "grant", "ban", ... "unlist" removes
// an account from the leaderboards, "relist" puts it back.
std::string_view action_name(moderation_write::kind what);

// New guests, new accounts or both ("guests", "accounts", "both") refused from an address range
// (CIDR text, address_range.hpp) until a time.
struct address_block {
    std::string cidr;
    std::string refuses;
    std::int64_t until_ms = 0;
};

// An account with a role or a sanction, as stored.
struct account_standing {
    std::int64_t identity = 0;
    std::string account;
    std::string role;                 // "", "moderator" or "admin"
    std::int64_t muted_until_ms = 0;  // 0: not muted (a past time: no longer)
    bool banned = false;
    bool unlisted = false;  // removed from the leaderboards (its ratings go on)
};

// One row of the audit log.
struct audit_entry {
    std::int64_t id = 0;
    std::int64_t at_ms = 0;
    std::string actor;  // the moderator's account name; "" for the operator
    std::string action;
    std::string target;
    std::string role;
    std::int64_t until_ms = 0;  // a mute's end; 0 for other actions
    std::string reason;
};

// Ratings (#17). Which system rates a key: Glicko-2 for two-player games, Weng-Lin for four.
enum class rating_system { glicko2, weng_lin };

// One player of a finished rated game: an identity (a computer player: bot_rating_identity) and
// the place, 0 for the best; equal places tie (a draw: every place 0).
struct rated_player {
    std::int64_t identity = 0;
    int place = 0;
};

// What the store needs to rate a finished game, in the transaction that stores its result.
struct rated_game {
    std::string key;  // rated_games.hpp: "quadrature.blitz", "kvadrat.4p"
    rating_system system = rating_system::glicko2;
    std::vector<rated_player> players;  // by seat
};

// One player's rating under one key as stored. `rating` and `deviation` are always on the shown
// 1500 ± 350 scale (sorting leaderboards needs no system); `volatility` is Glicko-2's, `mu` and
// `sigma` Weng-Lin's (the others keep their defaults).
struct rating_row {
    std::int64_t identity = 0;
    std::string key;
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
    double mu = 25;
    double sigma = 25.0 / 3;
    std::int64_t games = 0;
    std::int64_t updated_ms = 0;
    std::string name;     // the identity's display name when read (empty for a computer player)
    std::string account;  // its account's user name when read (empty for a guest or a computer)
};

// One rated game in a player's history: the rating before and after, and how it went for them.
struct rating_change {
    std::int64_t identity = 0;
    std::string key;
    std::string game_id;
    std::int64_t at_ms = 0;
    double before = 1500;
    double after = 1500;
    double deviation = 350;  // after the game
    std::string outcome;     // "win", "draw" or "loss"
    int place = 0;
};

// A challenge (#29) as stored: open until accepted, declined or cancelled, or until expires_ms.
// One offered to anyone (challenged 0) is a correspondence seek.
struct challenge_row {
    std::int64_t id = 0;  // chosen by the challenger's node: random, below 2^53
    std::int64_t challenger = 0;
    std::int64_t challenged = 0;  // 0: anyone
    std::string terms;            // protocol::challenge_terms_text
    std::int64_t created_ms = 0;
    std::int64_t expires_ms = 0;
    std::string status = "open";  // "open", "accepted", "declined" or "cancelled"
    std::int64_t answered_ms = 0;
    std::int64_t taker = 0;  // accepted: who took it
    std::string room;        // accepted: the game's room
    std::string reason;      // declined: why
    // When read: the accounts' user names.
    std::string challenger_name;
    std::string challenged_name;
    std::string taker_name;
};

// A new challenge, or the answer to one: only an open, unexpired challenge is answered (the
// batch fails otherwise, so two answers never both hold).
struct challenge_write {
    enum class kind { open, answer };
    kind what = kind::open;
    challenge_row row;  // answer: its id, and the new status, answered_ms, taker, room, reason
    std::int64_t max_open = 0;  // open: refused when the challenger has this many open already
};

// Which challenges an account takes (#29): "all", "rated" or "none".
struct challenge_policy_write {
    std::int64_t identity = 0;
    std::string accept;
};

// A browser's Web Push subscription for an account (#29): where to post, the keys to encrypt
// for, and which kinds of news it wants ("your_turn", "challenge", "offer", "game_end").
struct push_subscription {
    std::string endpoint;  // unique: a device subscribed again replaces its row
    std::int64_t identity = 0;
    std::string p256dh;  // base64url, as the browser gives them
    std::string auth;
    std::vector<std::string> kinds;
    std::int64_t created_ms = 0;
};
inline constexpr std::int64_t max_push_subscriptions = 20;  // per account
struct push_write {
    enum class kind { subscribe, unsubscribe };
    kind what = kind::subscribe;
    push_subscription subscription;  // unsubscribe: its endpoint (and identity; 0: whoever's)
};
// A secret of the server that every node shares, written once: the first writer's stays.
struct server_key_write {
    std::string name;
    std::string value;
};

// An event: an arena or a Swiss tournament. The store keeps its terms as the protocol's
// text (opaque here) and, as columns, what it selects and guards by.
struct event_row {
    std::int64_t id = 0;       // chosen by the creator's node: random, below 2^53
    std::int64_t creator = 0;  // the account that made it
    std::string kind;          // "arena" or "swiss"
    std::string game;          // rules id
    std::string terms;         // protocol text: name, options, clock, schedule, entry rules
    std::int64_t starts_ms = 0;
    std::int64_t ends_ms = 0;          // arena: its end; swiss: 0 until it finishes
    std::int64_t max_players = 0;      // 0: no cap
    std::string status = "scheduled";  // "scheduled", "running", "finished" or "cancelled"
    bool official = false;             // a moderator marked it the server's own
    std::int64_t created_ms = 0;
    std::int64_t changed_ms = 0;  // when status last changed
    std::string reason;           // cancelled: why
    // When read:
    std::string creator_name;  // the creator account's user name (deleted: deleted_player_name)
    std::int64_t players = 0;  // entries not withdrawn
};

// One player's entry in an event.
struct event_entry_row {
    std::int64_t event = 0;
    std::int64_t identity = 0;
    std::int64_t entered_ms = 0;    // its first entry (a paused entry entered again keeps it)
    std::string status = "active";  // "active", "paused" or "withdrawn"
    std::int64_t changed_ms = 0;
    std::string name;  // when read: the account's user name (deleted: deleted_player_name)
};

// A change to an event or to an entry; refused (the batch fails, nothing written) as each says.
struct event_write {
    enum class kind {
        create,        // row inserted; refused when row.creator made max_per_day events or more
                       // with created_ms in (row.created_ms - 24 h, row.created_ms]  (0: no limit)
        set_status,    // row.id's status becomes row.status at row.changed_ms (+ row.reason,
                       // row.ends_ms when non-zero). Allowed moves only: scheduled->running,
                       // scheduled->cancelled, running->finished, running->cancelled; else refused
        set_official,  // row.id's official becomes row.official; refused for an unknown event
        enter,         // entry.identity enters entry.event at entry.entered_ms: a new entry,
                       // or a paused one active again (its changed_ms becomes that time).
                       // Refused when: the event is not scheduled or running; the entry exists
                       // and is active or withdrawn (withdrawal is for good); it is new and the
                       // event already has max_players entries not withdrawn
        pause,         // active -> paused at entry.changed_ms; else refused
        withdraw,      // active or paused -> withdrawn at entry.changed_ms; else refused
    };
    kind what = kind::create;
    event_row row;
    event_entry_row entry;
    std::int64_t max_per_day = 0;  // create
};

// Who may write a room's journal in a shared store: a node, during one epoch of its ownership.
struct room_owner {
    std::string node;
    std::int64_t epoch = 0;
};

// What one room (or the hello path) asks to be written at once; all of it or nothing.
struct write_batch {
    std::optional<game_row> new_game;
    std::vector<stored_event> events;
    std::optional<identity_row> identity;  // inserted, or its name updated
    std::optional<account_write> account;  // after `identity`
    // A role or sanction changed, with its audit-log row; refused (failed) when it changes nothing.
    std::optional<moderation_write> moderation;
    std::optional<report_row> report;                        // a new report (its id is the store's)
    std::optional<challenge_write> challenge;                // #29
    std::optional<challenge_policy_write> challenge_policy;  // #29
    std::optional<push_write> push;                          // #29
    std::optional<server_key_write> server_key;              // #29
    std::optional<event_write> event;                        // #43, after the challenges' writes
    struct finish {
        std::string game_id;
        std::int64_t finished_ms = 0;
        std::string result_json;
        // A rated game: rated once, by the transaction that sets the game finished (#17).
        std::optional<rated_game> rated;
    };
    std::optional<finish> finished;
    // The account a running game now waits for (#29), after `finished`: none once it waits for
    // nobody with an account (a guest, a computer player, a finished game).
    struct turn_change {
        std::string game_id;
        std::optional<std::int64_t> identity;
        std::optional<std::int64_t> deadline_ms;  // when its time runs out; none: no clock
    };
    std::optional<turn_change> turn;
    // In a shared store, the writer of `new_game` (which becomes the room's owner at `epoch`) or
    // of `events`: the same transaction checks that it still owns the room at that epoch. A store
    // with one node has no other writer and ignores it.
    std::optional<room_owner> owner;
};

// How a batch ended. `fenced`: another node owns the room now; nothing was written.
enum class write_outcome { committed, failed, fenced };

// Which backend and where.
struct store_settings {
    std::string backend = "sqlite";  // "sqlite" or "postgres"
    std::string data_dir = "data";   // sqlite: the directory of quadra.db; ":memory:" for none
    std::string database_url;        // postgres: a libpq connection URI
};

// The identities it keeps are read through identity_records (find_identity).
class store : public identity_records {
public:
    ~store() override = default;

    // Queues a batch for the writer thread; `done` runs on the writer thread with the outcome.
    // Batches commit in the order they were submitted.
    virtual void submit(write_batch batch, std::function<void(write_outcome)> done) = 0;
    // Waits until every batch submitted so far has been reported.
    virtual void drain() = 0;

    // Reads (any thread).
    virtual std::vector<game_row> unfinished_games() const = 0;
    // The latest finished games, newest first.
    virtual std::vector<game_row> finished_games(int limit) const = 0;
    // The running games waiting for `identity`'s move, the soonest deadline first (#29).
    virtual std::vector<waiting_turn> turns_of(std::int64_t identity) const = 0;
    virtual std::vector<game_row> games_of(std::int64_t identity, int limit)
        const = 0;  // the identity's latest games where it held a seat, newest first
    virtual std::optional<game_row> find_game(const std::string& id) const = 0;
    // The latest game of the room with lobby code `room_code`.
    virtual std::optional<game_row> find_game_in_room(const std::string& room_code) const = 0;
    virtual std::vector<stored_event> events_of(const std::string& game_id) const = 0;
    // Of these sessions (their tokens' hashes), the ones that no longer exist, in the given
    // order: signed out, maybe by another node.
    virtual std::vector<std::string> ended_sessions(
        const std::vector<std::string>& token_hashes) const = 0;
    // The identity of the account `user_name`, compared case-insensitively (account_key); its
    // token_hash grants nothing (sessions do).
    virtual std::optional<identity_row> find_account(const std::string& user_name) const = 0;
    // True while the user name of a deleted account is reserved (#31): nobody may register it.
    virtual bool name_reserved(const std::string& user_name, std::int64_t now_ms) const = 0;
    // What signing in to `user_name` checks; none for an unknown user.
    virtual std::optional<account_login> find_login(const std::string& user_name) const = 0;
    // Ratings (#17): an identity's ratings, one per key; its rated games, newest first; the
    // players with the highest rating under `key`, best first (ties: more games first).
    virtual std::vector<rating_row> ratings_of(std::int64_t identity) const = 0;
    virtual std::vector<rating_change> rating_history(std::int64_t identity, int limit) const = 0;
    virtual std::vector<rating_row> leaderboard(const std::string& key, int limit) const = 0;
    // Moderation (#31): every account with a role or a sanction (none: the read failed); the
    // audit log, newest first; how many rows the log has (it only grows: a new count means a new
    // action somewhere; -1: the read failed).
    virtual std::optional<std::vector<account_standing>> standings() const = 0;
    virtual std::vector<audit_entry> audit_log(int limit) const = 0;
    virtual std::int64_t audit_count() const = 0;
    // The address blocks in force at `now_ms` (none: the read failed).
    virtual std::optional<std::vector<address_block>> address_blocks(std::int64_t now_ms) const = 0;
    // Reports (#31): the open ones, oldest first; one by id; a reporter's, newest first; how
    // many the reporter made since `since_ms` (its rate limit).
    virtual std::vector<report_row> open_reports(int limit) const = 0;
    virtual std::optional<report_row> find_report(std::int64_t id) const = 0;
    virtual std::vector<report_row> reports_by(std::int64_t reporter, int limit) const = 0;
    virtual std::int64_t reports_since(std::int64_t reporter, std::int64_t since_ms) const = 0;
    // Challenges (#29): one by id; an account's, to it or from it, open or answered since
    // `since_ms` (open ones that expired since too), newest first; the open challenges to
    // anyone, unexpired at `now_ms`, oldest first; how many open ones an account made; which
    // challenges an account takes ("all" when unknown).
    virtual std::optional<challenge_row> find_challenge(std::int64_t id) const = 0;
    virtual std::vector<challenge_row> challenges_of(std::int64_t identity,
                                                     std::int64_t since_ms) const = 0;
    virtual std::vector<challenge_row> open_challenges(std::int64_t now_ms, int limit) const = 0;
    virtual std::int64_t open_challenges_by(std::int64_t identity, std::int64_t now_ms) const = 0;
    virtual std::string challenge_policy(std::int64_t identity) const = 0;
    // Web Push (#29): an account's subscriptions, oldest first; a shared secret by name (none
    // before it is written).
    virtual std::vector<push_subscription> push_subscriptions_of(std::int64_t identity) const = 0;
    virtual std::optional<std::string> server_key(const std::string& name) const = 0;
    // Events: one by id; those with `status`, at most `limit` ("scheduled" and "running"
    // by starts_ms then id, the soonest first; "finished" and "cancelled" by changed_ms, the
    // latest first); the times `creator` created events after since_ms, the oldest first (its
    // daily limit); an event's entries by entered_ms then identity, withdrawn ones included; the
    // scheduled or running events `identity` has an entry in that is not withdrawn, by starts_ms.
    // An event read has its creator_name and players.
    virtual std::optional<event_row> find_event(std::int64_t id) const = 0;
    virtual std::vector<event_row> events_with_status(const std::string& status,
                                                      int limit) const = 0;
    virtual std::vector<std::int64_t> event_creation_times(std::int64_t creator,
                                                           std::int64_t since_ms) const = 0;
    virtual std::vector<event_entry_row> entries_of(std::int64_t event) const = 0;
    virtual std::vector<event_row> events_entered_by(std::int64_t identity) const = 0;
    // True when a trivial read succeeds (health check).
    virtual bool healthy() const = 0;
    // "sqlite" or "postgres", for /healthz.
    virtual std::string backend() const = 0;

    // The room directory of a store shared by several nodes; null for a store of one node.
    virtual room_directory* directory() { return nullptr; }
    // Its one pool of every node's open seeks, and the nodes' notice channel; null likewise.
    virtual seek_board* shared_seeks() { return nullptr; }
    virtual cluster_channel* channel() { return nullptr; }
};

// A user name compared case-insensitively: ASCII A-Z and Cyrillic А-Я, Ё, Ѐ-Џ folded to lower
// case; every other character as it is. Unique among accounts.
std::string account_key(std::string_view user_name);

// Opens (creating or migrating) the configured store. The error says what is wrong: an unusable
// directory or database URL, a newer schema, a corrupt file, an unreachable server.
store_result<std::unique_ptr<store>> open_store(const store_settings& settings);

}  // namespace quadra::server
