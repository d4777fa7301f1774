// A database written by an older server still loads: tests/data/old_database.db was written by
// the server of commit d0f3e19 (before room events became typed) through real WebSockets on a
// manual clock, with rooms that journal every kind of event. Each room restored from it is the
// room its players left: the same position, result, clocks, seats, chat and rematch link.
//
// The fixture is remade (by the server of the commit checked out), from the repository's root,
// with QUADRA_OLD_DATABASE_OUT=tests/data build/release/tests/server_tests --no-skip
// -tc="write the old database fixture"
// and tests/data/old_database.md says from which commit the committed one comes.

#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include "server/store/room_store.hpp"
#include "tests/server/support/life_fixture.hpp"
#include "tests/server/support/process.hpp"
#include "tests/server/support/room_parts.hpp"
#include "tests/server/support/store_fixture.hpp"
#include "tests/test_paths.hpp"

using namespace quadra::testing;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path fixture_dir = fs::path(test_data_dir);

// What a snapshot says about the game, not about who is connected right now: the restored room
// has no members yet. The state's position notation came later than the fixture's server, so it
// is checked on its own.
json played_part(json snapshot) {
    snapshot.erase("spectators");
    snapshot["state"].erase("position");
    for (auto& seat : snapshot["seats"]) {
        if (seat.is_null()) continue;
        seat.erase("connected");
        seat.erase("away_since");
        seat.erase("claimable");
    }
    return snapshot;
}

// A new connection that says hello with `token`; its seats' rooms' joins and snapshots follow.
std::unique_ptr<ws_client> come_back(test_server& server, const std::string& token) {
    auto client = std::make_unique<ws_client>(server.port());
    client->send({{"type", "hello"}, {"token", token}});
    REQUIRE(client->receive("welcome")["resumed"] == true);
    client->token = token;
    return client;
}

std::string legal(const json& seen, std::size_t index = 0) {
    return seen["state"]["legal"].at(index).get<std::string>();
}

// A spectator's view of room `code`: the snapshot it is sent on joining and the chat lines that
// follow it.
json spectator_view(ws_client& spectator, const std::string& code) {
    json view = {{"snapshot", nullptr}, {"chat", json::array()}};
    for (auto& sent : watch_room(spectator, code)) {
        if (sent["type"] == "snapshot") view["snapshot"] = sent;
        if (sent["type"] == "chat") view["chat"].push_back(sent);
    }
    return view;
}

void exec_sql(const fs::path& file, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.string().c_str(), &db) == SQLITE_OK);
    CHECK_MESSAGE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK,
                  sqlite3_errmsg(db));
    sqlite3_close(db);
}

// What a spectator joining `restored` is sent: its snapshot and the chat lines that follow it.
json spectator_view(quadra::server::room& restored) {
    auto spy = std::make_shared<listener>();
    auto who = std::make_shared<quadra::server::identity>(1, "", "Spy");
    quadra::server::outbox out;
    restored.join(spy, who, {restored.code(), quadra::protocol::role::spectator, {}}, {}, out);
    for (auto& d : out) d.to->deliver(d.message);
    json view = {{"snapshot", nullptr}, {"chat", json::array()}};
    for (const auto& got : spy->got) {
        if (got["type"] == "snapshot") view["snapshot"] = got;
        if (got["type"] == "chat") view["chat"].push_back(got);
    }
    return view;
}

const json bank_10_5 = {{"type", "bank"}, {"initial_seconds", 10}, {"increment_seconds", 5}};

}  // namespace

