// Room life across a restart: two servers in sequence on the same SQLite file and the same manual
// clock. Clocks, results (resignation, agreed draw, timeout), both chat channels and rematches
// come back as they were; a failed write of a room-life request changes nothing.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sqlite3.h>
#include <unistd.h>

#include "tests/server/support/life_fixture.hpp"
#include "tests/server/support/server_process.hpp"
#include "tests/test_paths.hpp"

using namespace quadra::testing;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const json bank_10_5 = {{"type", "bank"}, {"initial_seconds", 10}, {"increment_seconds", 5}};

// A data directory and a manual clock that outlive the servers started on them one after another.
struct restarts {
    fs::path dir;
    std::shared_ptr<quadra::server::manual_time> time =
        std::make_shared<quadra::server::manual_time>();
    std::optional<test_server> server;

    explicit restarts(const std::string& name)
        : dir(fs::temp_directory_path() /
              ("quadra_restore_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        start();
    }
    ~restarts() {
        server.reset();
        fs::remove_all(dir);
    }
    void start() {
        auto config = test_config();
        config.data_dir = dir.string();
        server.emplace(config, time);
    }
    // Stops the server (its pending writes finish) and starts a new one on the same file.
    void restart(std::chrono::milliseconds downtime = std::chrono::milliseconds(0)) {
        server.reset();
        time->advance(downtime);
        start();
    }
    test_server& operator*() { return *server; }
    void advance(std::chrono::milliseconds by) {
        time->advance(by);
        server->check_deadlines();
    }
    json api(const std::string& target) {
        const auto response = http_get(server->port(), target);
        return json::parse(response.substr(response.find("\r\n\r\n") + 4));
    }
    // The (kind, seat, text) of every stored event of `game_id`, read from the file directly.
    std::vector<std::string> stored_kinds(const std::string& game_id) {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open((dir / "quadra.db").string().c_str(), &db) == SQLITE_OK);
        sqlite3_busy_timeout(db, 5000);
        sqlite3_stmt* query = nullptr;
        REQUIRE(sqlite3_prepare_v2(db,
                                   "SELECT kind, text FROM events WHERE game_id = ? ORDER BY seq",
                                   -1, &query, nullptr) == SQLITE_OK);
        sqlite3_bind_text(query, 1, game_id.c_str(), -1, SQLITE_TRANSIENT);
        std::vector<std::string> kinds;
        while (sqlite3_step(query) == SQLITE_ROW)
            kinds.push_back(
                std::string(reinterpret_cast<const char*>(sqlite3_column_text(query, 0))) + " " +
                reinterpret_cast<const char*>(sqlite3_column_text(query, 1)));
        sqlite3_finalize(query);
        sqlite3_close(db);
        return kinds;
    }
    void exec_sql(const char* sql) {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open((dir / "quadra.db").string().c_str(), &db) == SQLITE_OK);
        sqlite3_busy_timeout(db, 5000);
        CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
};

// A new connection that says hello with `token`; returns it after its welcome.
std::unique_ptr<ws_client> come_back(test_server& server, const std::string& token) {
    auto client = std::make_unique<ws_client>(server.port());
    client->send({{"type", "hello"}, {"token", token}});
    auto welcome = client->receive("welcome");
    REQUIRE(welcome["resumed"] == true);
    client->token = token;
    return client;
}

// The legal move at `index` in `seen`.
std::string legal(const json& seen, std::size_t index = 0) {
    return seen["state"]["legal"].at(index).get<std::string>();
}

