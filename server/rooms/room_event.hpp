#pragma once
// One thing that happened in a room, in order: the room's journal. Live requests are validated by
// the room and then recorded as events; restoring a room is applying its stored events again, so
// a room's state is never stored, only what happened to it.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "protocol/messages.hpp"
#include "server/identity/identity.hpp"

namespace quadra::server {

struct room_event {
    enum class kind {
        seated,       // a person took `seat`; `text` is the name shown, `who` the identity
        unseated,     // `seat` was freed before the game started
        bot_seated,   // a computer player took `seat`; `text` is its level
        move,         // the player of `seat` moved; `text` is the recorded token (dice included)
        forced_pass,  // the rules left `seat` no move; `text` is "pass"
        // Room life (#5).
        resign,         // the player of `seat` gave up
        timeout,        // `seat`'s time ran out; `at_ms` is the moment it did
        draw_offer,     // the player of `seat` offered a draw
        draw_declined,  // the player of `seat` declined the standing offer
        draw_agreed,    // the player of `seat` accepted the standing offer
        claim,          // `seat` was claimed as abandoned; `text` is the claiming seat
        rematch,        // the player of `seat` asked for a rematch
        rematch_room,   // the rematch opened; `text` is its room code
        chat,           // a chat line: `seat` (-1: a spectator), `text`, `who` the writer
        // Restores (#14).
        resumed,  // the room was restored: the running turn starts again at `at_ms`, so the time
                  // while no server ran the room is charged to nobody, in every later replay too
        expired,  // the waiting room closed: nobody was in it for the waiting expiry; a restart
                  // does not bring it back
    };
    kind what;
    int seat = -1;
    std::string text;
    std::shared_ptr<identity> who;  // seated and chat only
    std::int64_t at_ms = 0;         // server wall-clock time, ms since the Unix epoch
};

// Why an event may not happen now (the code a live request is refused with); none: it may. The
// room's parts each check the events they apply, for live requests and restores alike.
using event_check = std::optional<protocol::error>;

}  // namespace quadra::server
