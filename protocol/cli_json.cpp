#include "protocol/cli_json.hpp"

#include "bots/search.hpp"
#include "protocol/detail/json.hpp"
#include "protocol/game_json.hpp"

namespace quadra::protocol {

using nlohmann::json;

std::string ply_error_text(const rules::replay_error& failure, bool pretty) {
    const json error = {{"ply", failure.ply}, {"move", failure.move}, {"reason", failure.reason}};
    return dump_text(json{{"error", error}}, pretty ? 2 : -1);
}

std::string position_error_text(std::string_view notation, std::string_view reason, bool pretty) {
    const json error = {{"position", notation}, {"reason", reason}};
    return dump_text(json{{"error", error}}, pretty ? 2 : -1);
}

std::string verified_text(int plies, int rolls) {
    return dump_text(json{{"ok", true}, {"plies", plies}, {"rolls", rolls}});
}

std::string decision_text(std::string_view request, double value, int playouts) {
    return dump_text(json{{"playouts", playouts}, {"request", request}, {"value", value}});
}

std::string analysis_text(const bots::analysis& seen) {
    json moves = json::array();
    for (const auto& move : seen.moves)
        moves.push_back(
            {{"request", move.request}, {"value", move.value}, {"visits", move.visits}});
    return dump_text(json{{"line", seen.line},
                          {"moves", std::move(moves)},
                          {"playouts", seen.best.playouts},
                          {"request", seen.best.request},
                          {"seat_values", seen.seat_values},
                          {"value", seen.best.value}});
}

}  // namespace quadra::protocol
