// The room's one result: ended by the room (resign, timeout, claim, draw, last seat left) or by
// the rules, and what the snapshot's effective state shows.

#include <doctest/doctest.h>

#include "rules/registry.hpp"
#include "server/rooms/room_clock.hpp"
#include "server/rooms/room_result.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using quadra::protocol::error_code;

namespace {

std::unique_ptr<quadra::rules::game> small_game() {
    return quadra::rules::create_game("kvadratura", {{"size", std::int64_t{4}}}).value();
}

void check_result(const room_result& result, const quadra::rules::game& game,
                  const std::vector<int>& winners, const std::string& reason, const std::string& by,
                  const std::string& code, int seat) {
    const auto shown = result.of(game);
    REQUIRE(shown);
    CHECK(shown->winners == winners);
    CHECK(shown->reason == reason);
    CHECK(shown->by == by);
    CHECK(shown->code == code);
    // The seat the words name; none for an agreed draw.
    const auto figures = seat < 0 ? std::vector<quadra::rules::figure>{}
                                  : std::vector<quadra::rules::figure>{{"seat", seat}};
    CHECK(shown->figures == figures);
    CHECK(shown->draw() == (winners.empty() && by != "closed"));
    CHECK(shown->no_result() == (by == "closed"));
}

}  // namespace

TEST_CASE("the room's endings of a 2-player game") {
    const auto game = small_game();
    room_result none;
    CHECK_FALSE(none.of(*game));
    CHECK_FALSE(none.ended());

    room_result resigned;
    resigned.apply(events::resign{1}, "Bob");
    CHECK(resigned.ended());
    check_result(resigned, *game, {0}, "Bob resigned", "resign", "resigned", 1);

    room_result timed_out;
    timed_out.apply(events::timeout{0}, "Ann");
    check_result(timed_out, *game, {1}, "Ann ran out of time", "timeout", "timeout", 0);

    room_result claimed;
    claimed.apply(events::claim{1, 0}, "Bob");
    check_result(claimed, *game, {0}, "win claimed: Bob left", "claim", "claimed", 1);

    room_result drawn;
    drawn.apply(events::draw_agreed{1});
    check_result(drawn, *game, {}, "draw agreed", "draw", "draw_agreed", -1);

    room_result last;
    last.last_left(2, "Cy");
    check_result(last, *game, {2}, "Cy is the last player left", "retired", "last_left", 2);

    // A moderator's closing has no winner and is no draw either.
    room_result closed;
    closed.apply(events::closed{false, nullptr, "cheating"});
    check_result(closed, *game, {}, "closed by a moderator: no result", "closed", "closed", -1);
    room_result aborted;
    aborted.apply(events::closed{true, nullptr, "by mistake"});
    check_result(aborted, *game, {}, "aborted by a moderator", "closed", "aborted", -1);
}

TEST_CASE("a game the rules finished has the rules' result") {
    auto game = small_game();
    while (!game->current_outcome().finished()) REQUIRE(game->apply(game->legal().front()));
    const auto outcome = game->current_outcome();
    const auto shown = room_result{}.of(*game);
    REQUIRE(shown);
    CHECK(shown->winners == outcome.winners);
    CHECK(shown->reason == outcome.reason);
    CHECK(shown->by == "rules");
    CHECK_FALSE(outcome.code.empty());
    CHECK(shown->code == outcome.code);
    CHECK(shown->figures == outcome.figures);
}

TEST_CASE("the clock's share of the checks: only the running seat times out, no claims") {
    room_clock none({}, 2);
    CHECK_FALSE(none.check(events::claim{1, 0}));
    CHECK(none.check(events::timeout{1})->code == error_code::not_allowed);

    quadra::protocol::clock_settings bank;
    bank.type = quadra::protocol::clock_settings::kind::bank;
    bank.initial_seconds = 10;
    room_clock timed(bank, 2);
    CHECK(timed.check(events::claim{1, 0})->code == error_code::not_allowed);
    timed.turn_to(1, 1000, false);
    CHECK_FALSE(timed.check(events::timeout{1}));
    CHECK(timed.check(events::timeout{0})->code == error_code::not_allowed);
    CHECK(timed.deadline() == 11000);
}
