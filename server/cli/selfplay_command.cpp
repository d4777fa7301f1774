#include "server/cli/selfplay_command.hpp"

#include <charconv>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "bots/level.hpp"
#include "bots/match.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"

namespace quadra::server {

namespace {

struct selfplay_settings {
    std::string game;
    bots::level a = bots::level::medium;
    bots::level b = bots::level::medium;
    int games = 10;
    std::uint64_t seed = 1;
    rules::options options;
};

template <class Number>
bool parse_number(std::string_view text, Number& out) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc{} && end == text.data() + text.size();
}

rules::result<selfplay_settings> parse_arguments(std::span<char* const> args) {
    selfplay_settings settings;
    bool have_a = false, have_b = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view name = args[i];
        if (i + 1 >= args.size()) return rules::refusal{"missing value after " + std::string(name)};
        const std::string_view value = args[++i];
        if (name == "--game") {
            settings.game = value;
        } else if (name == "--a" || name == "--b") {
            const auto strength = bots::parse_level(value);
            if (!strength)
                return rules::refusal{"unknown level '" + std::string(value) +
                                      "' (random, easy, medium, hard or expert)"};
            (name == "--a" ? settings.a : settings.b) = *strength;
            (name == "--a" ? have_a : have_b) = true;
        } else if (name == "--games") {
            if (!parse_number(value, settings.games) || settings.games < 1)
                return rules::refusal{"--games takes a positive number"};
        } else if (name == "--seed") {
            if (!parse_number(value, settings.seed))
                return rules::refusal{"--seed takes a non-negative number"};
        } else if (name == "--options") {
            auto options = protocol::parse_options(value);
            if (!options) return rules::refusal{"--options: " + options.reason()};
            settings.options = std::move(options).value();
        } else {
            return rules::refusal{"unknown argument '" + std::string(name) + "'"};
        }
    }
    if (settings.game.empty()) return rules::refusal{"--game is required"};
    if (!have_a || !have_b) return rules::refusal{"--a and --b are required"};
    return settings;
}

void print_figures(std::ostream& out, const char* side, bots::level strength,
                   const bots::side_figures& figures) {
    out << side << " (" << bots::level_name(strength) << "): " << figures.moves << " moves, "
        << std::fixed << std::setprecision(3)
        << (figures.moves ? figures.seconds / double(figures.moves) : 0.0) << " s/move, "
        << std::setprecision(0) << (figures.seconds > 0 ? figures.playouts / figures.seconds : 0.0)
        << " playouts/s\n";
    out.unsetf(std::ios::floatfield);
}

}  // namespace

int run_selfplay_command(std::span<char* const> args, std::ostream& out, std::ostream& err) {
    auto parsed = parse_arguments(args);
    if (!parsed) {
        err << "quadra selfplay: " << parsed.reason() << '\n';
        return 2;
    }
    const auto& settings = parsed.value();
    auto start = rules::create_game(settings.game, settings.options);
    if (!start) {
        err << "quadra selfplay: " << start.reason() << '\n';
        return 2;
    }

    int wins = 0, draws = 0, losses = 0;
    bots::side_figures figures_a, figures_b;
    for (int number = 0; number < settings.games; ++number) {
        const bool a_starts = number % 2 == 0;
        const auto played = bots::play_match(*start.value(), settings.a, settings.b, a_starts,
                                             settings.seed, std::uint64_t(number));
        figures_a += played.a;
        figures_b += played.b;
        const double result = played.margin;
        const char* verdict = result > 1e-9 ? "A wins" : result < -1e-9 ? "B wins" : "draw";
        (result > 1e-9 ? wins : result < -1e-9 ? losses : draws) += 1;
        out << "game " << number + 1 << ": A seat " << (a_starts ? 0 : 1)
            << (start.value()->seat_count() == 4 ? (a_starts ? "+2" : "+3") : "") << ", " << verdict
            << " (" << played.end.reason << ") after " << played.plies << " plies\n"
            << std::flush;
    }
    out << settings.game << ": A " << bots::level_name(settings.a) << " vs B "
        << bots::level_name(settings.b) << ", " << settings.games << " games: A " << wins
        << " wins, " << draws << " draws, " << losses << " losses (score " << std::fixed
        << std::setprecision(1) << 100.0 * (wins + 0.5 * draws) / settings.games << "%)\n";
    out.unsetf(std::ios::floatfield);
    print_figures(out, "A", settings.a, figures_a);
    print_figures(out, "B", settings.b, figures_b);
    return 0;
}

}  // namespace quadra::server
