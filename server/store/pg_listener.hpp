#pragma once
// The receiving end of postgres_store's cluster_channel: a connection of its own that LISTENs on
// one channel, and a thread that waits on its socket and hands each notification's payload to
// the handlers. A broken connection is opened again every second; the handlers then hear "" (a
// notice may have been missed meanwhile).

#include <map>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

#include "server/store/cluster_channel.hpp"

namespace quadra::server {

class pg_listener {
public:
    pg_listener(std::string database_url, std::string channel);
    ~pg_listener();
    pg_listener(const pg_listener&) = delete;
    pg_listener& operator=(const pg_listener&) = delete;

    // Adds a handler (the first one starts the thread); its id, for remove().
    int add(cluster_channel::handler on_notice);
    // Once this returns, the handler is not running and never runs again.
    void remove(int id);

private:
    void run(std::stop_token stop);
    void tell(const std::string& notice);

    const std::string database_url_;
    const std::string channel_;
    std::mutex mutex_;  // guards what follows, and is held while a handler runs
    std::map<int, cluster_channel::handler> handlers_;
    int next_id_ = 0;
    std::jthread worker_;  // last: stops before the handlers go
};

}  // namespace quadra::server
