#pragma once
// What both stores answer with the same SQL (store_sql.hpp): every read of the `store`
// interface, on the connection the backend lends (serialised, and reconnected where it can be).
// A failed read is logged once, with the statement's name, and reads as nothing, as a missing row
// would; the writes are sql_writer's.

#include <initializer_list>
#include <span>
#include <string_view>

#include "server/store/sql_connection.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

class sql_store : public store {
public:
    std::vector<game_row> unfinished_games() const override;
    std::vector<game_row> finished_games(int limit) const override;
    std::vector<game_row> games_of(std::int64_t identity, int limit) const override;
    std::vector<waiting_turn> turns_of(std::int64_t identity) const override;
    std::optional<game_row> find_game(const std::string& id) const override;
    std::optional<game_row> find_game_in_room(const std::string& room_code) const override;
    std::vector<stored_event> events_of(const std::string& game_id) const override;
    std::optional<identity_row> find_identity(const std::string& token_hash) const override;
    std::optional<identity_row> find_identity(std::int64_t id) const override;
    std::vector<std::string> ended_sessions(
        const std::vector<std::string>& token_hashes) const override;
    std::optional<identity_row> find_account(const std::string& user_name) const override;
    std::optional<account_login> find_login(const std::string& user_name) const override;
    bool name_reserved(const std::string& user_name, std::int64_t now_ms) const override;
    std::vector<rating_row> ratings_of(std::int64_t identity) const override;
    std::vector<rating_change> rating_history(std::int64_t identity, int limit) const override;
    std::vector<rating_row> leaderboard(const std::string& key, int limit) const override;
    std::optional<std::vector<account_standing>> standings() const override;
    std::vector<audit_entry> audit_log(int limit) const override;
    std::int64_t audit_count() const override;
    std::optional<std::vector<address_block>> address_blocks(std::int64_t now_ms) const override;
    std::vector<report_row> open_reports(int limit) const override;
    std::optional<report_row> find_report(std::int64_t id) const override;
    std::vector<report_row> reports_by(std::int64_t reporter, int limit) const override;
    std::int64_t reports_since(std::int64_t reporter, std::int64_t since_ms) const override;
    std::optional<challenge_row> find_challenge(std::int64_t id) const override;
    std::vector<challenge_row> challenges_of(std::int64_t identity,
                                             std::int64_t since_ms) const override;
    std::vector<challenge_row> open_challenges(std::int64_t now_ms, int limit) const override;
    std::int64_t open_challenges_by(std::int64_t identity, std::int64_t now_ms) const override;
    std::string challenge_policy(std::int64_t identity) const override;
    std::vector<push_subscription> push_subscriptions_of(std::int64_t identity) const override;
    std::optional<std::string> server_key(const std::string& name) const override;
    std::optional<event_row> find_event(std::int64_t id) const override;
    std::vector<event_row> events_with_status(const std::string& status, int limit) const override;
    std::vector<std::int64_t> event_creation_times(std::int64_t creator,
                                                   std::int64_t since_ms) const override;
    std::vector<event_entry_row> entries_of(std::int64_t event) const override;
    std::vector<event_row> events_entered_by(std::int64_t identity) const override;
    bool healthy() const override;

protected:
    virtual const sql_dialect& dialect() const = 0;
    // Runs `statement` on the connection of reads.
    virtual store_result<sql_rows> read_with(const sql_text& statement,
                                             std::span<const sql_value> params) const = 0;

    // A read whose failure is logged (about `game`, if any) and returned.
    store_result<sql_rows> try_read(const sql_text& statement,
                                    std::initializer_list<sql_value> params = {},
                                    std::string_view game = {}) const;
    // A read whose failure is logged and reads as no rows.
    sql_rows read(const sql_text& statement, std::initializer_list<sql_value> params = {},
                  std::string_view game = {}) const;
};

}  // namespace quadra::server
