#pragma once
// A Swiss tournament's standings (docs/rules.md §9): each player's score, Buchholz and
// Sonneborn–Berger, exactly, from the games played at tables of 2, 3 or 4 and the byes given, and
// the order they give. A pure function of the results.
//
// A game at a table of k players is k − 1 meetings: the player scores 1 for each table-mate placed
// below, ½ for each tied, divided by k − 1. At two players that is a win 1, a draw ½, a loss 0;
// at any table the scores add up to ½ per player, as a 2-player game's do. A bye scores 1.

#include <string>
#include <vector>

#include "events/exact_points.hpp"

namespace quadra::events {

// A player at a game's table and their place there (1 the first; equal places are a tie, so a
// 2-player draw is both 1).
struct table_seat {
    std::string id{};
    int place = 1;
};

// One finished game: its table of 2 to 4 players.
struct swiss_game {
    std::vector<table_seat> seats{};
};

// Everything a Swiss has played so far. Every member has a default, so results can be written
// with designated initializers.
struct swiss_results {
    std::vector<std::string> players{};  // every entrant, withdrawn ones too
    std::vector<swiss_game> games{};     // in any order
    std::vector<std::string> byes{};     // one id per bye given (a player may have more than one)
};

// A line of the standings. Players equal by score, Buchholz and Sonneborn–Berger share a rank
// (1 + the players ahead).
struct swiss_standing {
    std::string id;
    int rank = 0;
    exact_points score{};
    exact_points buchholz{};
    exact_points sonneborn_berger{};
    int games = 0;
    int byes = 0;
};

// The standings: the higher score first, then the higher Buchholz, then the higher
// Sonneborn–Berger, then the id (which orders the lines of a shared rank).
//
// Buchholz: for each game, the mean of the table-mates' final scores (at two players, the
// opponent's score); for each bye, the player's own final score (a virtual opponent as strong as
// the player, as FIDE's 2023 rules count a player's unplayed round). Sonneborn–Berger: for each
// game, the sum over the table-mates of 1 (placed above them), ½ (tied) or 0 (below) times their
// final score, divided by the number of table-mates; a bye beats no one and adds nothing. A
// withdrawn player's final score is what they scored before withdrawing: missed rounds add
// nothing.
//
// Throws std::invalid_argument for two players with one id, a game or bye naming a player not in
// `players`, a table of fewer than 2 or more than 4 seats, a player twice at one table, or a place
// outside 1 … the table's size.
std::vector<swiss_standing> swiss_standings(const swiss_results& results);

}  // namespace quadra::events
