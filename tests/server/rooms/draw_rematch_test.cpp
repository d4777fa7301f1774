// The draw offer and the rematch agreement on their own: concrete events, exact states, and the
// checks shared by live requests and restores.

#include <doctest/doctest.h>

#include "server/rooms/draw_offer.hpp"
#include "server/rooms/rematch_agreement.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using quadra::protocol::error_code;

TEST_CASE("a draw offer stands until answered or until the opponent moves") {
    draw_offer offer;
    CHECK(offer.standing() == -1);
    CHECK(offer.check_answer(1)->code == error_code::no_draw_offer);
    CHECK_FALSE(offer.check(events::draw_offer{0}));
    offer.apply(events::draw_offer{0});
    CHECK(offer.standing() == 0);
    CHECK(offer.check(events::draw_offer{1})->code == error_code::not_allowed);
    CHECK(offer.check_answer(0)->code == error_code::no_draw_offer);  // her own
    CHECK_FALSE(offer.check_answer(1));

    offer.apply(events::move{0, "a1"});  // the offerer's own move keeps it
    CHECK(offer.standing() == 0);
    offer.apply(events::move{1, "b2"});  // the opponent moved instead of answering
    CHECK(offer.standing() == -1);

    offer.apply(events::draw_offer{1});
    offer.apply(events::draw_declined{0});
    CHECK(offer.standing() == -1);
    offer.apply(events::draw_offer{1});
    offer.clear();
    CHECK(offer.standing() == -1);
}

TEST_CASE("a rematch needs a finished game, every person's agreement, and opens once") {
    rematch_agreement rematch;
    CHECK(rematch.check(false)->code == error_code::not_finished);
    CHECK_FALSE(rematch.check(true));
    rematch.apply(events::rematch{2});
    rematch.apply(events::rematch{0});
    rematch.apply(events::rematch{2});  // asking twice counts once
    CHECK(rematch.agreed() == std::vector<int>{0, 2});
    CHECK_FALSE(rematch.ready({0, 1, 2}));
    CHECK(rematch.ready({0, 2}));  // seat 1 is a computer player

    // A rematch room has a code: the type holds nothing else.
    CHECK_FALSE(room_code::parse(""));
    CHECK_FALSE(room_code::parse("P3XK9"));
    CHECK_FALSE(room_code::parse("P3XK90"));  // 0 looks like O: not in the alphabet
    const auto code = room_code::parse("P3XK9D");
    REQUIRE(code);
    rematch.apply(events::rematch_room{*code});
    CHECK(rematch.room() == "P3XK9D");
    CHECK_FALSE(rematch.ready({0, 2}));
    CHECK(rematch.check(true)->code == error_code::not_allowed);
    CHECK(rematch.check(true)->message == "the rematch is room P3XK9D");
}
