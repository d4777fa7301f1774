// Ratings in the store (#17), on an SQLite file and on PostgreSQL: a rated finish rates every
// player once, with exactly ratings/'s numbers, in the transaction that sets the game finished;
// the same finish again (a restart, a takeover) changes nothing; history and leaderboards read
// back.

#include <doctest/doctest.h>

#include <vector>

#include "ratings/glicko2.hpp"
#include "ratings/weng_lin.hpp"
#include "server/store/rated_games.hpp"
#include "server/store/rating_update.hpp"
#include "tests/server/support/store_fixture.hpp"

using namespace quadra;
using namespace quadra::server;
using namespace quadra::testing;

namespace {

write_batch finish_of(const std::string& game, std::int64_t at_ms, rated_game rated) {
    write_batch batch;
    batch.finished = write_batch::finish{game, at_ms, R"({"winners":[0]})", std::move(rated)};
    return batch;
}

rated_game duel(std::int64_t winner, std::int64_t loser) {
    return {"quadrature.blitz", rating_system::glicko2, {{winner, 0}, {loser, 1}}};
}

template <class Place>
void rates_once_with_ratings_numbers(const Place& where) {
    auto s = where.open();
    for (const char* id : {"g1", "g2"}) {
        write_batch created;
        created.new_game = a_game(id);
        REQUIRE(write(*s, created));
    }
    write_batch ann;
    ann.identity = identity_row{7, std::string(64, 'c'), "Ann", 500, {}};
    REQUIRE(write(*s, ann));

    REQUIRE(write(*s, finish_of("g1", 9000, duel(7, 8))));
    // Glickman's Step 1 players, one game each: computed by ratings/ directly.
    const ratings::glicko2_game beat{ratings::glicko2_rating{}, 1.0};
    const ratings::glicko2_game lost{ratings::glicko2_rating{}, 0.0};
    const auto winner = ratings::update(ratings::glicko2_rating{}, std::span(&beat, 1));
    const auto loser = ratings::update(ratings::glicko2_rating{}, std::span(&lost, 1));
    auto check_after_one = [&] {
        const auto r7 = s->ratings_of(7);
        REQUIRE(r7.size() == 1);
        CHECK(r7[0].key == "quadrature.blitz");
        CHECK(r7[0].rating == winner.rating);
        CHECK(r7[0].deviation == winner.deviation);
        CHECK(r7[0].volatility == winner.volatility);
        CHECK(r7[0].games == 1);
        CHECK(r7[0].updated_ms == 9000);
        CHECK(r7[0].name == "Ann");
        const auto r8 = s->ratings_of(8);
        REQUIRE(r8.size() == 1);
        CHECK(r8[0].rating == loser.rating);
        CHECK(r8[0].deviation == loser.deviation);
        CHECK(r8[0].name == "");  // no identity row: read as nameless
        const auto history = s->rating_history(7, 10);
        REQUIRE(history.size() == 1);
        CHECK(history[0].game_id == "g1");
        CHECK(history[0].before == 1500);
        CHECK(history[0].after == winner.rating);
        CHECK(history[0].outcome == "win");
        CHECK(s->rating_history(8, 10).at(0).outcome == "loss");
    };
    check_after_one();
    CHECK(winner.rating > 1500);

    // The same finish again, and one with another time and result: committed, nothing changes.
    CHECK(write(*s, finish_of("g1", 9000, duel(7, 8))));
    CHECK(write(*s, finish_of("g1", 9999, duel(8, 7))));
    CHECK(s->find_game("g1")->finished_ms == 9000);
    check_after_one();
    // A finish of a game that does not exist is refused (and rates nobody).
    CHECK_FALSE(write(*s, finish_of("nope", 9000, duel(7, 8))));
    CHECK(s->ratings_of(7).at(0).games == 1);

    // Reopened (a restart): the second game starts from the stored ratings.
    s = where.open();
    check_after_one();
    REQUIRE(write(*s, finish_of("g2", 12000, duel(8, 7))));
    const ratings::glicko2_game second_loss{loser, 0.0};
    const auto after_two = ratings::update(winner, std::span(&second_loss, 1));
    const auto r7 = s->ratings_of(7);
    REQUIRE(r7.size() == 1);
    CHECK(r7[0].rating == after_two.rating);
    CHECK(r7[0].deviation == after_two.deviation);
    CHECK(r7[0].volatility == after_two.volatility);
    CHECK(r7[0].games == 2);
    const auto history = s->rating_history(7, 10);
    REQUIRE(history.size() == 2);
    CHECK(history[0].game_id == "g2");  // newest first
    CHECK(history[0].before == winner.rating);
    CHECK(history[0].outcome == "loss");
    CHECK(s->rating_history(7, 1).size() == 1);

    // The leaderboard: best first.
    const auto board = s->leaderboard("quadrature.blitz", 10);
    REQUIRE(board.size() == 2);
    CHECK(board[0].identity == 8);
    CHECK(board[1].identity == 7);
    CHECK(s->leaderboard("quadrature.blitz", 1).size() == 1);
    CHECK(s->leaderboard("kvadrat.4p", 10).empty());
}

template <class Place>
void four_players_by_weng_lin(const Place& where) {
    auto s = where.open();
    write_batch created;
    created.new_game = a_game("k1");
    REQUIRE(write(*s, created));
    const rated_game game{
        "kvadrat.4p", rating_system::weng_lin, {{11, 1}, {12, 0}, {13, 1}, {-4, 3}}};
    REQUIRE(write(*s, finish_of("k1", 5000, game)));
    const std::vector<ratings::skill> fresh(4);
    const std::vector<int> ranks{1, 0, 1, 3};
    const auto expected = ratings::update(fresh, ranks);
    const std::int64_t ids[] = {11, 12, 13, -4};
    for (std::size_t i = 0; i < 4; ++i) {
        const auto rows = s->ratings_of(ids[i]);
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].mu == expected[i].mu);
        CHECK(rows[0].sigma == expected[i].sigma);
        CHECK(rows[0].rating == ratings::display(expected[i]).rating);
        CHECK(rows[0].deviation == ratings::display(expected[i]).deviation);
    }
    CHECK(s->rating_history(12, 5).at(0).outcome == "win");
    CHECK(s->rating_history(11, 5).at(0).outcome == "loss");
    CHECK(s->rating_history(11, 5).at(0).place == 1);
    CHECK(s->leaderboard("kvadrat.4p", 10).at(0).identity == 12);
    CHECK(write(*s, finish_of("k1", 5000, game)));
    CHECK(s->ratings_of(12).at(0).games == 1);
}

}  // namespace

