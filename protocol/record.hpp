#pragma once
// Game records (RULES.md): {"game": "<id>", "options": {...}, "moves": ["<token>", ...]}.

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/options.hpp"
#include "rules/result.hpp"

namespace quadra::protocol {

struct game_record {
    std::string game;
    rules::options options;
    std::vector<std::string> moves;  // recorded tokens
};

// Parses a record from JSON text. Fields other than game, options and moves are ignored, so an
// exported record with players and timestamps still reads; missing options mean the defaults.
rules::result<game_record> parse_record(std::string_view text);
rules::result<game_record> record_from_json(const nlohmann::json& json);

nlohmann::json to_json(const game_record& record);

}  // namespace quadra::protocol
