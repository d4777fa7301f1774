#include "server/store/store_sql.hpp"

#include <string>

namespace quadra::server::store_sql {

namespace {

const std::string game_columns =
    "SELECT id, room_code, game, options, public, settings, seed, commitment, created_ms, "
    "finished_ms, result FROM games ";

const std::string identity_columns =
    "SELECT id, token_hash, name, created_ms, coalesce(account, '') FROM identities ";

const std::string rating_columns =
    "SELECT r.identity, r.rating_key, r.rating, r.deviation, r.volatility, r.mu, r.sigma, "
    "r.games, r.updated_ms, coalesce(i.name, ''), coalesce(i.account, '') "
    "FROM ratings r LEFT JOIN identities i ON i.id = r.identity ";

}  // namespace

const sql_text insert_game{"insert_game",
                           "INSERT INTO games (id, room_code, game, options, public, settings, "
                           "seed, commitment, created_ms, finished_ms, result) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"};
// Exactly one row: a new identity, or the same token's new name. Ids are random; one that
// belongs to another token must never rename it (the batch fails and the caller draws again).
const sql_text upsert_identity{
    "upsert_identity",
    "INSERT INTO identities (id, token_hash, name, created_ms) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (id) DO UPDATE SET name = excluded.name "
    "WHERE identities.token_hash = excluded.token_hash OR EXISTS (SELECT 1 FROM sessions "
    "WHERE sessions.token_hash = excluded.token_hash AND sessions.identity = identities.id)"};
// A deleted account's user name is not taken again while it is reserved.
const sql_text register_account{
    "register_account",
    "UPDATE identities SET account = ?1, account_key = ?2, password_hash = ?3 WHERE id = ?4 AND "
    "account_key IS NULL AND NOT EXISTS (SELECT 1 FROM reserved_names WHERE account_key = ?2 AND "
    "until_ms > ?5)"};
const sql_text insert_session{
    "insert_session",
    "INSERT INTO sessions (token_hash, identity, created_ms) VALUES (?1, ?2, ?3)"};
const sql_text open_session{"open_session",
                            "INSERT INTO sessions (token_hash, identity, created_ms) "
                            "SELECT ?1, id, ?2 FROM identities "
                            "WHERE id = ?3 AND account_key IS NOT NULL"};
const sql_text close_session{"close_session",
                             "DELETE FROM sessions WHERE token_hash = ?1 AND identity = ?2"};
const sql_text close_all_sessions{"close_all_sessions", "DELETE FROM sessions WHERE identity = ?1"};
const sql_text change_password{"change_password",
                               "UPDATE identities SET password_hash = ?1 "
                               "WHERE id = ?2 AND account_key IS NOT NULL"};
const sql_text close_other_sessions{
    "close_other_sessions", "DELETE FROM sessions WHERE identity = ?1 AND token_hash <> ?2"};
// Only the case may change: the folded key stays the account's.
const sql_text rename_account{"rename_account",
                              "UPDATE identities SET account = ?1 WHERE id = ?2 AND "
                              "account_key = ?3 AND account <> ?1"};
const sql_text reserve_name{"reserve_name",
                            "INSERT INTO reserved_names (account_key, until_ms) "
                            "SELECT account_key, ?2 FROM identities WHERE id = ?1 AND account_key "
                            "IS NOT NULL ON CONFLICT (account_key) DO UPDATE SET until_ms = "
                            "excluded.until_ms"};
// The identity stays (its games and ratings refer to it) without anything that identifies or
// reaches it: no user name, password, role or sanction, and a token hash no token has.
const sql_text delete_account{
    "delete_account",
    "UPDATE identities SET account = NULL, account_key = NULL, password_hash = NULL, name = ?3, "
    "token_hash = 'deleted:' || id, deleted_ms = ?2, role = '', muted_until_ms = NULL, "
    "unlisted_ms = NULL WHERE id = ?1 AND account_key IS NOT NULL"};
// The names its seats were taken under, in every game's journal.
const sql_text anonymise_seats{
    "anonymise_seats", "UPDATE events SET text = ?2 WHERE identity = ?1 AND kind = 'seated'"};
const sql_text last_seq{"last_seq", "SELECT max(seq) FROM events WHERE game_id = ?1"};
const sql_text insert_event{"insert_event",
                            "INSERT INTO events (game_id, seq, kind, seat, text, identity, at_ms) "
                            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"};
const sql_text finish_game{
    "finish_game",
    "UPDATE games SET finished_ms = ?1, result = ?2 WHERE id = ?3 AND finished_ms IS NULL"};
const sql_text game_exists{"game_exists", "SELECT 1 FROM games WHERE id = ?1"};
const sql_text add_rating{"add_rating",
                          "INSERT INTO ratings (identity, rating_key, rating, deviation, "
                          "volatility, mu, sigma, games, updated_ms) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, 0) ON CONFLICT DO NOTHING"};
const sql_text lock_rating{
    "lock_rating", "SELECT 1 FROM ratings WHERE identity = ?1 AND rating_key = ?2{row_lock}"};
const sql_text read_rating{"read_rating",
                           "SELECT rating, deviation, volatility, mu, sigma, games FROM ratings "
                           "WHERE identity = ?1 AND rating_key = ?2"};
const sql_text update_rating{"update_rating",
                             "UPDATE ratings SET rating = ?3, deviation = ?4, volatility = ?5, "
                             "mu = ?6, sigma = ?7, games = ?8, updated_ms = ?9 "
                             "WHERE identity = ?1 AND rating_key = ?2"};
const sql_text insert_rating_history{
    "insert_rating_history",
    "INSERT INTO rating_history (identity, rating_key, game_id, at_ms, rating_before, "
    "rating_after, deviation_after, outcome, place) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"};

const sql_text unfinished_games{"unfinished_games",
                                game_columns + "WHERE finished_ms IS NULL ORDER BY created_ms, id"};
const sql_text finished_games{
    "finished_games",
    game_columns + "WHERE finished_ms IS NOT NULL ORDER BY finished_ms DESC, id LIMIT ?1"};
// Held a seat: seated, and not unseated nor replaced by a computer player in that seat later.
const sql_text games_of{
    "games_of",
    game_columns +
        "WHERE id IN ("
        " SELECT s.game_id FROM events s WHERE s.kind = 'seated' AND s.identity = ?1"
        " AND NOT EXISTS (SELECT 1 FROM events u WHERE u.game_id = s.game_id AND u.seq > s.seq"
        " AND u.seat = s.seat AND u.kind IN ('unseated', 'bot_seated')))"
        " ORDER BY created_ms DESC, id LIMIT ?2"};
const sql_text find_game{"find_game", game_columns + "WHERE id = ?1"};
const sql_text find_game_in_room{
    "find_game_in_room", game_columns + "WHERE room_code = ?1 ORDER BY created_ms DESC LIMIT 1"};
const sql_text events_of{"events_of",
                         "SELECT seq, kind, seat, text, identity, at_ms FROM events "
                         "WHERE game_id = ?1 ORDER BY seq"};
// A guest by its own token; an account only by a session.
const sql_text identity_by_token{
    "identity_by_token",
    identity_columns +
        "WHERE token_hash = ?1 AND account_key IS NULL UNION ALL "
        "SELECT i.id, s.token_hash, i.name, i.created_ms, i.account FROM sessions s "
        "JOIN identities i ON i.id = s.identity WHERE s.token_hash = ?1"};
const sql_text identity_by_account{"identity_by_account",
                                   identity_columns + "WHERE account_key = ?1"};
const sql_text identity_by_id{"identity_by_id", identity_columns + "WHERE id = ?1"};
const sql_text name_reserved{
    "name_reserved", "SELECT 1 FROM reserved_names WHERE account_key = ?1 AND until_ms > ?2"};
const sql_text find_login{"find_login",
                          "SELECT id, password_hash, banned_ms IS NOT NULL FROM identities "
                          "WHERE account_key = ?1"};
// Of the given token hashes, those without a session, in the given order.
const sql_text ended_sessions{"ended_sessions",
                              "SELECT h FROM {given_list} WHERE NOT EXISTS "
                              "(SELECT 1 FROM sessions WHERE token_hash = h) ORDER BY n"};
const sql_text ratings_of{"ratings_of",
                          rating_columns + "WHERE r.identity = ?1 ORDER BY r.rating_key"};
const sql_text rating_history{"rating_history",
                              "SELECT rating_key, game_id, at_ms, rating_before, rating_after, "
                              "deviation_after, outcome, place FROM rating_history "
                              "WHERE identity = ?1 ORDER BY at_ms DESC, game_id LIMIT ?2"};
const sql_text leaderboard{"leaderboard",
                           rating_columns +
                               "WHERE r.rating_key = ?1 AND i.unlisted_ms IS NULL "
                               "AND i.deleted_ms IS NULL "
                               "ORDER BY r.rating DESC, r.games DESC, r.identity LIMIT ?2"};
// A trivial read of a table: the schema is there and the database answers.
const sql_text health{"health", "SELECT 1 FROM games LIMIT 1"};

// Moderation (#31). Each change applies to an account and only when it changes something: a
// second ban of a banned account changes no row, and the batch (with its audit row) fails.
const sql_text set_role{"set_role",
                        "UPDATE identities SET role = ?1 WHERE id = ?2 AND account_key IS NOT NULL "
                        "AND role <> ?1"};
// (PostgreSQL infers no type for a bare parameter tested for null: hence the casts.)
const sql_text set_banned{"set_banned",
                          "UPDATE identities SET banned_ms = ?1 WHERE id = ?2 AND account_key IS "
                          "NOT NULL AND (banned_ms IS NULL) <> (CAST(?1 AS BIGINT) IS NULL)"};
const sql_text set_muted{"set_muted",
                         "UPDATE identities SET muted_until_ms = ?1 WHERE id = ?2 AND account_key "
                         "IS NOT NULL AND (CAST(?1 AS BIGINT) IS NOT NULL OR muted_until_ms IS NOT "
                         "NULL)"};
const sql_text set_unlisted{
    "set_unlisted",
    "UPDATE identities SET unlisted_ms = ?1 WHERE id = ?2 AND account_key "
    "IS NOT NULL AND (unlisted_ms IS NULL) <> (CAST(?1 AS BIGINT) IS NULL)"};
const sql_text insert_audit{"insert_audit",
                            "INSERT INTO audit_log (at_ms, actor, actor_name, action, target, "
                            "target_name, role, until_ms, reason) "
                            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"};
const sql_text standings{"standings",
                         "SELECT id, account, role, coalesce(muted_until_ms, 0), "
                         "banned_ms IS NOT NULL, unlisted_ms IS NOT NULL FROM identities "
                         "WHERE (role <> '' OR muted_until_ms IS NOT NULL OR banned_ms IS NOT NULL "
                         "OR unlisted_ms IS NOT NULL) AND account IS NOT NULL ORDER BY id"};
const sql_text audit_log{"audit_log",
                         "SELECT id, at_ms, actor_name, action, target_name, role, "
                         "coalesce(until_ms, 0), reason FROM audit_log ORDER BY id DESC LIMIT ?1"};
const sql_text audit_count{"audit_count", "SELECT count(*) FROM audit_log"};

// Reports (#31).
const sql_text insert_report{
    "insert_report",
    "INSERT INTO reports (at_ms, reporter, reporter_name, about, target, target_name, game_id, "
    "room, quoted, reason, words) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"};
const sql_text resolve_report{"resolve_report",
                              "UPDATE reports SET handled_ms = ?1, handled_by = ?2, outcome = ?3, "
                              "note = ?4 WHERE id = ?5 AND handled_ms IS NULL"};
namespace {
const std::string report_columns =
    "SELECT id, at_ms, reporter, reporter_name, about, target, target_name, game_id, room, "
    "quoted, reason, words, handled_ms, handled_by, outcome, note FROM reports ";
}  // namespace
const sql_text open_reports{"open_reports",
                            report_columns + "WHERE handled_ms IS NULL ORDER BY id LIMIT ?1"};
const sql_text find_report{"find_report", report_columns + "WHERE id = ?1"};
const sql_text reports_by{"reports_by",
                          report_columns + "WHERE reporter = ?1 ORDER BY id DESC LIMIT ?2"};
const sql_text reports_since{"reports_since",
                             "SELECT count(*) FROM reports WHERE reporter = ?1 AND at_ms > ?2"};

// Address blocks (#31): one per range; a new block of a range replaces its old one.
const sql_text block_address{"block_address",
                             "INSERT INTO address_blocks (cidr, refuses, until_ms, at_ms) "
                             "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (cidr) DO UPDATE SET "
                             "refuses = excluded.refuses, until_ms = excluded.until_ms, "
                             "at_ms = excluded.at_ms"};
const sql_text unblock_address{"unblock_address",
                               "DELETE FROM address_blocks WHERE cidr = ?1 AND until_ms > ?2"};
const sql_text address_blocks{
    "address_blocks",
    "SELECT cidr, refuses, until_ms FROM address_blocks WHERE until_ms > ?1 ORDER BY cidr"};

// "Your turn" (#29): the account a running game waits for; none is NULL.
const sql_text set_turn{"set_turn",
                        "UPDATE games SET turn_identity = CAST(?2 AS BIGINT), "
                        "turn_deadline_ms = CAST(?3 AS BIGINT) WHERE id = ?1"};
const sql_text turns_of{
    "turns_of",
    "SELECT id, room_code, turn_deadline_ms FROM games WHERE turn_identity = ?1 "
    "AND finished_ms IS NULL ORDER BY turn_deadline_ms IS NULL, "
    "turn_deadline_ms, id"};

// Challenges (#29). A new one only while its challenger has fewer than ?7 open.
const sql_text insert_challenge{
    "insert_challenge",
    "INSERT INTO challenges (id, challenger, challenged, terms, created_ms, expires_ms, status) "
    "SELECT ?1, ?2, CAST(?3 AS BIGINT), ?4, ?5, ?6, 'open' WHERE (SELECT count(*) FROM "
    "challenges WHERE challenger = ?2 AND status = 'open' AND expires_ms > ?5) < ?7"};
const sql_text answer_challenge{
    "answer_challenge",
    "UPDATE challenges SET status = ?2, answered_ms = ?3, taker = CAST(?4 AS BIGINT), room = ?5, "
    "reason = ?6 WHERE id = ?1 AND status = 'open' AND expires_ms > ?3"};
const sql_text set_challenge_policy{
    "set_challenge_policy",
    "UPDATE identities SET challenges = ?2 WHERE id = ?1 AND account IS NOT NULL"};

const sql_text cancel_challenges_of{
    "cancel_challenges_of",
    "UPDATE challenges SET status = 'cancelled', answered_ms = ?2 "
    "WHERE (challenger = ?1 OR challenged = ?1) AND status = 'open'"};

namespace {

const std::string challenge_columns =
    "SELECT c.id, c.challenger, c.challenged, c.terms, c.created_ms, c.expires_ms, c.status, "
    "c.answered_ms, c.taker, coalesce(c.room, ''), coalesce(c.reason, ''), "
    "coalesce(a.account, ''), coalesce(b.account, ''), coalesce(t.account, '') "
    "FROM challenges c LEFT JOIN identities a ON a.id = c.challenger "
    "LEFT JOIN identities b ON b.id = c.challenged LEFT JOIN identities t ON t.id = c.taker ";

}  // namespace

const sql_text find_challenge{"find_challenge", challenge_columns + "WHERE c.id = ?1"};
const sql_text challenges_of{
    "challenges_of",
    challenge_columns +
        "WHERE (c.challenger = ?1 OR c.challenged = ?1) AND ((c.status = 'open' AND "
        "c.expires_ms >= ?2) OR c.answered_ms >= ?2) ORDER BY c.created_ms DESC, c.id LIMIT 100"};
const sql_text open_challenges{"open_challenges",
                               challenge_columns +
                                   "WHERE c.challenged IS NULL AND c.status = 'open' AND "
                                   "c.expires_ms > ?1 ORDER BY c.created_ms, c.id LIMIT ?2"};
const sql_text open_challenges_by{"open_challenges_by",
                                  "SELECT count(*) FROM challenges WHERE challenger = ?1 AND "
                                  "status = 'open' AND expires_ms > ?2"};
const sql_text challenge_policy{"challenge_policy",
                                "SELECT challenges FROM identities WHERE id = ?1"};

// Web Push (#29).
const sql_text subscribe_push{
    "subscribe_push",
    "INSERT INTO push_subscriptions (endpoint, identity, p256dh, auth, kinds, created_ms) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (endpoint) DO UPDATE SET identity = "
    "excluded.identity, p256dh = excluded.p256dh, auth = excluded.auth, kinds = excluded.kinds"};
const sql_text unsubscribe_push{
    "unsubscribe_push",
    "DELETE FROM push_subscriptions WHERE endpoint = ?1 AND (?2 = 0 OR identity = ?2)"};
const sql_text count_push_subscriptions{
    "count_push_subscriptions", "SELECT count(*) FROM push_subscriptions WHERE identity = ?1"};
const sql_text insert_server_key{
    "insert_server_key",
    "INSERT INTO server_keys (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING"};
const sql_text push_subscriptions_of{
    "push_subscriptions_of",
    "SELECT endpoint, p256dh, auth, kinds, created_ms FROM push_subscriptions "
    "WHERE identity = ?1 ORDER BY created_ms, endpoint"};
const sql_text server_key{"server_key", "SELECT value FROM server_keys WHERE name = ?1"};

// Events. Their table is `tournaments` (arenas and Swiss tournaments alike): `events` is
// the rooms' journal. A new one only while its creator made fewer than ?14 since ?15.
const sql_text create_event{
    "create_event",
    "INSERT INTO tournaments (id, creator, kind, game, terms, starts_ms, ends_ms, max_players, "
    "status, official, created_ms, changed_ms, reason) "
    "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13 WHERE (SELECT count(*) FROM "
    "tournaments WHERE creator = ?2 AND created_ms > ?15 AND created_ms <= ?11) < ?14"};
// Only forward: scheduled to running or cancelled, running to finished or cancelled.
const sql_text set_event_status{
    "set_event_status",
    "UPDATE tournaments SET status = ?2, changed_ms = ?3, reason = ?4, "
    "ends_ms = coalesce(CAST(?5 AS BIGINT), ends_ms) WHERE id = ?1 AND status || '>' || ?2 IN "
    "('scheduled>running', 'scheduled>cancelled', 'running>finished', 'running>cancelled')"};
const sql_text set_event_official{"set_event_official",
                                  "UPDATE tournaments SET official = ?2 WHERE id = ?1"};
// Entering checks the event's status, its entries and their count: the event's row is locked
// first, so that entries on two nodes at once never pass its cap together.
const sql_text lock_event{"lock_event",
                          "SELECT status, max_players FROM tournaments WHERE id = ?1{row_lock}"};
const sql_text entry_status{
    "entry_status",
    "SELECT status FROM tournament_entries WHERE tournament = ?1 AND identity = ?2"};
const sql_text count_entries{
    "count_entries",
    "SELECT count(*) FROM tournament_entries WHERE tournament = ?1 AND status <> 'withdrawn'"};
const sql_text add_entry{"add_entry",
                         "INSERT INTO tournament_entries (tournament, identity, entered_ms, "
                         "status, changed_ms) VALUES (?1, ?2, ?3, 'active', ?3)"};
const sql_text resume_entry{"resume_entry",
                            "UPDATE tournament_entries SET status = 'active', changed_ms = ?3 "
                            "WHERE tournament = ?1 AND identity = ?2 AND status = 'paused'"};
const sql_text pause_entry{"pause_entry",
                           "UPDATE tournament_entries SET status = 'paused', changed_ms = ?3 "
                           "WHERE tournament = ?1 AND identity = ?2 AND status = 'active'"};
const sql_text withdraw_entry{
    "withdraw_entry",
    "UPDATE tournament_entries SET status = 'withdrawn', changed_ms = ?3 "
    "WHERE tournament = ?1 AND identity = ?2 AND status IN ('active', 'paused')"};

namespace {

// A name as the reads show it: the account's user name; a deleted account's identity is named
// deleted_player_name (delete_account).
const std::string event_columns =
    "SELECT t.id, t.creator, t.kind, t.game, t.terms, t.starts_ms, t.ends_ms, t.max_players, "
    "t.status, t.official, t.created_ms, t.changed_ms, t.reason, coalesce(i.account, i.name, ''), "
    "(SELECT count(*) FROM tournament_entries e WHERE e.tournament = t.id AND "
    "e.status <> 'withdrawn') FROM tournaments t LEFT JOIN identities i ON i.id = t.creator ";

}  // namespace

const sql_text find_event{"find_event", event_columns + "WHERE t.id = ?1"};
const sql_text events_by_start{
    "events_by_start", event_columns + "WHERE t.status = ?1 ORDER BY t.starts_ms, t.id LIMIT ?2"};
const sql_text events_by_change{
    "events_by_change",
    event_columns + "WHERE t.status = ?1 ORDER BY t.changed_ms DESC, t.id LIMIT ?2"};
const sql_text event_creation_times{"event_creation_times",
                                    "SELECT created_ms FROM tournaments WHERE creator = ?1 AND "
                                    "created_ms > ?2 ORDER BY created_ms"};
const sql_text entries_of{"entries_of",
                          "SELECT e.tournament, e.identity, e.entered_ms, e.status, e.changed_ms, "
                          "coalesce(i.account, i.name, '') FROM tournament_entries e "
                          "LEFT JOIN identities i ON i.id = e.identity WHERE e.tournament = ?1 "
                          "ORDER BY e.entered_ms, e.identity"};
const sql_text events_entered_by{
    "events_entered_by",
    event_columns +
        "WHERE t.status IN ('scheduled', 'running') AND t.id IN (SELECT tournament FROM "
        "tournament_entries WHERE identity = ?1 AND status <> 'withdrawn') "
        "ORDER BY t.starts_ms, t.id"};

}  // namespace quadra::server::store_sql
