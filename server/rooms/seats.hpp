#pragma once
// The seats of one room: who holds each (a person's identity or a computer player), the name it
// is shown by, and since when a person holding it has had no connection to the room.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/level.hpp"
#include "server/identity/identity.hpp"
#include "server/rooms/room_event.hpp"

namespace quadra::server {

// One seat: free, held by a person, or held by a computer player.
struct held_seat {
    std::shared_ptr<identity> holder;
    std::string name;
    std::optional<bots::level> bot;            // a computer player holds the seat
    std::optional<std::int64_t> away_since{};  // the holder has no connection since
    bool claim_shown = false;                  // the last snapshot showed it claimable

    bool taken() const { return holder || bot; }
};

class seats {
public:
    explicit seats(int count) : seats_(static_cast<std::size_t>(count)) {}

    int size() const { return static_cast<int>(seats_.size()); }
    bool has(int index) const { return index >= 0 && index < size(); }
    const held_seat& operator[](int index) const { return seats_[static_cast<std::size_t>(index)]; }
    // The first free seat, or -1.
    int first_free() const;
    bool full() const { return first_free() < 0; }
    // The seat `who` holds, or -1.
    int of(const identity* who) const;
    // Some person holds a seat.
    bool any_person() const;

    // Whether a seating event may happen while the room's game `started`.
    event_check check(const events::seated& event, bool started) const;
    event_check check(const events::unseated& event, bool started) const;
    event_check check(const events::bot_seated& event, bool started) const;
    // Take a seating event the check allowed. A person who sits down (at `at_ms`) counts as away
    // until a connection of theirs is in the room.
    void apply(const events::seated& event, std::int64_t at_ms);
    void apply(const events::unseated& event);
    void apply(const events::bot_seated& event);

    // Notes who is connected at `at_ms`: a holder `here` is not away; one who just left is.
    void refresh_presence(const std::function<bool(const identity&)>& here, std::int64_t at_ms);
    // Forgets every absence (a restart: nobody left while the server was down).
    void forget_absences();
    // Keeps the absences of `old`, the same seats before a rebuild, where the holder is the same.
    void keep_absences(const seats& old);
    // When the person holding `index` may be claimed (the grace period after they left, counted
    // from the start of the game at the earliest), if they are away.
    std::optional<std::int64_t> claimable_at(int index, std::int64_t started_ms,
                                             std::chrono::milliseconds grace) const;
    void show_claimable(int index, bool shown) {
        seats_[static_cast<std::size_t>(index)].claim_shown = shown;
    }

private:
    // Whether `seat` exists and may change while the game `started`.
    event_check check_seat(int seat, bool started) const;
    held_seat& at(int index) { return seats_[static_cast<std::size_t>(index)]; }

    std::vector<held_seat> seats_;
};

}  // namespace quadra::server
