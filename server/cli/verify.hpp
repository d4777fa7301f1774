#pragma once
// Checking an exported game record (GET /api/games/{id}) after the game: the revealed seed
// against the commitment, every recorded die against the seed, every token against the rules.
// The one place that knows how a record and its dice fit together; `quadra verify` uses it.

#include <optional>
#include <string>
#include <string_view>

#include "rules/replay.hpp"
#include "rules/result.hpp"

namespace quadra::server {

// The first thing wrong with a record: `ply` counts tokens from 1; 0 means the seed itself does
// not match the commitment. The same shape as a replay's refusal, and printed the same way.
using verify_failure = rules::replay_error;

// What a check found: how many tokens and rolls it went through, and the first failure if any.
struct verify_report {
    int plies = 0;
    int rolls = 0;
    std::optional<verify_failure> failure;
};

// Verifies a record (JSON text) with the keys "game", "options", "moves", "id" (the game id),
// "commitment" and "seed". A refusal means the record is not checkable at all (not JSON, not a
// record, no seed yet).
rules::result<verify_report> verify_record(std::string_view text);

}  // namespace quadra::server
