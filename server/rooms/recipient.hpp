#pragma once
// Whoever can receive server messages: a WebSocket connection, or a recorder in tests. Rooms and
// the lobby talk to recipients, never to sockets.

#include <atomic>

#include "protocol/messages.hpp"

namespace quadra::server {

// One end that takes shared, already-serialised messages; deliver() must never block.
class recipient {
public:
    virtual ~recipient() = default;
    virtual void deliver(protocol::message_ptr message) = 0;
    // True once the recipient has closed for good; rooms do not admit it again.
    virtual bool gone() const { return false; }

    // The protocol this end chose in hello, which decides the form of its snapshots. Set on the
    // connection's thread, read by rooms on theirs.
    int protocol() const { return protocol_.load(std::memory_order_relaxed); }
    void speak(int protocol) { protocol_.store(protocol, std::memory_order_relaxed); }

private:
    std::atomic<int> protocol_{protocol::first_protocol};
};

}  // namespace quadra::server
