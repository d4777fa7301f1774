// The HTTP API's targets read without a server: which resource, which game, which ply.

#include <doctest/doctest.h>

#include "server/api/api_target.hpp"

using quadra::server::api_target;
using quadra::server::parse_api_target;
using quadra::server::query_value;
using kind = api_target::kind;

TEST_CASE("api targets: rooms, a game, its position, or not found") {
    CHECK(parse_api_target("/api/rooms").what == kind::rooms);
    CHECK(parse_api_target("/api/rooms?x=1").what == kind::rooms);

    const auto game = parse_api_target("/api/games/3f9a");
    CHECK(game.what == kind::game);
    CHECK(game.game_id == "3f9a");
    CHECK_FALSE(game.ply.has_value());

    const auto position = parse_api_target("/api/games/3f9a/position?a=1&ply=7");
    CHECK(position.what == kind::position);
    CHECK(position.game_id == "3f9a");
    CHECK(position.ply == 7);

    // An empty id is a game nobody has: the store answers no_such_game.
    CHECK(parse_api_target("/api/games/").what == kind::game);
    CHECK(parse_api_target("/api/games/").game_id.empty());

    CHECK(parse_api_target("/api/games/3f9a/").what == kind::not_found);
    CHECK(parse_api_target("/api/games/3f9a/position/2").what == kind::not_found);
    CHECK(parse_api_target("/api/games").what == kind::not_found);
    CHECK(parse_api_target("/api/").what == kind::not_found);
    CHECK(parse_api_target("/api").what == kind::not_api);
    CHECK(parse_api_target("/").what == kind::not_api);
    CHECK(parse_api_target("").what == kind::not_api);
    CHECK(parse_api_target("/r/K7QM3X?api=/api/rooms").what == kind::not_api);
}

TEST_CASE("api targets: a ply is a whole number or none") {
    for (const auto* target :
         {"/api/games/g/position", "/api/games/g/position?ply=", "/api/games/g/position?ply=-1",
          "/api/games/g/position?ply=+1", "/api/games/g/position?ply=1x",
          "/api/games/g/position?ply= 1", "/api/games/g/position?ply=99999999999999999999999",
          "/api/games/g/position?plyx=1", "/api/games/g/position?ply"}) {
        CAPTURE(target);
        const auto asked = parse_api_target(target);
        CHECK(asked.what == kind::position);
        CHECK_FALSE(asked.ply.has_value());
    }
    CHECK(parse_api_target("/api/games/g/position?ply=0").ply == 0);
    CHECK(parse_api_target("/api/games/g/position?ply=007").ply == 7);
    CHECK(parse_api_target("/api/games/g/position?ply=3&ply=4").ply == 3);
}

TEST_CASE("query values: the first pair with the key, exactly") {
    CHECK(query_value("a=1&b=2", "b") == "2");
    CHECK(query_value("ab=1&a=2", "a") == "2");
    CHECK(query_value("a=&a=2", "a") == "");
    CHECK(query_value("a", "a") == "");
    CHECK(query_value("", "a") == "");
    CHECK(query_value("&&a=3&", "a") == "3");
    CHECK(query_value("a=1=2", "a") == "1=2");
}

TEST_CASE("api targets: a user's name is percent-decoded; a malformed escape is not found") {
    const auto plain = parse_api_target("/api/users/Ann");
    CHECK(plain.what == kind::user);
    CHECK(plain.game_id == "Ann");
    const auto spaced = parse_api_target("/api/users/Ann%20Lee");
    CHECK(spaced.what == kind::user);
    CHECK(spaced.game_id == "Ann Lee");
    // "Аня" as a browser's encodeURIComponent writes it.
    CHECK(parse_api_target("/api/users/%D0%90%D0%BD%D1%8F").game_id == "Аня");
    CHECK(parse_api_target("/api/users/50%25").game_id == "50%");
    for (const auto* bad : {"/api/users/Ann%2", "/api/users/Ann%", "/api/users/%zz", "/api/users/"})
        CHECK(parse_api_target(bad).what == kind::not_found);
    const auto board = parse_api_target("/api/leaderboard/quadrature.blitz?limit=5");
    CHECK(board.what == kind::leaderboard);
    CHECK(board.game_id == "quadrature.blitz");
    CHECK(board.ply == 5);
}

TEST_CASE("api targets: the events, and one event by its id") {
    CHECK(parse_api_target("/api/events").what == kind::events);
    CHECK(parse_api_target("/api/events?x=1").what == kind::events);
    const auto one = parse_api_target("/api/events/9007199254740991");
    CHECK(one.what == kind::event);
    CHECK(one.game_id == "9007199254740991");
    for (const auto* bad : {"/api/events/", "/api/events/1/2", "/api/eventsx"})
        CHECK(parse_api_target(bad).what == kind::not_found);
}
