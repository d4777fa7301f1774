// Reading a first-move history: its figures, the limits, the turn order it asks for.

#include <doctest/doctest.h>

#include <vector>

#include "events/first_moves.hpp"

using namespace quadra::events;

TEST_CASE("a history's difference, streak and last turn order") {
    const first_move_summary none = summarise({});
    CHECK(none.games == 0);
    CHECK(none.streak == 0);
    const first_move_summary h = summarise({true, false, false, false});
    CHECK(h.games == 4);
    CHECK(h.difference == -2);
    CHECK(h.streak == 3);
    CHECK_FALSE(h.last_first);
    CHECK(summarise({false, true}).streak == 1);
}

TEST_CASE("a Swiss's limits: not three in a row, not more than 2 apart") {
    const first_move_limits swiss{.most_in_a_row = 2, .most_difference = 2};
    const first_move_summary twice_first = summarise({false, true, true});
    CHECK(would_break(twice_first, true, swiss) == first_move_break::in_a_row);
    CHECK(would_break(twice_first, false, swiss) == first_move_break::none);
    // Two first moves more than second ones, the last a second move: a first move would make 3.
    const first_move_summary ahead = summarise({true, true, false, true, true, false});
    CHECK(ahead.difference == 2);
    CHECK(would_break(ahead, true, swiss) == first_move_break::difference);
    CHECK(would_break(summarise({}), true, swiss) == first_move_break::none);
    // An arena's limit is a fourth game in a row.
    const first_move_limits arena{.most_in_a_row = 3, .most_difference = 1 << 20};
    CHECK(would_break(twice_first, true, arena) == first_move_break::none);
    CHECK(would_break(summarise({true, true, true}), true, arena) == first_move_break::in_a_row);
}

TEST_CASE("the turn order a history asks for, and what an order costs two players") {
    CHECK_FALSE(wish_of(summarise({})).any);
    const first_move_wish alternate = wish_of(summarise({true, false}));
    CHECK(alternate.any);
    CHECK(alternate.first);
    CHECK(alternate.strength == 1);
    const first_move_wish even_up = wish_of(summarise({false, true, true}));
    CHECK_FALSE(even_up.first);
    CHECK(even_up.strength == 2);

    const first_move_limits swiss{.most_in_a_row = 2, .most_difference = 2};
    const first_move_summary ff = summarise({true, true});
    const first_move_summary fs = summarise({true, false});
    // ff first: ff breaks the limit and its strong wish (2) is unmet; fs is due the first move
    // (mild, 1) and does not get it.
    CHECK(cost_of(ff, fs, swiss) == turn_order_cost{1, 3});
    CHECK(cost_of(fs, ff, swiss) == turn_order_cost{0, 0});
}
