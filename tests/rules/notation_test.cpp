// The position notation (docs/rules.md §6): every position of random games of every game and
// option set prints, reads back to the same state and goes on exactly as the full replay; bad
// notations are refused naming the field.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "playout.hpp"
#include "rules/kvadrat.hpp"
#include "rules/registry.hpp"

using namespace quadra::rules;

namespace {

// Every combination of each option's words and integers: every integer of a range of at most ten,
// else its ends, its default and the value ten above its smallest.
std::vector<options> option_sets(const game_type& type) {
    std::vector<options> sets = {{}};
    for (const auto& spec : type.options) {
        std::vector<option_value> values(spec.words.begin(), spec.words.end());
        if (spec.accepts_integers()) {
            std::vector<std::int64_t> numbers = {*spec.min, spec.max, *spec.min + 10};
            if (spec.max - *spec.min <= 10) {
                numbers.clear();
                for (auto n = *spec.min; n <= spec.max; ++n) numbers.push_back(n);
            } else if (spec.fallback && std::holds_alternative<std::int64_t>(*spec.fallback)) {
                numbers.push_back(std::get<std::int64_t>(*spec.fallback));
            }
            std::sort(numbers.begin(), numbers.end());
            numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
            values.insert(values.end(), numbers.begin(), numbers.end());
        }
        std::vector<options> grown;
        for (const auto& set : sets) {
            for (const auto& value : values) {
                auto next = set;
                next[spec.name] = value;
                grown.push_back(std::move(next));
            }
        }
        sets = std::move(grown);
    }
    return sets;
}

std::string label(const std::string& id, const options& given) {
    std::string text = id;
    for (const auto& [name, value] : given) text += " " + name + "=" + to_string(value);
    return text;
}

// The state after `k` of `tokens`, read back from its notation, goes on like the full replay.
void check_continuation(const game& full, const std::vector<std::string>& tokens,
                        const std::vector<std::string>& notations, std::size_t k) {
    auto continued = from_position(notations[k]);
    REQUIRE_MESSAGE(continued.ok(), continued.reason());
    auto& game = *continued.value();
    for (std::size_t i = k; i < tokens.size(); ++i) {
        CHECK(game.position() == notations[i]);
        REQUIRE(game.apply(tokens[i]).ok());
    }
    CHECK(game.position() == full.position());
    CHECK(game.current_outcome() == full.current_outcome());
    CHECK(game.describe() == full.describe());
}

}  // namespace

TEST_CASE("every position of random games reads back from its notation and goes on the same") {
    int positions = 0, games = 0;
    for (const auto* type : game_types()) {
        for (const auto& given : option_sets(*type)) {
            auto started = create_game(type->id, given);
            if (!started) continue;  // kvadrat with 3 players
            for (std::uint64_t seed = 1; seed <= 6; ++seed) {
                CAPTURE(label(type->id, given));
                CAPTURE(seed);
                std::mt19937_64 rng(seed * 7919 + positions);
                auto game = started.value()->clone();
                std::vector<std::string> tokens, notations;
                while (true) {
                    const auto printed = game->position();
                    CAPTURE(printed);
                    notations.push_back(printed);
                    for (unsigned char c : printed) REQUIRE((c > ' ' && c <= '~'));
                    auto parsed = from_position(printed);
                    REQUIRE_MESSAGE(parsed.ok(), parsed.reason());
                    const auto& back = *parsed.value();
                    CHECK(back.position() == printed);
                    CHECK(back.id() == game->id());
                    CHECK(back.settings() == game->settings());
                    CHECK(back.to_move() == game->to_move());
                    CHECK(back.legal() == game->legal());
                    CHECK(back.current_outcome() == game->current_outcome());
                    CHECK(back.describe() == game->describe());
                    for (int seat = 0; seat < game->seat_count(); ++seat)
                        CHECK(back.retired(seat) == game->retired(seat));
                    ++positions;
                    if (game->finished()) break;
                    // Now and then a seat of a 4-player Kvadrat leaves, so 'retired' is printed.
                    if (game->seat_count() == 4 && rng() % 40 == 0) {
                        if (game->retire(static_cast<int>(rng() % 4)).ok()) {
                            tokens.clear();
                            notations.clear();
                            continue;
                        }
                    }
                    tokens.push_back(quadra::testing::random_move(*game, rng));
                    REQUIRE(game->apply(tokens.back()).ok());
                }
                ++games;
                notations.pop_back();
                for (std::size_t k = 0; k < tokens.size(); k += 1 + tokens.size() / 8)
                    check_continuation(*game, tokens, notations, k);
            }
        }
    }
    MESSAGE(games << " games, " << positions << " positions");
    CHECK(games > 350);
}

