// The WebAssembly module's exports (wasm/README.md): the rules, the bots' search and protocol's
// state JSON, compiled from the same sources as the server, behind a small C ABI over strings.
//
// Strings go in as (pointer, length) pairs of UTF-8 in linear memory, allocated with
// quadra_alloc and released with quadra_free. Every call but those two leaves its answer in one
// buffer, read with quadra_answer() and quadra_answer_length() until the next call, and returns 0
// when the answer is the value asked for, 1 when it is the rules' (or the module's) reason for
// refusing. Nothing here writes a rule: each export reads a notation (docs/rules.md §6), asks
// rules/, bots/ or protocol/, and writes what they said.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bots/level.hpp"
#include "bots/search.hpp"
#include "protocol/cli_json.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"

namespace {

using namespace quadra;

std::string answer;

int give(std::string text) {
    answer = std::move(text);
    return 0;
}

int refuse(std::string reason) {
    answer = std::move(reason);
    return 1;
}

std::string_view text(const char* data, std::size_t size) { return {data, size}; }

}  // namespace

#define QUADRA_EXPORT(name) extern "C" __attribute__((export_name(#name)))

QUADRA_EXPORT(quadra_alloc) char* quadra_alloc(std::size_t size) {
    return static_cast<char*>(std::malloc(size == 0 ? 1 : size));
}

QUADRA_EXPORT(quadra_free) void quadra_free(char* data) { std::free(data); }

QUADRA_EXPORT(quadra_answer) const char* quadra_answer() { return answer.data(); }

QUADRA_EXPORT(quadra_answer_length) std::size_t quadra_answer_length() { return answer.size(); }

// The notation of a new game of `id` with options given as a JSON object ("" for the defaults).
QUADRA_EXPORT(quadra_start)
int quadra_start(const char* id, std::size_t id_size, const char* options,
                 std::size_t options_size) {
    rules::options given;
    if (options_size > 0) {
        auto parsed = protocol::parse_options(text(options, options_size));
        if (!parsed) return refuse(parsed.reason());
        given = std::move(parsed).value();
    }
    auto game = rules::create_game(text(id, id_size), given);
    if (!game) return refuse(game.reason());
    return give(game.value()->position());
}

// The state as `quadra rules --from <position>` prints it (with "ply": 0).
QUADRA_EXPORT(quadra_state) int quadra_state(const char* position, std::size_t size) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    return give(protocol::state_text(*game.value(), 0));
}

// How many dice `request` needs, in decimal ("0" for none).
QUADRA_EXPORT(quadra_dice_needed)
int quadra_dice_needed(const char* position, std::size_t size, const char* request,
                       std::size_t request_size) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    return give(std::to_string(game.value()->dice_needed(text(request, request_size))));
}

// The recorded token of `request` with `count` dice (32-bit integers at `dice`).
QUADRA_EXPORT(quadra_with_dice)
int quadra_with_dice(const char* position, std::size_t size, const char* request,
                     std::size_t request_size, const std::int32_t* dice, std::size_t count) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    const std::vector<int> values(dice, dice + count);
    auto token = game.value()->with_dice(text(request, request_size), values);
    if (!token) return refuse(token.reason());
    return give(std::move(token).value());
}

// The notation of the position after the recorded `token`.
QUADRA_EXPORT(quadra_apply)
int quadra_apply(const char* position, std::size_t size, const char* token,
                 std::size_t token_size) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    auto& state = *game.value();
    if (auto applied = state.apply(text(token, token_size)); !applied)
        return refuse(applied.reason());
    return give(state.position());
}

// What `request` would do in the position, or why the rules refuse it, as
// `quadra rules --from <position> --explain <request>` prints it.
QUADRA_EXPORT(quadra_explain)
int quadra_explain(const char* position, std::size_t size, const char* request,
                   std::size_t request_size) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    return give(protocol::view_text(game.value()->explain(text(request, request_size))));
}

// Every registered game, as protocol's `games` message lists them.
QUADRA_EXPORT(quadra_games) int quadra_games() { return give(protocol::games_text()); }

// A level's playouts per move ("hard" → "3000"), bots/level.hpp.
QUADRA_EXPORT(quadra_level_playouts)
int quadra_level_playouts(const char* name, std::size_t size) {
    const auto strength = bots::parse_level(text(name, size));
    if (!strength) return refuse("unknown level '" + std::string(text(name, size)) + "'");
    return give(std::to_string(bots::level_playouts(*strength)));
}

// The engine's move as `quadra rules --from <position> --best <playouts> --seed <seed>` prints it.
QUADRA_EXPORT(quadra_best_move)
int quadra_best_move(const char* position, std::size_t size, std::int32_t playouts,
                     std::uint64_t seed) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    if (game.value()->finished()) return refuse("the game is finished, there is no move to find");
    const auto choice = bots::choose_move(*game.value(), {playouts, std::nullopt, nullptr}, seed);
    return give(protocol::decision_text(choice.request, choice.value, choice.playouts));
}

// What the engine saw, as `quadra rules --from <position> --analyse <playouts> --seed <seed>`
// prints it.
QUADRA_EXPORT(quadra_analyse)
int quadra_analyse(const char* position, std::size_t size, std::int32_t playouts,
                   std::uint64_t seed) {
    auto game = rules::from_position(text(position, size));
    if (!game) return refuse(game.reason());
    if (game.value()->finished()) return refuse("the game is finished, there is no move to find");
    return give(protocol::analysis_text(
        bots::analyse(*game.value(), {playouts, std::nullopt, nullptr}, seed)));
}
