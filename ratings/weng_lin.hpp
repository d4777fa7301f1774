#pragma once
// Multiplayer ratings for four-player Kvadrat (issue #17): Weng & Lin, "A Bayesian Approximation
// Method for Online Ranking", JMLR 12 (2011), with the Plackett-Luce model (the paper's
// Algorithm 4), as OpenSkill does by default. One skill per player and game id.
//
// Why Plackett-Luce and not Bradley-Terry full pairs (Algorithm 1): a finishing order is read as
// successive choices — the winner out of all four, then second out of the other three — so each
// game counts once as one ranking. Full pairs treats the six pairs of a four-player game as six
// independent duels, which counts the same result several times over and moves ratings more the
// more players a game has. Plackett-Luce also costs O(n) comparisons per player instead of O(n²)
// and, for two players, gives exactly Bradley-Terry's update.
//
// Every seat is its own team of one (Kvadrat is every player for themself), so the paper's team
// sums reduce to the player's own μ and σ².

#include <span>
#include <vector>

namespace quadra::ratings {

// A player's skill: the mean μ and standard deviation σ of the belief about it. The defaults are
// the paper's (and TrueSkill's) μ0 = 25, σ0 = 25/3.
struct skill {
    double mu = 25;
    double sigma = 25.0 / 3;
};

// The model's constants, the paper's defaults.
struct weng_lin_settings {
    double beta = 25.0 / 6;  // β = σ0/2: the spread of one game's performance around the skill
    double kappa = 1e-4;     // κ: the floor of the factor σ² shrinks by, so σ² stays positive
};

// The players' skills after one game. `ranks[i]` is player i's place, lower is better and equal
// ranks tie (1, 2, 2, 4 and 0, 1, 1, 2 mean the same). Returns the new skills in the players'
// order. Throws std::invalid_argument when the spans differ in size, hold fewer than 2 players,
// or a μ or σ is not finite or a σ not positive.
std::vector<skill> update(std::span<const skill> players, std::span<const int> ranks,
                          const weng_lin_settings& settings = {});

// A skill as players see it, on the same scale as Glicko's: rating = 1500 + 42 (μ − 25) and
// deviation = 42 σ. The factor 42 = 350 / σ0 makes a new player 1500 ± 350 in both systems, so the
// site shows one kind of number and one provisional rule. (The mean is shown, as lichess shows
// Glicko's, rather than OpenSkill's conservative μ − 3σ, which starts every player at 0.)
struct displayed_rating {
    double rating = 1500;
    double deviation = 350;
};

displayed_rating display(const skill& player);

// Whether the skill is too uncertain to show as settled: the displayed deviation is above 110,
// Glicko's provisional threshold (σ above 2.62).
bool provisional(const skill& player);

}  // namespace quadra::ratings
