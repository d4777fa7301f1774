#include "tests/events/swiss_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

namespace quadra::events::testing {

simulated_field random_field(int count, std::mt19937_64& random) {
    simulated_field field;
    std::uniform_int_distribution<int> rating(1000, 2400);
    std::uniform_int_distribution<int> eighth(0, 7);
    for (int i = 0; i < count; ++i) {
        field.players.push_back({.id = "p" + std::to_string(i + 1), .rating = rating(random)});
        field.late_from.push_back(eighth(random) == 0 ? 1 + eighth(random) % 3 : 0);
    }
    std::sort(field.players.begin(), field.players.end(),
              [](const auto& a, const auto& b) { return a.rating > b.rating; });
    for (int i = 0; i < count; ++i) field.players[static_cast<std::size_t>(i)].rank = i + 1;
    return field;
}

void update_presence(simulated_field& field, int round, double withdraw, std::mt19937_64& random) {
    std::bernoulli_distribution withdraws(withdraw);
    for (std::size_t i = 0; i < field.players.size(); ++i) {
        swiss_player& player = field.players[i];
        if (field.late_from[i] == round) player.present = true;
        if (field.late_from[i] > round) player.present = false;
        if (field.late_from[i] < round && player.present && withdraws(random)) {
            player.present = false;
            field.late_from[i] = 1000;  // never back
        }
    }
}

void play_round(simulated_field& field, const swiss_round& round, std::mt19937_64& random) {
    std::unordered_map<std::string, swiss_player*> by_id;
    for (swiss_player& player : field.players) by_id[player.id] = &player;
    std::uniform_real_distribution<double> unit(0, 1);
    for (const swiss_pairing& pairing : round.pairings) {
        swiss_player& first = *by_id.at(pairing.first);
        swiss_player& second = *by_id.at(pairing.second);
        first.opponents.push_back(second.id);
        second.opponents.push_back(first.id);
        first.first_moves.push_back(true);
        second.first_moves.push_back(false);
        const double first_wins = 1 / (1 + std::pow(10.0, (second.rating - first.rating) / 400.0));
        const double roll = unit(random);
        if (roll < 0.1) {
            first.half_points += 1;
            second.half_points += 1;
        } else if (roll < 0.1 + 0.9 * first_wins) {
            first.half_points += 2;
        } else {
            second.half_points += 2;
        }
    }
    if (round.bye) {
        swiss_player& player = *by_id.at(*round.bye);
        player.half_points += 2;
        player.had_bye = true;
    }
}

}  // namespace quadra::events::testing
