#include "protocol/account_messages.hpp"

#include "protocol/detail/json.hpp"

namespace quadra::protocol {

using nlohmann::json;

message_ptr account_renamed_message(const request_id& id, std::string_view account) {
    json message = {{"type", "account_renamed"}, {"account", account}};
    put_id(message, id);
    return share(message);
}

message_ptr account_deleted_message(const request_id& id) {
    json message = {{"type", "account_deleted"}};
    put_id(message, id);
    return share(message);
}

message_ptr data_export_message(const request_id& id, const data_export& data) {
    json ratings = json::array();
    for (const auto& r : data.ratings)
        ratings.push_back(
            {{"key", r.key}, {"rating", r.rating}, {"deviation", r.deviation}, {"games", r.games}});
    json history = json::array();
    for (const auto& h : data.history)
        history.push_back({{"key", h.key},
                           {"game_id", h.game_id},
                           {"at", h.at_ms},
                           {"before", h.before},
                           {"after", h.after},
                           {"outcome", h.outcome}});
    json games = json::array();
    for (const auto& g : data.games) {
        auto result = json::parse(g.result_json, nullptr, false);
        games.push_back({{"id", g.id},
                         {"game", g.game},
                         {"room", g.room},
                         {"created", g.created_ms},
                         {"finished", g.finished_ms ? json(*g.finished_ms) : json(nullptr)},
                         {"result", result.is_discarded() ? json(nullptr) : result}});
    }
    json chat = json::array();
    for (const auto& c : data.chat)
        chat.push_back({{"game_id", c.game_id}, {"at", c.at_ms}, {"text", c.text}});
    json message = {{"type", "data_export"},
                    {"exported_at", data.exported_ms},
                    {"account",
                     {{"name", data.account},
                      {"display_name", data.display_name},
                      {"created", data.created_ms}}},
                    {"ratings", std::move(ratings)},
                    {"rating_history", std::move(history)},
                    {"games", std::move(games)},
                    {"chat", std::move(chat)}};
    put_id(message, id);
    return share(message);
}

message_ptr moderated_message(const request_id& id, std::string_view action,
                              std::string_view name) {
    json message = {{"type", "moderated"}, {"action", action}, {"name", name}};
    put_id(message, id);
    return share(message);
}

namespace {

// A report's keys that apply: `by` for moderators, the outcome once handled.
json report_json(const report_view& r) {
    json report = {{"id", r.id}, {"at", r.at_ms}, {"about", r.about}, {"reason", r.reason}};
    if (!r.by.empty()) report["by"] = r.by;
    if (!r.name.empty()) report["name"] = r.name;
    if (!r.room.empty()) report["room"] = r.room;
    if (!r.quoted.empty()) report["quoted"] = r.quoted;
    if (!r.words.empty()) report["words"] = r.words;
    report["status"] = r.outcome.empty() ? std::string_view("open") : r.outcome;
    if (r.handled_ms > 0) report["handled_at"] = r.handled_ms;
    return report;
}

json reports_json(std::span<const report_view> reports) {
    json listed = json::array();
    for (const auto& r : reports) listed.push_back(report_json(r));
    return listed;
}

}  // namespace

message_ptr reported_message(const request_id& id, std::int64_t report) {
    json message = {{"type", "reported"}, {"report", report}};
    put_id(message, id);
    return share(message);
}

message_ptr my_reports_message(const request_id& id, std::span<const report_view> reports) {
    json message = {{"type", "my_reports"}, {"reports", reports_json(reports)}};
    put_id(message, id);
    return share(message);
}

message_ptr report_resolved_message(const request_id& id, std::int64_t report,
                                    std::string_view outcome) {
    json message = {{"type", "report_resolved"}, {"report", report}, {"outcome", outcome}};
    put_id(message, id);
    return share(message);
}

message_ptr moderation_message(const request_id& id, std::span<const standing_view> accounts,
                               std::span<const audit_view> log,
                               std::span<const report_view> reports,
                               std::span<const block_view> blocks, std::int64_t forever_ms) {
    json listed = json::array();
    for (const auto& a : accounts) {
        json account = {{"name", a.name}};
        if (!a.role.empty()) account["role"] = a.role;
        if (a.muted_until_ms == forever_ms)
            account["muted_for_good"] = true;
        else if (a.muted_until_ms > 0)
            account["muted_until"] = a.muted_until_ms;
        if (a.banned) account["banned"] = true;
        if (a.unlisted) account["unlisted"] = true;
        listed.push_back(std::move(account));
    }
    json entries = json::array();
    for (const auto& e : log) {
        json entry = {{"id", e.id},
                      {"at", e.at_ms},
                      {"by", e.by.empty() ? json(nullptr) : json(e.by)},
                      {"action", e.action},
                      {"name", e.name},
                      {"reason", e.reason}};
        // The "role" column holds what a block refuses, the room of a hidden chat line and how a
        // room was closed.
        const auto key = e.action == "block"        ? "refuses"
                         : e.action == "hide_chat"  ? "room"
                         : e.action == "close_room" ? "ending"
                                                    : "role";
        if (!e.role.empty()) entry[key] = e.role;
        if (e.until_ms == forever_ms)
            entry["for_good"] = true;
        else if (e.until_ms > 0)
            entry["until"] = e.until_ms;
        entries.push_back(std::move(entry));
    }
    json blocked = json::array();
    for (const auto& b : blocks) {
        json block = {{"address", b.address}, {"refuses", b.refuses}};
        if (b.until_ms == forever_ms)
            block["for_good"] = true;
        else
            block["until"] = b.until_ms;
        blocked.push_back(std::move(block));
    }
    json message = {{"type", "moderation"},
                    {"accounts", std::move(listed)},
                    {"log", entries},
                    {"reports", reports_json(reports)},
                    {"blocks", std::move(blocked)}};
    put_id(message, id);
    return share(message);
}

}  // namespace quadra::protocol
