#pragma once
// Events over HTTP (#43, PROTOCOL.md "HTTP"): GET /api/events, the scheduled, running and
// finished events, and GET /api/events/{id}, one event with its players. Also the one
// conversion of a stored event into what the wire shows, which the event desk uses too.

#include <cstdint>
#include <optional>
#include <vector>

#include "protocol/messages.hpp"
#include "server/api/game_api.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

// What everyone may see of a stored event (never its entry code); none when its terms cannot be
// read.
std::optional<protocol::event_view> event_view_of(const event_row& row);
std::vector<protocol::event_entry_view> entry_views_of(const std::vector<event_entry_row>& entries);

// The events a list shows: the next to start, the running ones and the latest to end (finished
// or cancelled). A private event (one with an entry code) is listed only to its creator and its
// players (`viewer`, 0 for nobody); anyone who has its id may read it.
struct event_lists {
    std::vector<protocol::event_view> upcoming;
    std::vector<protocol::event_view> running;
    std::vector<protocol::event_view> finished;
    std::vector<std::int64_t> entered;  // the scheduled and running events `viewer` is in
};
event_lists listed_events(const store& events, std::int64_t viewer);

api_answer answer_events(const store& events);
// `id` as the target wrote it.
api_answer answer_event(const store& events, std::string_view id);

}  // namespace quadra::server
