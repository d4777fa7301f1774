#include "server/store/sql_store.hpp"

#include <algorithm>

#include <utility>

#include "server/store/store_sql.hpp"

namespace quadra::server {

namespace {

std::vector<game_row> games_in(const sql_rows& rows) {
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

std::optional<game_row> first_game(const sql_rows& rows) {
    auto games = games_in(rows);
    if (games.empty()) return std::nullopt;
    return std::move(games.front());
}

std::optional<identity_row> identity_in(const sql_rows& rows) {
    if (rows.size() == 0) return std::nullopt;
    return identity_row{rows.integer(0, 0), rows.text(0, 1), rows.text(0, 2), rows.integer(0, 3),
                        rows.text(0, 4)};
}

std::vector<rating_row> ratings_in(const sql_rows& rows) {
    std::vector<rating_row> out;
    for (int i = 0; i < rows.size(); ++i) {
        auto& row = out.emplace_back();
        row.identity = rows.integer(i, 0);
        row.key = rows.text(i, 1);
        row.rating = rows.real(i, 2);
        row.deviation = rows.real(i, 3);
        row.volatility = rows.real(i, 4);
        row.mu = rows.real(i, 5);
        row.sigma = rows.real(i, 6);
        row.games = rows.integer(i, 7);
        row.updated_ms = rows.integer(i, 8);
        row.name = rows.text(i, 9);
        row.account = rows.text(i, 10);
    }
    return out;
}

}  // namespace

store_result<sql_rows> sql_store::try_read(const sql_text& statement,
                                           std::initializer_list<sql_value> params,
                                           std::string_view game) const {
    auto rows = read_with(statement, std::span<const sql_value>(params.begin(), params.size()));
    if (!rows) {
        auto error = std::move(rows).error();
        error.game = game;
        log_store_error(backend(), error);
        return error;
    }
    return rows;
}

sql_rows sql_store::read(const sql_text& statement, std::initializer_list<sql_value> params,
                         std::string_view game) const {
    auto rows = try_read(statement, params, game);
    return rows ? std::move(rows).value() : sql_rows();
}

std::vector<game_row> sql_store::unfinished_games() const {
    return games_in(read(store_sql::unfinished_games));
}

std::vector<game_row> sql_store::finished_games(int limit) const {
    return games_in(read(store_sql::finished_games, {limit}));
}

std::vector<waiting_turn> sql_store::turns_of(std::int64_t identity) const {
    const auto rows = read(store_sql::turns_of, {identity});
    std::vector<waiting_turn> turns;
    for (int i = 0; i < rows.size(); ++i) {
        auto& turn = turns.emplace_back(waiting_turn{rows.text(i, 0), rows.text(i, 1), {}});
        if (!rows.null(i, 2)) turn.deadline_ms = rows.integer(i, 2);
    }
    return turns;
}

std::vector<game_row> sql_store::games_of(std::int64_t identity, int limit) const {
    return games_in(read(store_sql::games_of, {identity, limit}));
}

std::optional<game_row> sql_store::find_game(const std::string& id) const {
    return first_game(read(store_sql::find_game, {id}, id));
}

std::optional<game_row> sql_store::find_game_in_room(const std::string& room_code) const {
    return first_game(read(store_sql::find_game_in_room, {room_code}));
}

std::vector<stored_event> sql_store::events_of(const std::string& game_id) const {
    const auto rows = read(store_sql::events_of, {game_id}, game_id);
    std::vector<stored_event> events;
    events.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        events.push_back({game_id, rows.integer(i, 0), rows.text(i, 1),
                          static_cast<int>(rows.integer(i, 2)), rows.text(i, 3), rows.integer(i, 4),
                          rows.integer(i, 5)});
    return events;
}

std::optional<identity_row> sql_store::find_identity(const std::string& token_hash) const {
    return identity_in(read(store_sql::identity_by_token, {token_hash}));
}

std::optional<identity_row> sql_store::find_identity(std::int64_t id) const {
    return identity_in(read(store_sql::identity_by_id, {id}));
}

std::vector<std::string> sql_store::ended_sessions(
    const std::vector<std::string>& token_hashes) const {
    if (token_hashes.empty()) return {};
    // One list parameter; on an error none has ended (each may still be there).
    const auto list = dialect().list_text(token_hashes);
    const auto rows = read(store_sql::ended_sessions, {list});
    std::vector<std::string> ended;
    ended.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i) ended.push_back(rows.text(i, 0));
    return ended;
}

std::optional<identity_row> sql_store::find_account(const std::string& user_name) const {
    return identity_in(read(store_sql::identity_by_account, {account_key(user_name)}));
}

std::optional<account_login> sql_store::find_login(const std::string& user_name) const {
    const auto rows = read(store_sql::find_login, {account_key(user_name)});
    if (rows.size() == 0) return std::nullopt;
    return account_login{rows.integer(0, 0), rows.text(0, 1), rows.boolean(0, 2)};
}

bool sql_store::name_reserved(const std::string& user_name, std::int64_t now_ms) const {
    return read(store_sql::name_reserved, {account_key(user_name), now_ms}).size() > 0;
}

std::vector<rating_row> sql_store::ratings_of(std::int64_t identity) const {
    return ratings_in(read(store_sql::ratings_of, {identity}));
}

std::vector<rating_change> sql_store::rating_history(std::int64_t identity, int limit) const {
    const auto rows = read(store_sql::rating_history, {identity, limit});
    std::vector<rating_change> changes;
    changes.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i)
        changes.push_back({identity, rows.text(i, 0), rows.text(i, 1), rows.integer(i, 2),
                           rows.real(i, 3), rows.real(i, 4), rows.real(i, 5), rows.text(i, 6),
                           static_cast<int>(rows.integer(i, 7))});
    return changes;
}

