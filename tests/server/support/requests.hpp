#pragma once
// Requests that several tests send, written once.

#include <string>

#include <nlohmann/json.hpp>

namespace quadra::testing {

// A quick-pairing request (PROTOCOL.md `seek`) for `game` with `options`.
inline nlohmann::json seek_for(const std::string& game,
                               const nlohmann::json& options = nlohmann::json::object()) {
    return {{"type", "seek"}, {"game", game}, {"options", options}};
}

}  // namespace quadra::testing
