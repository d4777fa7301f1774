#include "server/cli/rules_command.hpp"

#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

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
    std::optional<std::string> from;  // a position notation to go on from, instead of stdin
    std::vector<std::string> tokens;  // the tokens to apply after it
};

// Flags anywhere; after --from, its notation and then the tokens (a token never starts with '-').
std::optional<rules_arguments> parse_arguments(std::span<char* const> args, std::ostream& err) {
    rules_arguments parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string arg = args[i];
        if (arg == "--pretty") {
            parsed.pretty = true;
        } else if (arg == "--position") {
            parsed.position = true;
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
    out << (arguments->position ? game.position()
                                : protocol::state_text(game, moves.size(), pretty))
        << '\n';
    return 0;
}

}  // namespace quadra::server
