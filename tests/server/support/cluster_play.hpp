#pragma once
// What the multi-node tests share: two players in a room, turn steps, replaying and verifying a
// record, checking every seen move against the record and the stored journal, and waiting for
// a condition. Used by cluster_takeover_test.cpp and cluster_routing_test.cpp.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster_fixture.hpp"
#include "tests/test_paths.hpp"

using nlohmann::json;
using quadra::testing::cluster_node_process;
using quadra::testing::enter_room;
using quadra::testing::game_record;
using quadra::testing::member;
using quadra::testing::port_of;
using quadra::testing::shared_postgres;
using quadra::testing::steady;
using std::chrono::milliseconds;

namespace cluster_play {

// Two players in a new room on `port`, the game started, both with its snapshot.
struct duel {
    std::array<std::unique_ptr<member>, 2> p;
    std::string code;
    std::string game_id;

    member& to_move() { return *p[p[0]->last["state"]["to_move"].get<int>()]; }

    // Both members read until each has a snapshot of at least `version`.
    void catch_up(std::int64_t version) {
        for (auto& m : p) {
            const auto deadline = steady::now() + milliseconds(5000);
            while ((m->last.is_null() || m->last["version"].get<std::int64_t>() < version) &&
                   steady::now() < deadline)
                m->next(milliseconds(100));
            REQUIRE_MESSAGE(m->last["version"].get<std::int64_t>() >= version, m->last.dump());
        }
    }

    // The player to move plays `token`; it is acknowledged and both see it.
    void play(const std::string& token) {
        auto& mover = to_move();
        const auto reply = mover.move(code, token);
        REQUIRE_MESSAGE(reply["type"] == "moved", reply.dump());
        catch_up(reply["version"].get<std::int64_t>());
    }
};

inline duel new_duel(unsigned short port, const std::string& game, json create = json::object()) {
    duel d;
    d.p[0] = std::make_unique<member>(port, "Ann");
    d.p[1] = std::make_unique<member>(port, "Bob");
    create["type"] = "create_room";
    create["game"] = game;
    const auto joined = d.p[0]->request(create);
    REQUIRE_MESSAGE(joined["type"] == "joined", joined.dump());
    d.code = joined["room"];
    const auto second = d.p[1]->request({{"type", "join_room"}, {"room", d.code}});
    REQUIRE_MESSAGE(second["type"] == "joined", second.dump());
    for (auto& m : d.p) {
        const auto deadline = steady::now() + milliseconds(5000);
        while ((m->last.is_null() || m->last["status"] != "playing") && steady::now() < deadline)
            m->next(milliseconds(100));
        REQUIRE(m->last["status"] == "playing");
    }
    d.game_id = d.p[0]->last["game_id"];
    return d;
}

// A deterministic legal Kvadratura request: the `n`th choice.
inline std::string pick(const json& snapshot, int n) {
    const auto& legal = snapshot["state"]["legal"];
    REQUIRE_FALSE(legal.empty());
    return legal[static_cast<std::size_t>(n * 7 + 3) % legal.size()];
}

// A Quadwrangle request that ends or starts a turn: roll, else the first play, else pass.
inline std::string next_turn_step(const json& snapshot) {
    for (const auto& token : snapshot["state"]["legal"])
        if (!token.get<std::string>().starts_with("reroll")) return token;
    FAIL("no legal request: " << snapshot.dump());
    return {};
}

// The state `quadra rules` prints for a game's exported record.
inline json replayed(const json& record) {
    const json input{
        {"game", record["game"]}, {"options", record["options"]}, {"moves", record["moves"]}};
    const auto run = quadra::testing::run_quadra("rules", input.dump());
    REQUIRE_MESSAGE(run.status == 0, run.out);
    return json::parse(run.out);
}

// `quadra verify` on an exported record: its exit status and output.
inline quadra::testing::command_result verify(const json& record) {
    const auto path = quadra::testing::scratch_file("cluster-record.json");
    std::ofstream(path) << record.dump();
    auto result = quadra::testing::run_command(std::string(quadra::testing::quadra_binary) +
                                               " verify " + path);
    std::remove(path.c_str());
    return result;
}

// Every snapshot a member saw shows a move the record has at the same place, and every
// acknowledged version is within the record: nothing anyone saw was lost or doubled.
inline void check_seen_in_record(const member& m, const json& record) {
    const auto& moves = record["moves"];
    for (const auto& s : m.snapshots) {
        const auto version = s["version"].get<std::size_t>();
        REQUIRE(version <= moves.size());
        if (s["last_move"].is_null()) continue;
        const auto at = version - 1 - s["forced_passes"].get<std::size_t>();
        CHECK_MESSAGE(moves[at] == s["last_move"], "version " << version);
    }
    for (const auto& ack : m.acks) CHECK(ack["version"].get<std::size_t>() <= moves.size());
}

// The journal of `game_id` in the database: one event per seq, seqs without a gap, the room's
// head at the last one.
inline void check_journal(const std::string& db, const std::string& game_id) {
    auto& pg = shared_postgres();
    CHECK(pg.sql(db, "SELECT game_id, seq FROM events GROUP BY game_id, seq HAVING count(*) > 1")
              .empty());
    CHECK(pg.sql(db, "SELECT count(*) = max(seq) - min(seq) + 1 FROM events WHERE game_id = '" +
                         game_id + "'") == "t");
    CHECK(pg.sql(db,
                 "SELECT r.head_seq = (SELECT max(seq) FROM events e WHERE e.game_id = "
                 "r.game_id) FROM rooms r WHERE r.game_id = '" +
                     game_id + "'") == "t");
}

// `url` (postgresql://user@127.0.0.1:PORT/db) with another port.
inline std::string with_port(const std::string& url, unsigned short port) {
    const auto at = url.find("127.0.0.1:");
    REQUIRE(at != std::string::npos);
    const auto slash = url.find('/', at);
    return url.substr(0, at) + "127.0.0.1:" + std::to_string(port) + url.substr(slash);
}

// Polls until `done()` or `timeout`; whether it became true.
template <class Predicate>
inline bool eventually(Predicate done, milliseconds timeout,
                       milliseconds every = milliseconds(100)) {
    const auto deadline = steady::now() + timeout;
    while (steady::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(every);
    }
    return done();
}

}  // namespace cluster_play
