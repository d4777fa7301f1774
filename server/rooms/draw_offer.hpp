#pragma once
// The draw offer of a 2-player room: which seat's offer stands, if any. An offer stands until the
// opponent accepts or declines it, or moves instead of answering.

#include "server/rooms/room_event.hpp"

namespace quadra::server {

class draw_offer {
public:
    // The seat whose offer stands; -1 for none.
    int standing() const { return standing_; }

    // Whether the seat may offer a draw now, or answer the standing offer (`seat` is the
    // answering seat); the room checks first that the seat is in a running 2-player game.
    event_check check(const events::draw_offer& event) const;
    event_check check_answer(int seat) const;
    // Take an event the check allowed, or a move: the opponent's move lets the offer lapse.
    void apply(const events::draw_offer& event) { standing_ = event.seat; }
    void apply(const events::draw_declined&) { standing_ = -1; }
    void apply(const events::draw_agreed&) { standing_ = -1; }
    void apply(const events::move& event) {
        if (standing_ != event.seat) standing_ = -1;
    }
    // The game is over: no offer stands.
    void clear() { standing_ = -1; }

private:
    int standing_ = -1;
};

}  // namespace quadra::server
