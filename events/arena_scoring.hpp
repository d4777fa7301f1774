#pragma once
// An arena's scores and standings (docs/rules.md §9), after lichess's arena: each game scores by
// the player's place at the table, double while the player is on fire (after two wins in a row),
// nothing for a draw shorter than the event's minimum, and one point more for a berserk win. The
// standings order players by total, then fewer games, then id. Pure functions of the games.
//
// Only finished games are scored: games still running when the arena ends are not given to these
// functions (the caller leaves them out, as lichess does), and so count neither for the total nor
// for a streak.

#include <span>
#include <string>
#include <vector>

#include "events/exact_points.hpp"

namespace quadra::events {

// One finished game of one player, as the arena scores it. Places are in competition ranking:
// players tied share a place and the next place skips (1, 1, 3, 4); a 2-player draw is place 1,
// tied 2. Every member has a default, so a game can be written with designated initializers.
struct arena_game {
    int place = 1;         // 1 the first
    int tied = 1;          // the players sharing that place, the player included
    int table_size = 2;    // 2, 3 or 4
    int plies = 0;         // moves made by all players
    int own_moves = 0;     // moves made by the player
    bool berserk = false;  // the player halved their own clock at the start
};

// An event's settings.
struct arena_settings {
    int min_plies = 20;         // a draw of fewer plies scores nothing (lichess: 10 moves each)
    int berserk_min_moves = 7;  // own moves a berserk win needs for its extra point (lichess: 7)
};

// One game on a player's sheet: its points and why.
struct arena_scored_game {
    exact_points score{};
    bool win = false;            // first place alone: counts toward a streak
    bool doubled = false;        // played on fire: the place's points count twice
    bool berserk_bonus = false;  // a berserk win long enough: one point more, never doubled
    bool short_draw = false;     // everyone shared first place too early: nothing
};

// A player's games in order, their total and whether their next game scores double.
struct arena_sheet {
    std::vector<arena_scored_game> games;
    exact_points total{};
    bool on_fire = false;
};

// The points of a place at a table when no streak, berserk or short draw applies: 2/0 for two
// players, 4/2/0 for three, 4/2/1/0 for four; players tied share the places they cover equally.
// Throws std::invalid_argument for a table of fewer than 2 or more than 4 players, or a place and
// tie that do not fit in it.
exact_points arena_place_points(int place, int tied, int table_size);

// Throws std::invalid_argument for a game arena_place_points refuses.
arena_sheet score_arena_player(std::span<const arena_game> games,
                               const arena_settings& settings = {});

// A player's finished games, in the order they ended.
struct arena_entry {
    std::string id{};
    std::vector<arena_game> games{};
};

// A line of the standings. Players equal by total and games share a rank (1 + the players ahead).
struct arena_standing {
    std::string id;
    int rank = 0;
    arena_sheet sheet;
};

// The standings: the higher total first; on equal totals, fewer games (the same points in fewer
// games is more per game: an exact stand-in for lichess's performance rating); then the id, which
// orders the lines of a shared rank. Throws std::invalid_argument for two players with one id, or
// a game score_arena_player refuses.
std::vector<arena_standing> arena_standings(std::span<const arena_entry> players,
                                            const arena_settings& settings = {});

}  // namespace quadra::events
