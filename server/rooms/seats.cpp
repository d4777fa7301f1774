#include "server/rooms/seats.hpp"

#include <algorithm>

namespace quadra::server {

using protocol::error_code;

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

event_check seats::check_seat(int seat, bool started) const {
    if (!has(seat))
        return protocol::error{error_code::bad_field,
                               "this room has seats 0-" + std::to_string(size() - 1)};
    if (started) return protocol::error{error_code::room_full, "the game has already started"};
    return std::nullopt;
}

event_check seats::check(const events::seated& event, bool started) const {
    if (has(event.seat) && !event.who)
        return protocol::error{error_code::not_a_player, "nobody to seat"};
    if (auto why = check_seat(event.seat, started)) return why;
    if ((*this)[event.seat].taken())
        return protocol::error{error_code::seat_taken,
                               "seat " + std::to_string(event.seat) + " is taken"};
    return std::nullopt;
}

event_check seats::check(const events::unseated& event, bool started) const {
    return check_seat(event.seat, started);
}

event_check seats::check(const events::bot_seated& event, bool started) const {
    return check_seat(event.seat, started);
}

void seats::apply(const events::seated& event, std::int64_t at_ms) {
    at(event.seat) = {event.who, event.name, {}, at_ms};
}

void seats::apply(const events::unseated& event) { at(event.seat) = {}; }

void seats::apply(const events::bot_seated& event) {
    at(event.seat) = {nullptr, "Computer (" + std::string(bots::level_name(event.level)) + ")",
                      event.level};
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
