#pragma once
// Whoever can receive server messages: a WebSocket connection, or a recorder in tests. Rooms and
// the lobby talk to recipients, never to sockets.

#include "protocol/messages.hpp"

namespace quadra::server {

// One end that takes shared, already-serialised messages; deliver() must never block.
class recipient {
public:
    virtual ~recipient() = default;
    virtual void deliver(protocol::message_ptr message) = 0;
    // True once the recipient has closed for good; rooms do not admit it again.
    virtual bool gone() const { return false; }
};

}  // namespace quadra::server