std::vector<rating_row> sql_store::leaderboard(const std::string& key, int limit) const {
    return ratings_in(read(store_sql::leaderboard, {key, limit}));
}

std::optional<std::vector<account_standing>> sql_store::standings() const {
    auto read = try_read(store_sql::standings);
    if (!read) return std::nullopt;
    const auto& rows = read.value();
    std::vector<account_standing> all;
    all.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i)
        all.push_back({rows.integer(i, 0), rows.text(i, 1), rows.text(i, 2), rows.integer(i, 3),
                       rows.boolean(i, 4), rows.boolean(i, 5)});
    return all;
}

std::vector<audit_entry> sql_store::audit_log(int limit) const {
    const auto rows = read(store_sql::audit_log, {limit});
    std::vector<audit_entry> entries;
    entries.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i)
        entries.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.text(i, 2), rows.text(i, 3),
                           rows.text(i, 4), rows.text(i, 5), rows.integer(i, 6), rows.text(i, 7)});
    return entries;
}

std::optional<std::vector<address_block>> sql_store::address_blocks(std::int64_t now_ms) const {
    auto read = try_read(store_sql::address_blocks, {now_ms});
    if (!read) return std::nullopt;
    const auto& rows = read.value();
    std::vector<address_block> blocks;
    blocks.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i)
        blocks.push_back({rows.text(i, 0), rows.text(i, 1), rows.integer(i, 2)});
    return blocks;
}

std::int64_t sql_store::audit_count() const {
    const auto rows = read(store_sql::audit_count);
    return rows.size() == 1 ? rows.integer(0, 0) : -1;
}

namespace {

std::vector<report_row> reports_in(const sql_rows& rows) {
    std::vector<report_row> reports;
    reports.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i) {
        auto& r = reports.emplace_back();
        r.id = rows.integer(i, 0);
        r.at_ms = rows.integer(i, 1);
        r.reporter = rows.integer(i, 2);
        r.reporter_name = rows.text(i, 3);
        r.about = rows.text(i, 4);
        r.target = rows.integer(i, 5);
        r.target_name = rows.text(i, 6);
        r.game_id = rows.text(i, 7);
        r.room = rows.text(i, 8);
        r.quoted = rows.text(i, 9);
        r.reason = rows.text(i, 10);
        r.words = rows.text(i, 11);
        if (!rows.null(i, 12)) r.handled_ms = rows.integer(i, 12);
        r.handled_by = rows.text(i, 13);
        r.outcome = rows.text(i, 14);
        r.note = rows.text(i, 15);
    }
    return reports;
}

}  // namespace

std::vector<report_row> sql_store::open_reports(int limit) const {
    return reports_in(read(store_sql::open_reports, {limit}));
}

std::optional<report_row> sql_store::find_report(std::int64_t id) const {
    auto found = reports_in(read(store_sql::find_report, {id}));
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

std::vector<report_row> sql_store::reports_by(std::int64_t reporter, int limit) const {
    return reports_in(read(store_sql::reports_by, {reporter, limit}));
}

std::int64_t sql_store::reports_since(std::int64_t reporter, std::int64_t since_ms) const {
    const auto rows = read(store_sql::reports_since, {reporter, since_ms});
    return rows.size() == 1 ? rows.integer(0, 0) : 0;
}

namespace {

std::vector<challenge_row> challenges_in(const sql_rows& rows) {
    std::vector<challenge_row> challenges;
    challenges.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i) {
        auto& c = challenges.emplace_back();
        c.id = rows.integer(i, 0);
        c.challenger = rows.integer(i, 1);
        c.challenged = rows.null(i, 2) ? 0 : rows.integer(i, 2);
        c.terms = rows.text(i, 3);
        c.created_ms = rows.integer(i, 4);
        c.expires_ms = rows.integer(i, 5);
        c.status = rows.text(i, 6);
        c.answered_ms = rows.null(i, 7) ? 0 : rows.integer(i, 7);
        c.taker = rows.null(i, 8) ? 0 : rows.integer(i, 8);
        c.room = rows.text(i, 9);
        c.reason = rows.text(i, 10);
        c.challenger_name = rows.text(i, 11);
        c.challenged_name = rows.text(i, 12);
        c.taker_name = rows.text(i, 13);
    }
    return challenges;
}

}  // namespace

