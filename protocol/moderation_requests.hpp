#pragma once
// The requests of moderation (#31): a moderator's actions and view, and a player's reports.
// Part of the wire's request set (messages.hpp lists them in its variant).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quadra::protocol {

// A moderator's action on an account (#31), with the reason the audit log keeps.
struct moderate_request {
    static constexpr std::string_view type = "moderate";
    // "ban", "unban", "mute", "unmute", "unlist" (off the leaderboards) or "relist"
    std::string action;
    std::string name;  // the account's user name
    std::string reason;
    std::optional<std::int64_t> minutes;  // mute: for how long; none: for good
};
// A player's report (#31) of an account ("player", by `name`), of a room's game ("game", by
// `room`) or of one of its chat lines ("chat", by `room` and the line's `at`).
inline constexpr std::string_view report_reasons[] = {"spam", "abuse", "cheating", "name", "other"};
struct report_request {
    static constexpr std::string_view type = "report";
    std::string about;
    std::string name;
    std::string room;
    std::int64_t at = 0;
    std::string reason;
    std::string words;
};
// The reports this account made, and whether they were handled.
struct my_reports_request {
    static constexpr std::string_view type = "my_reports";
};
// A moderator's decision on an open report, with its reason.
struct resolve_report_request {
    static constexpr std::string_view type = "resolve_report";
    std::int64_t report = 0;
    std::string outcome;  // "acted" or "dismissed"
    std::string reason;
};

// A moderator refuses new guests, new accounts or both from an address range (#31), for a time
// or for good, and lifts it.
struct block_address_request {
    static constexpr std::string_view type = "block_address";
    std::string address;  // CIDR text or one address
    std::string refuse;   // "guests", "accounts" or "both"
    std::optional<std::int64_t> minutes;
    std::string reason;
};
struct unblock_address_request {
    static constexpr std::string_view type = "unblock_address";
    std::string address;
    std::string reason;
};

// A moderator hides a chat line of a room (#31), found by its time, with a reason.
struct hide_chat_request {
    static constexpr std::string_view type = "hide_chat";
    std::string room;
    std::int64_t at = 0;
    std::string reason;
};

// A moderator closes a running room (#31): its game ends with no result, or is aborted (only
// with few moves), for a reason.
struct close_room_request {
    static constexpr std::string_view type = "close_room";
    std::string room;
    std::string ending;  // "no_result" or "aborted"
    std::string reason;
};

// The moderation page's view (#31): the accounts with a role or sanction and the latest
// audit-log entries.
struct moderation_request {
    static constexpr std::string_view type = "moderation";
    int limit = 50;
};

}  // namespace quadra::protocol
