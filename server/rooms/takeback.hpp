#pragma once
// Takebacks by consent (#29): the last move a player made, with what the room was just before it,
// and a request to undo it. The player who moved last may ask until another player moves; the
// player to move answers. An accepted takeback undoes that one move (and the passes forced after
// it); accepted or declined, the request spends the point: asking again finds nothing to take back.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "server/rooms/room_event.hpp"

namespace quadra::server {

class takeback {
public:
    // The room just before a move: what an accepted takeback puts back.
    struct before_move {
        int seat = -1;                // who moved
        std::size_t record_size = 0;  // the record's length before the move
        std::int64_t bank_ms = 0;     // the mover's bank at the start of that turn
        std::string last_move;        // the snapshot's last move and forced passes before it
        int forced_passes = 0;
    };

    // The seat whose request stands; -1 for none.
    int standing() const { return asker_; }
    // The last move, while it can be taken back.
    const std::optional<before_move>& last() const { return last_; }

    // Whether `event`'s seat may ask now (it made the last move, no request stands), or answer
    // the standing request as `answerer`, the seat that must answer it.
    event_check check(const events::takeback_asked& event) const;
    event_check check_answer(int seat, int answerer) const;

    // A move was made: it is the one a takeback would undo; a standing request lapses.
    void moved(const before_move& point);
    void apply(const events::takeback_asked& event) { asker_ = event.seat; }
    // Declined: the move stays, and is not asked about again.
    void apply(const events::takeback_declined&) { clear(); }
    // Accepted: the point to go back to, spent.
    before_move accept();
    // The game is over: nothing can be taken back.
    void clear();

private:
    std::optional<before_move> last_;
    int asker_ = -1;
};

}  // namespace quadra::server
