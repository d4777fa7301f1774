// Many nodes end to end (PRODUCT.md "Beyond one machine", PROTOCOL.md "Many nodes"): real
// `quadra serve --store postgres` processes on one throw-away PostgreSQL database, real clients
// and real signals. Redirects to the owner; takeover after kill -9, SIGSTOP, a cut database link
// and a database crash, with every acknowledged move kept exactly once; clocks and bots of rooms
// nobody is connected to; the lobby across nodes; the SIGTERM drain.

#include <doctest/doctest.h>

#include <algorithm>
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
#include "tcp_proxy.hpp"

using nlohmann::json;
using quadra::testing::cluster_node_process;
using quadra::testing::enter_room;
using quadra::testing::game_record;
using quadra::testing::member;
using quadra::testing::port_of;
using quadra::testing::shared_postgres;
using quadra::testing::steady;
using std::chrono::milliseconds;

namespace {

// Two players in a new room on `port`, the game started, both with its snapshot.
struct duel {
    std::unique_ptr<member> p[2];
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

duel new_duel(unsigned short port, const std::string& game, json create = json::object()) {
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
std::string pick(const json& snapshot, int n) {
    const auto& legal = snapshot["state"]["legal"];
    REQUIRE_FALSE(legal.empty());
    return legal[static_cast<std::size_t>(n * 7 + 3) % legal.size()];
}

// A Quadwrangle request that ends or starts a turn: roll, else the first play, else pass.
std::string next_turn_step(const json& snapshot) {
    for (const auto& token : snapshot["state"]["legal"])
        if (!token.get<std::string>().starts_with("reroll")) return token;
    FAIL("no legal request: " << snapshot.dump());
    return {};
}

// The state `quadra rules` prints for a game's exported record.
json replayed(const json& record) {
    const json input{
        {"game", record["game"]}, {"options", record["options"]}, {"moves", record["moves"]}};
    const auto run = quadra::testing::run_quadra("rules", input.dump());
    REQUIRE_MESSAGE(run.status == 0, run.out);
    return json::parse(run.out);
}

// `quadra verify` on an exported record: its exit status and output.
quadra::testing::command_result verify(const json& record) {
    const auto path = quadra::testing::scratch_file("cluster-record.json");
    std::ofstream(path) << record.dump();
    auto result = quadra::testing::run_command(std::string(QUADRA_BINARY) + " verify " + path);
    std::remove(path.c_str());
    return result;
}

// Every snapshot a member saw shows a move the record has at the same place, and every
// acknowledged version is within the record: nothing anyone saw was lost or doubled.
void check_seen_in_record(const member& m, const json& record) {
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
void check_journal(const std::string& db, const std::string& game_id) {
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
std::string with_port(const std::string& url, unsigned short port) {
    const auto at = url.find("127.0.0.1:");
    REQUIRE(at != std::string::npos);
    const auto slash = url.find('/', at);
    return url.substr(0, at) + "127.0.0.1:" + std::to_string(port) + url.substr(slash);
}

// Polls until `done()` or `timeout`; whether it became true.
template <class Predicate>
bool eventually(Predicate done, milliseconds timeout, milliseconds every = milliseconds(100)) {
    const auto deadline = steady::now() + timeout;
    while (steady::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(every);
    }
    return done();
}

}  // namespace

TEST_CASE("cluster: a join on another node is redirected to the owner, which seats the player") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    member ann(b.port(), "Ann");
    const auto created = ann.request({{"type", "create_room"}, {"game", "kvadratura"}});
    REQUIRE(created["type"] == "joined");
    const std::string code = created["room"];

    // Bob asks node A, which does not own the room: the answer names B, with Bob's request id.
    member bob_at_a(a.port(), "Bob");
    const auto join_id = bob_at_a.send({{"type", "join_room"}, {"room", code}});
    const auto redirect = bob_at_a.reply_to(join_id, milliseconds(5000));
    REQUIRE(redirect.has_value());
    CHECK(*redirect ==
          json{{"type", "redirect"}, {"id", join_id}, {"room", code}, {"url", b.url()}});
    CHECK(bob_at_a.snapshots.empty());

    // He follows it with his token, is seated and plays.
    member bob(port_of((*redirect)["url"]), "", bob_at_a.token);
    const auto joined = bob.request({{"type", "join_room"}, {"room", code}});
    CHECK(joined == json{{"type", "joined"},
                         {"id", joined["id"]},
                         {"room", code},
                         {"as", "player"},
                         {"seat", 1}});
    REQUIRE(bob.wait_for("snapshot", milliseconds(2000)).has_value());
    CHECK(bob.last["status"] == "playing");
    CHECK(bob.last["seats"][1]["name"] == "Bob");
    REQUIRE(ann.wait_for("snapshot", milliseconds(2000)).has_value());
    ann.settle(milliseconds(200));
    CHECK(ann.last["status"] == "playing");

    member* players[2] = {&ann, &bob};
    for (int ply = 0; ply < 2; ++ply) {
        auto& mover = *players[ann.last["state"]["to_move"].get<int>()];
        const auto reply = mover.move(code, pick(mover.last, ply));
        REQUIRE_MESSAGE(reply["type"] == "moved", reply.dump());
        CHECK(reply["version"] == ply + 1);
        for (auto* p : players)
            while (p->last["version"] != ply + 1) REQUIRE(p->next(milliseconds(2000)));
    }
    CHECK(bob.acks.size() == 1);

    // A spectator asking A is sent to B too, and sees the same room there.
    member cy_at_a(a.port(), "Cy");
    const auto watch_id =
        cy_at_a.send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    const auto watch_redirect = cy_at_a.reply_to(watch_id, milliseconds(5000));
    REQUIRE(watch_redirect.has_value());
    CHECK(*watch_redirect ==
          json{{"type", "redirect"}, {"id", watch_id}, {"room", code}, {"url", b.url()}});
    member cy(port_of((*watch_redirect)["url"]), "", cy_at_a.token);
    const auto watching = cy.request({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(watching["type"] == "joined");
    CHECK(watching["as"] == "spectator");
    CHECK(watching["seat"].is_null());
    REQUIRE(cy.wait_for("snapshot", milliseconds(2000)).has_value());
    CHECK(cy.last["version"] == 2);
    CHECK(cy.last["state"] == bob.last["state"]);
    CHECK(cy.last["spectators"] == 1);
}

TEST_CASE(
    "cluster: kill -9 of the owner mid-game, moves in flight: another node serves every "
    "acknowledged move once, the same state and the seed's dice") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    auto d = new_duel(a.port(), "quadwrangle");

    // A few whole turns, each acknowledged and seen by both.
    for (int ply = 0; ply < 6 || d.p[0]->last["state"]["legal"] != json{"roll"}; ++ply) {
        REQUIRE(ply < 40);
        d.play(next_turn_step(d.p[0]->last));
    }
    const auto before = d.p[0]->last["version"].get<std::int64_t>();
    const int mover_seat = d.p[0]->last["state"]["to_move"];
    auto& mover = *d.p[mover_seat];

    // Three requests of one turn sent back to back (each predicts the version), then the kill.
    const std::vector<std::string> burst = {"roll", "reroll 1 2 3 4 5", "reroll 1 2 3 4 5"};
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < burst.size(); ++i)
        ids.push_back(mover.send({{"type", "move"},
                                  {"room", d.code},
                                  {"move", burst[i]},
                                  {"version", before + static_cast<std::int64_t>(i)}}));
    std::this_thread::sleep_for(milliseconds(5));
    a.kill_hard();
    const auto killed = steady::now();

    // What the old connections saw before they broke.
    for (auto& m : d.p) m->settle(milliseconds(100));
    std::int64_t acknowledged = before;
    for (const auto& ack : mover.acks)
        acknowledged = std::max(acknowledged, ack["version"].get<std::int64_t>());
    std::int64_t seen = before;
    for (auto& m : d.p) seen = std::max(seen, m->last["version"].get<std::int64_t>());
    MESSAGE("burst: " << acknowledged - before << " of 3 acknowledged, snapshots up to version "
                      << seen);

    // Each player comes back on B with the same token and is seated as before.
    auto again0 = enter_room(b.port(), d.p[0]->token, d.code, "player", milliseconds(15000));
    const auto took = std::chrono::duration_cast<milliseconds>(steady::now() - killed).count();
    MESSAGE("kill -9 to the first snapshot on the new node: " << took << " ms");
    CHECK(took < 6000);
    auto again1 = enter_room(b.port(), d.p[1]->token, d.code);
    CHECK(again0->joined["seat"] == 0);
    CHECK(again1->joined["seat"] == 1);
    CHECK(again0->joined["as"] == "player");

    const auto& now = again1->last;
    const auto version = now["version"].get<std::int64_t>();
    CHECK(version >= acknowledged);
    CHECK(version >= seen);
    CHECK(now["status"] == "playing");
    CHECK(now["commitment"] == d.p[0]->last["commitment"]);

    // The record: exactly the moves before the burst, then the burst's recorded tokens in order,
    // each once, and as many as the new snapshot counts. The dice may leave a side no play: then
    // the server records a forced "pass" after the roll, and the rest of the burst is refused.
    const auto record = game_record(b.port(), d.game_id);
    REQUIRE(record["moves"].size() == static_cast<std::size_t>(version));
    std::vector<std::int64_t> version_after;  // the version once each applied burst move is in
    for (std::int64_t i = before; i < version; ++i) {
        const auto token = record["moves"][static_cast<std::size_t>(i)].get<std::string>();
        if (token == "pass") {
            REQUIRE_FALSE(version_after.empty());
            version_after.back() = i + 1;
            continue;
        }
        REQUIRE(version_after.size() < burst.size());
        CHECK(token.starts_with(burst[version_after.size()] + "="));
        version_after.push_back(i + 1);
    }
    for (const auto& ack : mover.acks) {
        const auto i = std::find(ids.begin(), ids.end(), ack["id"]) - ids.begin();
        if (i == std::ssize(ids)) continue;  // before the burst
        REQUIRE(i < std::ssize(version_after));
        CHECK(ack["version"] == version_after[static_cast<std::size_t>(i)]);
    }
    for (auto& m : d.p) check_seen_in_record(*m, record);

    // The new owner's state is the replay of the record.
    const auto state = replayed(record);
    for (const auto& [key, value] : now["state"].items())
        if (state.contains(key)) CHECK_MESSAGE(state[key] == value, key);
    CHECK(state["ply"] == version);

    // Play on there: the next dice come from the same seed. The game ends by a resignation;
    // then the seed is out and the whole record, before and after the takeover, verifies.
    duel there;
    there.p[0] = std::move(again0);
    there.p[1] = std::move(again1);
    there.code = d.code;
    for (int ply = 0; ply < 6; ++ply) {
        if (there.p[0]->last["status"] != "playing") break;
        there.play(next_turn_step(there.p[0]->last));
    }
    const auto resigned = there.p[0]->request({{"type", "resign"}, {"room", d.code}});
    REQUIRE_MESSAGE(resigned["type"] == "done", resigned.dump());
    const auto finished = game_record(b.port(), d.game_id);
    REQUIRE_FALSE(finished["seed"].is_null());
    const auto verified = verify(finished);
    CHECK_MESSAGE(verified.status == 0, verified.out);
    CHECK(json::parse(verified.out)["plies"] == finished["moves"].size());
    check_journal(db, d.game_id);
    CHECK(b.metric("quadra_takeovers_total") == 1);
}

TEST_CASE(
    "cluster: an owner stopped past its lease is fenced when it wakes: its next write is "
    "refused and its client sent to the new owner") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    auto d = new_duel(a.port(), "kvadratura");
    d.play(pick(d.p[0]->last, 0));
    const auto stale = d.p[0]->last;  // what A will still believe when it wakes
    const int seat = stale["state"]["to_move"];
    auto& at_a = *d.p[seat];  // to move, and still connected to A

    a.process().signal(SIGSTOP);
    std::this_thread::sleep_for(milliseconds(1500));
    // The same player on B: B takes the room over and accepts the move.
    auto at_b = enter_room(b.port(), at_a.token, d.code, "player", milliseconds(10000));
    CHECK(at_b->joined["seat"] == seat);
    CHECK(at_b->last["version"] == stale["version"]);
    const auto played_on_b = pick(at_b->last, 1);
    const auto moved = at_b->move(d.code, played_on_b);
    REQUIRE_MESSAGE(moved["type"] == "moved", moved.dump());

    a.process().signal(SIGCONT);
    // A still believes it owns the room, in the state before B's move: it takes a different move
    // from the old connection, and its write is fenced.
    std::string other = pick(stale, 2);
    if (other == played_on_b) other = pick(stale, 3);
    REQUIRE(other != played_on_b);
    const auto reply = at_a.move(d.code, other);
    CHECK(reply["type"] == "redirect");
    CHECK(reply["room"] == d.code);
    CHECK(reply["url"] == b.url());
    CHECK(at_a.acks.size() == (seat == 0 ? 1u : 0u));  // only the move before the stop
    // The other member of A's room is sent away too, unasked.
    auto& other_member = *d.p[1 - seat];
    const auto sent_away = other_member.wait_for("redirect", milliseconds(3000));
    REQUIRE(sent_away.has_value());
    CHECK(*sent_away == json{{"type", "redirect"}, {"room", d.code}, {"url", b.url()}});

    CHECK(a.metric("quadra_fenced_writes_total") >= 1);
    CHECK(eventually([&] { return a.metric("quadra_rooms_owned") == 0; }, milliseconds(2000)));
    const auto record = game_record(b.port(), d.game_id);
    REQUIRE(record["moves"].size() == 2);
    CHECK(record["moves"][1] == played_on_b);
    check_journal(db, d.game_id);
}

TEST_CASE(
    "cluster: an owner cut from the database stops acknowledging, loses its rooms to "
    "another node and is fenced when its link returns") {
    auto& pg = shared_postgres();
    const auto db = pg.fresh_database();
    quadra::testing::tcp_proxy link(pg.port());
    cluster_node_process a(with_port(db, link.port()), "a", 1);
    cluster_node_process b(db, "b", 1);
    // Two rooms on A: a move is sent to the first while the link is down, none to the second.
    auto busy = new_duel(a.port(), "kvadratura");
    auto quiet = new_duel(a.port(), "kvadratura");
    for (auto* d : {&busy, &quiet}) d->play(pick(d->p[0]->last, 0));
    const auto before = busy.p[0]->last;
    const int seat = before["state"]["to_move"];  // seat 1 in both rooms
    auto& busy_at_a = *busy.p[seat];
    auto& quiet_at_a = *quiet.p[seat];

    link.cut();
    const auto cut_at = steady::now();
    // The move is not acknowledged: refused (store_failed), or no answer.
    const auto id = busy_at_a.send({{"type", "move"},
                                    {"room", busy.code},
                                    {"move", pick(before, 1)},
                                    {"version", before["version"]}});
    const auto answer = busy_at_a.reply_to(id, milliseconds(3000));
    MESSAGE("the move sent to the cut-off owner: " << (answer ? answer->dump() : "no answer"));
    if (answer) CHECK(answer->at("type") != "moved");
    CHECK(busy_at_a.acks.empty());
    CHECK(busy_at_a.last["version"] == before["version"]);

    // B takes both rooms over once A's lease runs out, and serves the same players.
    auto busy_at_b =
        enter_room(b.port(), busy_at_a.token, busy.code, "player", milliseconds(15000));
    MESSAGE("cut to served on B: "
            << std::chrono::duration_cast<milliseconds>(steady::now() - cut_at).count() << " ms");
    auto quiet_at_b = enter_room(b.port(), quiet_at_a.token, quiet.code);
    const auto [status, health] = a.health();
    CHECK(status == 503);
    CHECK(health["lease"] == "lost");
    CHECK(health["store_ok"] == false);
    CHECK(b.health().second["lease"] == "held");
    std::string played_on_b[2];
    int i = 0;
    for (auto* m : {busy_at_b.get(), quiet_at_b.get()}) {
        CHECK(m->last["version"] == before["version"]);
        played_on_b[i] = pick(m->last, 2);
        const auto moved = m->move(m == busy_at_b.get() ? busy.code : quiet.code, played_on_b[i]);
        REQUIRE_MESSAGE(moved["type"] == "moved", moved.dump());
        ++i;
    }

    link.restore();
    REQUIRE(eventually([&] { return a.health().first == 200; }, milliseconds(10000)));
    // The quiet room: A still serves it as it was; its write now is fenced, and its members are
    // sent to B.
    const auto fenced = quiet_at_a.move(quiet.code, pick(before, 3));
    CHECK(fenced ==
          json{{"type", "redirect"}, {"id", fenced["id"]}, {"room", quiet.code}, {"url", b.url()}});
    const auto sent_away = quiet.p[1 - seat]->wait_for("redirect", milliseconds(3000));
    REQUIRE(sent_away.has_value());
    CHECK(*sent_away == json{{"type", "redirect"}, {"room", quiet.code}, {"url", b.url()}});
    CHECK(a.metric("quadra_fenced_writes_total") >= 1);
    if (fenced["url"] != b.url()) MESSAGE("A's log:\n" << a.process().log());
    // The busy room: A gave it up when its failed write could not be undone from the database;
    // a move there now is sent away too, and nothing is written.
    const auto again = busy_at_a.move(busy.code, pick(before, 3));
    MESSAGE("a move to A's busy room after the link returned: " << again.dump());
    CHECK(again["type"] == "redirect");
    CHECK(again["room"] == busy.code);
    if (!again["url"].get<std::string>().empty()) CHECK(again["url"] == b.url());
    CHECK(busy_at_a.acks.empty());
    CHECK(quiet_at_a.acks.empty());

    i = 0;
    for (auto* d : {&busy, &quiet}) {
        const auto record = game_record(b.port(), d->game_id);
        REQUIRE(record["moves"].size() == 2);
        CHECK(record["moves"][1] == played_on_b[i++]);
        check_journal(db, d->game_id);
    }
}

TEST_CASE(
    "cluster: a database crash during play loses no acknowledged move and the nodes "
    "recover") {
    auto& pg = shared_postgres();
    const auto db = pg.fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    auto d = new_duel(a.port(), "kvadratura");
    d.play(pick(d.p[0]->last, 0));
    d.play(pick(d.p[0]->last, 1));

    // Four moves sent back to back, each predicting the version (a Kvadratura placement only
    // takes its cell), then the database crashes and restarts.
    auto position = d.p[0]->last;
    std::map<std::pair<int, std::string>, std::string> sent;  // (seat, request id) -> move
    for (int i = 0; i < 4; ++i) {
        const int seat = position["state"]["to_move"];
        const auto move = pick(position, 2 + i);
        sent[{seat, d.p[seat]->send({{"type", "move"},
                                     {"room", d.code},
                                     {"move", move},
                                     {"version", position["version"]}})}] = move;
        auto& legal = position["state"]["legal"];
        legal.erase(std::find(legal.begin(), legal.end(), move));
        position["version"] = position["version"].get<int>() + 1;
        position["state"]["to_move"] = 1 - seat;
    }
    const auto crashed = steady::now();
    pg.restart_immediate();
    for (auto& m : d.p) m->settle(milliseconds(500));

    REQUIRE(eventually([&] { return a.health().first == 200 && b.health().first == 200; },
                       milliseconds(10000)));
    MESSAGE("crash to both nodes healthy: "
            << std::chrono::duration_cast<milliseconds>(steady::now() - crashed).count() << " ms");

    std::int64_t acknowledged = 0;
    for (auto& m : d.p)
        for (const auto& ack : m->acks)
            acknowledged = std::max(acknowledged, ack["version"].get<std::int64_t>());
    MESSAGE("acknowledged up to version " << acknowledged << " of 6");

    // Back in the room (on A, or wherever it went), with the current snapshot.
    auto p0 = enter_room(a.port(), d.p[0]->token, d.code, "player", milliseconds(15000), true);
    auto p1 = enter_room(p0->port, d.p[1]->token, d.code, "player", milliseconds(15000), true);
    const auto version = p1->last["version"].get<std::int64_t>();
    CHECK(version >= acknowledged);
    const auto record = game_record(b.port(), d.game_id);
    REQUIRE(record["moves"].size() == static_cast<std::size_t>(version));
    for (int seat = 0; seat < 2; ++seat) {
        check_seen_in_record(*d.p[seat], record);
        for (const auto& ack : d.p[seat]->acks) {
            const auto it = sent.find({seat, ack["id"]});
            if (it == sent.end()) continue;  // before the crash
            CHECK(record["moves"][ack["version"].get<std::size_t>() - 1] == it->second);
        }
    }
    const auto state = replayed(record);
    CHECK(state["board"] == p1->last["state"]["board"]);

    // And play goes on.
    duel there;
    there.p[0] = std::move(p0);
    there.p[1] = std::move(p1);
    there.code = d.code;
    there.p[0]->settle(milliseconds(100));
    there.play(pick(there.p[0]->last, 9));
    check_journal(db, d.game_id);
}

TEST_CASE("cluster: a room nobody is connected to still runs out of time after its owner died") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    std::string code;
    std::string game_id;
    std::string tokens[2];
    {
        auto d = new_duel(
            a.port(), "kvadratura",
            {{"clock", {{"type", "bank"}, {"initial_seconds", 10}, {"increment_seconds", 0}}}});
        CHECK(d.p[0]->last["clock"]["running"] == 0);
        code = d.code;
        game_id = d.game_id;
        for (int i = 0; i < 2; ++i) tokens[i] = d.p[i]->token;
    }  // both players disconnect
    std::this_thread::sleep_for(milliseconds(200));
    a.kill_hard();
    const auto killed = steady::now();

