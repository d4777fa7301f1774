#include "server/rooms/rematch_agreement.hpp"

#include <algorithm>

namespace quadra::server {

using protocol::error_code;

bool rematch_agreement::ready(const std::vector<int>& persons) const {
    if (!room_.empty()) return false;
    return std::all_of(persons.begin(), persons.end(), [&](int seat) {
        return std::find(agreed_.begin(), agreed_.end(), seat) != agreed_.end();
    });
}

event_check rematch_agreement::check(bool finished) const {
    if (!finished)
        return protocol::error{error_code::not_finished, "a rematch follows a finished game"};
    if (!room_.empty())
        return protocol::error{error_code::not_allowed, "the rematch is room " + room_};
    return std::nullopt;
}

void rematch_agreement::apply(const events::rematch& event) {
    if (std::find(agreed_.begin(), agreed_.end(), event.seat) != agreed_.end()) return;
    agreed_.push_back(event.seat);
    std::sort(agreed_.begin(), agreed_.end());
}

}  // namespace quadra::server
