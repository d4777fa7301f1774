// Every game's apply() on positions reached by random play, with arbitrary tokens. The input's
// last bytes choose the game, its options and the random legal plies (FuzzedDataProvider reads
// numbers from the end); its first bytes are tokens, and now and then a seat retires. The rules'
// contract (rules/game.hpp, tests/rules/contract_test.cpp) must hold throughout.

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"

using quadra::fuzzing::require;
namespace rules = quadra::rules;

namespace {

constexpr int max_random_plies = 300;
constexpr std::size_t max_token_bytes = 80;

// What happened to the game after its start: a recorded token, or a seat retiring.
struct step {
    std::string token;
    int retiring_seat = -1;
};

// For each option: its default or a value the fuzzer picks, in range or (rarely) not.
rules::options choose_options(const rules::game_type& type, FuzzedDataProvider& input) {
    rules::options chosen;
    for (const auto& spec : type.options) {
        switch (input.ConsumeIntegralInRange(0, 3)) {
            case 0:
                break;  // the default
            case 1:
                if (spec.accepts_integers())
                    chosen[spec.name] = input.ConsumeIntegralInRange(*spec.min, spec.max);
                break;
            case 2:
                if (!spec.words.empty())
                    chosen[spec.name] = spec.words[input.ConsumeIntegralInRange<std::size_t>(
                        0, spec.words.size() - 1)];
                break;
            default:
                chosen[spec.name] = input.ConsumeIntegral<std::int64_t>();
        }
    }
    return chosen;
}

// What holds of every position: legal() is sorted, unique and empty exactly when finished; a
// retired seat only passes.
// Returns legal(), which is most of the cost on a playout's path.
std::vector<std::string> check_position(const rules::game& game) {
    auto legal = game.legal();
    require(std::is_sorted(legal.begin(), legal.end()), "legal() is sorted");
    require(std::adjacent_find(legal.begin(), legal.end()) == legal.end(), "legal() is unique");
    const auto outcome = game.current_outcome();
    require(legal.empty() == outcome.finished(), "legal() is empty exactly when finished");
    require(game.finished() == outcome.finished(), "finished() agrees with the outcome");
    require(outcome.finished() ? game.to_move() == -1
                               : game.to_move() >= 0 && game.to_move() < game.seat_count(),
            "to_move() is a seat while ongoing, -1 once finished");
    if (!outcome.finished() && game.retired(game.to_move()))
        require(legal == std::vector<std::string>{"pass"}, "a retired seat can only pass");
    if (outcome.finished()) {
        require(!outcome.reason.empty(), "a finished game says why");
        require(outcome.scores.size() == static_cast<std::size_t>(game.seat_count()),
                "one score per seat");
        require(std::set<int>(outcome.winners.begin(), outcome.winners.end()).size() ==
                    outcome.winners.size(),
                "winners are distinct");
        for (int seat : outcome.winners)
            require(seat >= 0 && seat < game.seat_count(), "winners are seats");
    }
    return legal;
}

// The recorded token of one of the `legal` requests, with dice chosen by the input.
std::string random_play(const rules::game& game, const std::vector<std::string>& legal,
                        FuzzedDataProvider& input) {
    const auto& request = legal[input.ConsumeIntegralInRange<std::size_t>(0, legal.size() - 1)];
    std::vector<int> dice(static_cast<std::size_t>(game.dice_needed(request)));
    for (auto& die : dice) die = input.ConsumeIntegralInRange(1, 6);
    const auto token = game.with_dice(request, dice);
    require(token.ok(), "with_dice() records a legal request");
    return token.value();
}

// Whether `token` is what with_dice() records for `request` with some dice: an accepted token
// must be a recorded one, not another spelling of it.
bool recorded_form(const rules::game& game, const std::string& request, const std::string& token) {
    const int needed = game.dice_needed(request);
    std::vector<int> dice(static_cast<std::size_t>(needed), 1);
    while (true) {
        if (auto recorded = game.with_dice(request, dice); recorded && recorded.value() == token)
            return true;
        // The next throw of `needed` dice, as a number in base 6.
        std::size_t die = 0;
        while (die < dice.size() && dice[die] == 6) dice[die++] = 1;
        if (die == dice.size()) return false;
        ++dice[die];
    }
}

// A seat retires (resigned or out of time): refused without a trace, or out for good.
bool try_retire(rules::game& game, int seat) {
    const auto before = game.clone();
    if (auto retired = game.retire(seat); !retired) {
        require(!retired.reason().empty(), "a refused retirement says why");
        require(game.same_state(*before), "a refused retirement leaves the state untouched");
        return false;
    }
    require(game.retired(seat), "a retired seat is retired");
    return true;
}

// The steps from the start again: the same state, token by token and retirement by retirement.
bool replays(const rules::game& start, const std::vector<step>& steps, const rules::game& end) {
    auto game = start.clone();
    for (const auto& s : steps) {
        const bool done =
            s.retiring_seat >= 0 ? game->retire(s.retiring_seat).ok() : game->apply(s.token).ok();
        if (!done) return false;
    }
    return game->same_state(end);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider input(data, size);
    const auto types = rules::game_types();
    const auto& type = *types[input.ConsumeIntegralInRange<std::size_t>(0, types.size() - 1)];
    auto created = rules::create_game(type.id, choose_options(type, input));
    if (!created) {
        require(!created.reason().empty(), "a refused option says why");
        return 0;
    }
    auto game = std::move(created).value();
    const auto start = game->clone();
    std::vector<std::string> played;
    std::vector<step> steps;
    auto legal = check_position(*game);

    const int plies = input.ConsumeIntegralInRange(0, max_random_plies);
    for (int ply = 0; ply < plies && !legal.empty(); ++ply) {
        played.push_back(random_play(*game, legal, input));
        steps.push_back({played.back()});
        require(game->apply(played.back()).ok(), "apply() takes a recorded legal request");
        legal = check_position(*game);
    }

    while (input.remaining_bytes() > 0) {
        if (input.ConsumeIntegralInRange(0, 15) == 0) {
            const int seat = input.ConsumeIntegralInRange(-1, game->seat_count());
            if (try_retire(*game, seat)) {
                steps.push_back({{}, seat});
                legal = check_position(*game);
            }
            continue;
        }
        const auto token = input.ConsumeRandomLengthString(max_token_bytes);
        const auto before = game->clone();
        if (auto applied = game->apply(token); !applied) {
            require(!applied.reason().empty(), "a refusal says why");
            require(game->same_state(*before), "a refused token leaves the state untouched");
            continue;
        }
        const auto request = token.substr(0, token.find('='));
        require(std::binary_search(legal.begin(), legal.end(), request),
                "an accepted token is a legal request");
        require(recorded_form(*before, request, token), "an accepted token is a recorded one");
        played.push_back(token);
        steps.push_back({token});
        legal = check_position(*game);
    }

    // What was played replays to the same state (as a record when nobody retired), which the
    // protocol can show.
    require(replays(*start, steps, *game), "the steps replay to the same state");
    if (steps.size() == played.size()) {
        auto again = rules::replay(start->clone(), played);
        require(!again.error && again.position->same_state(*game), "a record replays to its state");
    }
    require(!quadra::protocol::state_text(*game, played.size(), false).empty(),
            "every state can be shown");
    return 0;
}
