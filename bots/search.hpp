#pragma once
// The bots' one search: Monte Carlo tree search (UCT) over the rules interface, for every game.
//
// Each seat maximises its own result: a playout's end scores 1 for a sole winner, 1/k for each of
// k seats sharing first place, 1/n for every seat on a draw, 0 otherwise, and every tree edge
// keeps the reward of the seat that chose it. Chance (Quadwrangle's dice): the tree is over
// requests ("roll", "reroll 1 3", "play lanes") and ends at the first request on its path that
// rolls dice; each iteration samples them afresh, uniform 1-6 from the bot's own generator as the
// server rolls them, and the playout goes on from there. (A tree going on below a roll chose each
// later request by its average over every roll, blind to the dice in front of it: more playouts
// made it no stronger.) Requests available only under some dice keep an availability count that
// replaces the parent's visits in the UCB term (as in information-set MCTS).
//
// Playouts pick requests with the game's playout policy (policy.hpp), uniformly without one. A
// policy with a horizon stops each playout after that many plies and scores the position with
// its own estimate; every registered game but Kvadratura (whose playouts are short) has one.
// A search of selective_playouts or more (the expert level) explores with the weight its policy
// names: Quadrature's large searches go deeper rather than wider. The move played is the most
// visited root request.
//
// A search is a pure function of the position, the budget and the seed: it reads no clock except
// for an optional deadline, holds no global state, and may run on any thread. Given the same
// position, playout budget and seed it returns the same request, unless the deadline or a stop
// request cut it short.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "level.hpp"
#include "rules/game.hpp"

namespace quadra::bots {

// What one move may cost.
struct budget {
    int playouts = 0;  // 0: a uniformly random legal request, no search
    // Stop searching at this time and answer with the best request so far.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // Stop searching once this becomes true (the room closed, the move was no longer wanted); null:
    // never. It must outlive the call. A plain atomic flag, because WebAssembly's libc++ has no
    // std::stop_token; a thread's stop token sets it through a std::stop_callback.
    const std::atomic<bool>* stop = nullptr;
};

// The budget of a level, without deadline or stop.
budget level_budget(level strength);

// A bot's answer: the request to play and what finding it cost.
struct decision {
    std::string request;     // one of game.legal(); the caller rolls its dice if it needs any
    int playouts = 0;        // playouts run
    double value = 0;        // the mover's expected reward for `request` (0..1); 0 without search
    bool cut_short = false;  // the deadline or a stop request ended the search early
};

// One request of the position as the search saw it.
struct move_estimate {
    std::string request;
    int visits = 0;
    double value = 0;  // the mover's expected reward for it (0..1)
};

// What the search thinks of a position, for a player studying it.
struct analysis {
    decision best;                     // the most visited request, as choose_move answers
    std::vector<move_estimate> moves;  // every request tried, most visited first
    std::vector<std::string> line;    // the requests it expects: `best`, then the likeliest replies
    std::vector<double> seat_values;  // each seat's expected reward after `best` (they sum to 1)
};

// The request the side to move of `game` should make. Without a choice (one legal request, e.g.
// Quadwrangle's "roll" or a forced "pass") it answers at once. Called on a finished game it
// breaks its contract (std::invalid_argument, rules/contract.hpp).
decision choose_move(const rules::game& game, const budget& limits, std::uint64_t seed);

// The search of choose_move, with what it saw: given the same budget and seed, `best` is
// choose_move's answer wherever the side to move has a choice; with one legal request it still
// searches (at least one playout), to value the position. A finished game has nothing to analyse:
// `moves` and `line` are empty.
analysis analyse(const rules::game& game, const budget& limits, std::uint64_t seed);

}  // namespace quadra::bots