// Writes `record` to a file in `dir` and runs `quadra verify` on it; returns its JSON answer
// (null when it failed).
json verify(const fs::path& dir, const json& record) {
    const auto path = (dir / "record.json").string();
    std::ofstream(path) << record.dump();
    const std::string command = std::string(quadra_binary) + " verify " + path + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string output;
    char buffer[512];
    while (const auto n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = pclose(pipe);
    CHECK_MESSAGE(WEXITSTATUS(status) == 0, output);
    return WEXITSTATUS(status) == 0 ? json::parse(output) : json();
}

// The answer `quadra verify` gives for a good record of `moves`.
json verified(const json& moves) {
    int rolls = 0;
    for (const auto& m : moves) rolls += m.get<std::string>().find('=') != std::string::npos;
    return {{"ok", true}, {"plies", moves.size()}, {"rolls", rolls}};
}

}  // namespace

TEST_CASE("a bank clock survives a restart: same settings, same times, and the flag still falls") {
    restarts r("clock");
    std::string code, ann_token, bob_token, game_id;
    {
        auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}}, bank_10_5);
        code = t.code;
        ann_token = t[0].token;
        bob_token = t[1].token;
        game_id = t.last["game_id"];
        r.time->advance(3s);
        auto seen = play(t[0], t.code, "a1", t.last);
        CHECK(seen["clock"]["remaining_ms"] == json({12000, 10000}));
        r.time->advance(2s);
        seen = play(t[1], t.code, legal(seen), seen);
        t[0].receive("snapshot");
        CHECK(seen["clock"]["remaining_ms"] == json({12000, 13000}));  // 10 - 2 + 5
        CHECK(seen["clock"]["running"] == 0);
        r.time->advance(4s);  // Ann thinks for 4 s, then the server goes down for 100 s
    }
    r.restart(100s);

    // What the restored room asserts: the settings are the same, and each seat has exactly the
    // time it had when the last move was made; the running seat (Ann) is charged neither the
    // 4 s before the stop (not recorded) nor the 100 s of downtime: her turn starts again now.
    auto ann = come_back(*r, ann_token);
    CHECK(ann->receive("joined")["room"] == code);
    auto back = ann->receive("snapshot");
    CHECK(back["game_id"] == game_id);
    CHECK(back["status"] == "playing");
    CHECK(back["version"] == 2);
    CHECK(back["clock"]["type"] == "bank");
    CHECK(back["clock"]["initial_seconds"] == 10);
    CHECK(back["clock"]["increment_seconds"] == 5);
    CHECK(back["clock"]["running"] == 0);
    CHECK(back["clock"]["remaining_ms"] == json({12000, 13000}));
    CHECK(back["clock"]["server_time"] == r.time->now_ms());

    // The game goes on under the clock: Ann moves after 1 s, then Bob lets his 13 s run out.
    r.time->advance(1s);
    auto seen = play(*ann, code, legal(back), back);
    CHECK(seen["clock"]["remaining_ms"] == json({16000, 13000}));
    auto bob = come_back(*r, bob_token);
    bob->receive("joined");
    const auto bob_seen = bob->receive("snapshot");
    CHECK(bob_seen["version"] == 3);
    drain(*ann);
    r.advance(12999ms);
    check_quiet(*ann);
    r.advance(1ms);
    auto over = next_snapshot(*ann);
    while (over["status"] != "finished") over = next_snapshot(*ann);
    CHECK(over["result"] == json({{"status", "finished"},
                                  {"winners", {0}},
                                  {"reason", "Bob ran out of time"},
                                  {"by", "timeout"},
                                  {"code", "timeout"},
                                  {"figures", {{"seat", 1}}}}));

    // The timeout is stored: after another restart the record says so.
    ann.reset();
    bob.reset();
    r.restart();
    const auto record = r.api("/api/games/" + game_id);
    CHECK(record["result"]["by"] == "timeout");
    CHECK(record["result"]["winners"] == json::array({0}));
    CHECK(record["result"]["reason"] == "Bob ran out of time");
    CHECK(record["moves"].size() == 3);
    CHECK(verify(r.dir, record) == verified(record["moves"]));
}

