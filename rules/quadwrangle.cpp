#include "quadwrangle.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "notation.hpp"

namespace quadra::rules {

namespace {

constexpr std::array<std::string_view, quadwrangle_lanes> lane_names{"1", "2",   "3",    "4",  "5",
                                                                     "6", "run", "high", "low"};
constexpr int run_lane = 6;
constexpr int high_lane = 7;
constexpr int low_lane = 8;

// The four plays, numbered in the byte order of their tokens so that listing them in this order
// keeps legal() sorted.
enum play_kind : int { play_high, play_lanes, play_low, play_run, play_kinds };
constexpr std::array<std::string_view, play_kinds> play_tokens{"play high", "play lanes",
                                                               "play low", "play run"};
constexpr std::array<std::string_view, play_kinds> play_needs{
    "a total of 23 or more", "a repeated face", "a total of 12 or less", "1-2-3-4-5 or 2-3-4-5-6"};

constexpr unsigned all_dice = 0x1F;

struct lane_step {
    int lane = 0;
    int steps = 0;
};

// The lanes one play moves; `count` is 0 when the dice do not offer that play.
struct play_moves {
    std::array<lane_step, 2> moves{};
    int count = 0;
};

// Everything five dice offer, by play_kind.
using roll_offer = std::array<play_moves, play_kinds>;

play_moves single_move(int lane, int steps) {
    play_moves play;
    play.moves[0] = {lane, steps};
    play.count = 1;
    return play;
}

// Where a counter at `position` ends when `seat` pulls it `steps` squares: plain arithmetic on
// -N..N counts the centre as one square, and the mover's red square stops it.
int pulled(int position, int steps, int seat, int half_length) {
    return seat == 0 ? std::max(position - steps, -half_length)
                     : std::min(position + steps, half_length);
}

template <class Dice>
roll_offer offer_of(const Dice& dice) {
    std::array<int, 7> counts{};
    int total = 0;
    for (int die : dice) {
        ++counts[die];
        total += die;
    }
    roll_offer offer{};
    auto& lanes = offer[play_lanes];
    // Five dice repeat at most two faces, so two moves always suffice.
    for (int face = 1; face <= 6; ++face)
        if (counts[face] >= 2) lanes.moves[lanes.count++] = {face - 1, counts[face] - 1};
    // Five different faces miss exactly one: without a 6 it is the low run, without a 1 the high.
    if (lanes.count == 0 && (counts[6] == 0 || counts[1] == 0))
        offer[play_run] = single_move(run_lane, counts[6] == 0 ? 2 : 3);
    if (total >= 23) offer[play_high] = single_move(high_lane, total >= 26 ? 3 : 2);
    if (total <= 12) offer[play_low] = single_move(low_lane, total <= 9 ? 3 : 2);
    return offer;
}

bool offers_any(const roll_offer& offer) {
    return std::any_of(offer.begin(), offer.end(), [](const play_moves& p) { return p.count; });
}

template <class Dice>
std::string dice_text(const Dice& dice) {
    std::string text;
    for (int die : dice) text += static_cast<char>('0' + die);
    return text;
}

// The 31 reroll requests in byte order.
const std::array<std::string, 31>& reroll_requests() {
    static const auto requests = [] {
        std::array<std::string, 31> list;
        for (unsigned mask = 1; mask <= all_dice; ++mask) {
            std::string text = "reroll";
            for (int position = 1; position <= 5; ++position)
                if (mask & (1u << (position - 1))) text += ' ' + std::to_string(position);
            list[mask - 1] = std::move(text);
        }
        std::sort(list.begin(), list.end());
        return list;
    }();
    return requests;
}

// The die positions named after "reroll" (" 2 3 5"), as a bit per position.
result<unsigned> parse_positions(std::string_view rest) {
    if (rest.empty())
        return refusal{"name the dice to re-roll by position 1-5, e.g. 'reroll 2 3'",
                       "bad_positions"};
    unsigned mask = 0;
    int last = 0;
    while (!rest.empty()) {
        if (rest.size() < 2 || rest[0] != ' ' || rest[1] < '0' || rest[1] > '9' ||
            (rest.size() > 2 && rest[2] != ' '))
            return refusal{
                "malformed reroll: give die positions 1-5 separated by single spaces, e.g. "
                "'reroll 2 3'",
                "bad_positions"};
        const int position = rest[1] - '0';
        if (position < 1 || position > 5)
            return refusal{"die positions run from 1 to 5, not " + std::to_string(position),
                           "bad_positions"};
        if (position <= last)
            return refusal{"list die positions in ascending order without repeats",
                           "bad_positions"};
        mask |= 1u << (position - 1);
        last = position;
        rest.remove_prefix(2);
    }
    return mask;
}

// Five dice digits 1-6, as written after '=' in a recorded roll.
result<std::array<std::int8_t, 5>> parse_dice(std::string_view digits) {
    std::array<std::int8_t, 5> dice{};
    bool good = digits.size() == dice.size();
    for (std::size_t i = 0; good && i < dice.size(); ++i) {
        good = digits[i] >= '1' && digits[i] <= '6';
        dice[i] = static_cast<std::int8_t>(digits[i] - '0');
    }
    if (!good)
        return refusal{
            "expected exactly five dice digits 1-6 after '=', not '" + std::string(digits) + "'",
            "bad_dice"};
    return dice;
}

result<std::unique_ptr<game>> start(const options& checked) {
    return std::unique_ptr<game>(
        std::make_unique<quadwrangle>(static_cast<int>(integer_option(checked, "lane", 4)),
                                      static_cast<int>(integer_option(checked, "target", 3))));
}

result<std::unique_ptr<game>> from_fields(std::string_view fields) {
    auto parsed = quadwrangle::from_notation(fields);
    if (!parsed) return refusal{parsed.reason()};
    return std::unique_ptr<game>(std::make_unique<quadwrangle>(std::move(parsed).value()));
}

}  // namespace

const game_type& quadwrangle_type() {
    static const game_type type{
        "quadwrangle",
        "Quadwrangle",
        "Five-dice tug-of-war over nine lanes: pull three counters onto your red squares.",
        {
            {"lane", "lane half-length N: squares -N..N (default 4)", std::int64_t{4}, 2, 9, {}},
            {"target", "red counters needed to win: 3 (default) or 4", std::int64_t{3}, 3, 4, {}},
        },
        &start,
        &from_fields};
    return type;
}

std::string quadwrangle::position() const {
    std::string counters;
    for (int at : positions_)
        counters += at == 0 ? "0" : (at < 0 ? "-" : "+") + std::to_string(std::abs(at));
    std::string dice = rolls_ == 0 ? "-" : "";
    if (rolls_ > 0)
        for (int die : dice_) dice += static_cast<char>('0' + die);
    return "quadwrangle:" + std::to_string(half_length_) + ":" + std::to_string(target_) + ":" +
           counters + ":" + (to_move_ < 0 ? "-" : std::to_string(to_move_ + 1)) + ":" +
           std::to_string(rolls_) + ":" + dice;
}

result<quadwrangle> quadwrangle::from_notation(std::string_view text) {
    const auto fields = notation::split_fields(text);
    if (auto counted = notation::check_field_count(
            "quadwrangle", fields, {"lane", "target", "counters", "turn", "rolls", "dice"});
        !counted)
        return refusal{counted.reason()};
    int half_length = 0, target = 0, rolls = 0;
    if (!notation::read_number(fields[0], half_length) || half_length < 2 || half_length > 9)
        return notation::expected("lane", "the half-length N, 2 to 9", fields[0]);
    if (fields[1] != "3" && fields[1] != "4")
        return notation::expected("target", "3 or 4", fields[1]);
    target = fields[1][0] - '0';
    quadwrangle position(half_length, target);

    const auto counters = fields[2];
    const std::string what = "nine counters, each \"0\" or a sign and 1 to " +
                             std::to_string(half_length) + ", e.g. \"0-1+200000+4\"";
    std::size_t at = 0;
    for (int lane = 0; lane < quadwrangle_lanes; ++lane) {
        if (at < counters.size() && counters[at] == '0') {
            position.positions_[lane] = 0;
            ++at;
            continue;
        }
        if (at + 1 >= counters.size() || (counters[at] != '-' && counters[at] != '+') ||
            counters[at + 1] < '1' || counters[at + 1] - '0' > half_length)
            return notation::expected("counters", what, counters);
        const int steps = counters[at + 1] - '0';
        position.positions_[lane] = static_cast<std::int8_t>(counters[at] == '-' ? -steps : steps);
        at += 2;
    }
    if (at != counters.size()) return notation::expected("counters", what, counters);

    const auto turn = fields[3];
    if (turn != "1" && turn != "2" && turn != "-")
        return notation::expected("turn", "\"1\" or \"2\" (the player to move) or \"-\"", turn);
    const int winners = (position.red_count(0) >= target) + (position.red_count(1) >= target);
    if (turn == "-") {
        if (winners != 1)
            return notation::expected("turn",
                                      "the player to move: nobody has " + std::to_string(target) +
                                          " counters on a red square",
                                      turn);
        position.winner_ = static_cast<std::int8_t>(position.red_count(0) >= target ? 0 : 1);
        position.to_move_ = -1;
    } else {
        if (winners != 0) return notation::expected("turn", "\"-\": a player has won", turn);
        position.to_move_ = static_cast<std::int8_t>(turn[0] - '1');
    }

    if (fields[4].size() != 1 || fields[4][0] < '0' || fields[4][0] > '3' ||
        (turn == "-" && fields[4] == "0"))
        return notation::expected("rolls",
                                  turn == "-" ? "the rolls of the winning turn, 1 to 3"
                                              : "the rolls made this turn, 0 to 3",
                                  fields[4]);
    rolls = fields[4][0] - '0';
    position.rolls_ = static_cast<std::int8_t>(rolls);
    const auto dice = fields[5];
    if (rolls == 0) {
        if (dice != "-") return notation::expected("dice", "\"-\" before the first roll", dice);
        return position;
    }
    const auto parsed = parse_dice(dice);
    if (!parsed) return notation::expected("dice", "five dice, each 1 to 6", dice);
    position.dice_ = parsed.value();
    return position;
}

std::string_view quadwrangle_lane_name(int lane) { return lane_names[lane]; }

std::vector<play_option> available_plays(const std::array<int, 5>& dice) {
    std::vector<play_option> plays;
    if (std::any_of(dice.begin(), dice.end(), [](int die) { return die < 1 || die > 6; }))
        return plays;
    const auto offer = offer_of(dice);
    for (int kind = 0; kind < play_kinds; ++kind) {
        if (!offer[kind].count) continue;
        play_option play{std::string(play_tokens[kind]), {}};
        for (int i = 0; i < offer[kind].count; ++i)
            play.lane_steps.emplace_back(offer[kind].moves[i].lane, offer[kind].moves[i].steps);
        plays.push_back(std::move(play));
    }
    return plays;
}

quadwrangle::quadwrangle(int half_length, int target)
    : half_length_(static_cast<std::int8_t>(half_length)),
      target_(static_cast<std::int8_t>(target)) {}

result<quadwrangle> quadwrangle::from_position(int half_length, int target,
                                               const std::array<int, 9>& positions, int to_move,
                                               int rolls, const std::array<int, 5>& dice) {
    if (half_length < 2 || half_length > 9) return refusal{"half_length must be 2-9"};
    if (target < 3 || target > 4) return refusal{"target must be 3 or 4"};
    if (to_move < 0 || to_move > 1) return refusal{"to_move must be 0 or 1"};
    if (rolls < 0 || rolls > 3) return refusal{"rolls must be 0-3"};
    quadwrangle position(half_length, target);
    for (int lane = 0; lane < quadwrangle_lanes; ++lane) {
        if (positions[lane] < -half_length || positions[lane] > half_length)
            return refusal{"lane " + std::string(lane_names[lane]) + " is off the board"};
        position.positions_[lane] = static_cast<std::int8_t>(positions[lane]);
    }
    if (position.red_count(0) >= target || position.red_count(1) >= target)
        return refusal{"a seat already has its target on its red square"};
    position.to_move_ = static_cast<std::int8_t>(to_move);
    position.rolls_ = static_cast<std::int8_t>(rolls);
    if (rolls > 0) {
        for (int i = 0; i < 5; ++i) {
            if (dice[i] < 1 || dice[i] > 6) return refusal{"dice must be 1-6"};
            position.dice_[i] = static_cast<std::int8_t>(dice[i]);
        }
    }
    return position;
}

std::array<int, 5> quadwrangle::dice() const {
    std::array<int, 5> out{};
    std::copy(dice_.begin(), dice_.end(), out.begin());
    return out;
}

int quadwrangle::red_count(int seat) const {
    const int red = seat == 0 ? -half_length_ : half_length_;
    return static_cast<int>(std::count(positions_.begin(), positions_.end(), red));
}

options quadwrangle::settings() const {
    return {{"lane", std::int64_t{half_length_}}, {"target", std::int64_t{target_}}};
}

std::vector<std::string> quadwrangle::legal() const {
    std::vector<std::string> tokens;
    if (to_move_ < 0) return tokens;
    if (rolls_ == 0) {
        tokens.emplace_back("roll");
        return tokens;
    }
    const auto offer = offer_of(dice_);
    tokens.reserve(rolls_ < 3 ? 35 : 4);
    // "pass" and "play ..." sort before "reroll ...".
    for (int kind = 0; kind < play_kinds; ++kind)
        if (offer[kind].count) tokens.emplace_back(play_tokens[kind]);
    if (tokens.empty()) tokens.emplace_back("pass");
    if (rolls_ < 3) {
        const auto& rerolls = reroll_requests();
        tokens.insert(tokens.end(), rerolls.begin(), rerolls.end());
    }
    return tokens;
}

result<unsigned> quadwrangle::check_roll_request(std::string_view request) const {
    const bool first = request == "roll";
    unsigned mask = all_dice;
    if (!first) {
        if (!request.starts_with("reroll"))
            return refusal{"unknown token '" + std::string(request) + "'", "not_a_request"};
        auto positions = parse_positions(request.substr(6));
        if (!positions) return positions;
        mask = positions.value();
    }
    if (to_move_ < 0) return refusal{"the game is over", "game_over"};
    if (first) {
        if (rolls_ > 0)
            return refusal{
                "the dice are already rolled this turn; re-roll with 'reroll <positions>'",
                "already_rolled"};
    } else if (rolls_ == 0) {
        return refusal{"roll all five dice first", "roll_first"};
    } else if (rolls_ == 3) {
        return refusal{"no rolls left: a turn has at most three rolls", "no_rolls_left"};
    }
    return mask;
}

result<int> quadwrangle::check_play(std::string_view token) const {
    const auto found = std::find(play_tokens.begin(), play_tokens.end(), token);
    if (found == play_tokens.end())
        return refusal{"unknown play '" + std::string(token) + "'", "not_a_request"};
    if (to_move_ < 0) return refusal{"the game is over", "game_over"};
    if (rolls_ == 0) return refusal{"roll the dice first", "roll_first"};
    const int kind = static_cast<int>(found - play_tokens.begin());
    if (!offer_of(dice_)[kind].count) {
        int total = 0;
        for (int die : dice_) total += die;
        return refusal{"'" + std::string(token) + "' needs " + std::string(play_needs[kind]) +
                           "; the dice " + dice_text(dice_) + " total " + std::to_string(total),
                       "play_unavailable"};
    }
    return kind;
}

result<void> quadwrangle::check_pass() const {
    if (to_move_ < 0) return refusal{"the game is over", "game_over"};
    if (rolls_ == 0) return refusal{"roll the dice first", "roll_first"};
    const auto offer = offer_of(dice_);
    if (offers_any(offer)) {
        std::string plays;
        for (int kind = 0; kind < play_kinds; ++kind)
            if (offer[kind].count)
                plays += (plays.empty() ? "" : ", ") + std::string(play_tokens[kind]);
        return refusal{"pass is allowed only when no play is available (available: " + plays + ")",
                       "pass_not_allowed"};
    }
    return {};
}

int quadwrangle::dice_needed(std::string_view request) const {
    const auto mask = check_roll_request(request);
    return mask ? std::popcount(mask.value()) : 0;
}

result<std::string> quadwrangle::with_dice(std::string_view request,
                                           std::span<const int> dice) const {
    if (request == "pass" || request.starts_with("play ")) {
        if (request == "pass") {
            if (auto checked = check_pass(); !checked) return checked.why();
        } else if (auto kind = check_play(request); !kind) {
            return kind.why();
        }
        if (!dice.empty())
            return refusal{"'" + std::string(request) + "' takes no dice", "bad_dice"};
        return std::string(request);
    }
    const auto mask = check_roll_request(request);
    if (!mask) return mask.why();
    const auto needed = static_cast<std::size_t>(std::popcount(mask.value()));
    if (dice.size() != needed)
        return refusal{"'" + std::string(request) + "' needs " + std::to_string(needed) +
                           " dice, not " + std::to_string(dice.size()),
                       "bad_dice"};
    auto after = dice_;
    std::size_t next = 0;
    for (int i = 0; i < 5; ++i) {
        if (!(mask.value() & (1u << i))) continue;
        if (dice[next] < 1 || dice[next] > 6)
            return refusal{"dice show 1-6, not " + std::to_string(dice[next]), "bad_dice"};
        after[i] = static_cast<std::int8_t>(dice[next++]);
    }
    return std::string(request) + '=' + dice_text(after);
}

result<void> quadwrangle::apply(std::string_view token) {
    if (token == "pass") {
        if (auto checked = check_pass(); !checked) return checked;
        end_turn();
        return {};
    }
    if (token.starts_with("play ")) {
        const auto kind = check_play(token);
        if (!kind) return kind.why();
        make_play(kind.value());
        return {};
    }
    const auto equals = token.find('=');
    const auto request = token.substr(0, equals);
    const auto mask = check_roll_request(request);
    if (!mask) return mask.why();
    if (equals == std::string_view::npos)
        return refusal{"dice must be supplied: the recorded form is '" + std::string(request) +
                           "=' followed by all five dice, e.g. 'roll=36625'",
                       "dice_missing"};
    const auto after = parse_dice(token.substr(equals + 1));
    if (!after) return after.why();
    for (int i = 0; i < 5; ++i) {
        if (!(mask.value() & (1u << i)) && after.value()[i] != dice_[i])
            return refusal{"die " + std::to_string(i + 1) + " was kept and must stay " +
                               std::to_string(dice_[i]) + ", not " +
                               std::to_string(after.value()[i]),
                           "bad_dice"};
    }
    dice_ = after.value();
    ++rolls_;
    return {};
}

void quadwrangle::make_play(int kind) {
    const auto play = offer_of(dice_)[kind];
    const int mover = to_move_;
    for (int i = 0; i < play.count; ++i) {
        auto& counter = positions_[play.moves[i].lane];
        counter =
            static_cast<std::int8_t>(pulled(counter, play.moves[i].steps, mover, half_length_));
    }
    // Only the mover gains counters, so only the mover can have reached the target.
    if (red_count(mover) >= target_) {
        winner_ = static_cast<std::int8_t>(mover);
        to_move_ = -1;
        return;
    }
    end_turn();
}

void quadwrangle::end_turn() {
    to_move_ = static_cast<std::int8_t>(1 - to_move_);
    rolls_ = 0;
    dice_ = {};
}

outcome quadwrangle::current_outcome() const {
    outcome result;
    result.scores = {red_count(0), red_count(1)};
    if (winner_ >= 0) {
        result.status = game_status::finished;
        result.winners = {winner_};
        result.reason = seat_name(winner_) + " has " + std::to_string(red_count(winner_)) +
                        " counters on its red square";
        result.code = "counters";
        result.figures = {{"seat", winner_}, {"counters", red_count(winner_)}};
    }
    return result;
}

view quadwrangle::describe() const {
    view_list lanes;
    for (int lane = 0; lane < quadwrangle_lanes; ++lane)
        lanes.emplace_back(view_fields{{"name", std::string(lane_names[lane])},
                                       {"position", int{positions_[lane]}}});
    view_list plays;
    if (rolls_ > 0 && to_move_ >= 0) {
        const auto offer = offer_of(dice_);
        for (int kind = 0; kind < play_kinds; ++kind) {
            view_list moves;
            for (int i = 0; i < offer[kind].count; ++i) {
                const auto [lane, steps] = offer[kind].moves[i];
                moves.emplace_back(
                    view_fields{{"lane", std::string(lane_names[lane])},
                                {"steps", steps},
                                {"to", pulled(positions_[lane], steps, to_move_, half_length_)}});
            }
            if (!moves.empty())
                plays.emplace_back(view_fields{{"token", std::string(play_tokens[kind])},
                                               {"moves", std::move(moves)}});
        }
    }
    // Dice stay null before the turn's first roll.
    const view dice_shown = rolls_ > 0 ? view(to_view_list(dice())) : view();
    return view_fields{{"lanes", std::move(lanes)}, {"half_length", int{half_length_}},
                       {"target", int{target_}},    {"dice", dice_shown},
                       {"rolls", int{rolls_}},      {"plays", std::move(plays)}};
}

std::string quadwrangle::seat_name(int seat) const { return "Player " + std::to_string(seat + 1); }

}  // namespace quadra::rules
