#include "server/store/rating_update.hpp"

#include <algorithm>

#include "ratings/glicko2.hpp"
#include "ratings/weng_lin.hpp"

namespace quadra::server {

rating_row unrated(std::int64_t identity, const std::string& key) {
    rating_row row;
    row.identity = identity;
    row.key = key;
    return row;
}

namespace {

ratings::glicko2_rating glicko_of(const rating_row& row) {
    return {row.rating, row.deviation, row.volatility};
}

// Each player against every other, one Glicko-2 period: 1 for a better place, ½ for the same.
std::vector<rating_row> rate_glicko2(const rated_game& game, std::span<const rating_row> before) {
    std::vector<rating_row> after(before.begin(), before.end());
    for (std::size_t i = 0; i < before.size(); ++i) {
        std::vector<ratings::glicko2_game> games;
        for (std::size_t j = 0; j < before.size(); ++j) {
            if (j == i) continue;
            const int mine = game.players[i].place, theirs = game.players[j].place;
            games.push_back({glicko_of(before[j]), mine < theirs    ? 1.0
                                                   : mine == theirs ? 0.5
                                                                    : 0.0});
        }
        const auto updated = ratings::update(glicko_of(before[i]), games);
        after[i].rating = updated.rating;
        after[i].deviation = updated.deviation;
        after[i].volatility = updated.volatility;
    }
    return after;
}

std::vector<rating_row> rate_weng_lin(const rated_game& game, std::span<const rating_row> before) {
    std::vector<ratings::skill> skills;
    std::vector<int> ranks;
    for (std::size_t i = 0; i < before.size(); ++i) {
        skills.push_back({before[i].mu, before[i].sigma});
        ranks.push_back(game.players[i].place);
    }
    const auto updated = ratings::update(skills, ranks);
    std::vector<rating_row> after(before.begin(), before.end());
    for (std::size_t i = 0; i < after.size(); ++i) {
        after[i].mu = updated[i].mu;
        after[i].sigma = updated[i].sigma;
        const auto shown = ratings::display(updated[i]);
        after[i].rating = shown.rating;
        after[i].deviation = shown.deviation;
    }
    return after;
}

}  // namespace

std::vector<rating_row> rate_game(const rated_game& game, std::span<const rating_row> before,
                                  std::int64_t at_ms) {
    auto after = game.system == rating_system::glicko2 ? rate_glicko2(game, before)
                                                       : rate_weng_lin(game, before);
    for (auto& row : after) {
        row.games += 1;
        row.updated_ms = at_ms;
    }
    return after;
}

std::string outcome_of(const rated_game& game, std::size_t index) {
    const auto& players = game.players;
    const auto [best, worst] = std::minmax_element(
        players.begin(), players.end(),
        [](const rated_player& a, const rated_player& b) { return a.place < b.place; });
    if (best->place == worst->place) return "draw";
    return players[index].place == best->place ? "win" : "loss";
}

}  // namespace quadra::server