TEST_CASE("the start of each game has a short notation") {
    const std::vector<std::pair<std::string, std::string>> starts = {
        {"kvadratura", "kvadratura:l:8/8/8/8/8/8/8/8"},
        {"quadrature",
         "quadrature:m:11/1WWWWWWWWW1/1WWWWWWWWW1/11/11/11/11/11/1BBBBBBBBB1/1BBBBBBBBB1/11:b:00:-:"
         "1"},
        {"kvadrat", "kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:-"},
        {"quadwrangle", "quadwrangle:4:3:000000000:1:0:-"},
    };
    for (const auto& start : starts) {
        const auto& [id, notation] = start;
        CAPTURE(start.first);  // a member, not a binding: clang 14's lambdas cannot see one
        auto game = create_game(id, {});
        REQUIRE(game.ok());
        CHECK(game.value()->position() == notation);
    }
}

TEST_CASE("a bad notation is refused with a message naming the field") {
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"",
         "field 'game': expected one of quadrature, quadwrangle, kvadrat, kvadratura "
         "followed by ':', not \"\""},
        {"chess:8/8",
         "field 'game': expected one of quadrature, quadwrangle, kvadrat, kvadratura "
         "followed by ':', not \"chess\""},
        {"kvadratura",
         "field 'game': expected one of quadrature, quadwrangle, kvadrat, "
         "kvadratura followed by ':', not \"kvadratura\""},
        {"kvadratura:l:3/3/3\n",
         "a position notation is one line of printable ASCII without "
         "spaces; byte 19 is 10"},
        {"kvadratura:l 3/3/3",
         "a position notation is one line of printable ASCII without "
         "spaces; byte 13 is 32"},
        // Kvadratura
        {"kvadratura:", "field 'board': missing; expected kvadratura:mode:board"},
        {"kvadratura:x:3/3/3",
         "field 'mode': expected \"l\" (first_square_loses) or \"f\" (fill), not \"x\""},
        {"kvadratura:l:3/3", "field 'board': expected 3 to 8 ranks separated by '/', not \"3/3\""},
        {"kvadratura:l:3/3/3:b",
         "expected nothing after field 'board', not another ':'; "
         "expected kvadratura:mode:board"},
        {"kvadratura:l:3/4/3",
         "field 'board': expected each run of empty cells as one number "
         "from 1 to 3 in rank 2, not \"4\""},
        {"kvadratura:l:3/21/3",
         "field 'board': expected each run of empty cells as one number "
         "from 1 to 3 in rank 2, not \"21\""},
        {"kvadratura:l:3/03/3",
         "field 'board': expected each run of empty cells as one number "
         "from 1 to 3 in rank 2, not \"03\""},
        {"kvadratura:l:3/WX1/3",
         "field 'board': expected 3 cells of \"WB\" or runs of empty "
         "cells in rank 2, not \"WX1\""},
        {"kvadratura:l:3//3",
         "field 'board': expected 3 cells of \"WB\" or runs of empty cells "
         "in rank 2, not \"\""},
        {"kvadratura:l:3/WW1/3",
         "field 'board': White has 2 checkers and Black 0; White must "
         "have as many or one more"},
        // Quadrature
        {"quadrature:m:11/11/11/11/11/11/11/11/11/11/11:b:00:-",
         "field 'seen': missing; expected quadrature:setup:board:turn:markers:exchanged:seen"},
        {"quadrature:x:11/11/11/11/11/11/11/11/11/11/11:b:00:-:1",
         "field 'setup': expected \"m\" (men18) or \"s\" (steere9), not \"x\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/11/11/1BB9:b:00:-:1",
         "field 'board': expected each run of empty cells as one number from 1 to 8 in rank 1, "
         "not \"1BB9\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/11/11/BBB8:x:00:-:1",
         "field 'turn': expected \"b\" (Black) or \"w\" (White), not \"x\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/11/11/BBB8:b:03:-:1",
         "field 'markers': expected Black's and White's marker, two digits 0-2, not \"03\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/11/11/BBB8:b:00:a1:1",
         "field 'exchanged': expected \"-\" or cells holding White men in board order (rank 1 "
         "first), e.g. \"e5f5\", not \"a1\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/11/11/BBB8:w:00:b1a1:1",
         "field 'exchanged': expected \"-\" or cells holding Black men in board order (rank 1 "
         "first), e.g. \"e5f5\", not \"b1a1\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/WWW8/11/BBB8:b:00:-:4",
         "field 'seen': expected how often this position has occurred, 0 to 3, not \"4\""},
        {"quadrature:m:11/11/11/11/11/11/11/11/WWW8/11/BBB8:b:00:-:0",
         "field 'seen': expected 1 to 3 for a position the game did not end in, not \"0\""},
        // Kvadrat
        {"kvadrat:3ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:-",
         "field 'options': expected players 2 or 4, path \"e\" (exact) or \"m\" (at_most), "
         "majority \"p\" (plurality) or \"a\" (absolute), e.g. \"2ep\", not \"3ep\""},
        {"kvadrat:2ep:0:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:-",
         "field 'pieces': expected \"u\" (unlimited) or pieces per seat, 1 to 225, not \"0\""},
        {"kvadrat:2ep:1:15/15/15/15/15/15/15/15/15/15/15/15/15/15/BB13:0:-",
         "field 'board': expected at most 1 pieces of Black, not "
         "\"15/15/15/15/15/15/15/15/15/15/15/15/15/15/BB13\""},
        {"kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/W14:0:-",
         "field 'board': expected 15 cells of \"BR\" or runs of empty cells in rank 1, not "
         "\"W14\""},
        {"kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:2:-",
         "field 'turn': expected the seat to move, 0 to 1, or \"-\" once the game is over, not "
         "\"2\""},
        {"kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:-:-",
         "field 'turn': expected the seat to move: the game is not over, not \"-\""},
        {"kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:1",
         "field 'retired': expected \"-\" or the retired seats of a 4-player game, ascending "
         "digits 0-3, not \"1\""},
        {"kvadrat:4ep:30:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:31",
         "field 'retired': expected \"-\" or the retired seats of a 4-player game, ascending "
         "digits 0-3, not \"31\""},
        {"kvadrat:4ep:30:15/15/15/15/15/15/15/15/15/15/15/15/15/15/15:0:",
         "field 'retired': expected \"-\" or the retired seats, ascending digits 0-3, not \"\""},
        // Quadwrangle
        {"quadwrangle:1:3:000000000:1:0:-",
         "field 'lane': expected the half-length N, 2 to 9, not \"1\""},
        {"quadwrangle:4:5:000000000:1:0:-", "field 'target': expected 3 or 4, not \"5\""},
        {"quadwrangle:4:3:00000000:1:0:-",
         "field 'counters': expected nine counters, each \"0\" or a sign and 1 to 4, e.g. "
         "\"0-1+200000+4\", not \"00000000\""},
        {"quadwrangle:4:3:+5000000000:1:0:-",
         "field 'counters': expected nine counters, each \"0\" or a sign and 1 to 4, e.g. "
         "\"0-1+200000+4\", not \"+5000000000\""},
        {"quadwrangle:4:3:-000000000:1:0:-",
         "field 'counters': expected nine counters, each \"0\" or a sign and 1 to 4, e.g. "
         "\"0-1+200000+4\", not \"-000000000\""},
        {"quadwrangle:4:3:000000000:3:0:-",
         "field 'turn': expected \"1\" or \"2\" (the player to move) or \"-\", not \"3\""},
        {"quadwrangle:4:3:000000000:-:1:11111",
         "field 'turn': expected the player to move: nobody has 3 counters on a red square, not "
         "\"-\""},
        {"quadwrangle:4:3:-4-4-4000000:1:1:11111",
         "field 'turn': expected \"-\": a player has won, not \"1\""},
        {"quadwrangle:4:3:000000000:1:4:-",
         "field 'rolls': expected the rolls made this turn, 0 to 3, not \"4\""},
        {"quadwrangle:4:3:000000000:1:0:12345",
         "field 'dice': expected \"-\" before the first roll, not \"12345\""},
        {"quadwrangle:4:3:000000000:1:1:12347",
         "field 'dice': expected five dice, each 1 to 6, not \"12347\""},
        {"quadwrangle:4:3:000000000:1:1:-",
         "field 'dice': expected five dice, each 1 to 6, not \"-\""},
    };
    for (const auto& refused : bad) {
        const auto& [notation, reason] = refused;
        CAPTURE(refused.first);  // a member, not a binding: clang 14's lambdas cannot see one
        auto parsed = from_position(notation);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.reason() == reason);
    }
}

