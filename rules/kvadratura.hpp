#pragma once
#include "game.hpp"

namespace quadra::rules {

const game_type& kvadratura_type();

}  // namespace quadra::rules
