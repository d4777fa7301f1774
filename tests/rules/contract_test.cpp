// The contract every registered game keeps, checked by random playouts from many seeds.

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

#include "playout.hpp"
#include "rules/cell.hpp"
#include "rules/registry.hpp"
#include "rules/replay.hpp"

using namespace quadra::rules;

namespace {

struct variant {
    std::string game;
    options given;
};

const std::vector<variant> variants = {
    {"quadrature", {}},
    {"quadrature", {{"setup", "steere9"}}},
    {"quadwrangle", {}},
    {"quadwrangle", {{"lane", 2}, {"target", 4}}},
    {"kvadrat", {}},
    {"kvadrat", {{"players", 4}}},
    {"kvadrat", {{"pieces", 12}, {"path", "at_most"}, {"majority", "absolute"}}},
    {"kvadratura", {}},
    {"kvadratura", {{"size", 3}}},
    {"kvadratura", {{"size", 5}, {"mode", "fill"}}},
    {"kvadratura", {{"size", 8}, {"mode", "fill"}}},
};

// Tokens that look like moves but are not in `legal`: each must be refused without a trace.
std::vector<std::string> probes(const std::vector<std::string>& legal,
                                const std::vector<std::string>& played) {
    std::vector<std::string> out = {"", "pass", "z99", "a1 ", "A1", "e3-e4", "roll", "play lanes"};
    if (!legal.empty()) out.push_back(legal.front() + "x");
    for (std::size_t i = played.size() > 3 ? played.size() - 3 : 0; i < played.size(); ++i)
        out.push_back(played[i].substr(0, played[i].find('=')));
    std::erase_if(out, [&](const std::string& t) {
        return std::binary_search(legal.begin(), legal.end(), t);
    });
    return out;
}

// Every cell of the largest board and every one-cell step on Quadrature's: tried every few plies,
// so that no move a game forgot to list slips through apply().
const std::vector<std::string>& every_cell_and_step() {
    static const auto tokens = [] {
        std::vector<std::string> out;
        for (int file = 0; file < 15; ++file)
            for (int rank = 0; rank < 15; ++rank) out.push_back(cell_name(file, rank));
        for (int file = 0; file < 11; ++file)
            for (int rank = 0; rank < 11; ++rank)
                for (int df = -1; df <= 1; ++df)
                    for (int dr = -1; dr <= 1; ++dr)
                        if ((df || dr) && file + df >= 0 && file + df < 11 && rank + dr >= 0 &&
                            rank + dr < 11)
                            out.push_back(cell_name(file, rank) + "-" +
                                          cell_name(file + df, rank + dr));
        return out;
    }();
    return tokens;
}

void check_playout(const variant& v, std::uint64_t seed) {
    auto created = create_game(v.game, v.given);
    REQUIRE_MESSAGE(created.ok(), created.reason());
    auto game = std::move(created).value();
    auto start = game->clone();
    std::mt19937_64 rng(seed);
    std::vector<std::string> played;

    for (int ply = 0; ply < 20000 && !game->current_outcome().finished(); ++ply) {
        const auto legal = game->legal();
        REQUIRE_FALSE(legal.empty());
        REQUIRE(std::is_sorted(legal.begin(), legal.end()));
        REQUIRE(std::adjacent_find(legal.begin(), legal.end()) == legal.end());
        REQUIRE_FALSE(game->finished());
        REQUIRE(game->to_move() >= 0);
        REQUIRE(game->to_move() < game->seat_count());

        for (const auto& probe : probes(legal, played)) {
            auto before = game->clone();
            CHECK_MESSAGE(!game->apply(probe).ok(), v.game << " accepted '" << probe << "'");
            REQUIRE(game->same_state(*before));
        }
        if (seed <= 2 && ply % 5 == 0) {
            const auto before = game->clone();
            for (const auto& probe : every_cell_and_step()) {
                if (std::binary_search(legal.begin(), legal.end(), probe)) continue;
                auto copy = game->clone();
                REQUIRE_MESSAGE(!copy->apply(probe).ok(), v.game << " accepted '" << probe << "'");
                REQUIRE(copy->same_state(*before));
            }
        }

        const auto move = quadra::testing::random_move(*game, rng);
        auto applied = game->apply(move);
        REQUIRE_MESSAGE(applied.ok(), v.game << " refused its own legal move " << move << ": "
                                             << applied.reason());
        played.push_back(move);
    }

    const auto outcome = game->current_outcome();
    REQUIRE_MESSAGE(outcome.finished(), v.game << " did not finish, seed " << seed);
    CHECK(game->legal().empty());
    CHECK(game->to_move() == -1);
    CHECK(game->finished());
    CHECK(outcome.scores.size() == static_cast<std::size_t>(game->seat_count()));
    CHECK_FALSE(outcome.reason.empty());
    for (int seat : outcome.winners) CHECK((seat >= 0 && seat < game->seat_count()));
    CHECK(std::set<int>(outcome.winners.begin(), outcome.winners.end()).size() ==
          outcome.winners.size());
    CHECK(outcome.winners.size() < static_cast<std::size_t>(game->seat_count()));

    auto again = replay(std::move(start), played);
    REQUIRE_FALSE(again.error.has_value());
    CHECK(again.position->same_state(*game));
}

}  // namespace

TEST_CASE("every game in the registry has a unique id and starts with its default options") {
    std::set<std::string> ids;
    for (const auto* type : game_types()) {
        CHECK(ids.insert(type->id).second);
        CHECK_FALSE(type->title.empty());
        CHECK_FALSE(type->summary.empty());
        auto game = create_game(type->id, {});
        REQUIRE_MESSAGE(game.ok(), game.reason());
        CHECK(game.value()->id() == type->id);
        CHECK(game.value()->to_move() == 0);
        for (const auto& spec : type->options)
            CHECK_MESSAGE(game.value()->settings().count(spec.name) == 1, spec.name);
    }
    CHECK(ids == std::set<std::string>{"kvadrat", "kvadratura", "quadrature", "quadwrangle"});
}

TEST_CASE("random playouts keep the contract in every game") {
    for (const auto& v : variants) {
        CAPTURE(v.game);
        CAPTURE(v.given.size());
        for (std::uint64_t seed = 1; seed <= 12; ++seed) check_playout(v, seed);
    }
}

TEST_CASE("an unknown game or option is refused with a reason naming it") {
    auto unknown = create_game("chess", {});
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.reason() == "unknown game 'chess'");

    for (const auto* type : game_types()) {
        auto bad = create_game(type->id, {{"colour", "green"}});
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.reason().find("'colour'") != std::string::npos);
    }
}

TEST_CASE("a record with an illegal move stops at that ply with the rules' reason") {
    auto game = create_game("kvadratura", {{"size", 4}}).value();
    std::vector<std::string> moves = {"a1", "b2", "a1", "c3"};
    auto replayed = replay(std::move(game), moves);
    REQUIRE(replayed.error.has_value());
    CHECK(replayed.error->ply == 3);
    CHECK(replayed.error->move == "a1");
    CHECK_FALSE(replayed.error->reason.empty());
    CHECK(replayed.position->legal().size() == 14);
}
