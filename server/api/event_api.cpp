#include "server/api/event_api.hpp"

#include <algorithm>
#include <charconv>

#include "protocol/api_json.hpp"

namespace quadra::server {

namespace {

constexpr int listed_per_kind = 50;

std::vector<protocol::event_view> views_of(const std::vector<event_row>& rows, std::int64_t viewer,
                                           const std::vector<std::int64_t>& entered) {
    std::vector<protocol::event_view> out;
    for (const auto& row : rows) {
        auto view = event_view_of(row);
        if (!view) continue;
        const bool own =
            viewer != 0 && (row.creator == viewer ||
                            std::find(entered.begin(), entered.end(), row.id) != entered.end());
        if (!view->terms.entry_code.empty() && !own) continue;
        out.push_back(std::move(*view));
    }
    return out;
}

}  // namespace

std::optional<protocol::event_view> event_view_of(const event_row& row) {
    auto terms = protocol::parse_event_terms(row.terms);
    if (!terms) return std::nullopt;
    protocol::event_view view;
    view.id = row.id;
    view.terms = std::move(*terms);
    view.status = row.status;
    view.official = row.official;
    view.by = row.creator_name;
    view.players = row.players;
    view.ends_ms = row.ends_ms;
    view.reason = row.reason;
    return view;
}

std::vector<protocol::event_entry_view> entry_views_of(
    const std::vector<event_entry_row>& entries) {
    std::vector<protocol::event_entry_view> out;
    out.reserve(entries.size());
    for (const auto& e : entries) out.push_back({e.name, e.status});
    return out;
}

event_lists listed_events(const store& events, std::int64_t viewer) {
    event_lists lists;
    auto& entered = lists.entered;
    if (viewer != 0)
        for (const auto& row : events.events_entered_by(viewer)) entered.push_back(row.id);
    lists.upcoming =
        views_of(events.events_with_status("scheduled", listed_per_kind), viewer, entered);
    lists.running =
        views_of(events.events_with_status("running", listed_per_kind), viewer, entered);
    // The latest to end first, finished or cancelled.
    auto ended = events.events_with_status("finished", listed_per_kind);
    auto cancelled = events.events_with_status("cancelled", listed_per_kind);
    ended.insert(ended.end(), cancelled.begin(), cancelled.end());
    std::stable_sort(ended.begin(), ended.end(),
                     [](const auto& a, const auto& b) { return a.changed_ms > b.changed_ms; });
    if (ended.size() > listed_per_kind) ended.resize(listed_per_kind);
    lists.finished = views_of(ended, viewer, entered);
    return lists;
}

api_answer answer_events(const store& events) {
    const auto lists = listed_events(events, 0);
    return {200, protocol::api_events_json(lists.upcoming, lists.running, lists.finished)};
}

api_answer answer_event(const store& events, std::string_view id) {
    std::int64_t number = 0;
    const auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), number);
    const bool whole = !id.empty() && ec == std::errc{} && end == id.data() + id.size();
    const auto row = whole ? events.find_event(number) : std::nullopt;
    auto view = row ? event_view_of(*row) : std::nullopt;
    if (!view)
        return {404, protocol::api_error_body("no_such_event",
                                              "no event with the id '" + std::string(id) + "'")};
    return {200, protocol::api_event_json(*view, entry_views_of(events.entries_of(row->id)))};
}

}  // namespace quadra::server
