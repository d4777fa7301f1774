#pragma once
// The nodes' notice channel of a store shared by several nodes (README.md "Many nodes"): short
// notices ("lobby", "seeks", "placed <node>", "sessions") that tell every node to read something
// again at once instead of at its next periodic read. A notice is only a hint: it can be missed
// (a lost connection), so every reader also reads on a timer, and after the channel connects
// again its handlers run with an empty notice. Only the PostgreSQL store has one
// (LISTEN/NOTIFY).

#include <functional>
#include <string>

namespace quadra::server {

class cluster_channel {
public:
    using handler = std::function<void(const std::string& notice)>;

    virtual ~cluster_channel() = default;

    // Sends `notice` to every listening node, this one included.
    virtual void publish(const std::string& notice) = 0;
    // Runs `on_notice` on the channel's own thread for every notice, and with "" after the
    // channel (re)connected, until `unlisten` with the id this returns. The first handler starts
    // the listening.
    virtual int listen(handler on_notice) = 0;
    // Once this returns, the handler is not running and never runs again.
    virtual void unlisten(int id) = 0;
};

}  // namespace quadra::server