TEST_CASE("the notation of a position in the middle of each game, as docs/rules.md §6 shows it") {
    auto quadrature = create_game("quadrature", {});
    REQUIRE(quadrature.value()->apply("b3-b4").ok());
    CHECK(
        quadrature.value()->position() ==
        "quadrature:m:11/1WWWWWWWWW1/1WWWWWWWWW1/11/11/11/11/1B9/2BBBBBBBB1/1BBBBBBBBB1/11:w:00:-:"
        "1");
    auto kvadratura = create_game("kvadratura", {{"size", 4}, {"mode", "fill"}});
    for (const char* token : {"a1", "b2", "c3"}) REQUIRE(kvadratura.value()->apply(token).ok());
    CHECK(kvadratura.value()->position() == "kvadratura:f:4/2W1/1B2/W3");
    // Kvadrat: Black's first piece on h5, Red to move.
    auto game = create_game("kvadrat", {});
    REQUIRE(game.value()->apply("h5").ok());
    CHECK(game.value()->position() ==
          "kvadrat:2ep:u:15/15/15/15/15/15/15/15/15/15/7B7/15/15/15/15:1:-");
    auto quadwrangle = create_game("quadwrangle", {});
    REQUIRE(quadwrangle.value()->apply("roll=36625").ok());
    CHECK(quadwrangle.value()->position() == "quadwrangle:4:3:000000000:1:1:36625");
    REQUIRE(quadwrangle.value()->apply("play lanes").ok());
    CHECK(quadwrangle.value()->position() == "quadwrangle:4:3:00000-1000:2:0:-");
}

TEST_CASE("a Quadrature notation carries how often its position occurred") {
    const std::string board = "11/11/11/11/11/11/11/11/WWW8/11/BBB8";
    auto twice = from_position("quadrature:m:" + board + ":b:00:-:2");
    REQUIRE(twice.ok());
    CHECK_FALSE(twice.value()->finished());
    CHECK(twice.value()->position() == "quadrature:m:" + board + ":b:00:-:2");

    auto third = from_position("quadrature:m:" + board + ":b:00:-:3");
    REQUIRE(third.ok());
    CHECK(third.value()->finished());
    CHECK(third.value()->legal().empty());
    CHECK(third.value()->current_outcome().reason == "the same position occurred a third time");
    CHECK(third.value()->current_outcome().code == "repetition");
    CHECK(third.value()->position() == "quadrature:m:" + board + ":b:00:-:3");
}