    // Nobody joins: B's sweep takes the room over, and Ann's clock runs out there.
    json record;
    REQUIRE(eventually(
        [&] {
            record = game_record(b.port(), game_id);
            return !record["result"].is_null();
        },
        milliseconds(20000), milliseconds(250)));
    MESSAGE("kill to the timeout on B: "
            << std::chrono::duration_cast<milliseconds>(steady::now() - killed).count() << " ms");
    CHECK(record["result"]["winners"] == json{1});
    CHECK(record["result"]["by"] == "timeout");
    CHECK_FALSE(record["finished_at"].is_null());
    CHECK(record["moves"].empty());
    CHECK(b.metric("quadra_takeovers_total") == 1);
    // Ann, back later, finds it over.
    auto ann = enter_room(b.port(), tokens[0], code);
    CHECK(ann->last["status"] == "finished");
    CHECK(ann->last["result"]["by"] == "timeout");
    CHECK(ann->last["result"]["winners"] == json{1});
    check_journal(db, game_id);
}

TEST_CASE("cluster: a computer player whose owner died moves on the node that took its room") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    member ann(a.port(), "Ann");
    const auto created = ann.request({{"type", "create_room"}, {"game", "kvadratura"}});
    REQUIRE(created["type"] == "joined");
    const std::string code = created["room"];
    const auto bot = ann.request({{"type", "add_bot"}, {"room", code}, {"level", "hard"}});
    REQUIRE_MESSAGE(bot["type"] == "bot_added", bot.dump());
    REQUIRE(eventually(
        [&] {
            ann.settle(milliseconds(50));
            return ann.last["status"] == "playing";
        },
        milliseconds(5000), milliseconds(1)));
    const std::string game_id = ann.last["game_id"];
    CHECK(ann.last["state"]["to_move"] == 0);

