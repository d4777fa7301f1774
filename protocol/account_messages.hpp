#pragma once
// What the server sends about accounts and their moderation (#31): the answers to an owner's
// rename, deletion and export, and the moderators' view, actions and reports. Rendered like
// every message (messages.hpp), from views into rows the caller keeps alive until then.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"

namespace quadra::protocol {

// The answers to rename_account and delete_account (#31).
message_ptr account_renamed_message(const request_id& id, std::string_view account);
message_ptr account_deleted_message(const request_id& id);
// A copy of an account's data (#31): the account, its ratings and their history, its games
// and its own chat lines.
struct data_export {
    struct rating {
        std::string_view key;
        double rating = 0;
        double deviation = 0;
        std::int64_t games = 0;
    };
    struct rating_change {
        std::string_view key;
        std::string_view game_id;
        std::int64_t at_ms = 0;
        double before = 0;
        double after = 0;
        std::string_view outcome;
    };
    struct game {
        std::string_view id;
        std::string_view game;
        std::string_view room;
        std::int64_t created_ms = 0;
        std::optional<std::int64_t> finished_ms;
        std::string_view result_json;  // empty while the game goes on
    };
    struct chat_line {
        std::string_view game_id;
        std::int64_t at_ms = 0;
        std::string_view text;
    };
    std::string_view account;
    std::string_view display_name;
    std::int64_t created_ms = 0;
    std::int64_t exported_ms = 0;
    std::vector<rating> ratings;
    std::vector<rating_change> history;
    std::vector<game> games;
    std::vector<chat_line> chat;
};
message_ptr data_export_message(const request_id& id, const data_export& data);
// The answer to moderate: the action is stored and logged (#31).
message_ptr moderated_message(const request_id& id, std::string_view action, std::string_view name);
// An account with a role or sanction, and an audit-log entry, as the moderation view shows them.
struct standing_view {
    std::string_view name;
    std::string_view role;
    std::int64_t muted_until_ms = 0;  // 0: not muted
    bool banned = false;
    bool unlisted = false;
};
struct audit_view {
    std::int64_t id = 0;
    std::int64_t at_ms = 0;
    std::string_view by;  // empty: the operator, at the command line
    std::string_view action;
    std::string_view name;
    std::string_view role;
    std::int64_t until_ms = 0;  // a mute's end; 0 for other actions
    std::string_view reason;
};
// A report as its reporter and the moderators see it.
struct report_view {
    std::int64_t id = 0;
    std::int64_t at_ms = 0;
    std::string_view by;  // the reporter (moderators only; empty in my_reports)
    std::string_view about;
    std::string_view name;  // the reported account or writer; empty for a game
    std::string_view room;
    std::string_view quoted;
    std::string_view reason;
    std::string_view words;
    std::string_view outcome;  // "" while open
    std::int64_t handled_ms = 0;
};
// An address block in force.
struct block_view {
    std::string_view address;
    std::string_view refuses;
    std::int64_t until_ms = 0;
};
// `forever_ms`: the end of a mute or block for good (shown as "for_good": true); `reports`: the
// open ones.
message_ptr moderation_message(const request_id& id, std::span<const standing_view> accounts,
                               std::span<const audit_view> log,
                               std::span<const report_view> reports,
                               std::span<const block_view> blocks, std::int64_t forever_ms);
// The answers to report, my_reports and resolve_report (#31).
message_ptr reported_message(const request_id& id, std::int64_t report);
message_ptr my_reports_message(const request_id& id, std::span<const report_view> reports);
message_ptr report_resolved_message(const request_id& id, std::int64_t report,
                                    std::string_view outcome);

}  // namespace quadra::protocol
