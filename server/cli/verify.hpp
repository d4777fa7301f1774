#pragma once
// Checking an exported game record (GET /api/games/{id}) after the game: the revealed seed
// against the commitment, every recorded die against the seed, every token against the rules.
// The one place that knows how a record and its dice fit together; `quadra verify` uses it.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/result.hpp"

namespace quadra::server {

// The first thing wrong with a record: `ply` counts tokens from 1; 0 means the seed itself does
// not match the commitment.
struct verify_failure {
    int ply = 0;
    std::string move;
    std::string reason;
};

// What a check found: how many tokens and rolls it went through, and the first failure if any.
struct verify_report {
    int plies = 0;
    int rolls = 0;
    std::optional<verify_failure> failure;
};

// Verifies a record with the keys "game", "options", "moves", "id" (the game id), "commitment"
// and "seed". A refusal means the record is not checkable at all (not a record, no seed yet).
rules::result<verify_report> verify_record(const nlohmann::json& record);

}  // namespace quadra::server
