#pragma once
// Glicko-2 ratings for two-player games (issue #17), after Mark E. Glickman, "Example of the
// Glicko-2 system" (Boston University, 2013): one rating per player, game id and clock speed class.
//
// Rating periods: like lichess, we run one rating period per game, so a rating moves as soon as
// the game ends instead of at the end of a batch. The paper advises 10-15 games per period; with
// one, each game is rated against the opponent's rating before that game, and Step 6 widens the
// deviation by one period's volatility before every game's information narrows it again. Idle
// time is not counted here: `without_games` is one period without games, and the caller decides
// how many of those an absence is worth.

#include <span>

namespace quadra::ratings {

// A player's strength on Glicko's public scale: rating r, rating deviation RD, volatility σ. The
// defaults are the paper's Step 1 values for an unrated player.
struct glicko2_rating {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

// The system constants.
struct glicko2_settings {
    double tau = 0.5;            // τ: how fast volatility may change (paper: 0.3 to 1.2)
    double epsilon = 1e-6;       // ε: the convergence tolerance of Step 5's iteration
    double max_deviation = 350;  // the deviation never grows past an unrated player's
};

// One game of the rating period from the player's side: the opponent's rating and deviation at the
// start of the period (the opponent's volatility is not used) and the score, 1 win, 0.5 draw,
// 0 loss.
struct glicko2_game {
    glicko2_rating opponent;
    double score = 0;
};

// The player's rating after a rating period with these games (Steps 2-8). With no games, the same
// as `without_games`. Throws std::invalid_argument for a score outside [0, 1].
glicko2_rating update(const glicko2_rating& player, std::span<const glicko2_game> games,
                      const glicko2_settings& settings = {});

// The player's rating after a rating period without games: rating and volatility stay, the
// deviation grows to sqrt(φ² + σ²) (Step 6 alone), capped at settings.max_deviation.
glicko2_rating without_games(const glicko2_rating& player, const glicko2_settings& settings = {});

// Lichess's threshold: above it a rating is shown with a "?" and is not on leaderboards.
constexpr double provisional_deviation = 110;

// Whether the rating is still too uncertain to show as settled (deviation above 110).
bool provisional(const glicko2_rating& player);

}  // namespace quadra::ratings
