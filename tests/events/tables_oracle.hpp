#pragma once
// The four-player Swiss round's cost computed by the tests on their own (docs/rules.md §9, "Swiss
// with tables of four"), and the best cost over every way to seat a small field, by brute force.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "events/swiss_tables.hpp"

namespace quadra::events::testing {

// The present players by id.
using player_index = std::map<std::string, const quadra::events::table_player*>;
player_index index_present(const std::vector<quadra::events::table_player>& players);

// The cost of tables as seated (each a list of ids in seat order).
quadra::events::tables_cost cost_of_tables(const player_index& players,
                                           const std::vector<std::vector<std::string>>& tables);

// The lowest cost over every partition of `ids` into tables of `sizes` and every seating of each.
quadra::events::tables_cost brute_force_cost(const player_index& players,
                                             const std::vector<std::string>& ids,
                                             const std::vector<int>& sizes);

// Whether some partition of `ids` into tables of `sizes` has no two players who met before.
bool repeat_free_exists(const player_index& players, const std::vector<std::string>& ids,
                        const std::vector<int>& sizes);

}  // namespace quadra::events::testing
