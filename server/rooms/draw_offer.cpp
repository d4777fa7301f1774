#include "server/rooms/draw_offer.hpp"

#include <string>

namespace quadra::server {

using protocol::error_code;
using kind = room_event::kind;

event_check draw_offer::check(const room_event& event) const {
    if (event.what == kind::draw_offer) {
        if (standing_ >= 0)
            return protocol::error{error_code::not_allowed, "seat " + std::to_string(standing_) +
                                                                "'s draw offer already stands"};
        return std::nullopt;
    }
    if (standing_ < 0 || standing_ == event.seat)
        return protocol::error{error_code::no_draw_offer,
                               "your opponent has no draw offer standing"};
    return std::nullopt;
}

void draw_offer::apply(const room_event& event) {
    switch (event.what) {
        case kind::draw_offer:
            standing_ = event.seat;
            break;
        case kind::draw_declined:
        case kind::draw_agreed:
            standing_ = -1;
            break;
        case kind::move:
            if (standing_ != event.seat) standing_ = -1;
            break;
        default:
            break;
    }
}

}  // namespace quadra::server
