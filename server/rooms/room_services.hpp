#pragma once
// What every room host works with besides its room: the lobby, the bot pool, the counters, and
// how a new game (a rematch) gets its fair dice and its journal.

#include "server/ops/metrics.hpp"
#include "server/rooms/bot_pool.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room_journal.hpp"

namespace quadra::server {

struct room_services {
    lobby& rooms;
    bot_pool& bots;
    metrics& stats;
    game_starter start_game;
};

}  // namespace quadra::server
