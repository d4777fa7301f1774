#pragma once
// Strength levels: each is a playout budget for the search (random plays without searching).

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace quadra::bots {

// How strong a bot plays, weakest first.
enum class level { random, easy, medium, hard, expert };

// Every level, weakest first.
std::span<const level> all_levels();

// "random", "easy", "medium", "hard" or "expert"; anything else is refused.
std::optional<level> parse_level(std::string_view name);
std::string_view level_name(level strength);
// The levels a room can seat (every one but random, which only self-play uses); anything else is
// refused. And their names for an error message: "\"easy\", \"medium\", \"hard\" or \"expert\"".
std::optional<level> parse_seat_level(std::string_view name);
std::string seat_level_names();

// Playouts per move: random 0 (a uniformly random legal request), easy 100, medium 800,
// hard 3000, expert 25000. On one core hard takes about 0.2 s per move in Quadrature and
// Kvadratura, 0.1 s in Kvadrat and 0.02 s in Quadwrangle (short playouts; see each game's
// policy), and expert about eight times as long, under 2 s. README's ladder has their strengths.
int level_playouts(level strength);

}  // namespace quadra::bots
