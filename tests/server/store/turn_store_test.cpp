// "Your turn" in the store (#29), on both backends: a batch says which account a running game
// waits for and until when; turns_of lists an account's games, the soonest deadline first, and
// never a finished game or one that waits for somebody else.

#include <doctest/doctest.h>

#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;

namespace {

write_batch waits_for(const std::string& game_id, std::optional<std::int64_t> identity,
                      std::optional<std::int64_t> deadline_ms) {
    write_batch batch;
    batch.turn = write_batch::turn_change{game_id, identity, deadline_ms};
    return batch;
}

std::vector<std::string> games_waiting(const quadra::server::store& s, std::int64_t identity) {
    std::vector<std::string> ids;
    for (const auto& t : s.turns_of(identity)) ids.push_back(t.game_id);
    return ids;
}

template <class Place>
void turns_are_stored(const Place& where) {
    {
        auto s = where.open();
        for (const auto* id : {"g1", "g2", "g3", "g4"}) {
            write_batch created;
            created.new_game = a_game(id);
            created.new_game->room_code = std::string("R") + id;
            REQUIRE(write(*s, std::move(created)));
        }
        CHECK(s->turns_of(7).empty());
        REQUIRE(write(*s, waits_for("g1", 7, std::nullopt)));  // no clock: listed last
        REQUIRE(write(*s, waits_for("g2", 7, 5000)));
        REQUIRE(write(*s, waits_for("g3", 7, 3000)));
        REQUIRE(write(*s, waits_for("g4", 8, 1000)));  // somebody else's
        const auto turns = s->turns_of(7);
        REQUIRE(turns.size() == 3);
        CHECK(turns[0].game_id == "g3");
        CHECK(turns[0].room_code == "Rg3");
        CHECK(turns[0].deadline_ms == 3000);
        CHECK(turns[1].game_id == "g2");
        CHECK_FALSE(turns[2].deadline_ms);

        // The turn passes on; a finished game waits for nobody, whatever was written last.
        REQUIRE(write(*s, waits_for("g2", 8, 6000)));
        write_batch over;
        over.finished = write_batch::finish{"g3", 4000, "{}", std::nullopt};
        REQUIRE(write(*s, std::move(over)));
        CHECK(games_waiting(*s, 7) == std::vector<std::string>{"g1"});
        CHECK(games_waiting(*s, 8) == std::vector<std::string>{"g4", "g2"});
        REQUIRE(write(*s, waits_for("g1", std::nullopt, std::nullopt)));
        CHECK(s->turns_of(7).empty());
    }
    auto reopened = where.open();
    CHECK(games_waiting(*reopened, 8) == std::vector<std::string>{"g4", "g2"});
}

}  // namespace

TEST_CASE("turns: whom each running game waits for, read back per account (sqlite)") {
    turns_are_stored(sqlite_place{});
}

TEST_CASE("turns: whom each running game waits for, read back per account (postgres)") {
    turns_are_stored(postgres_place{});
}
