#pragma once
// What every connection shares: the configuration, the lobby, identities, the store and the
// connection limits. Each part guards itself; none of it is on the move path.

#include <atomic>
#include <memory>
#include <stdexcept>

#include "bot_pool.hpp"
#include "config.hpp"
#include "connection_limiter.hpp"
#include "identity.hpp"
#include "lobby.hpp"
#include "store.hpp"

namespace quadra::server {

struct server_state {
    explicit server_state(server_config settings)
        : config(std::move(settings)),
          lobby_(config.max_rooms),
          identities(config.max_identities),
          limiter(config.max_connections, config.max_connections_per_ip),
          games(open_store(config.data_dir)) {}

    const server_config config;
    lobby lobby_;
    identity_registry identities;
    connection_limiter limiter;
    std::atomic<std::size_t> websockets{0};
    bot_pool bots;                 // shut down by server::stop() while the io_context still exists
    std::unique_ptr<store> games;  // never null

private:
    // The server cannot run without its store: the reason becomes the start-up error.
    static std::unique_ptr<store> open_store(const std::string& data_dir) {
        auto opened = store::open(data_dir);
        if (!opened) throw std::runtime_error(opened.reason());
        return std::move(opened).value();
    }
};

}  // namespace quadra::server
