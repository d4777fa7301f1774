// Golden perft counts from tests/data/perft.txt pin every game's move generation.

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "perft.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"
#include "tests/test_paths.hpp"

TEST_CASE("perft counts match tests/data/perft.txt") {
    std::ifstream file(std::string(quadra::testing::test_data_dir) + "/perft.txt");
    REQUIRE(file.is_open());
    int checked = 0;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string game, options_text;
        int depth = 0;
        std::uint64_t expected = 0;
        const bool parsed = static_cast<bool>(fields >> game >> options_text >> depth >> expected);
        REQUIRE(parsed);
        CAPTURE(line);
        auto options = quadra::protocol::parse_options(options_text);
        REQUIRE(options.ok());
        auto start = quadra::rules::create_game(game, options.value());
        REQUIRE(start.ok());
        CHECK(quadra::testing::perft(*start.value(), depth) == expected);
        ++checked;
    }
    CHECK(checked >= 8);
}
