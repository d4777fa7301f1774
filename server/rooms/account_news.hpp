#pragma once
// News of a room for an account that holds a seat but has no connection in it just now (#29):
// its turn in a slow game, an offer to answer, low time, the game's end; sent by Web Push.

#include <cstdint>

#include "protocol/push_messages.hpp"

namespace quadra::server {

struct account_news {
    std::int64_t account = 0;
    protocol::push_news news;
};

}  // namespace quadra::server
