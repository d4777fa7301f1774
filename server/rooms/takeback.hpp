#pragma once
// Takebacks by consent (#29): the last move a person made, with what the room was just before it
// (and before each computer player's reply since), and a request to undo them. The player who
// moved last may ask until another person moves; the player to move answers (a computer player
// accepts). An accepted takeback undoes that move with every reply and forced pass after it;
// accepted or declined, the request spends the move: asking again finds nothing to take back.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
    // The record's length a takeback goes back to; none when nothing can be taken back.
    std::optional<std::size_t> back_to() const;

    // Whether `event`'s seat may ask now (a person, whose move is the last but for computer
    // players' replies; no request stands), or answer the standing request as `answerer`.
    event_check check(const events::takeback_asked& event) const;
    event_check check_answer(int seat, int answerer) const;

    // A move was made, by a person or (`by_bot`) a computer player; a standing request lapses.
    void moved(const before_move& point, bool by_bot);
    void apply(const events::takeback_asked& event) { asker_ = event.seat; }
    // Declined: the move stays, and is not asked about again.
    void apply(const events::takeback_declined&) { clear(); }
    // Accepted: the points to go back through, the person's move first; spent.
    std::vector<before_move> accept();
    // The game is over: nothing can be taken back.
    void clear();

private:
    std::vector<before_move> since_;  // the last person's move, then the bots' replies
    int asker_ = -1;
};

}  // namespace quadra::server