TEST_CASE("a rated finish rates once with ratings/'s numbers (sqlite)") {
    rates_once_with_ratings_numbers(sqlite_place{});
}

TEST_CASE("a rated finish rates once with ratings/'s numbers (postgres)") {
    rates_once_with_ratings_numbers(postgres_place{});
}

TEST_CASE("a four-player finish is rated by Weng-Lin from the places (sqlite)") {
    four_players_by_weng_lin(sqlite_place{});
}

TEST_CASE("a four-player finish is rated by Weng-Lin from the places (postgres)") {
    four_players_by_weng_lin(postgres_place{});
}

TEST_CASE("rate_game: outcomes from places") {
    const rated_game draw{"q.blitz", rating_system::glicko2, {{1, 0}, {2, 0}}};
    CHECK(outcome_of(draw, 0) == "draw");
    const rated_game shared{"k.4p", rating_system::weng_lin, {{1, 0}, {2, 0}, {3, 2}, {4, 2}}};
    CHECK(outcome_of(shared, 1) == "win");
    CHECK(outcome_of(shared, 2) == "loss");
}

TEST_CASE("speed classes and rating keys") {
    using clock = quadra::protocol::clock_settings;
    using kind = clock::kind;
    CHECK(speed_class(clock{}) == "untimed");
    CHECK(speed_class({kind::bank, 60, 1, 0}) == "bullet");       // 100 s
    CHECK(speed_class({kind::bank, 180, 0, 0}) == "blitz");       // 180 s
    CHECK(speed_class({kind::bank, 300, 2, 0}) == "blitz");       // 380 s
    CHECK(speed_class({kind::bank, 600, 0, 0}) == "rapid");       // 600 s
    CHECK(speed_class({kind::bank, 900, 15, 0}) == "classical");  // 1500 s
    CHECK(speed_class({kind::per_move, 0, 0, 30}) == "rapid");    // 40 × 30 s
    CHECK(speed_class({kind::per_move, 0, 0, 86400}) == "correspondence");
    CHECK(rating_key("quadrature", 2, {kind::bank, 300, 2, 0}) == "quadrature.blitz");
    CHECK(rating_key("kvadrat", 4, {kind::bank, 300, 2, 0}) == "kvadrat.4p");
    CHECK(bot_rating_identity(quadra::bots::level::hard) == -4);
    CHECK(bot_of_rating_identity(-2) == quadra::bots::level::easy);
    CHECK(bot_of_rating_identity(-5) == quadra::bots::level::expert);
    CHECK_FALSE(bot_of_rating_identity(7).has_value());
}
