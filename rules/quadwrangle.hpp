#pragma once
#include "game.hpp"

namespace quadra::rules {

const game_type& quadwrangle_type();

}  // namespace quadra::rules
