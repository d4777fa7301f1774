#include "server/rooms/chat_log.hpp"

namespace quadra::server {

using protocol::error_code;

event_check chat_log::check(const room_event& event, int seat_count) {
    if (event.seat < -1 || event.seat >= seat_count)
        return protocol::error{error_code::bad_field, "no seat " + std::to_string(event.seat)};
    if (event.text.empty()) return protocol::error{error_code::bad_field, "the line is empty"};
    return std::nullopt;
}

void chat_log::apply(const room_event& event, std::string name) {
    lines_.push_back({event.seat, std::move(name), event.text, event.at_ms});
    if (lines_.size() > kept) lines_.erase(lines_.begin());
}

}  // namespace quadra::server
