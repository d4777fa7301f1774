#include "events/swiss_standings.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "events/standings_order.hpp"

namespace quadra::events {
namespace {

// A game as indices into the players, with each seat's place.
struct indexed_game {
    std::vector<std::size_t> players;
    std::vector<int> places;
};

// exact_points of units / divisor; every division the rules make is exact (exact_points.hpp),
// so a remainder is a bug here, not in the input.
exact_points divided(std::int64_t units, std::int64_t divisor) {
    if (units % divisor != 0) throw std::logic_error("swiss standings: an inexact division");
    return {units / divisor};
}

// 2 for a table-mate placed below, 1 for one tied, 0 for one above: halves of a meeting's score.
std::int64_t meeting_halves(int own_place, int mate_place) {
    return own_place < mate_place ? 2 : own_place == mate_place ? 1 : 0;
}

std::vector<indexed_game> read_games(const swiss_results& results,
                                     const std::unordered_map<std::string, std::size_t>& index) {
    std::vector<indexed_game> games;
    for (const swiss_game& game : results.games) {
        const std::size_t size = game.seats.size();
        if (size < 2 || size > 4) {
            throw std::invalid_argument("swiss standings: a table holds 2 to 4 players");
        }
        indexed_game read;
        for (const table_seat& seat : game.seats) {
            const auto found = index.find(seat.id);
            if (found == index.end()) {
                throw std::invalid_argument("swiss standings: no player " + seat.id);
            }
            if (std::find(read.players.begin(), read.players.end(), found->second) !=
                read.players.end()) {
                throw std::invalid_argument("swiss standings: " + seat.id + " twice at a table");
            }
            if (seat.place < 1 || seat.place > static_cast<int>(size)) {
                throw std::invalid_argument("swiss standings: " + seat.id + "'s place " +
                                            std::to_string(seat.place) + " at a table of " +
                                            std::to_string(size));
            }
            read.players.push_back(found->second);
            read.places.push_back(seat.place);
        }
        games.push_back(std::move(read));
    }
    return games;
}

}  // namespace

std::vector<swiss_standing> swiss_standings(const swiss_results& results) {
    std::unordered_map<std::string, std::size_t> index;
    std::vector<swiss_standing> standings;
    for (const std::string& id : results.players) {
        if (!index.emplace(id, standings.size()).second) {
            throw std::invalid_argument("swiss standings: two players have the id " + id);
        }
        standings.push_back({.id = id});
    }
    const std::vector<indexed_game> games = read_games(results, index);
    for (const std::string& id : results.byes) {
        const auto found = index.find(id);
        if (found == index.end()) throw std::invalid_argument("swiss standings: no player " + id);
        swiss_standing& player = standings[found->second];
        player.score += points_of(1);
        ++player.byes;
    }

    // Scores first: the tiebreaks need every final score.
    for (const indexed_game& game : games) {
        const std::size_t size = game.players.size();
        const auto mates = static_cast<std::int64_t>(size - 1);
        for (std::size_t i = 0; i < size; ++i) {
            std::int64_t halves = 0;
            for (std::size_t j = 0; j < size; ++j) {
                if (j != i) halves += meeting_halves(game.places[i], game.places[j]);
            }
            swiss_standing& player = standings[game.players[i]];
            player.score += divided(halves * exact_points::per_point, 2 * mates);
            ++player.games;
        }
    }

    // Tiebreaks, per game: table-mates' scores summed (each weighted by the meeting's halves for
    // Sonneborn–Berger), then divided by the table-mates (and by 2 for the halves).
    for (swiss_standing& player : standings) {
        player.buchholz = {player.score.units * player.byes};
    }
    for (const indexed_game& game : games) {
        const std::size_t size = game.players.size();
        const auto mates = static_cast<std::int64_t>(size - 1);
        for (std::size_t i = 0; i < size; ++i) {
            std::int64_t opposition = 0;
            std::int64_t beaten = 0;
            for (std::size_t j = 0; j < size; ++j) {
                if (j == i) continue;
                const std::int64_t mate = standings[game.players[j]].score.units;
                opposition += mate;
                beaten += meeting_halves(game.places[i], game.places[j]) * mate;
            }
            swiss_standing& player = standings[game.players[i]];
            player.buchholz += divided(opposition, mates);
            player.sonneborn_berger += divided(beaten, 2 * mates);
        }
    }

    auto ahead = [](const swiss_standing& a, const swiss_standing& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
        return a.sonneborn_berger > b.sonneborn_berger;
    };
    order_standings(standings, ahead);
    return standings;
}

}  // namespace quadra::events
