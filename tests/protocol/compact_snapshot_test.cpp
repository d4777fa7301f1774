// Protocol 2's snapshot (PROTOCOL.md "Protocol 2"): what it carries, what it leaves out, and its
// size against protocol 1's for the same state, in every game at every stage.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "rules/registry.hpp"
#include "tests/rules/playout.hpp"

using namespace quadra::protocol;
using nlohmann::json;
namespace rules = quadra::rules;

namespace {

const std::string commitment(64, 'c');  // as long as a real one (64 hex digits)
const std::string seed(64, '5');

// A room as it is most of the time: named players, spectators, a running bank clock.
struct room_fixture {
    std::vector<seat_view> seats;
    std::vector<int> agreed;
    snapshot_view view;

    room_fixture(const rules::game& game, std::int64_t version) {
        for (int s = 0; s < game.seat_count(); ++s)
            seats.push_back(s % 2 == 0 ? seat_view{"Ann Example", true, true, {}}
                                       : seat_view{"Computer (hard)", true, true, "hard"});
        view.room = "K7QM3X";
        view.version = version;
        view.status = room_status::playing;
        view.seats = seats;
        view.spectators = 2;
        view.game = &game;
        view.clock.settings = {clock_settings::kind::bank, 300, 5, 0};
        view.clock.remaining_ms.assign(seats.size(), std::int64_t{287'512});
        view.clock.running = game.to_move();
        view.clock.server_time = 1'765'000'123'456;
        view.game_id = "9f86d081884c7d65";
        view.commitment = commitment;
    }

    // The game ended by its rules: the room shows the result and reveals the seed.
    void finish() {
        const auto outcome = view.game->current_outcome();
        view.status = room_status::finished;
        view.result =
            result_view{outcome.winners, outcome.reason, "rules", outcome.code, outcome.figures};
        view.clock.running = -1;
        view.seed = seed;
        agreed = {0};
        view.rematch_agreed = agreed;
    }
};

double ratio(const snapshot_view& view) {
    return static_cast<double>(snapshot_message(view, 2)->size()) /
           static_cast<double>(snapshot_message(view, 1)->size());
}

}  // namespace

TEST_CASE("protocol 2's snapshot is at most a quarter of protocol 1's, in every game and stage") {
    struct setup {
        const char* game;
        rules::options options;
    };
    const std::vector<setup> setups = {{"quadrature", {}},
                                       {"quadwrangle", {}},
                                       {"kvadrat", {}},
                                       {"kvadrat", {{"players", std::int64_t{4}}}},
                                       {"kvadratura", {}}};
    std::mt19937_64 rng(2026);
    for (const auto& [id, options] : setups) {
        double worst = 0;
        std::size_t worst_p1 = 0;
        std::size_t worst_p2 = 0;
        std::size_t snapshots = 0;
        for (int round = 0; round < 12; ++round) {
            auto game = rules::create_game(id, options).value();
            for (std::int64_t ply = 0;; ++ply) {
                room_fixture room(*game, ply);
                const bool over = game->current_outcome().finished();
                if (over) room.finish();
                if (ply == 0) {  // still waiting for its second player
                    room.view.status = room_status::waiting;
                    room.seats[1] = {};
                    room.view.clock.running = -1;
                }
                const double r = ratio(room.view);
                ++snapshots;
                if (r > worst) {
                    worst = r;
                    worst_p1 = snapshot_message(room.view, 1)->size();
                    worst_p2 = snapshot_message(room.view, 2)->size();
                }
                if (over || ply >= 400) break;
                REQUIRE(game->apply(quadra::testing::random_move(*game, rng)));
            }
        }
        const std::string label = std::string(id) + (options.empty() ? "" : " with 4 players");
        MESSAGE(label << ": worst " << worst_p2 << " / " << worst_p1 << " B = " << worst << " over "
                      << snapshots << " snapshots");
        CHECK(worst <= 0.25);
    }
}

TEST_CASE("protocol 2's snapshot names the position and counts the legal requests") {
    auto game = rules::create_game("kvadratura", {{"size", std::int64_t{3}}}).value();
    REQUIRE(game->apply("b2"));
    room_fixture room(*game, 1);
    room.view.last_move = "b2";
    room.seats[1].connected = false;
    room.seats[1].away_since = 1'765'000'000'000;
    const auto message = json::parse(*snapshot_message(room.view, 2));
    CHECK(message == json{{"type", "snapshot"},
                          {"room", "K7QM3X"},
                          {"v", 1},
                          {"pos", game->position()},
                          {"legal", 8},
                          {"last", "b2"},
                          {"seats",
                           {{{"name", "Ann Example"}},
                            {{"name", "Computer (hard)"},
                             {"bot", "hard"},
                             {"off", 1},
                             {"away", 1'765'000'000'000}}}},
                          {"watch", 2},
                          {"clock", {{"left", {287'512, 287'512}}, {"run", 1}}}});
    // The position is the whole game: the rules read it back to the same state.
    auto read = rules::from_position(message["pos"].get<std::string>());
    REQUIRE(read);
    CHECK(read.value()->position() == game->position());
    CHECK(read.value()->legal().size() == 8);
}

TEST_CASE("protocol 2's snapshot of a finished game: the result's code, figures and a rematch") {
    auto game = rules::create_game("kvadratura", {{"size", std::int64_t{3}}}).value();
    room_fixture room(*game, 4);
    room.view.status = room_status::finished;
    room.view.result =
        result_view{{0}, "Computer (hard) resigned", "resign", "resigned", {{"seat", 1}}};
    room.view.seed = seed;
    room.agreed = {0, 1};
    room.view.rematch_agreed = room.agreed;
    room.view.rematch_room = "P3XK9D";
    room.view.clock.running = -1;
    const auto message = json::parse(*snapshot_message(room.view, 2));
    CHECK_FALSE(message.contains("st"));  // the result says it is over
    // No English: the code and its figures say it all.
    CHECK(message["result"] == json{{"by", "resigned"}, {"fig", {{"seat", 1}}}, {"win", {0}}});
    CHECK(message["rematch"] == json{{"agreed", {0, 1}}, {"room", "P3XK9D"}});
    // Ended by the room: nobody moves, whatever the rules say; no clock runs.
    CHECK_FALSE(message.contains("legal"));
    CHECK(message["clock"] == json{{"left", {287'512, 287'512}}});
    // Constants came in `joined`; the seed is in the game's record.
    for (const char* left_out : {"game_id", "commitment", "seed", "state", "draw"})
        CHECK_FALSE(message.contains(left_out));
}

TEST_CASE("protocol 2's snapshot shows a standing draw offer and forced passes") {
    auto game = rules::create_game("quadwrangle", {}).value();
    room_fixture room(*game, 3);
    room.view.draw_offer = 1;
    room.view.forced_passes = 2;
    room.seats[0].retired = true;
    room.seats[1].claimable = true;
    room.view.clock.settings = {};
    const auto message = json::parse(*snapshot_message(room.view, 2));
    CHECK(message["draw"] == 1);
    CHECK(message["forced"] == 2);
    CHECK_FALSE(message.contains("st"));  // playing
    CHECK(message["seats"][0]["out"] == 1);
    CHECK(message["seats"][1]["claim"] == 1);
    CHECK_FALSE(message.contains("clock"));  // a room without a clock
    room.view.status = room_status::waiting;
    CHECK(json::parse(*snapshot_message(room.view, 2))["st"] == "waiting");
}

TEST_CASE("joined tells the room's constants: its game id, dice commitment and clock") {
    const room_constants constants{
        "9f86d081884c7d65", commitment, {clock_settings::kind::bank, 300, 5, 0}};
    const auto message =
        json::parse(*joined_message(std::int64_t{7}, "K7QM3X", role::player, 1, constants));
    CHECK(message ==
          json{{"type", "joined"},
               {"id", 7},
               {"room", "K7QM3X"},
               {"as", "player"},
               {"seat", 1},
               {"game_id", "9f86d081884c7d65"},
               {"commitment", commitment},
               {"clock", {{"type", "bank"}, {"initial_seconds", 300}, {"increment_seconds", 5}}}});
}

TEST_CASE("hello chooses protocol 1 or 2; any other is refused") {
    for (const int version : {1, 2}) {
        const auto parsed =
            parse_request(R"({"type":"hello","protocol":)" + std::to_string(version) + "}");
        REQUIRE(parsed.body);
        CHECK(std::get<hello_request>(*parsed.body).protocol == version);
    }
    const auto plain = parse_request(R"({"type":"hello"})");
    REQUIRE(plain.body);
    CHECK(std::get<hello_request>(*plain.body).protocol == 1);
    for (const char* refused :
         {R"({"type":"hello","protocol":0})", R"({"type":"hello","protocol":3})"}) {
        const auto parsed = parse_request(refused);
        REQUIRE(parsed.failure);
        CHECK(parsed.failure->code == error_code::unsupported_protocol);
    }
    CHECK(json::parse(*welcome_message({}, "t", "Ann", false, {}, 2))["protocol"] == 2);
}