// Not a test: writes the fixture (see the top of this file). Each room is named by what it holds.
TEST_CASE("write the old database fixture" * doctest::skip()) {
    const char* out = std::getenv("QUADRA_OLD_DATABASE_OUT");
    REQUIRE_MESSAGE(out != nullptr, "QUADRA_OLD_DATABASE_OUT names the directory to write");
    const scratch_dir data("old-database");
    auto time = std::make_shared<quadra::server::manual_time>();
    auto config = test_config();
    config.data_dir = data.string();
    std::optional<test_server> server(std::in_place, config, time);
    const auto advance = [&](std::chrono::milliseconds by) {
        time->advance(by);
        server->check_deadlines();
    };
    std::vector<std::unique_ptr<ws_client>> kept;  // connections that stay to the end
    json rooms = json::object();                   // room codes by what they hold

    // A bank clock across a restart (`resumed`), then a timeout; one rematch request.
    std::string ann_token, bob_token;
    {
        auto t = seat_players(*server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}}, bank_10_5);
        rooms["timeout"] = t.code;
        ann_token = t[0].token;
        bob_token = t[1].token;
        time->advance(3s);
        auto seen = play(t[0], t.code, "a1", t.last);
        time->advance(2s);
        seen = play(t[1], t.code, legal(seen), seen);
        drain(t[0]);
        time->advance(4s);
    }
    server.reset();
    time->advance(100s);
    server.emplace(config, time);
    {
        const std::string code = rooms["timeout"];
        auto ann = come_back(*server, ann_token);
        ann->receive("joined");
        auto seen = ann->receive("snapshot");
        auto bob = come_back(*server, bob_token);
        bob->receive("joined");
        drain(*ann);
        time->advance(1s);
        seen = play(*ann, code, legal(seen), seen);
        drain(*bob);
        advance(13s);  // Bob's 13 s run out
        drain(*ann);
        drain(*bob);
        CHECK(send_to_room(*ann, code, "rematch")["type"] == "done");
        kept.push_back(std::move(ann));
        kept.push_back(std::move(bob));
    }

    // Quadwrangle's dice; a seat taken and freed before the start; chat in both channels; a
    // declined draw offer; left unfinished.
    {
        auto cy = server->player("Cy");
        const auto code = create_room(*cy, "quadwrangle", json::object());
        rooms["dice"] = code;
        cy->send({{"type", "leave_room"}, {"room", code}});
        cy->receive("left");
        auto ann = server->player("Ann");
        join_room(*ann, code);
        auto bob = server->player("Bob");
        auto seen = join_room(*bob, code);
        drain(*ann);
        for (int ply = 0; ply < 8 && seen["status"] == "playing"; ++ply) {
            auto& mover = seen["state"]["to_move"] == 0 ? *ann : *bob;
            time->advance(1s);
            const auto choices = seen["state"]["legal"].size();
            seen = play(mover, code, legal(seen, static_cast<std::size_t>(ply * 7 + 3) % choices),
                        seen);
        }
        REQUIRE(seen["status"] == "playing");
        auto sam = server->player("Sam");
        sam->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
        sam->receive("joined");
        CHECK(send_to_room(*ann, code, "chat", {{"text", "good luck"}})["type"] == "done");
        CHECK(send_to_room(*sam, code, "chat", {{"text", "go Bob"}})["type"] == "done");
        CHECK(send_to_room(*ann, code, "offer_draw")["type"] == "done");
        CHECK(send_to_room(*bob, code, "decline_draw")["type"] == "done");
        CHECK(send_to_room(*bob, code, "chat", {{"text", "not yet"}})["type"] == "done");
        kept.push_back(std::move(ann));
        kept.push_back(std::move(bob));
        kept.push_back(std::move(sam));
    }

    // An agreed draw, then a line from each channel after the game.
    {
        auto t = seat_players(*server, {"Dan", "Eve"}, "quadrature", json::object());
        rooms["draw"] = t.code;
        time->advance(1s);
        auto seen = play(t[0], t.code, legal(t.last), t.last);
        time->advance(1s);
        seen = play(t[1], t.code, legal(seen), seen);
        CHECK(send_to_room(t[0], t.code, "offer_draw")["type"] == "done");
        CHECK(send_to_room(t[1], t.code, "accept_draw")["type"] == "done");
        auto una = server->player("Una");
        una->send({{"type", "join_room"}, {"room", t.code}, {"as", "spectator"}});
        una->receive("joined");
        CHECK(send_to_room(*una, t.code, "chat", {{"text", "well played"}})["type"] == "done");
        CHECK(send_to_room(t[0], t.code, "chat", {{"text", "thanks"}})["type"] == "done");
        for (auto& p : t.players) kept.push_back(std::move(p));
        kept.push_back(std::move(una));
    }

    // A resignation and a rematch both players asked for; the rematch goes on unfinished.
    {
        auto t = seat_players(*server, {"Gil", "Hal"}, "kvadratura", {{"size", 5}});
        rooms["resign"] = t.code;
        time->advance(1s);
        play(t[0], t.code, "a1", t.last);
        CHECK(send_to_room(t[1], t.code, "resign")["type"] == "done");
        drain(t[0]);
        drain(t[1]);
        CHECK(send_to_room(t[0], t.code, "rematch")["type"] == "done");
        CHECK(send_to_room(t[1], t.code, "rematch")["type"] == "done");
        const std::string next = rematch_opened(t[0])["rematch"]["room"];
        rooms["rematch"] = next;
        rematch_opened(t[1]);
        auto seen = join_room(t[1], next);
        t[0].send({{"type", "join_room"}, {"room", next}});
        t[0].receive("joined");
        drain(t[1]);
        time->advance(1s);
        play(t[1], next, "c3", seen);  // Hal moves first in the rematch
        for (auto& p : t.players) kept.push_back(std::move(p));
    }

    // A seat claimed after its holder was away for the grace period.
    {
        auto t = seat_players(*server, {"Ivy", "Jon"}, "kvadratura", {{"size", 4}});
        rooms["claim"] = t.code;
        time->advance(1s);
        auto seen = play(t[0], t.code, "a1", t.last);
        time->advance(1s);
        play(t[1], t.code, legal(seen), seen);
        drain(t[0]);
        t[1].drop();
        while (next_snapshot(t[0])["seats"][1]["connected"] == true) {
        }
        advance(121s);
        drain(t[0]);
        CHECK(send_to_room(t[0], t.code, "claim", {{"seat", 1}})["type"] == "done");
        kept.push_back(std::move(t.players[0]));
    }

    // A computer player, unfinished.
    {
        auto kim = server->player("Kim");
        const auto code = create_room(*kim, "kvadratura", {{"size", 4}});
        rooms["bot"] = code;
        kim->send({{"type", "add_bot"}, {"room", code}, {"seat", 1}, {"level", "easy"}});
        kim->receive("bot_added");
        auto seen = kim->receive("snapshot");
        for (int round = 0; round < 2; ++round) {
            time->advance(1s);
            seen = play(*kim, code, legal(seen), seen);
            while (seen["state"]["to_move"] != 0) seen = next_snapshot(*kim);
        }
        kept.push_back(std::move(kim));
    }

    // A waiting room nobody came back to: it expired.
    {
        auto lea = server->player("Lea");
        rooms["expired"] = create_room(*lea, "kvadratura", {{"size", 4}});
        lea->drop();
        std::this_thread::sleep_for(200ms);  // the room sees her go
        advance(601s);
    }

    // Four players on a per-move clock: a flag falls (the seat retires, its turns are forced
    // passes), another seat resigns, and two play on.
    {
        auto t =
            seat_players(*server, {"Mo", "Ned", "Oz", "Pia"}, "kvadrat",
                         {{"players", 4}, {"pieces", 3}}, {{"type", "per_move"}, {"seconds", 60}});
        rooms["four"] = t.code;
        json seen = t.last;
        for (int ply = 0; ply < 7; ++ply) {
            const int seat = seen["state"]["to_move"];
            time->advance(1s);
            seen = play(t[static_cast<std::size_t>(seat)], t.code, legal(seen), seen);
        }
        REQUIRE(seen["state"]["to_move"] == 3);
        advance(60s);  // Pia's minute is up
        drain(t[0]);
        CHECK(send_to_room(t[2], t.code, "resign")["type"] == "done");
        CHECK(send_to_room(t[0], t.code, "chat", {{"text", "two left"}})["type"] == "done");
        for (auto& p : t.players) kept.push_back(std::move(p));
    }

    // What a spectator sees of each room now: what the restored rooms must show.
    auto spy = server->player("Spy");
    json expected = {{"now_ms", time->now_ms()}, {"rooms", json::object()}};
    for (const auto& [name, code] : rooms.items()) {
        if (name == "expired") {
            expected["rooms"][name] = {{"code", code}};
            continue;
        }
        auto view = spectator_view(*spy, code.get<std::string>());
        view["code"] = code;
        expected["rooms"][name] = view;
    }
    kept.clear();
    spy.reset();
    server.reset();

    const fs::path db = data.path / "quadra.db";
    exec_sql(db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE; VACUUM;");
    fs::copy_file(db, fs::path(out) / "old_database.db", fs::copy_options::overwrite_existing);
    std::ofstream(fs::path(out) / "old_database.json") << expected.dump(1) << "\n";
}