    // Ann moves; the bot (a hard one thinks about 0.1 s) is to move when A dies.
    const auto moved = ann.move(code, pick(ann.last, 0));
    REQUIRE(moved["type"] == "moved");
    a.kill_hard();
    const auto at_kill = game_record(b.port(), game_id)["moves"].size();
    REQUIRE_MESSAGE(at_kill == 1, "the bot moved on A before the kill: lower its level's speed");

    // With nobody connected, B's sweep takes the room over and the bot moves there.
    REQUIRE(eventually([&] { return game_record(b.port(), game_id)["moves"].size() == 2; },
                       milliseconds(10000)));
    auto again = enter_room(b.port(), ann.token, code);
    CHECK(again->last["version"] == 2);
    CHECK(again->last["state"]["to_move"] == 0);
    CHECK(again->last["seats"][1]["bot"] == "hard");
    const auto next = again->move(code, pick(again->last, 1));
    CHECK(next["type"] == "moved");
    REQUIRE(eventually(
        [&] {
            again->settle(milliseconds(50));
            return again->last["version"] == 4;
        },
        milliseconds(10000), milliseconds(1)));
    check_journal(db, game_id);
}

TEST_CASE(
    "cluster: the lobbies of two nodes converge within 2 s, and a join racing a room's "
    "close ends cleanly") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    member watcher(b.port(), "Watcher");
    const auto first = watcher.request({{"type", "list_rooms"}, {"subscribe", true}});
    REQUIRE(first["type"] == "rooms");
    CHECK(first["rooms"].empty());

    auto listed = [&](const json& rooms, const std::string& code) {
        return std::count_if(rooms.begin(), rooms.end(),
                             [&](const json& r) { return r["room"] == code; });
    };
    // A waits for a push from B's lobby naming `code` (or no longer naming it).
    auto pushed = [&](const std::string& code, bool present) -> std::optional<json> {
        const auto deadline = steady::now() + milliseconds(5000);
        while (steady::now() < deadline) {
            const auto got = watcher.next(milliseconds(50));
            if (got && (*got)["type"] == "rooms" && (listed((*got)["rooms"], code) > 0) == present)
                return got;
        }
        return std::nullopt;
    };

    // A public room opens on A: B's subscribers see it within 2 s.
    member ann(a.port(), "Ann");
    const auto opened = steady::now();
    const auto created = ann.request({{"type", "create_room"}, {"game", "kvadratura"}});
    REQUIRE(created["type"] == "joined");
    const std::string code = created["room"];
    const auto seen = pushed(code, true);
    const auto took = std::chrono::duration_cast<milliseconds>(steady::now() - opened).count();
    MESSAGE("a new room on A in B's lobby after " << took << " ms");
    REQUIRE(seen.has_value());
    CHECK(took < 2000);
    CHECK(listed((*seen)["rooms"], code) == 1);

    // Its owner dies. Once the lease is over, B lists it once, as its own room (B's sweep took
    // it over: Ann holds its seat), or not at all.
    a.kill_hard();
    std::this_thread::sleep_for(milliseconds(3000));
    const auto after = watcher.request({{"type", "list_rooms"}});
    REQUIRE(after["type"] == "rooms");
    const auto count = listed(after["rooms"], code);
    MESSAGE("B lists the dead owner's room " << count << " time(s)");
    CHECK(count <= 1);
    if (count == 1) {
        member bob(b.port(), "Bob");
        const auto joined = bob.request({{"type", "join_room"}, {"room", code}});
        CHECK_MESSAGE(joined["type"] == "joined", joined.dump());
    }

    cluster_node_process c(db, "c", 1);
    {
        // Unraced: the room is gone once its only player left it, on both nodes.
        member creator(c.port(), "Cy");
        const auto made = creator.request({{"type", "create_room"}, {"game", "kvadratura"}});
        REQUIRE(made["type"] == "joined");
        REQUIRE(creator.request({{"type", "leave_room"}, {"room", made["room"]}})["type"] ==
                "left");
        member late(c.port(), "Dee");
        const auto here = late.request({{"type", "join_room"}, {"room", made["room"]}});
        CHECK_MESSAGE(here["code"] == "no_such_room", here.dump());
        std::this_thread::sleep_for(milliseconds(400));  // a lobby pass writes the directory
        member far(b.port(), "Eve");
        const auto there = far.request({{"type", "join_room"}, {"room", made["room"]}});
        CHECK_MESSAGE(there["code"] == "no_such_room", there.dump());
    }
    // A join racing the close of a room (its only player leaves a waiting room on C): either
    // the room closed first and the join gets no_such_room, or the join came first and the room
    // lives on with the joiner, so that a third player, asking the other node, finds it too.
    std::map<std::string, int> outcomes;  // joined, or the error's code
    for (int round = 0; round < 10; ++round) {
        member creator(c.port(), "Cy");
        member racer(c.port(), "Dee");
        const auto made = creator.request({{"type", "create_room"}, {"game", "kvadratura"}});
        REQUIRE(made["type"] == "joined");
        const std::string racing = made["room"];
        // Sent in either order, on two connections.
        std::string leave;
        std::string join;
        if (round % 2 == 0) leave = creator.send({{"type", "leave_room"}, {"room", racing}});
        join = racer.send({{"type", "join_room"}, {"room", racing}});
        if (round % 2 == 1) leave = creator.send({{"type", "leave_room"}, {"room", racing}});
        const auto left = creator.reply_to(leave, milliseconds(5000));
        REQUIRE(left.has_value());
        CHECK((*left)["type"] == "left");
        const auto raced = racer.reply_to(join, milliseconds(5000));
        REQUIRE(raced.has_value());
        const bool lives = (*raced)["type"] == "joined";
        ++outcomes[lives ? "joined" : (*raced)["code"].get<std::string>()];
        if (!lives) CHECK_MESSAGE((*raced)["code"] == "no_such_room", raced->dump());

        std::this_thread::sleep_for(milliseconds(400));  // a lobby pass writes the directory
        member far(b.port(), "Eve");
        auto reply = far.request({{"type", "join_room"}, {"room", racing}});
        if (reply["type"] == "redirect") {
            CHECK(reply["url"] == c.url());
            member followed(c.port(), "", far.token);
            reply = followed.request({{"type", "join_room"}, {"room", racing}});
        }
        if (lives) {
            // Seated with the joiner, or the game already started (the creator left only after
            // the join filled the room).
            CHECK_MESSAGE((reply["type"] == "joined" || reply["code"] == "room_full"),
                          "the racer joined, the room is gone: " << reply.dump());
        } else {
            CHECK_MESSAGE(reply["code"] == "no_such_room", reply.dump());
        }
    }
    MESSAGE("joins racing a close: " << json(outcomes).dump());
    CHECK(b.health().first == 200);
    CHECK(c.health().first == 200);
}

