// "Your games" (PROTOCOL.md `my_games`) over a real WebSocket on a server with a data directory:
// the rooms where the identity holds a seat and its finished games, also after a restart; the
// moves' seats in the exported record, which the client's move list names players with.

#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/server/support/process.hpp"
#include "tests/server/support/server_fixture.hpp"

using nlohmann::json;
using namespace quadra::testing;

namespace {

json my_games(ws_client& client, int id) {
    client.send({{"type", "my_games"}, {"id", id}});
    auto answer = client.receive("my_games");
    CHECK(answer["id"] == id);
    return answer;
}

// Ann and Bob play one Kvadratura move each, then Bob resigns; Ann opens a second room and waits.
struct two_rooms {
    std::string finished_code;
    std::string waiting_code;
    std::string finished_id;
    std::string ann_token;
};

two_rooms play_two_rooms(test_server& server) {
    two_rooms out;
    auto ann = server.player("Ann");
    auto bob = server.player("Bob");
    out.ann_token = ann->token;
    out.finished_code = create_room(*ann, "kvadratura", {{"size", 4}});
    join_room(*bob, out.finished_code);
    auto started = ann->receive("snapshot");
    out.finished_id = started["game_id"];
    ann->send({{"type", "move"}, {"room", out.finished_code}, {"move", "a1"}, {"version", 0}});
    ann->receive("snapshot");
    bob->receive("snapshot");
    bob->send({{"type", "move"}, {"room", out.finished_code}, {"move", "d4"}, {"version", 1}});
    ann->receive("snapshot");
    bob->receive("snapshot");
    bob->send({{"type", "resign"}, {"room", out.finished_code}});
    CHECK(ann->receive("snapshot")["status"] == "finished");
    out.waiting_code = create_room(*ann, "quadwrangle", json::object());
    return out;
}

void check_lists(const json& mine, const two_rooms& rooms, const json& waiting_status) {
    REQUIRE(mine["running"].size() == 1);
    const auto& running = mine["running"][0];
    CHECK(running["room"] == rooms.waiting_code);
    CHECK(running["game"] == "quadwrangle");
    CHECK(running["status"] == waiting_status);
    CHECK(running["players"] == json::array({"Ann", ""}));
    CHECK(running["options"]["lane"] == 4);
    REQUIRE(mine["finished"].size() == 1);
    const auto& finished = mine["finished"][0];
    CHECK(finished["id"] == rooms.finished_id);
    CHECK(finished["room"] == rooms.finished_code);
    CHECK(finished["game"] == "kvadratura");
    CHECK(finished["players"] == json::array({"Ann", "Bob"}));
    CHECK(finished["result"]["winners"] == json::array({0}));
    CHECK(finished["result"]["by"] == "resign");
    CHECK(finished["finished_at"].is_number());
}

}  // namespace

TEST_CASE("my_games lists the seats still on and the finished games, also after a restart") {
    scratch_dir dir("my-games");
    auto config = test_config();
    config.data_dir = dir.path.string();
    two_rooms rooms;
    {
        test_server server(config);
        rooms = play_two_rooms(server);
        auto ann = std::make_unique<ws_client>(server.port());
        ann->send({{"type", "hello"}, {"token", rooms.ann_token}});
        ann->receive("welcome");
        check_lists(my_games(*ann, 1), rooms, "waiting");
        // Someone who played nothing has nothing.
        auto carl = server.player("Carl");
        const auto none = my_games(*carl, 2);
        CHECK(none["running"] == json::array());
        CHECK(none["finished"] == json::array());
        // The record names the seat of every recorded token.
        const auto record =
            json::parse(http_fetch(server.port(), "/api/games/" + rooms.finished_id).body);
        CHECK(record["moves"] == json::array({"a1", "d4"}));
        CHECK(record["move_seats"] == json::array({0, 1}));
    }
    test_server restarted(config);
    ws_client ann(restarted.port());
    ann.send({{"type", "hello"}, {"token", rooms.ann_token}});
    ann.receive("welcome");
    check_lists(my_games(ann, 3), rooms, "waiting");
}

TEST_CASE("my_games needs an identity and takes no fields") {
    test_server server;
    ws_client stranger(server.port());
    stranger.send({{"type", "my_games"}, {"id", 1}});
    auto refused = stranger.receive("error");
    CHECK(refused["code"] == "not_identified");
    auto ann = server.player("Ann");
    ann->send({{"type", "my_games"}, {"id", 2}, {"limit", 5}});
    auto bad = ann->receive("error");
    CHECK(bad["code"] == "bad_field");
    CHECK(bad["id"] == 2);
}
