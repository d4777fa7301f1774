// The ladder of computer levels: each pair of adjacent levels plays N games per game (default
// options, seats alternating, fixed seeds) and the upper level's score is printed with the Elo
// difference it implies and that difference's 95 % interval, and the upper level's time per
// move. Levels are playout budgets, so the games (not the times) are the same on any machine.
//
// Usage: level_ladder [--games N] [--seed S] [--game ID] [--from LEVEL] [--to LEVEL] [--threads T]
//   --from LEVEL starts the ladder at the pair (LEVEL, the next one up); --to LEVEL ends it at
//   the pair (the one below, LEVEL).

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bots/level.hpp"
#include "bots/match.hpp"
#include "rules/registry.hpp"

namespace {

using quadra::bots::level;

struct settings {
    int games = 20;
    std::uint64_t seed = 7741;
    std::string game;  // empty: every game
    level from = level::random;
    level to = level::expert;
    int threads = 1;
};

// The upper level's share of one game: 1 a win, 0.5 a draw, 0 a loss.
double upper_score(const quadra::bots::match_result& played) { return (1.0 - played.margin) / 2; }

// The Elo difference a score implies; a score of 0 or 1 is taken as half a game from it, so
// the figure stays finite (and is marked as a bound).
double elo(double score, int games, bool& bound) {
    const double edge = 0.5 / games;
    bound = score <= edge || score >= 1 - edge;
    score = std::clamp(score, edge, 1 - edge);
    return -400.0 * std::log10(1.0 / score - 1.0);
}

struct pair_figures {
    double score = 0;  // mean upper score
    double low = 0, high = 0;
    int wins = 0, draws = 0, losses = 0;
    quadra::bots::side_figures upper;
};

// B is the upper level; A (the lower) starts the even games.
pair_figures play_pair(const quadra::rules::game& start, level lower, level upper,
                       const settings& given) {
    std::vector<quadra::bots::match_result> played(static_cast<std::size_t>(given.games));
    std::atomic<int> next{0};
    auto worker = [&] {
        for (int number = next++; number < given.games; number = next++)
            played[static_cast<std::size_t>(number)] = quadra::bots::play_match(
                start, lower, upper, number % 2 == 0, given.seed, std::uint64_t(number));
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < given.threads; ++t) threads.emplace_back(worker);
    worker();
    for (auto& thread : threads) thread.join();

    pair_figures figures;
    double sum = 0, squares = 0;
    for (const auto& game : played) {
        const double score = upper_score(game);
        sum += score;
        squares += score * score;
        (score > 0.75 ? figures.wins : score < 0.25 ? figures.losses : figures.draws) += 1;
        figures.upper += game.b;
    }
    const double n = given.games;
    figures.score = sum / n;
    const double variance = n > 1 ? (squares - n * figures.score * figures.score) / (n - 1) : 0;
    const double margin = 1.96 * std::sqrt(std::max(variance, 0.0) / n);
    figures.low = figures.score - margin;
    figures.high = figures.score + margin;
    return figures;
}

bool parse_arguments(int argc, char** argv, settings& out) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string_view name = argv[i], value = argv[i + 1];
        auto number = [&](auto& into) {
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), into);
            return error == std::errc{} && end == value.data() + value.size();
        };
        if (name == "--games") {
            if (!number(out.games) || out.games < 1) return false;
        } else if (name == "--seed") {
            if (!number(out.seed)) return false;
        } else if (name == "--threads") {
            if (!number(out.threads) || out.threads < 1) return false;
        } else if (name == "--game") {
            out.game = value;
        } else if (name == "--from") {
            const auto strength = quadra::bots::parse_level(value);
            if (!strength) return false;
            out.from = *strength;
        } else if (name == "--to") {
            const auto strength = quadra::bots::parse_level(value);
            if (!strength) return false;
            out.to = *strength;
        } else {
            return false;
        }
    }
    return argc % 2 == 1;
}

}  // namespace

int main(int argc, char** argv) {
    settings given;
    if (!parse_arguments(argc, argv, given)) {
        std::fprintf(stderr,
                     "usage: level_ladder [--games N] [--seed S] [--game ID] "
                     "[--from LEVEL] [--to LEVEL] [--threads T]\n");
        return 2;
    }
    std::printf("%d games per pair, seed %llu; score and Elo of the upper level, 95 %% interval\n",
                given.games, static_cast<unsigned long long>(given.seed));
    std::printf("%-12s %-17s %7s %9s %18s %10s\n", "game", "pair", "score", "W-D-L", "Elo (95 %)",
                "s/move");
    for (const auto* type : quadra::rules::game_types()) {
        if (!given.game.empty() && type->id != given.game) continue;
        const auto start = quadra::rules::create_game(type->id, {});
        const auto levels = quadra::bots::all_levels();
        for (std::size_t i = 0; i + 1 < levels.size(); ++i) {
            if (levels[i] < given.from || levels[i + 1] > given.to) continue;
            const auto f = play_pair(*start.value(), levels[i], levels[i + 1], given);
            bool bound = false, low_bound = false, high_bound = false;
            const double diff = elo(f.score, given.games, bound);
            const double low = elo(f.low, given.games, low_bound);
            const double high = elo(f.high, given.games, high_bound);
            const std::string pair = std::string(quadra::bots::level_name(levels[i + 1])) + " v " +
                                     std::string(quadra::bots::level_name(levels[i]));
            char elo_text[64];
            std::snprintf(elo_text, sizeof elo_text, "%s%+.0f [%+.0f, %+.0f]", bound ? ">" : "",
                          diff, low, high);
            char wdl[32];
            std::snprintf(wdl, sizeof wdl, "%d-%d-%d", f.wins, f.draws, f.losses);
            std::printf("%-12s %-17s %6.1f%% %9s %18s %10.3f\n", type->id.c_str(), pair.c_str(),
                        100 * f.score, wdl, elo_text,
                        f.upper.moves ? f.upper.seconds / double(f.upper.moves) : 0.0);
            std::fflush(stdout);
        }
    }
    return 0;
}
