// Any input of `quadra rules` (a game record) through protocol::parse_record and the command
// itself; the same text as an exported game through `quadra verify`'s reader, and as a stored
// result (its code and figures included) through parse_result.

#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "protocol/record.hpp"
#include "rules/registry.hpp"
#include "server/cli/rules_command.hpp"

using quadra::fuzzing::require;
namespace protocol = quadra::protocol;

namespace {

bool same_record(const protocol::game_record& a, const protocol::game_record& b) {
    return a.game == b.game && a.options == b.options && a.moves == b.moves;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto record = protocol::parse_record(text);
    if (record) {
        // A record written back reads as the same record.
        const auto again = protocol::parse_record(protocol::record_text(record.value()));
        require(again.ok() && same_record(again.value(), record.value()),
                "record_text reads back as the same record");
    } else {
        require(!record.reason().empty(), "a refused record says why");
    }

    std::istringstream in(text);
    std::ostringstream out, err;
    // Both printers, without spending an input byte.
    char pretty_flag[] = "--pretty";
    char* const flags[] = {pretty_flag};
    const int status =
        quadra::server::run_rules_command(std::span<char* const>(flags, size % 2), in, out, err);
    const bool usable =
        record && quadra::rules::create_game(record.value().game, record.value().options).ok();
    require(status == 0 || status == 1 || status == 2, "quadra rules exits 0, 1 or 2");
    require((status == 2) == !usable, "exit 2 exactly when the record is not usable");
    if (status == 2) {
        require(out.str().empty() && !err.str().empty(), "exit 2 explains on stderr alone");
    } else {
        require(protocol::is_json(out.str()) && err.str().empty(),
                "a replayed record prints JSON on stdout alone");
    }

    const auto exported = protocol::parse_checkable_record(text);
    require(exported.ok() || !exported.reason().empty(), "a refused export says why");

    // A stored result read back and written again reads as the same result.
    if (const auto result = protocol::parse_result(text)) {
        const auto again = protocol::parse_result(protocol::result_text(result));
        require(again && again->winners == result->winners && again->reason == result->reason &&
                    again->by == result->by && again->code == result->code,
                "result_text reads back as the same result");
    }
    return 0;
}
