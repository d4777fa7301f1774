#include "server/rooms/room_clock.hpp"

#include <algorithm>
#include <string>

namespace quadra::server {

using kind = protocol::clock_settings::kind;

room_clock::room_clock(protocol::clock_settings settings, int seats)
    : settings_(settings),
      bank_ms_(static_cast<std::size_t>(seats), settings.initial_seconds * 1000) {}

void room_clock::turn_to(int seat, std::int64_t at_ms, bool moved) {
    if (!enabled()) return;
    if (running_ >= 0 && settings_.type == kind::bank) {
        auto& bank = bank_ms_[static_cast<std::size_t>(running_)];
        bank -= at_ms - started_ms_;
        if (moved) bank += settings_.increment_seconds * 1000;
    }
    running_ = seat;
    started_ms_ = at_ms;
}

std::int64_t room_clock::bank_of(int seat) const {
    return bank_ms_[static_cast<std::size_t>(seat)];
}

void room_clock::take_back(int seat, std::int64_t bank_ms, std::int64_t at_ms) {
    if (!enabled()) return;
    bank_ms_[static_cast<std::size_t>(seat)] = bank_ms;
    running_ = seat;
    started_ms_ = at_ms;
}

event_check room_clock::check(const events::timeout& event) const {
    if (running_ != event.seat)
        return protocol::error{protocol::error_code::not_allowed,
                               "seat " + std::to_string(event.seat) + "'s time is not running"};
    return std::nullopt;
}

event_check room_clock::check(const events::claim&) const {
    if (enabled())
        return protocol::error{protocol::error_code::not_allowed,
                               "in a room with a clock, time decides"};
    return std::nullopt;
}

std::optional<std::int64_t> room_clock::deadline() const {
    if (running_ < 0) return std::nullopt;
    switch (settings_.type) {
        case kind::none:
            break;
        case kind::bank:
            return started_ms_ + bank_ms_[static_cast<std::size_t>(running_)];
        case kind::per_move:
            return started_ms_ + settings_.move_seconds * 1000;
    }
    return std::nullopt;
}

std::vector<std::optional<std::int64_t>> room_clock::remaining(std::int64_t now_ms) const {
    std::vector<std::optional<std::int64_t>> out(bank_ms_.size());
    const auto used = running_ >= 0 ? std::max<std::int64_t>(0, now_ms - started_ms_) : 0;
    for (std::size_t s = 0; s < out.size(); ++s) {
        const bool runs = static_cast<int>(s) == running_;
        if (settings_.type == kind::bank)
            out[s] = std::max<std::int64_t>(0, bank_ms_[s] - (runs ? used : 0));
        else if (settings_.type == kind::per_move && runs)
            out[s] = std::max<std::int64_t>(0, settings_.move_seconds * 1000 - used);
    }
    return out;
}

protocol::clock_view room_clock::view(std::int64_t now_ms) const {
    return {settings_, enabled() ? remaining(now_ms) : std::vector<std::optional<std::int64_t>>{},
            running_, now_ms};
}

}  // namespace quadra::server