TEST_CASE(
    "cluster: SIGTERM sends every client of the node to another node once, and they "
    "play on there") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    auto one = new_duel(a.port(), "kvadratura");
    auto two = new_duel(a.port(), "quadwrangle");
    one.play(pick(one.p[0]->last, 0));
    two.play(next_turn_step(two.p[0]->last));
    member cy(a.port(), "Cy");
    REQUIRE(cy.request({{"type", "join_room"}, {"room", one.code}, {"as", "spectator"}})["type"] ==
            "joined");

    a.process().signal(SIGTERM);
    struct client {
        member* m;
        std::string code;
        std::string as;
    };
    const std::vector<client> clients = {{one.p[0].get(), one.code, "player"},
                                         {one.p[1].get(), one.code, "player"},
                                         {two.p[0].get(), two.code, "player"},
                                         {two.p[1].get(), two.code, "player"},
                                         {&cy, one.code, "spectator"}};
    for (const auto& c : clients) {
        const auto before = c.m->redirects.size();
        const auto deadline = steady::now() + milliseconds(10000);
        while (!c.m->closed && steady::now() < deadline) c.m->next(milliseconds(100));
        CHECK(c.m->closed);
        REQUIRE(c.m->redirects.size() == before + 1);
        CHECK(c.m->redirects.back() ==
              json{{"type", "redirect"}, {"room", c.code}, {"url", b.url()}});
    }
    CHECK(a.process().wait_exit(10) == 0);

    // Each comes back on B with its token and the room goes on.
    std::vector<std::unique_ptr<member>> again;
    for (const auto& c : clients) {
        const auto before = c.m->last;
        again.push_back(
            enter_room(port_of(c.m->redirects.back()["url"]), c.m->token, c.code, c.as));
        CHECK(again.back()->last["version"] == before["version"]);
        CHECK(again.back()->last["state"] == before["state"]);
    }
    for (auto* d : {&one, &two}) {
        duel there;
        const auto base = d == &one ? 0 : 2;
        there.p[0] = std::move(again[base]);
        there.p[1] = std::move(again[base + 1]);
        there.code = d->code;
        there.play(d == &one ? pick(there.p[0]->last, 1) : next_turn_step(there.p[0]->last));
        check_journal(db, d->game_id);
    }
    CHECK(b.metric("quadra_takeovers_total") == 2);
}

TEST_CASE("cluster: a live node's short lease never lapses between two renewals") {
    // Sampled every 2 ms for 3 s on the database's own clock: a lapse, however short, lets
    // another node take a live node's rooms.
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    const auto out = shared_postgres().sql(db, R"(
DO $$ DECLARE lapsed int := 0; live boolean; BEGIN
  FOR i IN 1..1500 LOOP
    SELECT lease_until > clock_timestamp() INTO live FROM nodes WHERE id = 'a';
    IF NOT live THEN lapsed := lapsed + 1; END IF;
    PERFORM pg_sleep(0.002);
  END LOOP;
  RAISE NOTICE 'lapsed: %', lapsed;
END $$;)");
    CHECK_MESSAGE(out.find("lapsed: 0") != std::string::npos, out);
}
