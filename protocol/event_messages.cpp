#include "protocol/event_messages.hpp"

#include <utility>
#include <vector>

#include "protocol/detail/json.hpp"

namespace quadra::protocol {

using nlohmann::json;

namespace {

// The terms as create_event writes them; the entry code only for the store (`with_code`), the
// wire shows whether there is one (`private`).
json terms_json(const event_terms& terms, bool with_code) {
    json out = {{"name", terms.name},
                {"kind", terms.kind},
                {"game", terms.game},
                {"options", to_json(terms.options)},
                {"clock", clock_json(terms.clock)},
                {"starts_ms", terms.starts_ms},
                {"rated", terms.rated},
                {"bots", terms.bots},
                {"max_players", terms.max_players}};
    if (terms.kind == "swiss") {
        out["rounds"] = terms.rounds;
        out["round_pause_minutes"] = terms.round_pause_minutes;
        out["organiser_rounds"] = terms.organiser_rounds;
    } else {
        out["minutes"] = terms.minutes;
    }
    json entry = {{"accounts_only", terms.accounts_only},
                  {"min_rating", terms.min_rating},
                  {"min_rated_games", terms.min_rated_games}};
    if (!with_code)
        entry["private"] = !terms.entry_code.empty();
    else if (!terms.entry_code.empty())
        entry["code"] = terms.entry_code;
    out["entry"] = std::move(entry);
    return out;
}

json list_json(std::span<const event_view> events) {
    json out = json::array();
    for (const auto& event : events) out.push_back(event_json(event));
    return out;
}

}  // namespace

std::string event_terms_text(const event_terms& terms) {
    return dump_text(terms_json(terms, true));
}

json event_json(const event_view& event) {
    json out = terms_json(event.terms, false);
    out["event"] = event.id;
    out["status"] = event.status;
    out["official"] = event.official;
    out["by"] = event.by;
    out["players"] = event.players;
    if (event.ends_ms != 0) out["ends_ms"] = event.ends_ms;
    if (!event.reason.empty()) out["reason"] = event.reason;
    return out;
}

json event_entries_json(std::span<const event_entry_view> entries) {
    json out = json::array();
    for (const auto& entry : entries)
        out.push_back({{"name", entry.name}, {"status", entry.status}});
    return out;
}

json event_lists_json(std::span<const event_view> upcoming, std::span<const event_view> running,
                      std::span<const event_view> finished) {
    return {{"upcoming", list_json(upcoming)},
            {"running", list_json(running)},
            {"finished", list_json(finished)}};
}

message_ptr event_created_message(const request_id& id, const event_view& event) {
    json message = {{"type", "event_created"}, {"event", event_json(event)}};
    put_id(message, id);
    return share(message);
}

message_ptr event_message(const request_id& id, const event_view& event,
                          std::span<const event_entry_view> entries, std::string_view you) {
    json message = {{"type", "event"},
                    {"event", event_json(event)},
                    {"entries", event_entries_json(entries)},
                    {"you", you.empty() ? json(nullptr) : json(you)}};
    put_id(message, id);
    return share(message);
}

message_ptr events_message(const request_id& id, std::span<const event_view> upcoming,
                           std::span<const event_view> running,
                           std::span<const event_view> finished,
                           std::span<const std::int64_t> entered) {
    json message = event_lists_json(upcoming, running, finished);
    message["type"] = "events";
    message["entered"] = json(std::vector<std::int64_t>(entered.begin(), entered.end()));
    put_id(message, id);
    return share(message);
}

}  // namespace quadra::protocol
