#include "server/rooms/room_result.hpp"

namespace quadra::server {

using kind = room_event::kind;

std::optional<protocol::result_view> room_result::of(const rules::game& game) const {
    if (ended_) return ended_;
    if (const auto outcome = game.current_outcome(); outcome.finished())
        return protocol::result_view{outcome.winners, outcome.reason, "rules"};
    return std::nullopt;
}

void room_result::apply(const room_event& event, const std::string& name) {
    const std::vector<int> other{1 - event.seat};
    switch (event.what) {
        case kind::resign:
            ended_ = protocol::result_view{other, name + " resigned", "resign"};
            break;
        case kind::timeout:
            ended_ = protocol::result_view{other, name + " ran out of time", "timeout"};
            break;
        case kind::claim:
            ended_ = protocol::result_view{other, "win claimed: " + name + " left", "claim"};
            break;
        case kind::draw_agreed:
            ended_ = protocol::result_view{{}, "draw agreed", "draw"};
            break;
        default:
            break;
    }
}

void room_result::last_left(int seat, const std::string& name) {
    ended_ = protocol::result_view{{seat}, name + " is the last player left", "retired"};
}

}  // namespace quadra::server
