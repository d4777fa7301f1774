#include "protocol/cli_json.hpp"

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

}  // namespace quadra::protocol
