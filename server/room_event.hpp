#pragma once
// One thing that happened in a room, in order: the room's journal. Live requests are validated by
// the room and then recorded as events; restoring a room is applying its stored events again, so
// a room's state is never stored, only what happened to it.

#include <cstdint>
#include <memory>
#include <string>

#include "identity.hpp"

namespace quadra::server {

struct room_event {
    enum class kind {
        seated,       // a person took `seat`; `text` is the name shown, `who` the identity
        unseated,     // `seat` was freed before the game started
        bot_seated,   // a computer player took `seat`; `text` is its level
        move,         // the player of `seat` moved; `text` is the recorded token (dice included)
        forced_pass,  // the rules left `seat` no move; `text` is "pass"
    };
    kind what;
    int seat = -1;
    std::string text;
    std::shared_ptr<identity> who;  // seated only
    std::int64_t at_ms = 0;         // server wall-clock time, ms since the Unix epoch
};

}  // namespace quadra::server
