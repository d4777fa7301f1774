// Verifying exported records: a finished Quadwrangle game played with fair dice verifies; one
// changed die, token or seed fails at the right ply, in the library and through `quadra verify`.

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/registry.hpp"
#include "server/cli/verify.hpp"
#include "server/dice/fair_dice.hpp"
#include "tests/server/support/process.hpp"
#include "tests/test_paths.hpp"

using namespace quadra;
using namespace quadra::server;

namespace {

// A whole Quadwrangle game with random legal requests and the game's fair dice, as exported.
nlohmann::json finished_quadwrangle(std::uint64_t choice_seed) {
    const fair_dice dice(new_game_id(), new_dice_seed());
    auto game = rules::create_game("quadwrangle", {}).value();
    std::mt19937_64 rng(choice_seed);
    std::vector<std::string> moves;
    while (!game->finished()) {
        REQUIRE(moves.size() < 20000);
        const auto legal = game->legal();
        const auto& request =
            legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        std::vector<int> rolled(static_cast<std::size_t>(game->dice_needed(request)));
        if (!rolled.empty()) dice.derive(static_cast<std::int64_t>(moves.size()), rolled);
        const auto token = game->with_dice(request, rolled).value();
        REQUIRE(game->apply(token));
        moves.push_back(token);
    }
    return {{"id", std::string(dice.game_id())},
            {"game", "quadwrangle"},
            {"options", nlohmann::json::object()},
            {"moves", moves},
            {"commitment", std::string(dice.commitment())},
            {"seed", std::string(dice.seed_hex())}};
}

// The index of the first recorded token with dice at or after `from`.
std::size_t first_roll(const nlohmann::json& record, std::size_t from = 0) {
    const auto& moves = record["moves"];
    for (std::size_t i = from; i < moves.size(); ++i)
        if (moves[i].get<std::string>().find('=') != std::string::npos) return i;
    FAIL("no roll in the record");
    return 0;
}

std::string with_changed_die(std::string token) {
    auto& die = token.back();
    die = die == '6' ? '1' : static_cast<char>(die + 1);
    return token;
}

quadra::testing::command_result run_verify(const nlohmann::json& record) {
    const auto path = quadra::testing::scratch_file("record.json");
    std::ofstream(path) << record.dump();
    auto result = quadra::testing::run_command(std::string(quadra::testing::quadra_binary) +
                                               " verify " + path);
    std::remove(path.c_str());
    return result;
}

}  // namespace

TEST_CASE("a finished Quadwrangle game verifies") {
    const auto record = finished_quadwrangle(1);
    const auto report = verify_record(record.dump());
    REQUIRE(report);
    CHECK_FALSE(report.value().failure.has_value());
    CHECK(report.value().plies == static_cast<int>(record["moves"].size()));
    CHECK(report.value().rolls > 0);

    const auto run = run_verify(record);
    CHECK(run.status == 0);
    CHECK(nlohmann::json::parse(run.out)["ok"] == true);
}

TEST_CASE("one changed die fails at its ply") {
    auto record = finished_quadwrangle(2);
    // A roll in the middle of the game, not only the first one.
    const auto index = first_roll(record, record["moves"].size() / 2);
    const auto original = record["moves"][index].get<std::string>();
    record["moves"][index] = with_changed_die(original);

    const auto report = verify_record(record.dump());
    REQUIRE(report);
    REQUIRE(report.value().failure.has_value());
    CHECK(report.value().failure->ply == static_cast<int>(index) + 1);
    CHECK(report.value().failure->move == record["moves"][index]);
    CHECK(report.value().plies == static_cast<int>(index));

    const auto run = run_verify(record);
    CHECK(run.status == 1);
    CHECK(nlohmann::json::parse(run.out)["error"]["ply"] == index + 1);
}

