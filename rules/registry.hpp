#pragma once
// The list of every game, by id. Adding a game is one line in registry.cpp.

#include <memory>
#include <span>
#include <string_view>

#include "game.hpp"

namespace quadra::rules {

std::span<const game_type* const> game_types();
const game_type* find_game_type(std::string_view id);

// A new game of `id` from options; refuses an unknown id or a bad option, naming it.
result<std::unique_ptr<game>> create_game(std::string_view id, const options& given);

// The game a position notation (docs/rules.md §6), as game::position() prints it, describes;
// refuses anything else, naming the field and what was expected.
result<std::unique_ptr<game>> from_position(std::string_view notation);

}  // namespace quadra::rules
