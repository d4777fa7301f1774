#include "server/rooms/room_result.hpp"

namespace quadra::server {

std::optional<protocol::result_view> room_result::of(const rules::game& game) const {
    if (ended_) return ended_;
    if (const auto outcome = game.current_outcome(); outcome.finished())
        return protocol::result_view{outcome.winners, outcome.reason, "rules", outcome.code,
                                     outcome.figures};
    return std::nullopt;
}

void room_result::apply(const events::resign& event, const std::string& name) {
    ended_ = protocol::result_view{
        {1 - event.seat}, name + " resigned", "resign", "resigned", {{"seat", event.seat}}};
}

void room_result::apply(const events::timeout& event, const std::string& name) {
    ended_ = protocol::result_view{
        {1 - event.seat}, name + " ran out of time", "timeout", "timeout", {{"seat", event.seat}}};
}

void room_result::apply(const events::claim& event, const std::string& name) {
    ended_ = protocol::result_view{{1 - event.seat},
                                   "win claimed: " + name + " left",
                                   "claim",
                                   "claimed",
                                   {{"seat", event.seat}}};
}

void room_result::apply(const events::draw_agreed&) {
    ended_ = protocol::result_view{{}, "draw agreed", "draw", "draw_agreed", {}};
}

void room_result::apply(const events::closed& event) {
    ended_ =
        event.aborted
            ? protocol::result_view{{}, "aborted by a moderator", "closed", "aborted", {}}
            : protocol::result_view{{}, "closed by a moderator: no result", "closed", "closed", {}};
}

void room_result::last_left(int seat, const std::string& name) {
    ended_ = protocol::result_view{
        {seat}, name + " is the last player left", "retired", "last_left", {{"seat", seat}}};
}

}  // namespace quadra::server