TEST_CASE(
    "a restart's outage stays uncharged after a second restart: the resumption is journaled") {
    restarts r("resumed");
    std::string code, ann_token, game_id;
    {
        auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}}, bank_10_5);
        code = t.code;
        ann_token = t[0].token;
        game_id = t.last["game_id"];
        r.time->advance(3s);
        auto seen = play(t[0], t.code, "a1", t.last);
        r.time->advance(2s);
        seen = play(t[1], t.code, legal(seen), seen);
        t[0].receive("snapshot");
        CHECK(seen["clock"]["remaining_ms"] == json({12000, 13000}));
    }
    r.restart(100s);  // Ann's turn runs when the server goes down
    {
        auto ann = come_back(*r, ann_token);
        ann->receive("joined");
        auto back = ann->receive("snapshot");
        r.time->advance(1s);
        const auto seen = play(*ann, code, legal(back), back);
        CHECK(seen["clock"]["remaining_ms"] == json({16000, 13000}));  // 12 - 1 + 5
    }
    // A second replay applies Ann's move again: it must start her turn at the resumption, not
    // at Bob's move 100 s before it, so her 16 s stay 16 s.
    r.restart(50s);
    auto ann = come_back(*r, ann_token);
    ann->receive("joined");
    const auto back = ann->receive("snapshot");
    CHECK(back["version"] == 3);
    CHECK(back["clock"]["running"] == 1);
    CHECK(back["clock"]["remaining_ms"] == json({16000, 13000}));
    const auto kinds = r.stored_kinds(game_id);
    CHECK(std::count(kinds.begin(), kinds.end(), "resumed ") == 2);  // one per restart
}

TEST_CASE("kill -9 with a bank clock running: the restored clock charges no downtime") {
    const quadra::testing::scratch_dir scratch("restore-kill");
    const auto& dir = scratch.path;
    const json clock = {{"type", "bank"}, {"initial_seconds", 300}, {"increment_seconds", 5}};
    std::vector<std::string> tokens;
    std::string code;
    json last;  // the snapshot after the last move, as both players saw it
    std::int64_t launched_ms = 0;
    {
        server_process server(dir.string());
        std::vector<std::unique_ptr<ws_client>> players;
        for (const auto* name : {"Ann", "Bob"}) {
            players.push_back(std::make_unique<ws_client>(server.port()));
            players.back()->send({{"type", "hello"}, {"name", name}});
            tokens.push_back(players.back()->receive("welcome")["token"]);
        }
        players[0]->send({{"type", "create_room"},
                          {"game", "kvadratura"},
                          {"options", {{"size", 4}}},
                          {"clock", clock}});
        code = players[0]->receive("joined")["room"];
        players[1]->send({{"type", "join_room"}, {"room", code}});
        players[1]->receive("joined");
        last = players[1]->receive("snapshot");
        players[0]->receive("snapshot");
        players[0]->receive("snapshot");
        for (int n = 0; n < 3; ++n) {
            const auto seat = last["state"]["to_move"].get<std::size_t>();
            last = play(*players[seat], code, legal(last), last);
            players[1 - seat]->receive("snapshot");
        }
        REQUIRE(last["clock"]["running"] == 1);
        server.kill_hard();
        // Down for a second: a restored clock that charged the downtime would show it.
        std::this_thread::sleep_for(1s);
        launched_ms = quadra::server::system_time().now_ms();
    }
    server_process server(dir.string());
    auto ann = std::make_unique<ws_client>(server.port());
    ann->send({{"type", "hello"}, {"token", tokens[0]}});
    ann->receive("welcome");
    CHECK(ann->receive("joined")["room"] == code);
    auto back = ann->receive("snapshot");
    CHECK(back["version"] == 3);
    CHECK(back["game_id"] == last["game_id"]);
    CHECK(back["clock"]["type"] == "bank");
    CHECK(back["clock"]["initial_seconds"] == 300);
    CHECK(back["clock"]["increment_seconds"] == 5);
    CHECK(back["clock"]["running"] == 1);
    // Ann's time does not run: exactly what she had after her move. Bob's runs again since the
    // restart: he is charged at most the time since the new process was launched.
    CHECK(back["clock"]["remaining_ms"][0] == last["clock"]["remaining_ms"][0]);
    const auto before = last["clock"]["remaining_ms"][1].get<std::int64_t>();
    const auto now = back["clock"]["remaining_ms"][1].get<std::int64_t>();
    CHECK(now <= before);
    CHECK(before - now <= back["clock"]["server_time"].get<std::int64_t>() - launched_ms);

    // The game goes on with the clock: Bob moves and gains his increment.
    auto bob = std::make_unique<ws_client>(server.port());
    bob->send({{"type", "hello"}, {"token", tokens[1]}});
    bob->receive("welcome");
    bob->receive("joined");
    back = bob->receive("snapshot");
    const auto moved = play(*bob, code, legal(back), back);
    CHECK(moved["version"] == 4);
    CHECK(moved["clock"]["running"] == 0);
    const auto after_move = moved["clock"]["remaining_ms"][1].get<std::int64_t>();
    CHECK(after_move <= before + 5000);
    CHECK(after_move >=
          before + 5000 - (moved["clock"]["server_time"].get<std::int64_t>() - launched_ms));
    // Ann's turn runs again from Bob's move on; the snapshot shows her clock when it was
    // rendered, which may be a millisecond or so after the move (slow under sanitizers), and
    // never later than since Bob's snapshot before it.
    const auto ann_had = last["clock"]["remaining_ms"][0].get<std::int64_t>();
    const auto ann_has = moved["clock"]["remaining_ms"][0].get<std::int64_t>();
    CHECK(ann_has <= ann_had);
    CHECK(ann_had - ann_has <= moved["clock"]["server_time"].get<std::int64_t>() -
                                   back["clock"]["server_time"].get<std::int64_t>());
}

