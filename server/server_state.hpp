#pragma once
// What every connection shares: the configuration, the lobby, identities, dice and the
// connection limits. Each part guards itself; none of it is on the move path.

#include <atomic>
#include <chrono>
#include <functional>

#include "bot_pool.hpp"
#include "config.hpp"
#include "connection_limiter.hpp"
#include "dice.hpp"
#include "identity.hpp"
#include "lobby.hpp"
#include "metrics.hpp"
#include "session_list.hpp"
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
    session_list sessions;  // open WebSockets, told to go away at shutdown
    bot_pool bots;          // shut down by server::stop() while the io_context still exists

    // Operations: counters for /metrics and the probes behind /healthz. The hooks are set before
    // the server starts and never change while it runs.
    metrics stats;
    const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::function<bool()> store_ok;    // set by the store; absent: no store, nothing to fail
    std::atomic<bool> rules_ok{true};  // the rules self-test's verdict, set at start-up
    // Called once at graceful shutdown, after clients were told and before the threads end: the
    // store flushes its pending writes here.
    std::function<void()> drain;
};

}  // namespace quadra::server
