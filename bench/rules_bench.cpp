// Rules benchmark: random playouts per game, reporting playouts per second and the cost of one
// legal-move listing and one apply. Usage: rules_bench [seconds-per-round] [rounds]
// Each figure is the median over the rounds, so one noisy round does not move it.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "rules/registry.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

struct round_figures {
    double playouts_per_second = 0;
    double plies_per_playout = 0;
    double legal_microseconds = 0;
    double apply_microseconds = 0;
};

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

round_figures run_round(const quadra::rules::game& start, double budget, std::mt19937_64& rng) {
    double legal_seconds = 0, apply_seconds = 0;
    long playouts = 0, plies = 0;
    std::vector<int> dice;
    const auto round_start = clock_type::now();
    while (seconds_since(round_start) < budget) {
        auto game = start.clone();
        while (!game->finished()) {
            auto t0 = clock_type::now();
            const auto legal = game->legal();
            auto t1 = clock_type::now();
            const auto& request = legal[rng() % legal.size()];
            dice.resize(static_cast<std::size_t>(game->dice_needed(request)));
            for (auto& die : dice) die = static_cast<int>(rng() % 6) + 1;
            const auto token = game->with_dice(request, dice).value();
            auto t2 = clock_type::now();
            if (!game->apply(token)) std::abort();
            auto t3 = clock_type::now();
            legal_seconds += std::chrono::duration<double>(t1 - t0).count();
            apply_seconds += std::chrono::duration<double>(t3 - t2).count();
            ++plies;
        }
        ++playouts;
    }
    const double elapsed = seconds_since(round_start);
    return {playouts / elapsed, double(plies) / double(playouts),
            1e6 * legal_seconds / double(plies), 1e6 * apply_seconds / double(plies)};
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    const double budget = argc > 1 ? std::atof(argv[1]) : 1.0;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    std::mt19937_64 rng(20261130);

    std::printf("%-12s %12s %10s %12s %12s\n", "game", "playouts/s", "plies", "legal us",
                "apply us");
    for (const auto* type : quadra::rules::game_types()) {
        auto start = quadra::rules::create_game(type->id, {});
        if (!start) {
            std::printf("%-12s cannot start: %s\n", type->id.c_str(), start.reason().c_str());
            continue;
        }
        std::vector<double> speed, plies, legal, apply;
        for (int round = 0; round < rounds; ++round) {
            const auto figures = run_round(*start.value(), budget, rng);
            speed.push_back(figures.playouts_per_second);
            plies.push_back(figures.plies_per_playout);
            legal.push_back(figures.legal_microseconds);
            apply.push_back(figures.apply_microseconds);
        }
        std::printf("%-12s %12.0f %10.1f %12.3f %12.3f\n", type->id.c_str(), median(speed),
                    median(plies), median(legal), median(apply));
    }
}