TEST_CASE("one changed token fails at its ply") {
    auto record = finished_quadwrangle(3);
    // A play turned into a pass: a pass is only legal when the dice offer no play.
    const auto& moves = record["moves"];
    std::size_t index = moves.size() / 3;
    while (moves[index].get<std::string>().rfind("play", 0) != 0) ++index;
    record["moves"][index] = "pass";
    const auto report = verify_record(record.dump());
    REQUIRE(report);
    REQUIRE(report.value().failure.has_value());
    CHECK(report.value().failure->ply == static_cast<int>(index) + 1);
    CHECK(report.value().failure->move == "pass");

    const auto run = run_verify(record);
    CHECK(run.status == 1);
    CHECK(nlohmann::json::parse(run.out)["error"]["ply"] == index + 1);
}

TEST_CASE("a first roll with dice the seed did not give fails, even when legal") {
    auto record = finished_quadwrangle(4);
    const auto index = first_roll(record);
    record["moves"][index] = with_changed_die(record["moves"][index].get<std::string>());
    const auto report = verify_record(record.dump());
    REQUIRE(report);
    REQUIRE(report.value().failure.has_value());
    CHECK(report.value().failure->ply == static_cast<int>(index) + 1);
    CHECK(report.value().failure->reason.find("the seed gives the dice") != std::string::npos);
}

TEST_CASE("a changed seed fails against the commitment") {
    auto record = finished_quadwrangle(5);
    auto seed = record["seed"].get<std::string>();
    seed[0] = seed[0] == '0' ? '1' : '0';
    record["seed"] = seed;
    const auto report = verify_record(record.dump());
    REQUIRE(report);
    REQUIRE(report.value().failure.has_value());
    CHECK(report.value().failure->ply == 0);

    const auto run = run_verify(record);
    CHECK(run.status == 1);
    CHECK(nlohmann::json::parse(run.out)["error"]["ply"] == 0);
}

TEST_CASE("a seed and commitment swapped for another pair fail at the first roll") {
    // Both replaced consistently: the commitment check passes, the dice do not.
    auto record = finished_quadwrangle(6);
    const fair_dice other(record["id"].get<std::string>(), new_dice_seed());
    record["seed"] = std::string(other.seed_hex());
    record["commitment"] = std::string(other.commitment());
    const auto report = verify_record(record.dump());
    REQUIRE(report);
    REQUIRE(report.value().failure.has_value());
    CHECK(report.value().failure->ply == static_cast<int>(first_roll(record)) + 1);
}

TEST_CASE("a record without a revealed seed or not a record at all cannot be verified") {
    auto record = finished_quadwrangle(7);
    record.erase("seed");
    CHECK_FALSE(verify_record(record.dump()));
    const auto run = run_verify(record);
    CHECK(run.status == 2);
    CHECK(run.out.find("no revealed seed") != std::string::npos);

    CHECK_FALSE(verify_record(nlohmann::json::array().dump()));
    const std::string missing = std::string(quadra::testing::quadra_binary) +
                                " verify /nonexistent/record.json 2>/dev/null";
    CHECK(WEXITSTATUS(std::system(missing.c_str())) == 2);
}

TEST_CASE("the known-answer record of PROTOCOL.md verifies, its re-roll deriving only new dice") {
    nlohmann::json record = {
        {"id", "3f9a1c0e5b7d2468"},
        {"game", "quadwrangle"},
        {"options", nlohmann::json::object()},
        {"moves", {"roll=55513", "reroll 2 3 5=51612"}},
        {"commitment", "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"},
        {"seed", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"}};
    const auto report = verify_record(record.dump());
    REQUIRE(report);
    CHECK_FALSE(report.value().failure.has_value());
    CHECK(report.value().rolls == 2);

    // Re-deriving the kept positions as if all five dice were rolled again is wrong.
    record["moves"][1] = "reroll 2 3 5=16226";
    const auto wrong = verify_record(record.dump());
    REQUIRE(wrong);
    REQUIRE(wrong.value().failure.has_value());
    CHECK(wrong.value().failure->ply == 2);
}
