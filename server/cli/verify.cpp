#include "server/cli/verify.hpp"

#include <vector>

#include "protocol/record.hpp"
#include "rules/registry.hpp"
#include "server/dice/fair_dice.hpp"

namespace quadra::server {

namespace {

std::string dice_text(const std::vector<int>& dice) {
    std::string text;
    for (int die : dice) text += static_cast<char>('0' + die);
    return text;
}

// The dice of token `index` (a recorded token with dice is its request form, '=', then the
// dice) against the seed: nothing when they match or the token has none, else the failure.
// `rolls` counts the tokens with dice.
std::optional<verify_failure> check_dice(const rules::game& position, const std::string& token,
                                         std::size_t index, const dice_seed& seed,
                                         const std::string& game_id, int& rolls) {
    const auto equals = token.find('=');
    if (equals == std::string::npos) return std::nullopt;
    const std::string_view request = std::string_view(token).substr(0, equals);
    const int needed = position.dice_needed(request);
    if (needed <= 0) return std::nullopt;
    const int ply = static_cast<int>(index) + 1;
    std::vector<int> dice(static_cast<std::size_t>(needed), 0);
    derive_dice(seed, game_id, static_cast<std::int64_t>(index), dice);
    auto expected = position.with_dice(request, dice);
    if (!expected) return verify_failure{ply, token, expected.reason()};
    if (expected.value() != token)
        return verify_failure{ply, token,
                              "the seed gives the dice " + dice_text(dice) + ", recorded as '" +
                                  expected.value() + "'"};
    ++rolls;
    return std::nullopt;
}

}  // namespace

rules::result<verify_report> verify_record(std::string_view text) {
    auto parsed = protocol::parse_checkable_record(text);
    if (!parsed) return rules::refusal{parsed.reason()};
    const auto& checked = parsed.value();
    if (!checked.seed)
        return rules::refusal{"the record has no revealed seed: the game is not finished"};
    const auto seed = seed_from_hex(*checked.seed);
    if (!seed) return rules::refusal{"field 'seed' must be 64 hex digits"};

    auto start = rules::create_game(checked.record.game, checked.record.options);
    if (!start) return rules::refusal{start.reason()};
    auto position = std::move(start).value();

    verify_report report;
    if (dice_commitment(*seed) != checked.commitment) {
        report.failure = verify_failure{0, "", "SHA-256 of the seed is not the commitment"};
        return report;
    }
    const auto& moves = checked.record.moves;
    for (std::size_t index = 0; index < moves.size(); ++index) {
        const std::string& token = moves[index];
        report.failure = check_dice(*position, token, index, *seed, checked.id, report.rolls);
        if (report.failure) return report;
        if (auto applied = position->apply(token); !applied) {
            report.failure = verify_failure{static_cast<int>(index) + 1, token, applied.reason()};
            return report;
        }
        report.plies = static_cast<int>(index) + 1;
    }
    return report;
}

}  // namespace quadra::server
