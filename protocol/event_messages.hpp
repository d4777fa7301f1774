#pragma once
// What the server says about events: the answer to a new one, one event with its entries
// (the answer to every request about one event), and the lists of events. Pairing, rounds,
// standings and live updates are not on the wire yet.

#include <cstdint>
#include <span>
#include <string_view>

#include "protocol/messages.hpp"

namespace quadra::protocol {

// The answer to create_event.
message_ptr event_created_message(const request_id& id, const event_view& event);
// The answer to enter_event, pause_event, withdraw_event, cancel_event, feature_event and
// event_info: the event, its entries, and the sender's own entry's status (`you`; "" when the
// sender has none: null on the wire).
message_ptr event_message(const request_id& id, const event_view& event,
                          std::span<const event_entry_view> entries, std::string_view you);
// The answer to list_events: the events to come, those running, those lately finished or
// cancelled, and the ids of the events the sender has entered.
message_ptr events_message(const request_id& id, std::span<const event_view> upcoming,
                           std::span<const event_view> running,
                           std::span<const event_view> finished,
                           std::span<const std::int64_t> entered);

}  // namespace quadra::protocol
