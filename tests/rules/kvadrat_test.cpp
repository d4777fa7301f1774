// Kvadrat (docs/rules.md §3): the game type and its options, refused tokens, describe(), from_cells
// and retiring seats. Other topics: kvadrat_paths_test (where a piece may go),
// kvadrat_squares_test (owning and settling squares), kvadrat_endings_test and
// kvadrat_reference_test (random positions against a brute-force model).

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kvadrat_helpers.hpp"
#include "rules/kvadrat.hpp"
#include "rules/registry.hpp"

using namespace quadra::rules;
using namespace quadra::testing::kvadrat_helpers;

TEST_CASE("kvadrat: game type lists id, title and the four options") {
    const auto& type = kvadrat_type();
    CHECK(type.id == "kvadrat");
    CHECK(type.title == "Kvadrat");
    CHECK(!type.summary.empty());
    strings names;
    for (const auto& spec : type.options) names.push_back(spec.name);
    CHECK(names == strings{"players", "pieces", "path", "majority"});
    CHECK(!type.options[1].fallback.has_value());  // pieces: the default depends on players
    for (const auto& spec : type.options)
        CHECK(spec.description.find("default") != std::string::npos);
    auto started = type.start({});
    REQUIRE(started.ok());
    CHECK(started.value()->id() == "kvadrat");
    CHECK(started.value()->seat_count() == 2);
}

TEST_CASE("kvadrat: settings report every option with the value in force") {
    CHECK(make().settings() == options{{"majority", "plurality"},
                                       {"path", "exact"},
                                       {"pieces", "unlimited"},
                                       {"players", std::int64_t{2}}});
    CHECK(make(four_players).settings() == options{{"majority", "plurality"},
                                                   {"path", "exact"},
                                                   {"pieces", std::int64_t{30}},
                                                   {"players", std::int64_t{4}}});
    const options chosen{{"players", std::int64_t{4}},
                         {"pieces", "unlimited"},
                         {"path", "at_most"},
                         {"majority", "absolute"}};
    CHECK(make(chosen).settings() == chosen);
    const options two_limited{{"pieces", std::int64_t{12}}};
    CHECK(make(two_limited).settings().at("pieces") == option_value{std::int64_t{12}});
    CHECK(make(two_limited).pieces_left(1) == 12);
    CHECK(make().pieces_left(0) == kvadrat::unlimited);
}

TEST_CASE("kvadrat: bad options are refused naming the option") {
    const std::vector<std::pair<options, std::string>> bad{
        {{{"players", std::int64_t{3}}}, "players"},
        {{{"players", std::int64_t{5}}}, "players"},
        {{{"players", "two"}}, "players"},
        {{{"pieces", std::int64_t{0}}}, "pieces"},
        {{{"pieces", std::int64_t{226}}}, "pieces"},
        {{{"pieces", "lots"}}, "pieces"},
        {{{"path", "foo"}}, "path"},
        {{{"majority", "most"}}, "majority"},
        {{{"colour", "red"}}, "colour"},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : bad) {
        const auto& given = entry.first;
        const auto& name = entry.second;
        // The registry's order: check_options, then start (players 3 is within [2, 4]).
        std::string refused;
        if (const auto checked = check_options(kvadrat_type().options, given); !checked) {
            refused = checked.reason();
        } else {
            const auto started = kvadrat_type().start(given);
            REQUIRE(!started.ok());
            refused = started.reason();
        }
        CHECK_MESSAGE(refused.find("'" + name + "'") != std::string::npos, name << ": " << refused);
        const auto created = kvadrat::create(given);
        REQUIRE(!created.ok());
        CHECK(created.reason().find("'" + name + "'") != std::string::npos);
    }
}

TEST_CASE("kvadrat: bad tokens are refused and change nothing") {
    auto game = make();
    for (const char* token :
         {"", "z99", "A1", "a1 ", " a1", "h7-h8", "p16", "p1", "a0", "a16", "a01", "h"})
        check_refused(game, token, "not a cell");
    check_refused(game, "pass", "only allowed");
    check_refused(game, "h6", "no path");  // rank 6 is six cells from the edge
    REQUIRE(game.apply("h3").ok());
    REQUIRE(game.apply("h13").ok());
    check_refused(game, "h3", "occupied");
    check_refused(game, "h13", "occupied");
    check_refused(game, "h7", "no path");   // distance 4 from h3
    check_refused(game, "h14", "no path");  // near Red, far from Black
    CHECK(game.apply("h8").ok());
}

