// game::explain (game.hpp): what a request would do, or why the rules refuse it, for every reason
// code of Kvadrat and Quadrature (their headers list the fields), the default for the other
// games, and, on random games, that explain() and legal() always agree.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "rules/kvadrat.hpp"
#include "rules/kvadratura.hpp"
#include "rules/quadrature.hpp"
#include "rules/registry.hpp"

using namespace quadra::rules;
using strings = std::vector<std::string>;

namespace {

const view& field(const view& tree, std::string_view name) {
    static const view missing;
    for (const auto& [key, value] : std::get<view_fields>(tree.value))
        if (key == name) return value;
    return missing;
}

bool has(const view& tree, std::string_view name) {
    const auto& fields = std::get<view_fields>(tree.value);
    return std::any_of(fields.begin(), fields.end(),
                       [&](const auto& entry) { return entry.first == name; });
}

view cells(const strings& names) { return to_view_list(names); }

kvadrat kvadrat_position(const options& given, const std::vector<strings>& per_seat, int to_move) {
    auto made = kvadrat::from_cells(given, per_seat, to_move);
    REQUIRE_MESSAGE(made.ok(), made.reason());
    return made.value();
}

// A refusal's reason code, checking the message is apply()'s own refusal.
std::string refused(const game& position, std::string_view request) {
    const auto explained = position.explain(request);
    CHECK(field(explained, "request") == view(std::string(request)));
    CHECK(field(explained, "legal") == view(false));
    auto trial = position.clone();
    const auto applied = trial->apply(request);
    REQUIRE_FALSE(applied.ok());
    CHECK(field(explained, "message") == view(applied.reason()));
    return std::get<std::string>(field(explained, "reason").value);
}

}  // namespace

TEST_CASE("explain kvadrat: a first move's path starts on the own edge, far cells are first_far") {
    const auto game = kvadrat::create({}).value();
    const auto explained = game.explain("c5");
    CHECK(field(explained, "legal") == view(true));
    CHECK(field(explained, "path") == cells({"c1", "c2", "c3", "c4", "c5"}));
    CHECK(game.explain("a5") == view(view_fields{{"request", "a5"},
                                                 {"legal", true},
                                                 {"path", cells({"a1", "a2", "a3", "a4", "a5"})}}));
    CHECK(refused(game, "h6") == "first_far");
    CHECK(refused(game, "p1") == "not_a_cell");
    CHECK(refused(game, "pass") == "pass_not_allowed");
}

TEST_CASE("explain kvadrat: a later path starts beside an own piece; blocked cells say why") {
    const auto game = kvadrat_position({}, {{"c3"}, {"h13"}}, 0);
    CHECK(field(game.explain("f5"), "path") == cells({"c3", "d3", "e3", "f3", "f4", "f5"}));
    CHECK(refused(game, "c5") == "no_path");
    CHECK(refused(game, "h13") == "occupied");
    CHECK(refused(game, "c3") == "occupied");

    const auto walled = kvadrat_position({}, {{"c3"}, {"c2", "c4", "b3", "d3"}}, 0);
    CHECK(refused(walled, "c5") == "must_pass");
    CHECK(walled.explain("pass") == view(view_fields{{"request", "pass"}, {"legal", true}}));
}

TEST_CASE("explain kvadrat: with path at_most the path is a shortest one") {
    const auto exact = kvadrat_position({}, {{"h8"}, {"a15"}}, 0);
    CHECK(refused(exact, "h10") == "no_path");
    const auto near = kvadrat_position({{"path", "at_most"}}, {{"h8"}, {"a15"}}, 0);
    CHECK(field(near.explain("h10"), "path") == cells({"h8", "h9", "h10"}));
    CHECK(field(near.explain("h9"), "path") == cells({"h8", "h9"}));
}

TEST_CASE("explain kvadrat: no pieces left, four players' edges, a finished game") {
    const auto spent = kvadrat_position({{"pieces", std::int64_t{1}}}, {{"h8"}, {}}, 0);
    CHECK(refused(spent, "h9") == "no_pieces");

    const auto four = kvadrat::create({{"players", std::int64_t{4}}}).value();
    auto east = four;
    for (const char* token : {"h1", "a8", "h15"}) REQUIRE(east.apply(token).ok());
    CHECK(field(east.explain("k8"), "path") == cells({"o8", "n8", "m8", "l8", "k8"}));
    CHECK(refused(east, "j8") == "first_far");

    auto done = kvadrat_position({{"pieces", std::int64_t{1}}}, {{"h8"}, {"a1"}}, 0);
    REQUIRE(done.finished());
    CHECK(refused(done, "h9") == "game_over");
}

