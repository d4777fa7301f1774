#include "server/cli/rules_command.hpp"

#include <iostream>
#include <iterator>
#include <string>

#include "protocol/cli_json.hpp"
#include "protocol/game_json.hpp"
#include "protocol/record.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"

namespace quadra::server {

int run_rules_command(std::istream& in, std::ostream& out, std::ostream& err, bool pretty) {
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto record = protocol::parse_record(text);
    if (!record) {
        err << "quadra rules: " << record.reason() << '\n';
        return 2;
    }
    auto start = rules::create_game(record.value().game, record.value().options);
    if (!start) {
        err << "quadra rules: " << start.reason() << '\n';
        return 2;
    }

    auto replayed = rules::replay(std::move(start).value(), record.value().moves);
    if (replayed.error) {
        out << protocol::ply_error_text(*replayed.error, pretty) << '\n';
        return 1;
    }
    out << protocol::state_text(*replayed.position, record.value().moves.size(), pretty) << '\n';
    return 0;
}

}  // namespace quadra::server
