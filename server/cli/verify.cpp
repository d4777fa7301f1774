#include "server/cli/verify.hpp"

#include <string_view>
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

rules::result<std::string> string_field(const nlohmann::json& record, const char* key) {
    const auto found = record.find(key);
    if (found == record.end() || !found->is_string())
        return rules::refusal{std::string("field '") + key + "' must be a string"};
    return found->get<std::string>();
}

}  // namespace

rules::result<verify_report> verify_record(const nlohmann::json& record) {
    auto parsed = protocol::record_from_json(record);
    if (!parsed) return rules::refusal{parsed.reason()};
    auto game_id = string_field(record, "id");
    if (!game_id) return rules::refusal{game_id.reason()};
    auto commitment = string_field(record, "commitment");
    if (!commitment) return rules::refusal{commitment.reason()};
    const auto seed_field = record.find("seed");
    if (seed_field == record.end() || seed_field->is_null())
        return rules::refusal{"the record has no revealed seed: the game is not finished"};
    if (!seed_field->is_string()) return rules::refusal{"field 'seed' must be a string"};
    const auto seed = seed_from_hex(seed_field->get<std::string>());
    if (!seed) return rules::refusal{"field 'seed' must be 64 hex digits"};

    auto start = rules::create_game(parsed.value().game, parsed.value().options);
    if (!start) return rules::refusal{start.reason()};
    auto position = std::move(start).value();

    verify_report report;
    if (dice_commitment(*seed) != commitment.value()) {
        report.failure = verify_failure{0, "", "SHA-256 of the seed is not the commitment"};
        return report;
    }
    std::vector<int> dice;
    const auto& moves = parsed.value().moves;
    for (std::size_t index = 0; index < moves.size(); ++index) {
        const std::string& token = moves[index];
        const int ply = static_cast<int>(index) + 1;
        // A recorded token with dice is its request form, '=', then the dice.
        if (const auto equals = token.find('='); equals != std::string::npos) {
            const std::string_view request = std::string_view(token).substr(0, equals);
            if (const int needed = position->dice_needed(request); needed > 0) {
                dice.assign(static_cast<std::size_t>(needed), 0);
                derive_dice(*seed, game_id.value(), static_cast<std::int64_t>(index), dice);
                auto expected = position->with_dice(request, dice);
                if (!expected) {
                    report.failure = verify_failure{ply, token, expected.reason()};
                    return report;
                }
                if (expected.value() != token) {
                    report.failure = verify_failure{ply, token,
                                                    "the seed gives the dice " + dice_text(dice) +
                                                        ", recorded as '" + expected.value() + "'"};
                    return report;
                }
                ++report.rolls;
            }
        }
        if (auto applied = position->apply(token); !applied) {
            report.failure = verify_failure{ply, token, applied.reason()};
            return report;
        }
        report.plies = ply;
    }
    return report;
}

}  // namespace quadra::server
