#pragma once
// How a room's game ended: by the room (a resignation, a timeout, a claimed win, an agreed draw,
// the last seat left in a 4-player game, a moderator's closing) or else by the rules. One result,
// one type (protocol::result_view: winners, draw, reason, by), rendered once by protocol.

#include <optional>
#include <string>

#include "protocol/messages.hpp"
#include "rules/game.hpp"
#include "server/rooms/room_event.hpp"

namespace quadra::server {

class room_result {
public:
    // The result of `game` as the room sees it; none while the game is on.
    std::optional<protocol::result_view> of(const rules::game& game) const;
    // The room, not the rules, ended the game.
    bool ended() const { return ended_.has_value(); }

    // Take the event that ends a 2-player game: a resignation, timeout or claim of its seat
    // (whose holder is shown as `name`): the other seat wins; or an agreed draw.
    void apply(const events::resign& event, const std::string& name);
    void apply(const events::timeout& event, const std::string& name);
    void apply(const events::claim& event, const std::string& name);
    void apply(const events::draw_agreed& event);
    // A moderator closed the game: no winner, and no draw either.
    void apply(const events::closed& event);
    // Every other seat was retired: `seat` (shown as `name`) wins.
    void last_left(int seat, const std::string& name);

private:
    std::optional<protocol::result_view> ended_;
};

}  // namespace quadra::server
