#include "events/arena_scoring.hpp"

#include <array>
#include <stdexcept>
#include <unordered_set>

#include "events/standings_order.hpp"

namespace quadra::events {
namespace {

// Points by place (index 0 the first) for each table size. Three players: 4/2/0, two points per
// table-mate beaten, as a 2-player win; four: lichess-like 4/2/1/0, first place worth the most.
constexpr std::array<int, 4> two_places{2, 0, 0, 0};
constexpr std::array<int, 4> three_places{4, 2, 0, 0};
constexpr std::array<int, 4> four_places{4, 2, 1, 0};

const std::array<int, 4>& places_of(int table_size) {
    switch (table_size) {
        case 2:
            return two_places;
        case 3:
            return three_places;
        case 4:
            return four_places;
        default:
            throw std::invalid_argument("arena: a table holds 2 to 4 players");
    }
}

}  // namespace

exact_points arena_place_points(int place, int tied, int table_size) {
    const std::array<int, 4>& places = places_of(table_size);
    if (place < 1 || tied < 1 || place + tied - 1 > table_size) {
        throw std::invalid_argument("arena: place " + std::to_string(place) + ", " +
                                    std::to_string(tied) + " tied, does not fit a table of " +
                                    std::to_string(table_size));
    }
    int covered = 0;
    for (int p = place; p < place + tied; ++p) covered += places[static_cast<std::size_t>(p - 1)];
    // tied is 1 to 4, a divisor of 144: the share is exact.
    return points_of(covered, tied);
}

arena_sheet score_arena_player(std::span<const arena_game> games, const arena_settings& settings) {
    arena_sheet sheet;
    int wins_in_a_row = 0;
    for (const arena_game& game : games) {
        arena_scored_game scored;
        const exact_points place = arena_place_points(game.place, game.tied, game.table_size);
        scored.win = game.place == 1 && game.tied == 1;
        scored.doubled = wins_in_a_row >= 2;
        scored.short_draw = game.tied == game.table_size && game.plies < settings.min_plies;
        scored.berserk_bonus =
            game.berserk && scored.win && game.own_moves >= settings.berserk_min_moves;
        if (!scored.short_draw) scored.score = scored.doubled ? place + place : place;
        if (scored.berserk_bonus) scored.score += points_of(1);
        // Any game that is not a win, a shared first place included, ends a streak: the next
        // fire needs two wins in a row again.
        wins_in_a_row = scored.win ? wins_in_a_row + 1 : 0;
        sheet.total += scored.score;
        sheet.games.push_back(scored);
    }
    sheet.on_fire = wins_in_a_row >= 2;
    return sheet;
}

std::vector<arena_standing> arena_standings(std::span<const arena_entry> players,
                                            const arena_settings& settings) {
    std::vector<arena_standing> standings;
    std::unordered_set<std::string> ids;
    for (const arena_entry& player : players) {
        if (!ids.insert(player.id).second) {
            throw std::invalid_argument("arena: two players have the id " + player.id);
        }
        standings.push_back({player.id, 0, score_arena_player(player.games, settings)});
    }
    auto ahead = [](const arena_standing& a, const arena_standing& b) {
        if (a.sheet.total != b.sheet.total) return a.sheet.total > b.sheet.total;
        return a.sheet.games.size() < b.sheet.games.size();
    };
    order_standings(standings, ahead);
    return standings;
}

}  // namespace quadra::events
