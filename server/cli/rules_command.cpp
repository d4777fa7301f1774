#include "server/cli/rules_command.hpp"

#include <charconv>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "bots/level.hpp"
#include "bots/search.hpp"
#include "protocol/cli_json.hpp"
#include "protocol/game_json.hpp"
#include "protocol/record.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"

namespace quadra::server {

namespace {

struct rules_arguments {
    bool pretty = false;
    bool position = false;
    std::optional<std::string> from;     // a position notation to go on from, instead of stdin
    std::vector<std::string> tokens;     // the tokens to apply after it
    std::optional<int> best;             // ask the engine for this many playouts instead
    bool analyse = false;                // ... and print what it saw, not only its move
    std::uint64_t seed = 0;              // the engine's seed
    std::optional<std::string> explain;  // a request to explain instead (rules::game::explain)
};

// A playout count ("3000") or a level's name ("hard").
std::optional<int> parse_budget(std::string_view text) {
    if (const auto strength = bots::parse_level(text)) return bots::level_playouts(*strength);
    int playouts = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), playouts);
    if (error != std::errc{} || end != text.data() + text.size() || playouts < 0)
        return std::nullopt;
    return playouts;
}

std::optional<std::uint64_t> parse_seed(std::string_view text) {
    std::uint64_t seed = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return seed;
}

// Flags anywhere; after --from, its notation and then the tokens (a token never starts with '-').
std::optional<rules_arguments> parse_arguments(std::span<char* const> args, std::ostream& err) {
    rules_arguments parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string arg = args[i];
        if (arg == "--pretty") {
            parsed.pretty = true;
        } else if (arg == "--position") {
            parsed.position = true;
        } else if ((arg == "--best" || arg == "--analyse") && i + 1 < args.size()) {
            parsed.best = parse_budget(args[++i]);
            parsed.analyse = arg == "--analyse";
            if (!parsed.best) {
                err << "quadra rules: " << arg << " takes a playout count or a level, not '"
                    << args[i] << "'\n";
                return std::nullopt;
            }
        } else if (arg == "--explain" && i + 1 < args.size()) {
            parsed.explain = args[++i];
        } else if (arg == "--seed" && i + 1 < args.size()) {
            const auto seed = parse_seed(args[++i]);
            if (!seed) {
                err << "quadra rules: --seed takes a number from 0 to 2^64 - 1, not '" << args[i]
                    << "'\n";
                return std::nullopt;
            }
            parsed.seed = *seed;
        } else if (arg == "--from" && !parsed.from && i + 1 < args.size()) {
            parsed.from = args[++i];
        } else if (parsed.from && !arg.starts_with("-")) {
            parsed.tokens.push_back(arg);
        } else {
            err << "quadra rules: unexpected argument '" << arg << "'\n";
            return std::nullopt;
        }
    }
    return parsed;
}

}  // namespace

int run_rules_command(std::span<char* const> args, std::istream& in, std::ostream& out,
                      std::ostream& err) {
    const auto arguments = parse_arguments(args, err);
    if (!arguments) return 2;
    const bool pretty = arguments->pretty;

    std::unique_ptr<rules::game> start;
    std::vector<std::string> moves;
    if (arguments->from) {
        auto parsed = rules::from_position(*arguments->from);
        if (!parsed) {
            out << protocol::position_error_text(*arguments->from, parsed.reason(), pretty) << '\n';
            err << "quadra rules: " << parsed.reason() << '\n';
            return 2;
        }
        start = std::move(parsed).value();
        moves = arguments->tokens;
    } else {
        const std::string text{std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>()};
        auto record = protocol::parse_record(text);
        if (!record) {
            err << "quadra rules: " << record.reason() << '\n';
            return 2;
        }
        auto created = rules::create_game(record.value().game, record.value().options);
        if (!created) {
            err << "quadra rules: " << created.reason() << '\n';
            return 2;
        }
        start = std::move(created).value();
        moves = std::move(record.value().moves);
    }

    auto replayed = rules::replay(std::move(start), moves);
    if (replayed.error) {
        out << protocol::ply_error_text(*replayed.error, pretty) << '\n';
        return 1;
    }
    const auto& game = *replayed.position;
    if (arguments->explain) {
        out << protocol::view_text(game.explain(*arguments->explain)) << '\n';
        return 0;
    }
    if (arguments->best) {
        if (game.finished()) {
            err << "quadra rules: " << (arguments->analyse ? "--analyse" : "--best")
                << ": the game is finished, there is no move to find\n";
            return 2;
        }
        const bots::budget limits{*arguments->best, std::nullopt, nullptr};
        if (arguments->analyse) {
            out << protocol::analysis_text(bots::analyse(game, limits, arguments->seed)) << '\n';
            return 0;
        }
        const auto choice = bots::choose_move(game, limits, arguments->seed);
        out << protocol::decision_text(choice.request, choice.value, choice.playouts) << '\n';
        return 0;
    }
    out << (arguments->position ? game.position()
                                : protocol::state_text(game, moves.size(), pretty))
        << '\n';
    return 0;
}

}  // namespace quadra::server