TEST_CASE("explain quadrature: the men a step exchanges, and whether it is quiet") {
    // docs/rules.md §1, example 1: d7-e8 squares b8-b10-e10-e8 and exchanges b10.
    const auto one =
        quadrature::from_position({"e10", "b8", "d7"}, {"b10", "a11", "j11", "k11"}, 0);
    CHECK(one.explain("d7-e8") == view(view_fields{{"request", "d7-e8"},
                                                   {"legal", true},
                                                   {"exchanged", cells({"b10"})},
                                                   {"sideways", false},
                                                   {"quiet", false},
                                                   {"marker", 0}}));
    // Example 2: b6-b7 exchanges d7 and f7.
    const auto two = quadrature::from_position({"b6", "h6", "b5", "d5", "f5", "c3", "f3"},
                                               {"d9", "h9", "d7", "f7"}, 0);
    CHECK(field(two.explain("b6-b7"), "exchanged") == cells({"d7", "f7"}));
    // Example 4: j2-j3 exchanges nothing.
    const auto four =
        quadrature::from_position({"b2", "b4", "d2", "j2"}, {"d4", "k10", "a11", "k11"}, 0);
    CHECK(field(four.explain("j2-j3"), "exchanged") == cells({}));
    // A chain: d3 squares b5, which then squares d7.
    const auto chain = quadrature::from_position({"c3", "b3", "d5", "b7"}, {"b5", "d7", "k11"}, 0);
    CHECK(field(chain.explain("c3-d3"), "exchanged") == cells({"b5", "d7"}));
    // A quiet sideways step raises the marker; at two bars it is refused.
    const auto quiet = quadrature::from_position({"e3", "a1"}, {"k11", "a11", "j11"}, 0, 1);
    CHECK(quiet.explain("e3-f3") == view(view_fields{{"request", "e3-f3"},
                                                     {"legal", true},
                                                     {"exchanged", cells({})},
                                                     {"sideways", true},
                                                     {"quiet", true},
                                                     {"marker", 2}}));
    const auto barred = quadrature::from_position({"e3", "a1"}, {"k11", "a11", "j11"}, 0, 2);
    CHECK(refused(barred, "e3-f3") == "marker");
    const auto squares = quadrature::from_position({"e3", "a3", "a5"}, {"f5", "k11", "j11"}, 0, 2);
    const auto sideways = squares.explain("e3-f3");
    CHECK(field(sideways, "exchanged") == cells({"f5"}));
    CHECK(field(sideways, "quiet") == view(false));
    CHECK(field(sideways, "marker") == view(0));
}

TEST_CASE("explain quadrature: every refusal has its reason code") {
    // Example 3: c6-c7 would complete White's rectangle a7-a9-c9.
    const auto three =
        quadrature::from_position({"c6", "e7", "e5"}, {"a9", "a7", "c9", "c5", "k11"}, 0);
    CHECK(refused(three, "c6-c7") == "suicide");
    CHECK(field(three.explain("c6-c7"), "rectangle") == cells({"a7", "a9", "c9"}));

    const auto game = quadrature::from_position({"e3", "e4"}, {"e9", "k11", "a11"}, 0);
    CHECK(refused(game, "e3-e2") == "backward");
    CHECK(refused(game, "e3-e5") == "not_a_step");
    CHECK(refused(game, "e3-e4") == "occupied");
    CHECK(refused(game, "e9-e8") == "not_yours");
    CHECK(refused(game, "f3-f4") == "no_man");
    CHECK(refused(game, "e3-z4") == "not_a_cell");
    CHECK(refused(game, "e3") == "not_a_move");
    CHECK(refused(game, "pass") == "pass_not_allowed");
    CHECK_FALSE(has(game.explain("e3-e2"), "rectangle"));

    const auto white = quadrature::from_position({"e3", "e4"}, {"e9", "k11", "a11"}, 1);
    CHECK(refused(white, "e9-e10") == "backward");
    CHECK(field(white.explain("e9-d8"), "quiet") == view(false));
}

