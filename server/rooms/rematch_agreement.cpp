#include "server/rooms/rematch_agreement.hpp"

#include <algorithm>

namespace quadra::server {

using protocol::error_code;
using kind = room_event::kind;

bool rematch_agreement::ready(const std::vector<int>& persons) const {
    if (!room_.empty()) return false;
    return std::all_of(persons.begin(), persons.end(), [&](int seat) {
        return std::find(agreed_.begin(), agreed_.end(), seat) != agreed_.end();
    });
}

event_check rematch_agreement::check(const room_event& event, bool finished) const {
    if (!finished)
        return protocol::error{error_code::not_finished, "a rematch follows a finished game"};
    if (!room_.empty())
        return protocol::error{error_code::not_allowed, "the rematch is room " + room_};
    if (event.what == kind::rematch_room && event.text.empty())
        return protocol::error{error_code::bad_field, "a rematch room has a code"};
    return std::nullopt;
}

void rematch_agreement::apply(const room_event& event) {
    if (event.what == kind::rematch_room) {
        room_ = event.text;
        return;
    }
    if (event.what != kind::rematch) return;
    if (std::find(agreed_.begin(), agreed_.end(), event.seat) != agreed_.end()) return;
    agreed_.push_back(event.seat);
    std::sort(agreed_.begin(), agreed_.end());
}

}  // namespace quadra::server
