#pragma once
// What `quadra serve` can be told, with the defaults PRODUCT.md and the issue ask for. Every
// quantity a client controls has a bound here.

#include <chrono>
#include <cstddef>
#include <string>

namespace quadra::server {

struct server_config {
    std::string address = "0.0.0.0";
    unsigned short port = 8080;
    std::string web_root = "web-client";
    int threads = 0;  // 0: one per core

    std::size_t max_message_bytes = 8 * 1024;  // larger frames: too_large, then close
    std::size_t max_queued_messages = 256;     // a reader further behind is disconnected
    double messages_per_second = 20;           // sustained rate per connection
    double message_burst = 40;                 // bucket size; a flood of twice this closes
    std::size_t max_connections = 20000;       // whole server
    std::size_t max_connections_per_ip = 64;
    std::size_t max_rooms = 100000;
    std::size_t max_rooms_per_connection = 32;
    std::size_t max_identities = 1000000;
    std::chrono::milliseconds handshake_timeout{10000};  // HTTP request and WebSocket upgrade
    std::chrono::milliseconds idle_timeout{60000};       // silent peer, pinged at half of this
};

}  // namespace quadra::server
