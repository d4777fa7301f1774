#include "server/rooms/seats.hpp"

#include <algorithm>

namespace quadra::server {

using protocol::error_code;
using kind = room_event::kind;

int seats::first_free() const {
    for (int s = 0; s < size(); ++s)
        if (!(*this)[s].taken()) return s;
    return -1;
}

int seats::of(const identity* who) const {
    for (int s = 0; s < size(); ++s)
        if ((*this)[s].holder.get() == who) return s;
    return -1;
}

bool seats::any_person() const {
    return std::any_of(seats_.begin(), seats_.end(),
                       [](const held_seat& s) { return s.holder != nullptr; });
}

event_check seats::check(const room_event& event, bool started) const {
    if (!has(event.seat))
        return protocol::error{error_code::bad_field,
                               "this room has seats 0-" + std::to_string(size() - 1)};
    if (event.what == kind::bot_seated && !bots::parse_level(event.text))
        return protocol::error{error_code::bad_field, "no level '" + event.text + "'"};
    if (event.what == kind::seated && !event.who)
        return protocol::error{error_code::not_a_player, "nobody to seat"};
    if (started) return protocol::error{error_code::room_full, "the game has already started"};
    if (event.what == kind::seated && (*this)[event.seat].taken())
        return protocol::error{error_code::seat_taken,
                               "seat " + std::to_string(event.seat) + " is taken"};
    return std::nullopt;
}

void seats::apply(const room_event& event) {
    auto& held = seats_[static_cast<std::size_t>(event.seat)];
    switch (event.what) {
        case kind::seated:
            held = {event.who, event.text, {}, event.at_ms};
            break;
        case kind::bot_seated:
            held = {nullptr, "Computer (" + event.text + ")", bots::parse_level(event.text)};
            break;
        case kind::unseated:
            held = {};
            break;
        default:
            break;
    }
}

void seats::refresh_presence(const std::function<bool(const identity&)>& here, std::int64_t at_ms) {
    for (auto& held : seats_) {
        if (!held.holder || here(*held.holder))
            held.away_since.reset();
        else if (!held.away_since)
            held.away_since = at_ms;
    }
}

void seats::forget_absences() {
    for (auto& held : seats_) held.away_since.reset();
}

void seats::keep_absences(const seats& old) {
    for (int s = 0; s < size() && s < old.size(); ++s)
        if (seats_[static_cast<std::size_t>(s)].holder &&
            seats_[static_cast<std::size_t>(s)].holder == old[s].holder)
            seats_[static_cast<std::size_t>(s)].away_since = old[s].away_since;
}

std::optional<std::int64_t> seats::claimable_at(int index, std::int64_t started_ms,
                                                std::chrono::milliseconds grace) const {
    const auto& held = (*this)[index];
    if (!held.holder || !held.away_since) return std::nullopt;
    return std::max(*held.away_since, started_ms) + grace.count();
}

}  // namespace quadra::server