TEST_CASE("a resignation, a standing draw offer and an agreed draw are stored across a restart") {
    restarts r("result");
    std::string resigned, drawn, drawn_code, dan_token;
    std::int64_t played = 0;
    {
        // Quadwrangle: the server rolls dice, so the record's dice are checked against the seed.
        auto t = seat_players(*r, {"Ann", "Bob"}, "quadwrangle", json::object(), bank_10_5);
        resigned = t.last["game_id"];
        auto seen = t.last;
        for (int n = 0; n < 4; ++n) {
            const auto seat = seen["state"]["to_move"].get<std::size_t>();
            seen = play(t[seat], t.code, legal(seen), seen);
            drain(t[1 - seat]);
        }
        played = seen["version"];
        CHECK(send_to_room(t[1], t.code, "resign")["type"] == "done");
        auto over = next_snapshot(t[0]);
        while (over["status"] != "finished") over = next_snapshot(t[0]);
        CHECK(over["result"]["by"] == "resign");

        auto d = seat_players(*r, {"Cat", "Dan"}, "quadwrangle", json::object());
        drawn = d.last["game_id"];
        dan_token = d[1].token;
        drawn_code = d.code;
        CHECK(send_to_room(d[0], d.code, "offer_draw")["type"] == "done");
    }
    r.restart(5s);

    // The offer stands after the restart, and Dan accepts it.
    auto dan = come_back(*r, dan_token);
    CHECK(dan->receive("joined")["room"] == drawn_code);
    CHECK(dan->receive("snapshot")["draw_offer"] == 0);
    CHECK(send_to_room(*dan, drawn_code, "accept_draw")["type"] == "done");
    auto over = next_snapshot(*dan);
    CHECK(over["result"] == json({{"status", "finished"},
                                  {"winners", json::array()},
                                  {"reason", "draw agreed"},
                                  {"by", "draw"},
                                  {"code", "draw_agreed"},
                                  {"figures", json::object()}}));

    auto record = r.api("/api/games/" + resigned);
    CHECK(record["result"]["by"] == "resign");
    CHECK(record["result"]["reason"] == "Bob resigned");
    CHECK(record["result"]["winners"] == json::array({0}));
    CHECK(record["result"]["draw"] == false);
    // The resignation is not a move: the record holds the moves played, the seed is revealed
    // (the game is over) and the record verifies, dice included.
    CHECK(record["moves"].size() == static_cast<std::size_t>(played));
    CHECK(verified(record["moves"])["rolls"] > 0);
    for (const auto& m : record["moves"])
        CHECK(m.get<std::string>().find("resign") == std::string::npos);
    CHECK(record["seed"].is_string());
    CHECK(record["finished_at"].is_number_integer());
    CHECK(verify(r.dir, record) == verified(record["moves"]));

    record = r.api("/api/games/" + drawn);
    CHECK(record["result"]["by"] == "draw");
    CHECK(record["result"]["winners"] == json::array());
    CHECK(record["result"]["draw"] == true);
    CHECK(record["moves"] == json::array());
    CHECK(verify(r.dir, record) == verified(record["moves"]));

    // Both are listed among the finished games, and neither is a live room any more.
    const auto rooms = r.api("/api/rooms");
    CHECK(rooms["rooms"].empty());
    std::vector<std::string> finished;
    for (const auto& game : rooms["finished"]) finished.push_back(game["id"]);
    std::sort(finished.begin(), finished.end());
    std::vector<std::string> expected{resigned, drawn};
    std::sort(expected.begin(), expected.end());
    CHECK(finished == expected);
}

