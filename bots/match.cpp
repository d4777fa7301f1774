#include "match.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "chance.hpp"
#include "random.hpp"
#include "search.hpp"

namespace quadra::bots {

namespace {

using clock_type = std::chrono::steady_clock;

double margin_of(const rules::outcome& end, int seats, bool a_starts) {
    std::vector<double> share(static_cast<std::size_t>(seats), 1.0 / seats);
    if (!end.winners.empty()) {
        std::fill(share.begin(), share.end(), 0.0);
        for (const int seat : end.winners)
            share[static_cast<std::size_t>(seat)] = 1.0 / double(end.winners.size());
    }
    double total = 0;
    for (int seat = 0; seat < seats; ++seat)
        total += seat_of_a(seat, a_starts) ? share[static_cast<std::size_t>(seat)]
                                           : -share[static_cast<std::size_t>(seat)];
    return total;
}

}  // namespace

side_figures& side_figures::operator+=(const side_figures& more) {
    moves += more.moves;
    playouts += more.playouts;
    seconds += more.seconds;
    return *this;
}

bool seat_of_a(int seat, bool a_starts) { return (seat % 2 == 0) == a_starts; }

match_result play_match(const rules::game& start, level a, level b, bool a_starts,
                        std::uint64_t seed, std::uint64_t number) {
    auto game = start.clone();
    rng dice(derive_seed(seed, number, 0xd1ce));
    match_result played;
    while (!game->finished()) {
        const bool a_moves = seat_of_a(game->to_move(), a_starts);
        const auto began = clock_type::now();
        const auto choice = choose_move(*game, level_budget(a_moves ? a : b),
                                        derive_seed(seed, number, std::uint64_t(played.plies) + 1));
        auto& figures = a_moves ? played.a : played.b;
        if (choice.playouts > 0) {
            ++figures.moves;
            figures.playouts += choice.playouts;
            figures.seconds += std::chrono::duration<double>(clock_type::now() - began).count();
        }
        play_request(*game, choice.request, dice);
        ++played.plies;
    }
    played.end = game->current_outcome();
    played.margin = margin_of(played.end, game->seat_count(), a_starts);
    return played;
}

}  // namespace quadra::bots