TEST_CASE("kvadrat: describe lists board, squares, pieces, edges and first moves") {
    const auto game = position({{"pieces", std::int64_t{5}}}, {{"b2", "a1"}, {"o15"}}, 1);
    const auto shown = game.describe();
    CHECK(field_names(shown) == strings{"files", "ranks", "cells", "players", "squares",
                                        "pieces_left", "edges", "placed_first"});
    CHECK(field(shown, "files") == view(15));
    CHECK(field(shown, "ranks") == view(15));
    CHECK(field(shown, "cells") == view(view_fields{{"a1", 0}, {"b2", 0}, {"o15", 1}}));
    CHECK(field(shown, "players") == view(2));
    CHECK(game.seat_name(1) == "Red");
    CHECK(field(shown, "pieces_left") == view(view_list{3, 4}));
    CHECK(field(shown, "edges") == view(view_list{"south", "north"}));
    CHECK(field(shown, "placed_first") == view(view_list{true, true}));
    const auto& squares = std::get<view_list>(field(shown, "squares").value);
    REQUIRE(squares.size() == 25);
    CHECK(squares[0] ==
          view(view_fields{
              {"name", "A1"}, {"counts", view_list{2, 0}}, {"owner", 0}, {"settled", false}}));
    CHECK(squares[1] ==
          view(view_fields{
              {"name", "B1"}, {"counts", view_list{0, 0}}, {"owner", view()}, {"settled", false}}));
    CHECK(field(squares[5], "name") == view("A2"));
    CHECK(field(squares[24], "name") == view("E5"));
    CHECK(field(squares[24], "owner") == view(1));

    const auto fresh = make(four_players).describe();
    CHECK(field(fresh, "cells") == view(view_fields{}));
    CHECK(field(fresh, "pieces_left") == view(view_list{30, 30, 30, 30}));
    CHECK(field(fresh, "placed_first") == view(view_list{false, false, false, false}));
    CHECK(field(make().describe(), "pieces_left") == view(view_list{view(), view()}));
}

TEST_CASE("kvadrat: from_cells refuses positions it cannot build") {
    CHECK(!kvadrat::from_cells({}, {{"a1"}}, 0).ok());
    CHECK(!kvadrat::from_cells({}, {{"a1"}, {"a1"}}, 0).ok());
    CHECK(!kvadrat::from_cells({}, {{"a1"}, {"p1"}}, 0).ok());
    CHECK(!kvadrat::from_cells({}, {{"a1"}, {}}, 2).ok());
    CHECK(!kvadrat::from_cells({{"pieces", std::int64_t{1}}}, {{"a1", "a2"}, {}}, 0).ok());
    CHECK(!kvadrat::from_cells({{"players", std::int64_t{3}}}, {{}, {}, {}}, 0).ok());
}

TEST_CASE("kvadrat: a retired seat passes from then on and its pieces still score") {
    auto game = make({{"players", std::int64_t{4}}, {"pieces", std::int64_t{2}}});
    for (const char* move : {"b2", "b5", "h13"}) REQUIRE(game.apply(move).ok());
    CHECK(game.to_move() == 3);
    CHECK_FALSE(game.retired(1));
    REQUIRE(game.retire(1).ok());
    CHECK(game.retired(1));
    CHECK(game.to_move() == 3);  // retiring another seat leaves the turn alone
    REQUIRE(game.apply("o8").ok());
    REQUIRE(game.apply("c2").ok());
    CHECK(game.to_move() == 1);
    CHECK(game.legal() == strings{"pass"});  // White still has a piece but no longer plays
    check_refused(game, "c8", "must pass");
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 2);
    const auto scores = game.current_outcome().scores;
    CHECK(scores[1] == 1);  // White's b5 still holds A2
    CHECK(game.retire(1).reason().find("already retired") != std::string::npos);
}

TEST_CASE("kvadrat: retiring the seat to move turns its move into a pass") {
    auto game = make({{"players", std::int64_t{4}}});
    REQUIRE(game.apply("h3").ok());
    CHECK(game.to_move() == 1);
    REQUIRE(game.retire(1).ok());
    CHECK(game.to_move() == 1);
    CHECK(game.legal() == strings{"pass"});
    REQUIRE(game.apply("pass").ok());
    CHECK(game.to_move() == 2);
}

TEST_CASE("kvadrat: the game ends when no seat still in it can place") {
    auto game = make({{"players", std::int64_t{4}}, {"pieces", std::int64_t{1}}});
    for (const char* move : {"a1", "c3"}) REQUIRE(game.apply(move).ok());
    REQUIRE(game.retire(3).ok());
    CHECK(!game.current_outcome().finished());
    REQUIRE(game.apply("h13").ok());  // Red's last piece; Blue is retired, nobody can place
    CHECK(game.to_move() == -1);
    CHECK(game.current_outcome().reason == "no player can place a piece");
    CHECK(game.retire(0).reason().find("over") != std::string::npos);
}

TEST_CASE("kvadrat: only a 4-player game retires seats, and only seats it has") {
    auto two = make();
    auto before = two;
    CHECK_FALSE(two.retire(1).ok());
    CHECK(two == before);
    auto four = make(four_players);
    CHECK_FALSE(four.retire(4).ok());
    CHECK_FALSE(four.retire(-1).ok());
    CHECK(four == make(four_players));
    auto other = create_game("kvadratura", {});
    REQUIRE(other);
    CHECK_FALSE(other.value()->retire(0).ok());
    CHECK_FALSE(other.value()->retired(0));
}
