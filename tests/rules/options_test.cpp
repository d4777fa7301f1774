#include <doctest/doctest.h>

#include "rules/cell.hpp"
#include "rules/options.hpp"

using namespace quadra::rules;

TEST_CASE("cell names parse on the board they belong to and nothing else") {
    CHECK(parse_cell("a1", 15, 15) == cell{0, 0});
    CHECK(parse_cell("o15", 15, 15) == cell{14, 14});
    CHECK(parse_cell("k11", 11, 11) == cell{10, 10});
    for (const char* bad : {"", "a", "a0", "a01", "A1", "a1 ", " a1", "p1", "a16", "l1", "1a",
                            "a-1", "a100", "e3-e4"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_cell(bad, 11, 15).has_value());
    }
    CHECK(cell_name(cell{4, 2}) == "e3");
    CHECK(cell_name(14, 14) == "o15");
}

TEST_CASE("options are checked by name, type and range") {
    const std::vector<option_spec> specs = {
        {"size", "board size, default 8", std::int64_t{8}, 3, 8, {}},
        {"mode", "mode, default a", std::string("a"), std::nullopt, 0, {"a", "b"}},
        {"pieces", "pieces", std::nullopt, 1, 225, {"unlimited"}},
    };
    CHECK(check_options(specs, {}).ok());
    CHECK(check_options(specs, {{"size", 3}, {"mode", "b"}, {"pieces", "unlimited"}}).ok());
    CHECK(check_options(specs, {{"pieces", 30}}).ok());

    auto too_big = check_options(specs, {{"size", 9}});
    REQUIRE_FALSE(too_big.ok());
    CHECK(too_big.reason() == "option 'size' must be an integer from 3 to 8, not 9");
    CHECK(too_big.code() == "bad_value");
    CHECK(too_big.why().details == view_fields{{"option", "size"}});

    auto word_for_number = check_options(specs, {{"size", "8"}});
    REQUIRE_FALSE(word_for_number.ok());
    CHECK(word_for_number.reason() == "option 'size' must be an integer from 3 to 8, not \"8\"");

    auto bad_word = check_options(specs, {{"mode", "c"}});
    REQUIRE_FALSE(bad_word.ok());
    CHECK(bad_word.reason() == "option 'mode' must be \"a\" or \"b\", not \"c\"");

    auto mixed = check_options(specs, {{"pieces", 0}});
    REQUIRE_FALSE(mixed.ok());
    CHECK(mixed.reason() ==
          "option 'pieces' must be an integer from 1 to 225 or \"unlimited\", not 0");

    auto unknown = check_options(specs, {{"colour", 1}});
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.reason() == "unknown option 'colour' (known: size, mode, pieces)");
    CHECK(unknown.code() == "unknown_option");
    CHECK(unknown.why().details == view_fields{{"option", "colour"}});
}

TEST_CASE("option values read with their defaults") {
    const options given = {{"size", 5}, {"mode", "fill"}};
    CHECK(integer_option(given, "size", 8) == 5);
    CHECK(integer_option(given, "missing", 8) == 8);
    CHECK(word_option(given, "mode", "x") == "fill");
    CHECK(word_option(given, "missing", "x") == "x");
}
