// The ratings' HTTP API (#17) over a real SQLite store: /api/leaderboard/{key}?limit=N and the
// profile behind /api/users/{name}, with exact bodies; and the API targets that name them.

#include <doctest/doctest.h>

#include <cmath>

#include "protocol/api_json.hpp"
#include "ratings/glicko2.hpp"
#include "server/api/api_target.hpp"
#include "server/api/game_api.hpp"
#include "server/rooms/lobby.hpp"
#include "tests/server/support/store_fixture.hpp"

using namespace quadra;
using namespace quadra::server;
using namespace quadra::testing;

namespace {

stored_event seated(const std::string& game, int seat, const std::string& name, std::int64_t who) {
    return {game, seat, "seated", seat, name, who, 1500};
}

// Ann (7) beat Bob (8) in a rated blitz Quadwrangle game g1, room ROOMg1, finished at 9000 ms.
std::unique_ptr<store> one_rated_game(const sqlite_place& where) {
    auto s = where.open();
    write_batch batch;
    batch.new_game = a_game("g1");
    batch.events = {seated("g1", 0, "Ann", 7), seated("g1", 1, "Bob", 8)};
    batch.identity = identity_row{7, std::string(64, 'c'), "Ann", 500, {}};
    batch.finished = write_batch::finish{
        "g1", 9000, R"({"winners":[0],"reason":"Bob resigned","by":"resign"})",
        rated_game{"quadwrangle.blitz", rating_system::glicko2, {{7, 0}, {8, 1}}}};
    REQUIRE(write(*s, batch));
    return s;
}

std::string rounded(double value) { return std::to_string(std::lround(value)); }

}  // namespace

TEST_CASE("api targets: users and leaderboards") {
    const auto user = parse_api_target("/api/users/Ann");
    CHECK(user.what == api_target::kind::user);
    CHECK(user.game_id == "Ann");
    const auto board = parse_api_target("/api/leaderboard/quadrature.blitz?limit=5");
    CHECK(board.what == api_target::kind::leaderboard);
    CHECK(board.game_id == "quadrature.blitz");
    CHECK(board.ply == 5);
    CHECK_FALSE(parse_api_target("/api/leaderboard/kvadrat.4p").ply.has_value());
    CHECK(parse_api_target("/api/users/").what == api_target::kind::not_found);
    CHECK(parse_api_target("/api/users/Ann/x").what == api_target::kind::not_found);
    CHECK(parse_api_target("/api/leaderboard/").what == api_target::kind::not_found);
}

TEST_CASE("the leaderboard lists the best first, provisional marked, at most limit") {
    const sqlite_place where;
    auto s = one_rated_game(where);
    const lobby rooms(10);
    const ratings::glicko2_game beat{ratings::glicko2_rating{}, 1.0};
    const ratings::glicko2_game lost{ratings::glicko2_rating{}, 0.0};
    const auto ann = ratings::update(ratings::glicko2_rating{}, std::span(&beat, 1));
    const auto bob = ratings::update(ratings::glicko2_rating{}, std::span(&lost, 1));
    const auto answer = answer_api("/api/leaderboard/quadwrangle.blitz", rooms, *s);
    REQUIRE(answer.has_value());
    CHECK(answer->status == 200);
    CHECK(answer->body == R"({"key":"quadwrangle.blitz","players":[{"account":"","deviation":)" +
                              rounded(ann.deviation) +
                              R"(,"games":1,"name":"Ann","provisional":true,"rank":1,"rating":)" +
                              rounded(ann.rating) + R"(},{"account":"","deviation":)" +
                              rounded(bob.deviation) +
                              R"(,"games":1,"name":"","provisional":true,"rank":2,"rating":)" +
                              rounded(bob.rating) + "}]}\n");
    CHECK(rounded(ann.rating) == "1662");
    const auto one = answer_api("/api/leaderboard/quadwrangle.blitz?limit=1", rooms, *s);
    CHECK(one->body.find(R"("rank":2)") == std::string::npos);
    CHECK(answer_api("/api/leaderboard/kvadrat.4p", rooms, *s)->body ==
          R"({"key":"kvadrat.4p","players":[]})"
          "\n");
}

TEST_CASE("the leaderboard names an account's user name, so that a client links its profile") {
    const sqlite_place where;
    auto s = where.open();
    write_batch batch;
    batch.new_game = a_game("g1");
    batch.events = {seated("g1", 0, "Ann", 7), seated("g1", 1, "Bob", 8)};
    batch.identity = identity_row{7, std::string(64, 'c'), "Ann", 500, {}};
    account_write registered;
    registered.what = account_write::kind::register_account;
    registered.identity = 7;
    registered.token_hash = std::string(64, 'c');
    registered.user_name = "Rowena";
    registered.password_hash = "hash";
    registered.at_ms = 500;
    batch.account = registered;
    batch.finished = write_batch::finish{
        "g1", 9000, R"({"winners":[0],"reason":"Bob resigned","by":"resign"})",
        rated_game{"quadwrangle.blitz", rating_system::glicko2, {{7, 0}, {8, 1}}}};
    REQUIRE(write(*s, batch));
    const lobby rooms(10);
    const auto body = answer_api("/api/leaderboard/quadwrangle.blitz", rooms, *s)->body;
    CHECK(body.find(R"({"account":"Rowena","deviation":)") != std::string::npos);
    CHECK(body.find(R"("name":"Ann","provisional":true,"rank":1,)") != std::string::npos);
    // Bob has no stored identity here: no account, no name.
    CHECK(body.find(R"({"account":"","deviation":)") != std::string::npos);
}

TEST_CASE("a profile: ratings, the history's points, recent games with replay links, W/D/L") {
    const sqlite_place where;
    auto s = one_rated_game(where);
    const ratings::glicko2_game beat{ratings::glicko2_rating{}, 1.0};
    const auto ann = ratings::update(ratings::glicko2_rating{}, std::span(&beat, 1));
    const identity_row who{7, std::string(64, 'c'), "Ann", 500, "ann"};
    const auto body = protocol::user_body(user_profile(*s, who));
    CHECK(body ==
          R"({"account":"ann","games":[{"created_at":1000,"finished_at":9000,"game":"quadwrangle",)"
          R"("id":"g1","key":"quadwrangle.blitz","outcome":"win","players":["Ann","Bob"],)"
          R"("rating_after":)" +
              rounded(ann.rating) +
              R"(,"rating_before":1500,"replay":"/r/ROOMg1","result":{"by":"resign",)"
              R"("draw":false,"reason":"Bob resigned","winners":[0]},"room":"ROOMg1"}],)"
              R"("history":[{"at":9000,"game_id":"g1","key":"quadwrangle.blitz","rating":)" +
              rounded(ann.rating) + R"(}],"name":"Ann","ratings":[{"deviation":)" +
              rounded(ann.deviation) +
              R"(,"games":1,"key":"quadwrangle.blitz",)"
              R"("provisional":true,"rating":)" +
              rounded(ann.rating) +
              R"(}],"records":[{"draws":0,"game":"quadwrangle","losses":0,"wins":1}]})"
              "\n");
    // Without stored accounts no user name is known: a clear 404.
    const lobby rooms(10);
    const auto unknown = answer_api("/api/users/nobody", rooms, *s);
    REQUIRE(unknown.has_value());
    CHECK(unknown->status == 404);
    CHECK(unknown->body == R"({"error":{"code":"no_such_user","message":"no user named 'nobody'"}})"
                           "\n");
}
