// The seats part on its own: seating events, their one check, presence and claimability.

#include <doctest/doctest.h>

#include "server/rooms/seats.hpp"

using namespace quadra::server;
using quadra::protocol::error_code;
using namespace std::chrono_literals;

namespace {

std::shared_ptr<identity> person(std::uint64_t id, const std::string& name) {
    return std::make_shared<identity>(id, "token", name);
}

}  // namespace

TEST_CASE("seating events fill seats in order and the check refuses what a room cannot do") {
    seats table(2);
    auto ann = person(1, "Ann");
    CHECK(table.first_free() == 0);
    const events::seated ann_sits{0, "Ann", ann};
    CHECK_FALSE(table.check(ann_sits, false));
    table.apply(ann_sits, 1000);
    CHECK(table[0].holder == ann);
    CHECK(table[0].name == "Ann");
    CHECK(table[0].away_since == 1000);  // away until a connection of hers joins
    CHECK(table.of(ann.get()) == 0);
    CHECK(table.first_free() == 1);
    CHECK_FALSE(table.full());

    auto bob = person(2, "Bob");
    CHECK(table.check(events::seated{0, "Bob", bob}, false)->code == error_code::seat_taken);
    CHECK(table.check(events::seated{2, "Bob", bob}, false)->code == error_code::bad_field);
    CHECK(table.check(events::seated{1, "Bob", bob}, true)->code == error_code::room_full);
    CHECK(table.check(events::seated{1, "Nobody", nullptr}, false)->code ==
          error_code::not_a_player);
    CHECK(table.check(events::bot_seated{2, quadra::bots::level::hard}, false)->code ==
          error_code::bad_field);
    CHECK(table.check(events::unseated{0}, true)->code == error_code::room_full);

    table.apply(events::bot_seated{1, quadra::bots::level::hard});
    CHECK(table[1].name == "Computer (hard)");
    CHECK(table[1].bot == quadra::bots::level::hard);
    CHECK(table.full());
    CHECK(table.any_person());

    table.apply(events::unseated{0});
    CHECK_FALSE(table[0].taken());
    CHECK(table.of(ann.get()) == -1);
    CHECK_FALSE(table.any_person());
}

TEST_CASE("presence: a holder without a connection is away, and claimable after the grace") {
    seats table(2);
    auto ann = person(1, "Ann");
    auto bob = person(2, "Bob");
    table.apply(events::seated{0, "Ann", ann}, 1000);
    table.apply(events::seated{1, "Bob", bob}, 1000);
    const auto only_ann = [&](const identity& who) { return &who == ann.get(); };
    table.refresh_presence(only_ann, 5000);
    CHECK_FALSE(table[0].away_since);
    CHECK(table[1].away_since == 1000);  // never came: away since seated

    const auto nobody = [](const identity&) { return false; };
    table.refresh_presence(nobody, 7000);
    CHECK(table[0].away_since == 7000);
    CHECK(table[1].away_since == 1000);  // the first moment counts

    // Counted from the game's start at the earliest.
    CHECK(table.claimable_at(1, 4000, 120s) == 124000);
    CHECK(table.claimable_at(0, 4000, 120s) == 127000);

    seats rebuilt(2);
    rebuilt.apply(events::seated{0, "Ann", ann}, 9000);
    rebuilt.apply(events::seated{1, "Cy", person(3, "Cy")}, 9000);
    rebuilt.keep_absences(table);
    CHECK(rebuilt[0].away_since == 7000);  // the same holder keeps her absence
    CHECK(rebuilt[1].away_since == 9000);  // another holder does not inherit Bob's
    rebuilt.forget_absences();
    CHECK_FALSE(rebuilt.claimable_at(0, 0, 120s));
}
