#pragma once
// A room's creation parameters besides its game: the clock and the flags (rated, takebacks),
// as requests carry them and the store keeps them (as text).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quadra::protocol {

// A room's clock, chosen at creation: none, a time bank with an increment per move, or a limit
// per move. Seconds, within the bounds PROTOCOL.md gives.
struct clock_settings {
    enum class kind { none, bank, per_move };
    kind type = kind::none;
    std::int64_t initial_seconds = 0;    // bank
    std::int64_t increment_seconds = 0;  // bank
    std::int64_t move_seconds = 0;       // per_move
    bool operator==(const clock_settings&) const = default;
};
// The clock as JSON text, as in create_room, for storing it; and back (null when malformed).
std::string clock_settings_text(const clock_settings& clock);
std::optional<clock_settings> parse_clock_settings(std::string_view text);

// What a game is created with besides its rules and options, as the store keeps it (the game's
// `settings`): the clock, and whether the game is rated (#17).
struct room_settings {
    clock_settings clock;
    bool rated = false;
    // Takebacks by consent (#29) even though the room is rated or has more than two seats (a
    // casual 2-player room always allows them).
    bool takebacks = false;
    bool operator==(const room_settings&) const = default;
};
// The clock object of create_room, with `"rated": true` added for a rated game and
// `"takebacks": true` for one that allows them (so an unrated game's text is the clock's alone,
// as before); and back (null when malformed).
std::string room_settings_text(const room_settings& settings);
std::optional<room_settings> parse_room_settings(std::string_view text);

}  // namespace quadra::protocol
