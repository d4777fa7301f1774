#pragma once
// The network server: binds, runs its threads, and stops. Hides Asio from its users.

#include <chrono>
#include <functional>
#include <memory>

#include "server/ops/config.hpp"
#include "server/rooms/time_source.hpp"

namespace quadra::server {

struct server_state;

class server {
public:
    // Binds the configured address and port (0: any free port); throws when it cannot.
    explicit server(server_config config);
    // With another time source than the system clock (tests use a manual one).
    server(server_config config, std::shared_ptr<const time_source> time);
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    unsigned short port() const;
    server_state& state();

    // Runs on config.threads threads (0: one per core) in the background.
    void start();
    // Starts, calls `ready` once SIGINT and SIGTERM are caught (so a signal sent on its word
    // shuts down gracefully), runs until one comes, then shuts down within
    // config.shutdown_timeout.
    void run_until_signal(const std::function<void()>& ready);
    // The graceful end of a started server: stops accepting, closes every WebSocket with 1001
    // (going away) after its queued messages, waits up to `timeout` for them, calls the state's
    // drain hook (pending store writes), then stops.
    void shutdown(std::chrono::milliseconds timeout);
    // Stops accepting, ends the threads and waits for them.
    void stop();
    // Makes every room act on deadlines that passed, e.g. after a test moved its manual clock.
    void check_deadlines();

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace quadra::server