TEST_CASE("both chat channels survive a restart and keep their rules") {
    restarts r("chat");
    std::string code, ann_token, sam_token;
    {
        auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
        code = t.code;
        ann_token = t[0].token;
        auto sam = (*r).player("Sam");
        sam_token = sam->token;
        sam->send({{"type", "join_room"}, {"room", t.code}, {"as", "spectator"}});
        sam->receive("joined");
        sam->receive("snapshot");
        CHECK(say(t[0], t.code, "good luck")["type"] == "done");
        CHECK(say(*sam, t.code, "Bob is losing")["type"] == "done");
        CHECK(say(t[1], t.code, "thanks")["type"] == "done");
        drain(*sam);
    }
    r.restart(1s);

    // A player of the ongoing game reads the players' channel only.
    auto ann = come_back(*r, ann_token);
    ann->receive("joined");
    ann->receive("snapshot");
    auto line = ann->receive();
    CHECK(line["type"] == "chat");
    CHECK(line["channel"] == "players");
    CHECK(line["seat"] == 0);
    CHECK(line["name"] == "Ann");
    CHECK(line["text"] == "good luck");
    line = ann->receive();
    CHECK(line["type"] == "chat");
    CHECK(line["seat"] == 1);
    CHECK(line["text"] == "thanks");
    check_quiet(*ann);

    // A spectator reads both, with the spectator's line under the spectator's name.
    auto sam = come_back(*r, sam_token);
    sam->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    sam->receive("joined");
    sam->receive("snapshot");
    drain(*ann);  // the snapshot that counts the spectator
    std::vector<json> seen;
    seen.reserve(3);
    for (int i = 0; i < 3; ++i) seen.push_back(sam->receive("chat"));
    CHECK(seen[0]["text"] == "good luck");
    CHECK(seen[1]["text"] == "Bob is losing");
    CHECK(seen[1]["channel"] == "spectators");
    CHECK(seen[1]["seat"].is_null());
    CHECK(seen[1]["name"] == "Sam");
    CHECK(seen[2]["text"] == "thanks");
    check_quiet(*sam);

    // A new spectator line after the restart still does not reach the players.
    CHECK(say(*sam, code, "still losing")["type"] == "done");
    CHECK(sam->receive("chat")["text"] == "still losing");
    check_quiet(*ann);
}

