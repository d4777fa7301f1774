#pragma once
// The clocks of one room, derived from the times of its events alone: a restored room that
// applies the same events has the same clocks. One seat's time runs at a time.

#include <cstdint>
#include <optional>
#include <vector>

#include "protocol/messages.hpp"
#include "server/rooms/room_event.hpp"

namespace quadra::server {

class room_clock {
public:
    room_clock(protocol::clock_settings settings, int seats);

    const protocol::clock_settings& settings() const { return settings_; }
    bool enabled() const { return settings_.type != protocol::clock_settings::kind::none; }
    int running() const { return running_; }

    // The turn goes to `seat` (-1: nobody, the game is over) at `at_ms`. The seat whose time ran
    // is charged for it and, when it has just moved (`moved`), gains the bank's increment.
    void turn_to(int seat, std::int64_t at_ms, bool moved);
    // The running turn starts again at `at_ms` with the time its seat had at its start: time
    // while the server was down is not charged (a restored room).
    void resume(std::int64_t at_ms) { started_ms_ = at_ms; }
    // `seat`'s time in the bank as of the start of its turn.
    std::int64_t bank_of(int seat) const;
    // A takeback: `seat`'s turn again from `at_ms`, with the bank it had before its move.
    void take_back(int seat, std::int64_t bank_ms, std::int64_t at_ms);
    // Whether a timeout (only of the seat whose time runs) or a claim (only in a room without a
    // clock: with one, time decides) may happen.
    event_check check(const events::timeout& event) const;
    event_check check(const events::claim& event) const;
    // When the running seat's time is up; none when no time runs.
    std::optional<std::int64_t> deadline() const;
    // Each seat's time left at `now_ms` (never below 0; per_move: only the running seat's).
    std::vector<std::optional<std::int64_t>> remaining(std::int64_t now_ms) const;
    protocol::clock_view view(std::int64_t now_ms) const;

private:
    protocol::clock_settings settings_;
    std::vector<std::int64_t> bank_ms_;  // per seat, as of the start of its current turn
    int running_ = -1;
    std::int64_t started_ms_ = 0;  // when the running seat's turn began
};

}  // namespace quadra::server
