#pragma once
// What the Quadrature tests share: reading describe(), playing a legal token, and checking
// refusals and endings.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/quadrature.hpp"

namespace quadra::testing::quadrature_helpers {

using namespace quadra::rules;
using strings = std::vector<std::string>;

inline const view& field(const view& described, const std::string& name) {
    for (const auto& [key, value] : std::get<view_fields>(described.value))
        if (key == name) return value;
    FAIL("no field " << name);
    throw;
}

// The cells of `seat`'s men in board order, read from describe().
inline strings men_of(const quadrature& game, int seat) {
    const auto described = game.describe();
    strings out;
    for (const auto& [name, value] : std::get<view_fields>(field(described, "cells").value))
        if (std::get<std::int64_t>(value.value) == seat) out.push_back(name);
    return out;
}

inline strings exchanged(const quadrature& game) {
    const auto described = game.describe();
    strings out;
    for (const auto& item : std::get<view_list>(field(described, "exchanged").value))
        out.push_back(std::get<std::string>(item.value));
    return out;
}

inline bool is_legal(const quadrature& game, const std::string& token) {
    const auto legal = game.legal();
    return std::find(legal.begin(), legal.end(), token) != legal.end();
}

inline void play(quadrature& game, const std::string& token) {
    CAPTURE(token);
    REQUIRE(is_legal(game, token));
    const auto applied = game.apply(token);
    REQUIRE_MESSAGE(applied.ok(), applied.reason());
}

// A token the rules must refuse: absent from legal(), refused with `reason`, state unchanged.
inline void check_refused(quadrature& game, const std::string& token, const std::string& reason) {
    CAPTURE(token);
    CHECK_FALSE(is_legal(game, token));
    const auto before = game.clone();
    const auto applied = game.apply(token);
    REQUIRE_FALSE(applied.ok());
    CHECK(applied.reason() == reason);
    CHECK(game.same_state(*before));
}

inline void check_ongoing(const quadrature& game, int to_move) {
    CHECK_FALSE(game.current_outcome().finished());
    CHECK(game.to_move() == to_move);
}

// `code` and `figures`: the result as a client words it (docs/rules.md §8).
inline void check_won(const quadrature& game, int winner, const std::string& reason,
                      const std::string& code, const std::vector<figure>& figures) {
    const auto result = game.current_outcome();
    CHECK(result.finished());
    CHECK(result.winners == std::vector<int>{winner});
    CHECK(result.reason == reason);
    CHECK(result.code == code);
    CHECK(result.figures == figures);
    CHECK(result.scores == std::vector<int>{game.men(0), game.men(1)});
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
}

inline void check_drawn(const quadrature& game, const std::string& reason,
                        const std::string& code) {
    const auto result = game.current_outcome();
    CHECK(result.draw());
    CHECK(result.reason == reason);
    CHECK(result.code == code);
    CHECK(result.figures.empty());
    CHECK(game.to_move() == -1);
    CHECK(game.legal().empty());
}

}  // namespace quadra::testing::quadrature_helpers