TEST_CASE("a database written by the server of d0f3e19 restores every room as it was") {
    std::ifstream in(fixture_dir / "old_database.json");
    REQUIRE(in);
    const auto expected = json::parse(in);
    const scratch_dir dir("old-database-copy");
    fs::copy_file(fixture_dir / "old_database.db", dir.path / "quadra.db");
    auto stored = open_sqlite(dir.path);
    quadra::server::identity_registry identities(1000, stored.get());

    std::set<std::string> kinds;
    json views = json::object();
    for (const auto& listed : expected["rooms"].items()) {
        const auto& name = listed.key();
        const auto& room = listed.value();
        CAPTURE(name);
        const auto row = stored->find_game_in_room(room["code"]);
        REQUIRE(row);
        const auto events = stored->events_of(row->id);
        for (const auto& e : events) kinds.insert(e.kind);
        quadra::server::room_policy policy;
        policy.time = std::make_shared<quadra::server::manual_time>(expected["now_ms"]);
        // Replayed as they were stored: a failed write's restore journals nothing of its own.
        auto restored = quadra::server::restore_room(*row, events, identities, policy,
                                                     quadra::server::restore_after::failed_write);
        REQUIRE_MESSAGE(restored, (restored ? "" : restored.reason()));
        if (name == "expired") {
            CHECK(restored.value().expired());
            CHECK(restored.value().status() == quadra::protocol::room_status::waiting);
            continue;
        }
        views[name] = spectator_view(restored.value());
        views[name]["record"] = restored.value().record();
        // The old server's results had no codes: the rest is the same.
        auto coded = views[name]["snapshot"];
        if (coded["result"].is_object())
            coded["result"].erase("code"), coded["result"].erase("figures");
        CHECK(played_part(coded) == played_part(room["snapshot"]));
        CHECK(views[name]["snapshot"]["state"]["position"] == restored.value().game().position());
        CHECK(views[name]["chat"] == room["chat"]);
    }
    CHECK(kinds == std::set<std::string>{"seated", "unseated", "bot_seated", "move", "forced_pass",
                                         "resign", "timeout", "draw_offer", "draw_declined",
                                         "draw_agreed", "claim", "rematch", "rematch_room", "chat",
                                         "resumed", "expired"});

    // The same rooms, said in words.
    const auto& timeout = views["timeout"]["snapshot"];
    CHECK(timeout["result"]["reason"] == "Bob ran out of time");
    // A result restored from the old journal gains its code, from the event that ended the game.
    CHECK(timeout["result"]["code"] == "timeout");
    CHECK(timeout["result"]["figures"] == json({{"seat", 1}}));
    CHECK(timeout["clock"]["remaining_ms"] == json({16000, 0}));  // the downtime charged nobody
    CHECK(timeout["rematch"] == json({{"agreed", {0}}, {"room", nullptr}}));
    CHECK(timeout["seed"].is_string());

    const auto& dice = views["dice"]["snapshot"];
    CHECK(dice["status"] == "playing");
    CHECK(dice["seats"][0]["name"] == "Ann");  // Cy's seat was freed before the start
    CHECK(views["dice"]["record"] ==
          json({"roll=41446", "reroll 1 3=41446", "reroll 2=44446", "play lanes", "roll=43551",
                "reroll 1 2 3 5=32154", "reroll 1 3 5=42255", "play lanes"}));
    CHECK(dice["draw_offer"].is_null());  // offered and declined
    CHECK(dice["seed"].is_null());
    std::vector<std::string> lines;
    for (const auto& line : views["dice"]["chat"])
        lines.push_back(line["name"].get<std::string>() + ": " + line["text"].get<std::string>());
    CHECK(lines == std::vector<std::string>{"Ann: good luck", "Sam: go Bob", "Bob: not yet"});
    CHECK(views["dice"]["chat"][1]["channel"] == "spectators");

    CHECK(views["draw"]["snapshot"]["result"]["by"] == "draw");
    CHECK(views["draw"]["snapshot"]["result"]["code"] == "draw_agreed");
    CHECK(views["draw"]["chat"].size() == 2);

    const auto& resign = views["resign"]["snapshot"];
    CHECK(resign["result"]["reason"] == "Hal resigned");
    CHECK(resign["result"]["code"] == "resigned");
    CHECK(resign["result"]["figures"] == json({{"seat", 1}}));
    CHECK(resign["rematch"] ==
          json({{"agreed", {0, 1}}, {"room", expected["rooms"]["rematch"]["code"]}}));
    const auto& rematch = views["rematch"]["snapshot"];
    CHECK(rematch["seats"][0]["name"] == "Hal");
    CHECK(rematch["seats"][1]["name"] == "Gil");
    CHECK(rematch["version"] == 1);

    CHECK(views["claim"]["snapshot"]["result"]["reason"] == "win claimed: Jon left");
    CHECK(views["bot"]["snapshot"]["seats"][1]["bot"] == "easy");
    CHECK(views["bot"]["snapshot"]["version"] == 4);

    const auto& four = views["four"]["snapshot"];
    CHECK(four["status"] == "playing");
    CHECK(four["seats"][2]["retired"] == true);
    CHECK(four["seats"][3]["retired"] == true);
    CHECK(four["forced_passes"] == 1);
    CHECK(views["four"]["record"].back() == "pass");  // Pia's turn, after her flag fell
    CHECK(views["four"]["chat"][0]["text"] == "two left");
}

TEST_CASE("a damaged row of the old database is a restore error that names it") {
    const scratch_dir dir("old-database-damaged");
    fs::copy_file(fixture_dir / "old_database.db", dir.path / "quadra.db");
    // The claimer's seat is the row's text: a text that is no seat number is no claim.
    exec_sql(dir.path / "quadra.db", "UPDATE events SET text = 'x' WHERE kind = 'claim'");
    auto stored = open_sqlite(dir.path);
    quadra::server::identity_registry identities(1000, stored.get());
    std::ifstream in(fixture_dir / "old_database.json");
    const auto code = json::parse(in)["rooms"]["claim"]["code"].get<std::string>();
    const auto row = stored->find_game_in_room(code);
    REQUIRE(row);
    const auto restored = quadra::server::restore_room(*row, stored->events_of(row->id), identities,
                                                       {}, quadra::server::restore_after::restart);
    REQUIRE_FALSE(restored);
    CHECK(restored.reason() ==
          "game " + row->id + " event 4 (claim x): the claimer 'x' is not a seat number");
}
