#pragma once
// The draw offer of a 2-player room: which seat's offer stands, if any. An offer stands until the
// opponent accepts or declines it, or moves instead of answering.

#include "server/rooms/room_event.hpp"

namespace quadra::server {

class draw_offer {
public:
    // The seat whose offer stands; -1 for none.
    int standing() const { return standing_; }

    // Whether `draw_offer`, `draw_declined` or `draw_agreed` from its seat may happen now (the
    // room checks first that the seat is in a running 2-player game).
    event_check check(const room_event& event) const;
    // Takes an event the check allowed, or a move: the opponent's move lets the offer lapse.
    void apply(const room_event& event);
    // The game is over: no offer stands.
    void clear() { standing_ = -1; }

private:
    int standing_ = -1;
};

}  // namespace quadra::server