TEST_CASE("explain: the default names legal requests and apply()'s refusal with its code") {
    const auto game = create_game("kvadratura", {}).value();
    CHECK(game->explain("a1") == view(view_fields{{"request", "a1"}, {"legal", true}}));
    auto trial = game->clone();
    const auto applied = trial->apply("z9");
    CHECK(game->explain("z9") == view(view_fields{{"request", "z9"},
                                                  {"legal", false},
                                                  {"reason", "not_a_cell"},
                                                  {"message", applied.reason()}}));
}

TEST_CASE("explain kvadratura: every refusal has its reason code") {
    auto game = create_game("kvadratura", {{"size", std::int64_t{3}}}).value();
    REQUIRE(game->apply("b2"));
    CHECK(refused(*game, "b2") == "occupied");
    CHECK(refused(*game, "d1") == "not_a_cell");
    CHECK(refused(*game, "pass") == "pass_not_allowed");
    for (const char* cell : {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"})
        REQUIRE(game->apply(cell));
    CHECK(refused(*game, "a1") == "game_over");
}

TEST_CASE("explain quadwrangle: every refusal of a turn has its reason code") {
    auto game = create_game("quadwrangle", {}).value();
    CHECK(refused(*game, "dance") == "not_a_request");
    CHECK(refused(*game, "play lanes") == "roll_first");
    CHECK(refused(*game, "pass") == "roll_first");
    CHECK(refused(*game, "reroll 1") == "roll_first");
    // "roll" is a legal request; applied without its dice it is refused.
    CHECK(game->clone()->apply("roll").code() == "dice_missing");
    REQUIRE(game->apply("roll=11111"));
    CHECK(refused(*game, "roll=22222") == "already_rolled");
    CHECK(refused(*game, "reroll 3 1=11111") == "bad_positions");
    CHECK(refused(*game, "reroll 6=11111") == "bad_positions");
    CHECK(refused(*game, "reroll 1=71111") == "bad_dice");
    CHECK(refused(*game, "reroll 1=12111") == "bad_dice");  // die 2 was kept
    CHECK(refused(*game, "play dance") == "not_a_request");
    CHECK(refused(*game, "play high") == "play_unavailable");  // five ones total 5
    CHECK(refused(*game, "pass") == "pass_not_allowed");
    REQUIRE(game->apply("reroll 1=11111"));
    REQUIRE(game->apply("reroll 1=11111"));
    CHECK(refused(*game, "reroll 1=11111") == "no_rolls_left");
}

TEST_CASE("explain agrees with legal() on every cell and step of random games") {
    std::mt19937 random(27);
    const auto board_cells = [](int size) {
        strings names;
        for (int rank = 1; rank <= size; ++rank)
            for (int file = 0; file < size; ++file)
                names.push_back(std::string(1, static_cast<char>('a' + file)) +
                                std::to_string(rank));
        return names;
    };
    for (const options& given :
         {options{}, options{{"path", "at_most"}}, options{{"players", std::int64_t{4}}}}) {
        auto game = kvadrat::create(given).value();
        const auto all = board_cells(kvadrat::size);
        for (int ply = 0; ply < 40 && !game.finished(); ++ply) {
            const auto legal = game.legal();
            for (const auto& name : all) {
                const auto explained = game.explain(name);
                const bool listed = std::binary_search(legal.begin(), legal.end(), name);
                REQUIRE(field(explained, "legal") == view(listed));
                if (!listed) continue;
                const auto& path = std::get<view_list>(field(explained, "path").value);
                CHECK(path.back() == view(name));
            }
            REQUIRE(game.apply(legal[random() % legal.size()]).ok());
        }
    }
    auto game = quadrature{};
    for (int ply = 0; ply < 80 && !game.finished(); ++ply) {
        const auto legal = game.legal();
        for (const auto& token : legal) {
            const auto explained = game.explain(token);
            REQUIRE(field(explained, "legal") == view(true));
            auto after = game;
            REQUIRE(after.apply(token).ok());
            auto exchanged = std::get<view_list>(field(after.describe(), "exchanged").value);
            std::sort(exchanged.begin(), exchanged.end(), [](const view& a, const view& b) {
                return std::get<std::string>(a.value) < std::get<std::string>(b.value);
            });
            CHECK(field(explained, "exchanged") == view(exchanged));
        }
        REQUIRE(game.apply(legal[random() % legal.size()]).ok());
    }
}
