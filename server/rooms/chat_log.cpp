#include "server/rooms/chat_log.hpp"

namespace quadra::server {

using protocol::error_code;

event_check chat_log::check(const events::chat& event, int seat_count) {
    if (event.seat < -1 || event.seat >= seat_count)
        return protocol::error{error_code::bad_field, "no seat " + std::to_string(event.seat)};
    if (event.text.empty()) return protocol::error{error_code::bad_field, "the line is empty"};
    return std::nullopt;
}

void chat_log::hide(std::int64_t at_ms) {
    std::erase_if(lines_, [at_ms](const chat_line& line) { return line.at_ms == at_ms; });
}

void chat_log::apply(const events::chat& event, std::string name, std::int64_t at_ms) {
    lines_.push_back({event.seat, std::move(name), event.text, at_ms});
    last_at_ = std::max(last_at_, at_ms);
    if (lines_.size() > kept) lines_.erase(lines_.begin());
}

}  // namespace quadra::server
