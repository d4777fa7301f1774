#include "protocol/api_json.hpp"

#include <cmath>
#include <vector>

#include "protocol/detail/json.hpp"
#include "protocol/game_json.hpp"

namespace quadra::protocol {

using nlohmann::json;

bool healthy(const health_view& health) {
    return health.store_ok && health.rules_ok && health.lease != "lost";
}

std::string health_body(const health_view& health) {
    const bool ok = healthy(health);
    const json body = {{"status", ok ? "ok" : "failing"}, {"version", health.version},
                       {"protocol", latest_protocol},     {"uptime_seconds", health.uptime_seconds},
                       {"rooms", health.rooms},           {"connections", health.connections},
                       {"store_ok", health.store_ok},     {"rules_ok", health.rules_ok},
                       {"backend", health.backend},       {"node", health.node},
                       {"lease", health.lease},           {"rooms_owned", health.rooms_owned}};
    return dump_text(body) + "\n";
}

std::string api_error_body(std::string_view code, std::string_view message) {
    return dump_text(json{{"error", {{"code", code}, {"message", message}}}}) + "\n";
}

std::string rooms_body(std::span<const room_summary> rooms, std::span<const game_export> finished) {
    std::vector<const room_summary*> listed;
    listed.reserve(rooms.size());
    for (const auto& room : rooms) listed.push_back(&room);
    json games = json::array();
    for (const auto& game : finished) games.push_back(summary_json(game));
    return dump_text(json{{"rooms", rooms_json(listed)}, {"finished", std::move(games)}}) + "\n";
}

namespace {

json rating_json(const rating_view& r) {
    return {{"key", r.key},
            {"rating", std::lround(r.rating)},
            {"deviation", std::lround(r.deviation)},
            {"provisional", r.provisional},
            {"games", r.games}};
}

}  // namespace

std::string user_body(const user_view& user) {
    json ratings = json::array(), history = json::array(), games = json::array(),
         records = json::array();
    for (const auto& r : user.ratings) ratings.push_back(rating_json(r));
    for (auto it = user.games.rbegin(); it != user.games.rend(); ++it)
        history.push_back({{"key", it->key},
                           {"game_id", it->game.id},
                           {"at", it->at_ms},
                           {"rating", std::lround(it->after)}});
    for (const auto& g : user.games) {
        auto short_form = summary_json(g.game);
        short_form["replay"] = "/r/" + g.game.room;
        short_form["key"] = g.key;
        short_form["outcome"] = g.outcome;
        short_form["rating_before"] = std::lround(g.before);
        short_form["rating_after"] = std::lround(g.after);
        games.push_back(std::move(short_form));
    }
    for (const auto& r : user.records)
        records.push_back(
            {{"game", r.game}, {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}});
    return dump_text(json{{"name", user.name},
                          {"account", user.account},
                          {"ratings", std::move(ratings)},
                          {"history", std::move(history)},
                          {"games", std::move(games)},
                          {"records", std::move(records)}}) +
           "\n";
}

std::string leaderboard_body(std::string_view key, std::span<const leaderboard_entry> players) {
    json list = json::array();
    int rank = 0;
    for (const auto& p : players) {
        auto entry = rating_json(p.rating);
        entry.erase("key");
        entry["rank"] = ++rank;
        entry["name"] = p.name;
        entry["account"] = p.account;
        list.push_back(std::move(entry));
    }
    return dump_text(json{{"key", key}, {"players", std::move(list)}}) + "\n";
}

std::string api_events_json(std::span<const event_view> upcoming,
                            std::span<const event_view> running,
                            std::span<const event_view> finished) {
    return dump_text(event_lists_json(upcoming, running, finished)) + "\n";
}

std::string api_event_json(const event_view& event, std::span<const event_entry_view> entries) {
    return dump_text(json{{"event", event_json(event)}, {"entries", event_entries_json(entries)}}) +
           "\n";
}

std::string game_body(const game_export& exported) { return export_text(exported) + "\n"; }

std::string position_body(const rules::game& position, std::size_t ply, bool ended_by_room) {
    return state_text(position, ply, false, ended_by_room) + "\n";
}

}  // namespace quadra::protocol
