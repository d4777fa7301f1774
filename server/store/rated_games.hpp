#pragma once
// Which rating a finished game changes (#17): the clock's speed class, the rating key, and the
// players with their places as the store rates them. The one place these are decided.
//
// Speed classes, lichess's: a bank clock's estimated duration is initial + 40 × increment
// seconds (a 40-move game): below 3 minutes "bullet", below 8 "blitz", below 25 "rapid", else
// "classical". A limit per move of a day or more is "correspondence"; a shorter one counts as a
// bank of 40 moves of it. No clock: "untimed".
// Rating keys: "<game>.<speed class>" for two-player games (Glicko-2), "<game>.4p" for four
// players (Weng-Lin, one rating per game whatever the clock).

#include <cstdint>
#include <optional>
#include <string>

#include "bots/level.hpp"
#include "protocol/messages.hpp"
#include "server/rooms/room.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

std::string speed_class(const protocol::clock_settings& clock);
std::string rating_key(const std::string& game, int seat_count,
                       const protocol::clock_settings& clock);

// A computer player rates as a player of its own per level (setting rated_bots): these ids are
// negative, so no identity (random positive ids) ever has one.
std::int64_t bot_rating_identity(bots::level strength);
// The level of a bot's rating id; none for a person's.
std::optional<bots::level> bot_of_rating_identity(std::int64_t identity);

// What the store rates when `finished` (a finished room) is rated: its key, system and players
// with their places (winners first; in four-player games then the players still in the game by
// score, then those who retired). None when the room is not rated or a seat has no single holder.
std::optional<rated_game> rated_game_of(const room& finished);

}  // namespace quadra::server
