#pragma once
// What every connection shares: the configuration, the connection limits, the open WebSockets,
// the counters, what client sessions work with, and the answers to the HTTP targets that are not
// the web client's files. The composition root (serve/server_state.hpp) extends it; net/ knows
// nothing else of the server.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/net/connection_limiter.hpp"
#include "server/net/session_list.hpp"
#include "server/ops/config.hpp"
#include "server/ops/metrics.hpp"

namespace quadra::server {

struct session_services;

// An HTTP answer made elsewhere: its status code, content type and body.
struct http_answer {
    unsigned status = 200;
    std::string content_type;
    std::string body;
};

struct connection_state {
    explicit connection_state(server_config settings)
        : config(std::move(settings)),
          limiter(config.max_connections, config.max_connections_per_ip) {}

    const server_config config;
    connection_limiter limiter;
    std::atomic<std::size_t> websockets{0};
    std::atomic<std::uint64_t> websockets_opened{0};  // numbers each connection for the logs
    session_list sessions;  // open WebSockets, told to go away at shutdown
    // What every client session works with: made by server::start, once the hooks are set.
    std::shared_ptr<const session_services> client_services;
    // Counters for /metrics.
    metrics stats;
    // The answer to a GET or HEAD of `target` when it is not a file of the web client (/healthz,
    // /metrics, the HTTP API); none: serve the file. Set before the server starts.
    std::function<std::optional<http_answer>(std::string_view target)> answer;
};

}  // namespace quadra::server
