#include "server/rooms/draw_offer.hpp"

#include <string>

namespace quadra::server {

using protocol::error_code;

event_check draw_offer::check(const events::draw_offer&) const {
    if (standing_ >= 0)
        return protocol::error{error_code::not_allowed, "seat " + std::to_string(standing_) +
                                                            "'s draw offer already stands"};
    return std::nullopt;
}

event_check draw_offer::check_answer(int seat) const {
    if (standing_ < 0 || standing_ == seat)
        return protocol::error{error_code::no_draw_offer,
                               "your opponent has no draw offer standing"};
    return std::nullopt;
}

}  // namespace quadra::server
