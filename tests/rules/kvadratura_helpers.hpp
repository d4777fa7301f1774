#pragma once
// What the Kvadratura tests share: the two modes by short names, playing moves, and reading the
// squares of describe().

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rules/kvadratura.hpp"

namespace quadra::testing::kvadratura_helpers {

using namespace quadra::rules;

inline constexpr auto loses = kvadratura_mode::first_square_loses;
inline constexpr auto fill = kvadratura_mode::fill;

inline void play(kvadratura& game, const std::vector<std::string>& moves) {
    for (const auto& move : moves) {
        CAPTURE(move);
        auto applied = game.apply(move);
        REQUIRE_MESSAGE(applied.ok(), applied.reason());
    }
}

inline const view& field(const view& fields, const std::string& name) {
    for (const auto& [key, value] : std::get<view_fields>(fields.value))
        if (key == name) return value;
    static const view none;
    FAIL("no field " << name);
    return none;
}

inline view square(const std::vector<std::string>& corners, int seat) {
    return view_fields{{"cells", to_view_list(corners)}, {"seat", seat}};
}

}  // namespace quadra::testing::kvadratura_helpers
