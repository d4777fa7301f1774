// Many nodes end to end (README.md "Many nodes"): real `quadra serve --store postgres`
// processes on one throw-away PostgreSQL database, real clients and real signals. Takeover after
// kill -9, SIGSTOP, a cut database link and a database crash, with every acknowledged move kept
// exactly once; clocks and bots of rooms nobody is connected to; leases that never lapse.

#include <doctest/doctest.h>

#include "tests/server/support/cluster_play.hpp"
#include "tests/server/support/tcp_proxy.hpp"

using namespace cluster_play;

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
    for (const auto& field : now["state"].items())
        if (state.contains(field.key()))
            CHECK_MESSAGE(state[field.key()] == field.value(), field.key());
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
    // The busy room: A gave it up when its failed write could not be undone from the database,
    // and could not tell where it went; a move there now is sent away to B, where the directory
    // now says it is, and nothing is written.
    const auto again = busy_at_a.move(busy.code, pick(before, 3));
    CHECK(again ==
          json{{"type", "redirect"}, {"id", again["id"]}, {"room", busy.code}, {"url", b.url()}});
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

    // And play goes on, on the node that serves the room. On a loaded machine a lease can lapse
    // once more just after the outage and the room move again: the move is then answered with a
    // redirect (nothing changed), and the players follow it, as clients do.
    duel there;
    there.p[0] = std::move(p0);
    there.p[1] = std::move(p1);
    there.code = d.code;
    for (int attempt = 1;; ++attempt) {
        there.p[0]->settle(milliseconds(100));
        auto& mover = there.to_move();
        const auto reply = mover.move(d.code, pick(there.p[0]->last, 9));
        if (reply["type"] == "redirect" && attempt < 3) {
            MESSAGE("the room moved again after the outage: " << reply.dump());
            for (int seat = 0; seat < 2; ++seat)
                there.p[seat] = enter_room(a.port(), d.p[seat]->token, d.code, "player",
                                           milliseconds(15000), true);
            continue;
        }
        REQUIRE_MESSAGE(reply["type"] == "moved", reply.dump());
        there.catch_up(reply["version"].get<std::int64_t>());
        break;
    }
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
