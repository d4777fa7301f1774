#pragma once
// The chat of one room: the most recent lines of both channels (players' and spectators'), and
// who may read which channel.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "server/rooms/room_event.hpp"

namespace quadra::server {

struct chat_line {
    int seat;  // -1: the spectators' channel
    std::string name;
    std::string text;
    std::int64_t at_ms;
};

class chat_log {
public:
    static constexpr std::size_t kept = 50;  // lines kept, and shown to a joiner

    // Whether a chat line may be recorded: from a seat of `seat_count`, or -1 (a spectator), with
    // some text.
    static event_check check(const events::chat& event, int seat_count);
    // Keeps the line, written under `name` at `at_ms`; the oldest beyond `kept` goes.
    void apply(const events::chat& event, std::string name, std::int64_t at_ms);
    // Forgets the line written at `at_ms` (a moderator hid it), if it is still kept.
    void hide(std::int64_t at_ms);
    const std::vector<chat_line>& lines() const { return lines_; }
    // The time for a line written `now_ms`: after every line kept so far, since a line is named
    // by its time (a moderator hides it by that time; two lines in one ms would be one).
    std::int64_t next_time(std::int64_t now_ms) const { return std::max(now_ms, last_at_ + 1); }

    // Whether a reader (`spectator` or a player) sees a line of `line_seat`'s channel: players
    // do not read the spectators' channel until the game is `finished`.
    static bool sees(bool spectator, bool finished, int line_seat) {
        return line_seat >= 0 || spectator || finished;
    }

private:
    // A vector, since an empty std::deque already holds 576 bytes and most rooms never chat.
    std::vector<chat_line> lines_;
    std::int64_t last_at_ = 0;  // the latest line's time, hidden or gone or not
};

}  // namespace quadra::server