std::optional<challenge_row> sql_store::find_challenge(std::int64_t id) const {
    auto found = challenges_in(read(store_sql::find_challenge, {id}));
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

std::vector<challenge_row> sql_store::challenges_of(std::int64_t identity,
                                                    std::int64_t since_ms) const {
    return challenges_in(read(store_sql::challenges_of, {identity, since_ms}));
}

std::vector<challenge_row> sql_store::open_challenges(std::int64_t now_ms, int limit) const {
    return challenges_in(read(store_sql::open_challenges, {now_ms, limit}));
}

std::int64_t sql_store::open_challenges_by(std::int64_t identity, std::int64_t now_ms) const {
    const auto rows = read(store_sql::open_challenges_by, {identity, now_ms});
    return rows.size() == 1 ? rows.integer(0, 0) : 0;
}

std::string sql_store::challenge_policy(std::int64_t identity) const {
    const auto rows = read(store_sql::challenge_policy, {identity});
    return rows.size() == 1 ? rows.text(0, 0) : "all";
}

std::vector<push_subscription> sql_store::push_subscriptions_of(std::int64_t identity) const {
    const auto rows = read(store_sql::push_subscriptions_of, {identity});
    std::vector<push_subscription> subscriptions;
    for (int i = 0; i < rows.size(); ++i) {
        auto& s = subscriptions.emplace_back();
        s.endpoint = rows.text(i, 0);
        s.identity = identity;
        s.p256dh = rows.text(i, 1);
        s.auth = rows.text(i, 2);
        const auto kinds = rows.text(i, 3);
        for (std::size_t at = 0; at < kinds.size();) {
            const auto comma = std::min(kinds.find(',', at), kinds.size());
            if (comma > at) s.kinds.push_back(kinds.substr(at, comma - at));
            at = comma + 1;
        }
        s.created_ms = rows.integer(i, 4);
    }
    return subscriptions;
}

std::optional<std::string> sql_store::server_key(const std::string& name) const {
    const auto rows = read(store_sql::server_key, {name});
    if (rows.size() != 1) return std::nullopt;
    return rows.text(0, 0);
}

namespace {

std::vector<event_row> events_in(const sql_rows& rows) {
    std::vector<event_row> events;
    events.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        auto& e = events.emplace_back();
        e.id = rows.integer(i, 0);
        e.creator = rows.integer(i, 1);
        e.kind = rows.text(i, 2);
        e.game = rows.text(i, 3);
        e.terms = rows.text(i, 4);
        e.starts_ms = rows.integer(i, 5);
        e.ends_ms = rows.integer(i, 6);
        e.max_players = rows.integer(i, 7);
        e.status = rows.text(i, 8);
        e.official = rows.boolean(i, 9);
        e.created_ms = rows.integer(i, 10);
        e.changed_ms = rows.integer(i, 11);
        e.reason = rows.text(i, 12);
        e.creator_name = rows.text(i, 13);
        e.players = rows.integer(i, 14);
    }
    return events;
}

}  // namespace

std::optional<event_row> sql_store::find_event(std::int64_t id) const {
    auto found = events_in(read(store_sql::find_event, {id}));
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

std::vector<event_row> sql_store::events_with_status(const std::string& status, int limit) const {
    // Those to come by when they start; those over by when they ended, the latest first.
    const bool ahead = status == "scheduled" || status == "running";
    return events_in(
        read(ahead ? store_sql::events_by_start : store_sql::events_by_change, {status, limit}));
}

std::vector<std::int64_t> sql_store::event_creation_times(std::int64_t creator,
                                                          std::int64_t since_ms) const {
    const auto rows = read(store_sql::event_creation_times, {creator, since_ms});
    std::vector<std::int64_t> times;
    times.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i) times.push_back(rows.integer(i, 0));
    return times;
}

std::vector<event_entry_row> sql_store::entries_of(std::int64_t event) const {
    const auto rows = read(store_sql::entries_of, {event});
    std::vector<event_entry_row> entries;
    entries.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        entries.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2),
                           rows.text(i, 3), rows.integer(i, 4), rows.text(i, 5)});
    return entries;
}

std::vector<event_row> sql_store::events_entered_by(std::int64_t identity) const {
    return events_in(read(store_sql::events_entered_by, {identity}));
}

bool sql_store::healthy() const { return try_read(store_sql::health).ok(); }

}  // namespace quadra::server