TEST_CASE("a rematch is a new stored game, and both games survive a restart") {
    restarts r("rematch");
    std::string old_id, old_commitment, next, next_id, next_commitment, ann_token;
    {
        auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}}, bank_10_5);
        ann_token = t[0].token;
        old_id = t.last["game_id"];
        old_commitment = t.last["commitment"];
        send_to_room(t[1], t.code, "resign");
        drain(t[0]);
        drain(t[1]);
        CHECK(send_to_room(t[0], t.code, "rematch")["type"] == "done");
        CHECK(send_to_room(t[1], t.code, "rematch")["type"] == "done");
        next = rematch_opened(t[0])["rematch"]["room"];
        CHECK(next != t.code);
        CHECK(rematch_opened(t[1])["rematch"]["room"] == next);
        const auto first = join_room(t[1], next);
        next_id = first["game_id"];
        next_commitment = first["commitment"];
        CHECK(next_id != old_id);
        CHECK(next_commitment != old_commitment);
        CHECK(first["seats"][0]["name"] == "Bob");
        CHECK(first["clock"]["remaining_ms"] == json({10000, 10000}));
        // The old game's journal names the new room.
        const auto kinds = r.stored_kinds(old_id);
        REQUIRE(kinds.size() >= 2);
        CHECK(kinds.back() == "rematch_room " + next);
    }
    r.restart(1s);

    const auto old_record = r.api("/api/games/" + old_id);
    CHECK(old_record["id"] == old_id);
    CHECK(old_record["commitment"] == old_commitment);
    CHECK(old_record["result"]["by"] == "resign");
    CHECK(old_record["seed"].is_string());
    const auto new_record = r.api("/api/games/" + next_id);
    CHECK(new_record["id"] == next_id);
    CHECK(new_record["room"] == next);
    CHECK(new_record["commitment"] == next_commitment);
    CHECK(new_record["players"] == json({"Bob", "Ann"}));
    CHECK(new_record["seed"].is_null());  // still going: the seed stays secret

    // Ann's seat in the rematch is hers again: it is the room she comes back to.
    auto ann = come_back(*r, ann_token);
    CHECK(ann->receive("joined")["room"] == next);
    const auto back = ann->receive("snapshot");
    CHECK(back["game_id"] == next_id);
    CHECK(back["status"] == "playing");
    CHECK(back["seats"][1]["name"] == "Ann");
    CHECK(back["clock"]["type"] == "bank");
    CHECK(back["clock"]["remaining_ms"] == json({10000, 10000}));
}

TEST_CASE("a failed write refuses resign and chat with store_failed and changes nothing") {
    restarts r("fail");
    auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}}, bank_10_5);
    r.time->advance(3s);
    const auto before = play(t[0], t.code, "a1", t.last);
    t[1].receive("snapshot");
    const auto deadline = before["clock"]["server_time"].get<std::int64_t>() + 10000;
    r.time->advance(2s);  // Bob's time runs: 8 s left

    r.exec_sql(
        "CREATE TRIGGER full_disk BEFORE INSERT ON events "
        "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    for (const std::string what : {"resign", "chat"}) {
        CAPTURE(what);
        const auto refused =
            what == "chat" ? say(t[1], t.code, "gg") : send_to_room(t[1], t.code, "resign");
        CHECK(refused["type"] == "error");
        CHECK(refused["code"] == "store_failed");
        // Everyone sees the committed room again, with Bob's flag due when it was.
        for (auto* c : {&t[0], &t[1]}) {
            const auto after = next_snapshot(*c);
            CHECK(after["status"] == "playing");
            CHECK(after["version"] == 1);
            CHECK(after["state"] == before["state"]);
            CHECK(after["result"].is_null());
            CHECK(after["seats"] == before["seats"]);  // both still connected
            CHECK(after["clock"]["running"] == 1);
            CHECK(after["clock"]["server_time"].get<std::int64_t>() +
                      after["clock"]["remaining_ms"][1].get<std::int64_t>() ==
                  deadline);
            check_quiet(*c);  // no chat line, no other snapshot
        }
    }
    r.exec_sql("DROP TRIGGER full_disk");

    // Bob's flag falls at the deadline it had before the failures, not later.
    r.advance(7999ms);
    check_quiet(t[0]);
    r.advance(1ms);
    auto over = next_snapshot(t[0]);
    CHECK(over["result"]["by"] == "timeout");
    const auto record = r.api("/api/games/" + before["game_id"].get<std::string>());
    CHECK(record["moves"] == json({"a1"}));
    CHECK(record["result"]["by"] == "timeout");
    for (const auto& kind : r.stored_kinds(before["game_id"]))
        CHECK(kind.rfind("chat", 0) == std::string::npos);
}

