#pragma once
// What every connection shares: the configuration, the lobby, identities, dice and the
// connection limits. Each part guards itself; none of it is on the move path.

#include <atomic>

#include "bot_pool.hpp"
#include "config.hpp"
#include "connection_limiter.hpp"
#include "dice.hpp"
#include "identity.hpp"
#include "lobby.hpp"
#include "time_source.hpp"

namespace quadra::server {

struct server_state {
    explicit server_state(server_config settings, std::shared_ptr<const time_source> clock = {})
        : config(std::move(settings)),
          time(clock ? std::move(clock) : std::make_shared<const system_time>()),
          lobby_(config.max_rooms),
          identities(config.max_identities),
          limiter(config.max_connections, config.max_connections_per_ip) {}

    const server_config config;
    const std::shared_ptr<const time_source> time;  // what rooms read the time from
    lobby lobby_;
    identity_registry identities;
    os_dice dice;
    connection_limiter limiter;
    std::atomic<std::size_t> websockets{0};
    bot_pool bots;  // shut down by server::stop() while the io_context still exists
};

}  // namespace quadra::server
