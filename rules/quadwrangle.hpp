#pragma once
// Quadwrangle (docs/rules.md §2): a five-dice tug-of-war over nine lanes for two players.
//
// Tokens. Requests (what legal() lists): "roll", "reroll 2 3 5" (positions 1-5 ascending),
// "play lanes", "play run", "play high", "play low", "pass". Recorded tokens (what apply() takes)
// carry the dice: "roll=36625" (the five dice in position order) and "reroll 2 3 5=31615" (all
// five dice after the re-roll; the kept positions unchanged). Plays and "pass" are the same in
// both forms. The dice come from the caller through dice_needed() and with_dice().
//
// describe() fields, in this order:
//   "lanes":       list of 9 {"name": "1".."6" | "run" | "high" | "low", "position": -N..N};
//                  -N is seat 0's red square, +N seat 1's, 0 the yellow centre.
//   "half_length": N (option `lane`).
//   "target":      counters a seat needs on its own red square to win (option `target`).
//   "dice":        list of the 5 dice in position order, or null before the turn's first roll.
//                  Dice are cleared when the turn passes; after the winning play they stay shown.
//   "rolls":       rolls made this turn, 0..3.
//   "plays":       the plays available now (empty before a roll and once finished), in token
//                  order: {"token": "play lanes", "moves": [{"lane": "6", "steps": 2, "to": -2},
//                  ...]}; "steps" is what the dice give, "to" where the counter ends (a counter
//                  stops at the mover's red square, so it may move fewer squares than "steps").

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.hpp"

namespace quadra::rules {

const game_type& quadwrangle_type();

inline constexpr int quadwrangle_lanes = 9;

// The name of lane 0..8: "1".."6", "run", "high", "low".
std::string_view quadwrangle_lane_name(int lane);

// One play the dice offer: its token and the lanes it moves toward the mover.
struct play_option {
    std::string token;  // "play lanes", "play run", "play high", "play low"
    std::vector<std::pair<int, int>> lane_steps;  // (lane 0..8, steps), lanes ascending

    bool operator==(const play_option&) const = default;
};

// The plays five dice (in any order) offer, sorted by token; empty when none or a die is not 1-6.
std::vector<play_option> available_plays(const std::array<int, 5>& dice);

// A Quadwrangle position: the nine counters, whose turn it is and the dice of the current turn.
class quadwrangle final : public game_base<quadwrangle> {
public:
    // A new game: all counters at the centre, seat 0 to roll.
    explicit quadwrangle(int half_length = 4, int target = 3);

    // Any position for tests and analysis: counters by lane (-N..N), the seat to move, the rolls
    // made this turn (0..3) and the dice (1-6; ignored when rolls is 0). Refused when a value is
    // out of range or a seat already has `target` counters on its red square.
    static result<quadwrangle> from_position(int half_length, int target,
                                             const std::array<int, 9>& positions, int to_move,
                                             int rolls = 0, const std::array<int, 5>& dice = {});

    int half_length() const { return half_length_; }
    int target() const { return target_; }
    int position(int lane) const { return positions_[lane]; }
    int rolls() const { return rolls_; }
    // The current dice in position order; all 0 before the turn's first roll.
    std::array<int, 5> dice() const;
    // Counters on `seat`'s own red square.
    int red_count(int seat) const;

    std::string_view id() const override { return "quadwrangle"; }
    // The dice have no colours: "Player 1" pulls toward -N, "Player 2" toward +N.
    std::string seat_name(int seat) const override;
    int seat_count() const override { return 2; }
    options settings() const override;
    int to_move() const override { return to_move_; }
    std::vector<std::string> legal() const override;
    int dice_needed(std::string_view request) const override;
    result<std::string> with_dice(std::string_view request,
                                  std::span<const int> dice) const override;
    result<void> apply(std::string_view token) override;
    // Code "counters" (docs/rules.md §8). apply() refuses with codes, which explain() reports as
    // its "reason": "game_over", "not_a_request", "bad_positions" (a reroll's die positions),
    // "already_rolled", "roll_first", "no_rolls_left", "play_unavailable" (the dice do not
    // allow the play), "pass_not_allowed", "dice_missing" and "bad_dice" (a recorded roll's
    // dice: the server's, never a client's).
    outcome current_outcome() const override;
    view describe() const override;
    // "quadwrangle:<lane>:<target>:<counters>:<turn>:<rolls>:<dice>" (docs/rules.md §6).
    std::string position() const override;
    // The fields after "quadwrangle:"; the winner follows from the counters.
    static result<quadwrangle> from_notation(std::string_view text);

    bool operator==(const quadwrangle&) const = default;

private:
    // A bit per die position (bit 0 = position 1) that a roll request throws.
    result<unsigned> check_roll_request(std::string_view request) const;
    result<int> check_play(std::string_view token) const;
    result<void> check_pass() const;
    void make_play(int kind);
    void end_turn();

    std::array<std::int8_t, 9> positions_{};
    std::array<std::int8_t, 5> dice_{};  // all 0 while rolls_ is 0
    std::int8_t half_length_ = 4;
    std::int8_t target_ = 3;
    std::int8_t rolls_ = 0;
    std::int8_t to_move_ = 0;  // -1 once finished
    std::int8_t winner_ = -1;
};

}  // namespace quadra::rules
