// Events pairing benchmark (issue #43's targets): an arena wave of 1,000 waiting players (target
// under 200 ms on one core) and a Swiss round of 300 players (under 1 s), each the median of
// several runs on one thread. Usage: events_bench [runs] (default 9)
//
// The arena's players have random places, ratings, last opponents and first-move histories. The
// Swiss is a 300-player event played out with results drawn from ratings; its last round, the
// ninth (the widest score spread, the most opponents to avoid), is paired `runs` times.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "events/arena.hpp"
#include "events/swiss.hpp"
#include "tests/events/swiss_simulation.hpp"

using namespace quadra::events;

namespace {

using clock_type = std::chrono::steady_clock;

template <typename Work>
double milliseconds_of(Work&& work) {
    const auto start = clock_type::now();
    work();
    return std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

std::vector<arena_player> arena_field(int count, std::mt19937_64& random) {
    std::vector<int> places(static_cast<std::size_t>(count));
    std::iota(places.begin(), places.end(), 1);
    std::shuffle(places.begin(), places.end(), random);
    std::uniform_int_distribution<int> rating(1000, 2400);
    std::uniform_int_distribution<int> games(0, 6);
    std::uniform_int_distribution<int> anyone(0, count - 1);
    std::vector<arena_player> players;
    players.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        arena_player player{.id = "a" + std::to_string(i),
                            .rank = places[static_cast<std::size_t>(i)],
                            .rating = rating(random)};
        player.last_opponent = "a" + std::to_string(anyone(random));
        for (int g = games(random); g > 0; --g) player.first_moves.push_back(random() % 2 == 0);
        players.push_back(std::move(player));
    }
    return players;
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 9;
    std::mt19937_64 random(43);

    const std::vector<arena_player> waiting = arena_field(1000, random);
    std::vector<double> arena_times;
    arena_times.reserve(static_cast<std::size_t>(runs));
    arena_wave wave;
    for (int run = 0; run < runs; ++run) {
        arena_times.push_back(milliseconds_of([&] { wave = pair_arena_wave(waiting); }));
    }
    std::printf("arena wave, %zu waiting: median %.1f ms over %d runs (%zu pairs, %zu wait)\n",
                waiting.size(), median(arena_times), runs, wave.pairings.size(),
                wave.waiting.size());

    // 301 players: odd, so every round has a bye too.
    quadra::events::testing::simulated_field field;  // everyone present from the first round
    std::vector<swiss_player>& players = field.players;
    players.reserve(301);
    std::uniform_int_distribution<int> rating(1000, 2400);
    for (int i = 0; i < 301; ++i) {
        players.push_back({.id = "s" + std::to_string(i), .rating = rating(random)});
    }
    std::sort(players.begin(), players.end(),
              [](const auto& a, const auto& b) { return a.rating > b.rating; });
    for (std::size_t i = 0; i < players.size(); ++i) players[i].rank = static_cast<int>(i) + 1;
    std::printf("swiss, %zu players, rounds 1-8 once each (ms):", players.size());
    for (int round = 0; round < 8; ++round) {
        swiss_round paired;
        std::printf(" %.1f", milliseconds_of([&] { paired = pair_swiss_round(players); }));
        quadra::events::testing::play_round(field, paired, random);
    }
    std::vector<double> swiss_times;
    swiss_times.reserve(static_cast<std::size_t>(runs));
    swiss_round last;
    for (int run = 0; run < runs; ++run) {
        swiss_times.push_back(milliseconds_of([&] { last = pair_swiss_round(players); }));
    }
    const auto repeats = std::count_if(last.pairings.begin(), last.pairings.end(),
                                       [](const auto& p) { return p.repeat; });
    std::printf(
        "\nswiss round 9, %zu players: median %.1f ms over %d runs (%zu pairs, %s bye, "
        "%td repeats)\n",
        players.size(), median(swiss_times), runs, last.pairings.size(), last.bye ? "a" : "no",
        repeats);
    // How close the weights come to the matcher's exact range: the headroom for larger fields
    // and wider score spreads.
    const swiss_graph graph = swiss_pairing_graph(players, false, false);
    std::int64_t heaviest = 0;
    for (const weighted_edge& edge : graph.edges) heaviest = std::max(heaviest, edge.weight);
    std::printf("swiss round 9's heaviest edge weighs 2^%.1f (the matcher takes up to 2^56)\n",
                std::log2(static_cast<double>(heaviest)));
    return 0;
}
