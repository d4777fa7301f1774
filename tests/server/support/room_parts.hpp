#pragma once
// Helpers for the socket-free room tests: journal events made by hand, and a recipient that keeps
// what it was sent as parsed JSON.

#include <deque>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "server/rooms/recipient.hpp"
#include "server/rooms/room_event.hpp"

namespace quadra::testing {

// An event of `what` by `seat`, with `text`, at time 0.
inline server::room_event event(server::room_event::kind what, int seat, std::string text = {}) {
    return {what, seat, std::move(text), nullptr, 0};
}

// A room member that keeps every message it was sent, parsed.
struct listener : server::recipient {
    std::deque<nlohmann::json> got;
    void deliver(protocol::message_ptr message) override {
        got.push_back(nlohmann::json::parse(*message));
    }
};

}  // namespace quadra::testing
