#pragma once
// Helpers for the socket-free room tests: the kinds of journaled events, and a recipient that
// keeps what it was sent as parsed JSON.

#include <cstddef>
#include <deque>
#include <variant>

#include <nlohmann/json.hpp>

#include "server/rooms/recipient.hpp"
#include "server/rooms/room.hpp"
#include "server/rooms/room_event.hpp"

namespace quadra::testing {

// The index of event type `Event` in room_event::any, to compare a journal's kinds.
template <class Event>
std::size_t kind_of() {
    return server::room_event::any(std::in_place_type<Event>).index();
}

// A room member that keeps every message it was sent, parsed.
struct listener : server::recipient {
    std::deque<nlohmann::json> got;
    void deliver(protocol::message_ptr message) override {
        got.push_back(nlohmann::json::parse(*message));
    }
};

// The room's current snapshot, parsed.
inline nlohmann::json snapshot_of(server::room& r) { return nlohmann::json::parse(*r.snapshot()); }

}  // namespace quadra::testing
