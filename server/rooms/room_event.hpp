#pragma once
// One thing that happened in a room, in order: the room's journal. Live requests are checked by
// the room and then recorded as events; restoring a room is applying its stored events again, so
// a room's state is never stored, only what happened to it. Each kind of event is its own type,
// holding what it says and nothing else; the room and the store dispatch on them with std::visit,
// so a kind nobody handles does not compile.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "bots/level.hpp"
#include "protocol/messages.hpp"
#include "server/identity/identity.hpp"
#include "server/rooms/room_code.hpp"

namespace quadra::server {

namespace events {

// A person took `seat`, shown as `name`.
struct seated {
    int seat = -1;
    std::string name;
    std::shared_ptr<identity> who;
};
// `seat` was freed before the game started.
struct unseated {
    int seat = -1;
};
// A computer player of `level` took `seat`.
struct bot_seated {
    int seat = -1;
    bots::level level = bots::level::easy;
};
// The player of `seat` moved; `token` is the recorded token (dice included).
struct move {
    int seat = -1;
    std::string token;
};
// The rules left `seat` no move but "pass".
struct forced_pass {
    int seat = -1;
};

// Room life (#5).
struct resign {
    int seat = -1;  // gave up
};
struct timeout {
    int seat = -1;  // its time ran out, at the event's time
};
struct draw_offer {
    int seat = -1;  // offered a draw
};
struct draw_declined {
    int seat = -1;  // declined the standing offer
};
struct draw_agreed {
    int seat = -1;  // accepted the standing offer
};
// `seat` was claimed as abandoned by the player of `claimer`.
struct claim {
    int seat = -1;
    int claimer = -1;
};
struct rematch {
    int seat = -1;  // asked for a rematch
};
// The rematch opened in room `code`.
struct rematch_room {
    room_code code;
};
// A chat line from `seat` (-1: a spectator), written by `who`.
struct chat {
    int seat = -1;
    std::string text;
    std::shared_ptr<identity> who;
};

// A moderator hid the chat line written at `line_at` (#31): gone for everyone, live and when
// the room is replayed; the line's own event stays in the journal, for the record.
struct chat_hidden {
    std::int64_t line_at = 0;
};
// A moderator (`by`) closed the running game (#31), for `reason`: it ends with no result, or is
// aborted (`aborted`), and is never rated.
struct closed {
    bool aborted = false;
    std::shared_ptr<identity> by;
    std::string reason;
};

// Takebacks by consent (#29).
struct takeback_asked {
    int seat = -1;  // moved last, and asks to take that move back
};
struct takeback_declined {
    int seat = -1;  // the player to move, who declined
};
// The player to move (`seat`) accepted: the record goes back to its first `back_to` moves (the
// asker's move and the passes forced after it are undone).
struct takeback_accepted {
    int seat = -1;
    std::int64_t back_to = 0;
};

// Restores (#14).
// The room was restored: the running turn starts again at the event's time, so the time while no
// server ran the room is charged to nobody, in every later replay too.
struct resumed {};
// The waiting room closed: nobody was in it for the waiting expiry; a restart does not bring it
// back.
struct expired {};

}  // namespace events

struct room_event {
    using any =
        std::variant<events::seated, events::unseated, events::bot_seated, events::move,
                     events::forced_pass, events::resign, events::timeout, events::draw_offer,
                     events::draw_declined, events::draw_agreed, events::claim, events::rematch,
                     events::rematch_room, events::chat, events::chat_hidden, events::closed,
                     events::takeback_asked, events::takeback_declined, events::takeback_accepted,
                     events::resumed, events::expired>;
    any what;
    std::int64_t at_ms = 0;  // server wall-clock time, ms since the Unix epoch
};

// Why an event may not happen now (the code a live request is refused with); none: it may.
using event_check = std::optional<protocol::error>;

}  // namespace quadra::server
