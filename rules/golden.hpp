#pragma once
// Golden records: a few short games of every game with the outcome they must reach. They are
// compiled into the binary so a running server can check its rules at start-up (the health
// check reports the verdict); tests/rules/golden_test.cpp derives each outcome from docs/rules.md.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"
#include "options.hpp"

namespace quadra::rules {

// A record from a new game and where it must end.
struct golden_record {
    std::string_view game;
    options settings;
    std::vector<std::string> moves;  // recorded tokens
    game_status status;
    int to_move;               // -1 once finished
    std::vector<int> winners;  // empty while ongoing or on a draw
    std::vector<int> scores;
};

const std::vector<golden_record>& golden_records();

// Replays every record; one line per record whose replay differs (empty: all agree).
std::vector<std::string> check_golden_records(std::span<const golden_record> records);
std::vector<std::string> check_golden_records();

}  // namespace quadra::rules
