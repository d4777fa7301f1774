#include "protocol/api_json.hpp"

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
                       {"protocol", protocol_version},    {"uptime_seconds", health.uptime_seconds},
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

std::string game_body(const game_export& exported) { return export_text(exported) + "\n"; }

std::string position_body(const rules::game& position, std::size_t ply) {
    return state_text(position, ply) + "\n";
}

}  // namespace quadra::protocol