TEST_CASE("a failed write of the second rematch request opens no rematch") {
    restarts r("fail_rematch");
    auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    send_to_room(t[1], t.code, "resign");
    CHECK(send_to_room(t[0], t.code, "rematch")["type"] == "done");
    // Each member sees Ann's request before the failure: a ping's pong can overtake a snapshot
    // the room is still handing out, so draining alone may leave it behind. Ann's snapshot
    // follows her `done`; Bob's may follow his resignation's.
    for (auto* c : {&t[0], &t[1]}) {
        auto seen = next_snapshot(*c);
        while (seen["rematch"]["agreed"] != json::array({0})) seen = next_snapshot(*c);
        drain(*c);
    }

    r.exec_sql(
        "CREATE TRIGGER full_disk BEFORE INSERT ON events "
        "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    CHECK(send_to_room(t[1], t.code, "rematch")["code"] == "store_failed");
    for (auto* c : {&t[0], &t[1]}) {
        const auto after = next_snapshot(*c);
        CHECK(after["rematch"] == json::parse(R"({"agreed":[0],"room":null})"));
        check_quiet(*c);
    }
    // The rematch room, whose own first write failed too, is gone from the lobby.
    json rooms;
    for (int i = 0; i < 100; ++i) {
        rooms = r.api("/api/rooms");
        if (rooms["rooms"].empty()) break;
        std::this_thread::sleep_for(50ms);
    }
    CHECK(rooms["rooms"] == json::array());
    r.exec_sql("DROP TRIGGER full_disk");

    CHECK(send_to_room(t[1], t.code, "rematch")["type"] == "done");
    const std::string next = rematch_opened(t[0])["rematch"]["room"];
    CHECK(rematch_opened(t[1])["rematch"]["room"] == next);
    CHECK(join_room(t[1], next)["status"] == "playing");
    CHECK(r.api("/api/rooms")["rooms"].size() == 1);
}

TEST_CASE("after a failed move write the timer waits for the committed room's deadline") {
    restarts r("fail_timer");
    auto t = seat_players(*r, {"Ann", "Bob"}, "kvadratura", {{"size", 4}}, bank_10_5);
    const auto seen = play(t[0], t.code, "a1", t.last);
    drain(t[1]);
    r.time->advance(9500ms);  // Bob has half a second left

    r.exec_sql(
        "CREATE TRIGGER full_disk BEFORE INSERT ON events "
        "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    // Bob's move would start Ann's 15 s; it is refused, and Bob's half second runs again.
    CHECK(send_to_room(t[1], t.code, "move", {{"move", legal(seen)}, {"version", 1}})["code"] ==
          "store_failed");
    CHECK(next_snapshot(t[0])["version"] == 1);
    r.exec_sql("DROP TRIGGER full_disk");

    // Only the room's own timer acts here (no check_deadlines): Bob's flag falls within seconds,
    // not when Ann's refused 15 s would have run out.
    r.time->advance(1s);
    json over;
    for (int i = 0; i < 10 && !over.is_object(); ++i)
        if (auto got = t[0].try_receive(std::chrono::milliseconds(500)))
            if ((*got)["type"] == "snapshot" && (*got)["status"] == "finished") over = *got;
    REQUIRE(over.is_object());
    CHECK(over["result"]["by"] == "timeout");
    CHECK(over["result"]["winners"] == json::array({0}));
}
