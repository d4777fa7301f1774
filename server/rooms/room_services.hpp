#pragma once
// What every room host works with besides its room: the lobby, the bot pool, the counters, and
// how a new game (a rematch) gets its fair dice and its journal.

#include <functional>
#include <string>

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
    // With a shared store: where the clients of a room that another node took over go (that
    // node's public URL; empty: the same server, to be sent on from there). Null with one node.
    std::function<std::string(const std::string& code)> new_home;
    // Told which accounts' turns changed once that is stored (#29); null: nobody listens.
    room_journal::turn_listener turns_changed;
    // Told the news for accounts away from a room once it is stored (#29); null: nobody listens.
    room_journal::news_listener news;
};

}  // namespace quadra::server
