#pragma once
#include "game.hpp"

namespace quadra::rules {

const game_type& quadrature_type();

}  // namespace quadra::rules
