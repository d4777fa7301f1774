#pragma once
// What the Quadwrangle tests share: lane indices, applying and refusing tokens, and a plain
// reading of docs/rules.md §2's plays to check the implementation against.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/quadwrangle.hpp"

namespace quadra::testing::quadwrangle_helpers {

using quadra::rules::available_plays;
using quadra::rules::option_value;
using quadra::rules::options;
using quadra::rules::play_option;
using quadra::rules::quadwrangle;
using quadra::rules::view;
using quadra::rules::view_fields;
using quadra::rules::view_list;
using dice_t = std::array<int, 5>;
using steps_t = std::vector<std::pair<int, int>>;

// Lane indices by name, as docs/rules.md §2 orders them.
inline constexpr int lane_1 = 0, lane_2 = 1, lane_3 = 2, lane_5 = 4, lane_6 = 5;
inline constexpr int lane_run = 6, lane_high = 7, lane_low = 8;

inline std::array<int, 9> centre() { return {}; }

inline void require_applies(quadwrangle& game, std::string_view token) {
    const auto applied = game.apply(token);
    REQUIRE_MESSAGE(applied.ok(), token << ": " << applied.reason());
}

// Applies `token`, expects a refusal whose reason contains `because`, and an unchanged state.
inline void check_refused(quadwrangle& game, std::string_view token,
                          std::string_view because = "") {
    const auto before = game.clone();
    const auto applied = game.apply(token);
    CHECK_MESSAGE(!applied.ok(), "accepted '" << token << "'");
    if (applied.ok()) return;
    CHECK_MESSAGE(!applied.reason().empty(), token);
    CHECK_MESSAGE(applied.reason().find(because) != std::string::npos,
                  "'" << token << "' refused with: " << applied.reason());
    CHECK(before->same_state(game));
}

// Plays for five dice by a plain reading of docs/rules.md §2, independent of the implementation.
inline std::vector<play_option> plays_by_the_book(const dice_t& dice) {
    const int total = std::accumulate(dice.begin(), dice.end(), 0);
    dice_t sorted = dice;
    std::sort(sorted.begin(), sorted.end());
    std::vector<play_option> plays;

    steps_t repeats;
    for (int face = 1; face <= 6; ++face) {
        const auto shown = static_cast<int>(std::count(dice.begin(), dice.end(), face));
        if (shown >= 2) repeats.emplace_back(face - 1, shown - 1);
    }
    if (!repeats.empty()) plays.push_back({"play lanes", repeats});
    if (sorted == dice_t{1, 2, 3, 4, 5}) plays.push_back({"play run", {{lane_run, 2}}});
    if (sorted == dice_t{2, 3, 4, 5, 6}) plays.push_back({"play run", {{lane_run, 3}}});
    if (total >= 23 && total <= 25) plays.push_back({"play high", {{lane_high, 2}}});
    if (total >= 26) plays.push_back({"play high", {{lane_high, 3}}});
    if (total >= 10 && total <= 12) plays.push_back({"play low", {{lane_low, 2}}});
    if (total <= 9) plays.push_back({"play low", {{lane_low, 3}}});
    std::sort(plays.begin(), plays.end(),
              [](const play_option& a, const play_option& b) { return a.token < b.token; });
    return plays;
}

inline std::vector<dice_t> all_rolls() {
    std::vector<dice_t> rolls;
    for (int code = 0; code < 7776; ++code) {
        dice_t dice{};
        for (int i = 0, rest = code; i < 5; ++i, rest /= 6) dice[i] = rest % 6 + 1;
        rolls.push_back(dice);
    }
    return rolls;
}

// The 31 reroll requests, built from subsets and sorted in byte order.
inline std::vector<std::string> all_rerolls() {
    std::vector<std::string> tokens;
    for (int subset = 1; subset < 32; ++subset) {
        std::string token = "reroll";
        for (int position = 1; position <= 5; ++position)
            if (subset & (1 << (position - 1))) token += " " + std::to_string(position);
        tokens.push_back(token);
    }
    std::sort(tokens.begin(), tokens.end());
    return tokens;
}

inline std::vector<std::string> with_rerolls(std::vector<std::string> first) {
    const auto rerolls = all_rerolls();
    first.insert(first.end(), rerolls.begin(), rerolls.end());
    return first;
}

inline std::vector<std::string> tokens_of(const std::vector<play_option>& plays) {
    std::vector<std::string> tokens;
    tokens.reserve(plays.size());
    for (const auto& play : plays) tokens.push_back(play.token);
    return tokens;
}

}  // namespace quadra::testing::quadwrangle_helpers
