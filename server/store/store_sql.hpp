#pragma once
// The statements both stores run, each written once (sql_dialect.hpp renders it for SQLite and
// for PostgreSQL) and named for errors and logs. The PostgreSQL store's own statements (room
// directory, fencing, schema) are in its own files.

#include "server/store/sql_dialect.hpp"

namespace quadra::server::store_sql {

// Writes (sql_writer.cpp).
extern const sql_text insert_game;
extern const sql_text upsert_identity;
extern const sql_text register_account;
extern const sql_text insert_session;
extern const sql_text open_session;
extern const sql_text close_session;
extern const sql_text close_all_sessions;
extern const sql_text change_password;
extern const sql_text close_other_sessions;
extern const sql_text rename_account;
extern const sql_text reserve_name;
extern const sql_text delete_account;
extern const sql_text anonymise_seats;
extern const sql_text last_seq;
extern const sql_text insert_event;
extern const sql_text finish_game;
extern const sql_text game_exists;
extern const sql_text add_rating;
extern const sql_text lock_rating;
extern const sql_text read_rating;
extern const sql_text update_rating;
extern const sql_text insert_rating_history;
extern const sql_text set_role;
extern const sql_text set_banned;
extern const sql_text set_muted;
extern const sql_text set_unlisted;
extern const sql_text insert_audit;
extern const sql_text insert_report;
extern const sql_text resolve_report;
extern const sql_text block_address;
extern const sql_text unblock_address;
extern const sql_text insert_challenge;
extern const sql_text answer_challenge;
extern const sql_text set_challenge_policy;
extern const sql_text cancel_challenges_of;
extern const sql_text subscribe_push;
extern const sql_text unsubscribe_push;
extern const sql_text count_push_subscriptions;
extern const sql_text insert_server_key;
extern const sql_text create_event;
extern const sql_text set_event_status;
extern const sql_text set_event_official;
extern const sql_text lock_event;
extern const sql_text entry_status;
extern const sql_text count_entries;
extern const sql_text add_entry;
extern const sql_text resume_entry;
extern const sql_text pause_entry;
extern const sql_text withdraw_entry;

// Reads (sql_store.cpp).
extern const sql_text unfinished_games;
extern const sql_text find_challenge;
extern const sql_text challenges_of;
extern const sql_text open_challenges;
extern const sql_text open_challenges_by;
extern const sql_text challenge_policy;
extern const sql_text push_subscriptions_of;
extern const sql_text server_key;
extern const sql_text find_event;
extern const sql_text events_by_start;
extern const sql_text events_by_change;
extern const sql_text event_creation_times;
extern const sql_text entries_of;
extern const sql_text events_entered_by;
extern const sql_text finished_games;
extern const sql_text games_of;
extern const sql_text find_game;
extern const sql_text find_game_in_room;
extern const sql_text events_of;
extern const sql_text identity_by_token;
extern const sql_text identity_by_account;
extern const sql_text identity_by_id;
extern const sql_text find_login;
extern const sql_text name_reserved;
extern const sql_text ended_sessions;
extern const sql_text ratings_of;
extern const sql_text rating_history;
extern const sql_text leaderboard;
extern const sql_text standings;
extern const sql_text audit_log;
extern const sql_text audit_count;
extern const sql_text open_reports;
extern const sql_text find_report;
extern const sql_text reports_by;
extern const sql_text reports_since;
extern const sql_text address_blocks;
extern const sql_text health;
extern const sql_text set_turn;
extern const sql_text turns_of;

}  // namespace quadra::server::store_sql
