#pragma once
#include "game.hpp"

namespace quadra::rules {

const game_type& kvadrat_type();

}  // namespace quadra::rules
