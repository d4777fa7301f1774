// Closing a room (#31) on one node over real WebSockets: a moderator ends a running game with no
// result, or aborts one of few moves; every player sees the ending, neither is rated, the audit
// log holds it once, and a restarted server replays it. Every refusal changes nothing.

#include <doctest/doctest.h>

#include <string>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/moderator.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

json close_room(ws_client& from, const std::string& room, const std::string& ending) {
    from.send({{"type", "close_room"}, {"room", room}, {"ending", ending}, {"reason", "cheating"}});
    return next_reply(from);
}

// A rated Kvadratura on a 4x4 board that `first` opened and `second` joined; its code.
std::string rated_game(ws_client& first, ws_client& second) {
    first.send({{"type", "create_room"},
                {"game", "kvadratura"},
                {"options", {{"size", 4}}},
                {"rated", true},
                {"clock", {{"type", "bank"}, {"initial_seconds", 600}, {"increment_seconds", 0}}}});
    std::string code = answer(first, "joined")["room"];
    join_room(second, code);
    return code;
}

// The client's first snapshot of `version`, past older ones.
void snapshot_at(ws_client& client, int version) {
    while (client.receive("snapshot")["version"] != version) continue;
}

void play(ws_client& mover, ws_client& other, const std::string& code, const std::string& cell,
          int version) {
    mover.send({{"type", "move"}, {"room", code}, {"move", cell}, {"version", version}});
    snapshot_at(mover, version + 1);
    snapshot_at(other, version + 1);
}

json result_of(ws_client& player) { return player.receive("snapshot")["result"]; }

int close_entries(ws_client& mod) {
    mod.send({{"type", "moderation"}});
    int count = 0;
    const auto view = mod.receive("moderation");  // named: the loop must not outlive it
    for (const auto& entry : view["log"])
        if (entry["action"] == "close_room") ++count;
    return count;
}

}  // namespace

TEST_CASE("close_room: no result or aborted, never rated, logged once, and replayed") {
    scratch_dir data("close-room");
    std::string long_game, short_game;
    {
        server_process server(data.string());
        ws_client mara(server.port());
        become_moderator(mara, data, server.port(), "Mara");
        ws_client bob(server.port());
        registered(bob, "Bob");
        ws_client ann(server.port());
        registered(ann, "Ann");

        long_game = rated_game(bob, ann);
        const char* cells[] = {"a1", "b1", "c1", "d1", "a2"};
        for (int i = 0; i < 5; ++i)
            play(i % 2 == 0 ? bob : ann, i % 2 == 0 ? ann : bob, long_game, cells[i], i);

        CHECK(close_room(bob, long_game, "no_result")["code"] == "not_allowed");
        CHECK(close_room(mara, long_game, "sideways")["code"] == "bad_field");
        CHECK(close_room(mara, "ZZZZZZ", "no_result")["code"] == "no_such_room");
        // Five moves are more than the four a game may have to be aborted.
        const auto refused = close_room(mara, long_game, "aborted");
        CHECK(refused["code"] == "not_allowed");
        CHECK(refused["message"] ==
              "only a game of at most 4 moves can be aborted; this one has 5");
        CHECK(close_entries(mara) == 0);

        CHECK(close_room(mara, long_game, "no_result") ==
              json{{"type", "moderated"}, {"action", "close_room"}, {"name", long_game}});
        const json no_result = {{"status", "finished"},
                                {"winners", json::array()},
                                {"reason", "closed by a moderator: no result"},
                                {"by", "closed"},
                                {"code", "closed"},
                                {"figures", json::object()}};
        CHECK(result_of(ann) == no_result);
        CHECK(result_of(bob) == no_result);
        CHECK(close_room(mara, long_game, "no_result")["code"] == "game_over");
        bob.send({{"type", "rematch"}, {"room", long_game}});
        CHECK(next_reply(bob)["message"] == "a game a moderator closed has no rematch");
        bob.send({{"type", "move"}, {"room", long_game}, {"move", "b2"}, {"version", 5}});
        CHECK(next_reply(bob)["code"] == "game_over");

        mara.send({{"type", "moderation"}});
        const auto entry = mara.receive("moderation")["log"][0];
        CHECK(entry["action"] == "close_room");
        CHECK(entry["by"] == "Mara");
        CHECK(entry["name"] == long_game);
        CHECK(entry["ending"] == "no_result");
        CHECK(entry["reason"] == "cheating");

        // A waiting room has no game to close; once it starts, a short one is aborted.
        bob.send({{"type", "create_room"}, {"game", "kvadratura"}, {"options", {{"size", 4}}}});
        short_game = answer(bob, "joined")["room"];
        CHECK(close_room(mara, short_game, "aborted")["code"] == "not_started");
        join_room(ann, short_game);
        play(bob, ann, short_game, "a1", 0);
        CHECK(close_room(mara, short_game, "aborted")["type"] == "moderated");
        CHECK(result_of(ann)["code"] == "aborted");
        CHECK(close_entries(mara) == 2);

        // A rated game closed is not rated: Bob's only rating is from the game he resigns.
        const auto resigned = rated_game(bob, ann);
        bob.send({{"type", "resign"}, {"room", resigned}});
        CHECK(result_of(ann)["code"] == "resigned");
        bob.send({{"type", "export_data"}});
        const auto copy = next_reply(bob);
        REQUIRE(copy["type"] == "data_export");
        REQUIRE(copy["ratings"].size() == 1);
        CHECK(copy["ratings"][0]["games"] == 1);
        server.kill_hard();
    }
    // Replayed from their journals, both games stay closed.
    server_process server(data.string());
    ws_client sam(server.port());
    sam.send({{"type", "hello"}, {"name", "Sam"}});
    answer(sam, "welcome");
    for (const auto& [code, ending] : {std::pair{long_game, "closed"}, {short_game, "aborted"}}) {
        sam.send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
        const auto snapshot = sam.receive("snapshot");
        CHECK(snapshot["status"] == "finished");
        CHECK(snapshot["result"]["code"] == ending);
    }
}
