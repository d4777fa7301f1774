// A rolling restart (#30): two nodes on one PostgreSQL database, games played all the while, and
// each node in turn stopped with SIGTERM, waited for and started again with the same node id and
// port. No acknowledged move may be lost, and the players' clocks may not be charged the
// restart: the running clock is compared across each move of a room to the other node.

#include <doctest/doctest.h>

#include <atomic>
#include <exception>
#include <optional>

#include "tests/server/support/cluster_play.hpp"

using namespace cluster_play;

namespace {

// A played game and what its players were told.
struct played {
    duel d;
    std::vector<std::pair<std::int64_t, std::string>> acked;  // (version acknowledged, request)
    int moves_lost = 0;  // sent, and answered by a redirect, an error or the connection's end
    bool over = false;
    int every = 1;  // plays a move every `every`th round
    int node = 0;   // the node that serves it
};

// The running seat's clock of `snapshot` at its server time: (seat, remaining ms, server ms).
std::optional<std::array<std::int64_t, 3>> running_clock(const json& snapshot) {
    const auto& clock = snapshot["clock"];
    if (clock.is_null() || clock["running"].is_null()) return std::nullopt;
    const int seat = clock["running"];
    return std::array<std::int64_t, 3>{seat, clock["remaining_ms"][seat].get<std::int64_t>(),
                                       clock["server_time"].get<std::int64_t>()};
}

// Its players leave: a node's shutdown then waits for no connection of an idle test client.
void leave_game(played& g) {
    g.over = true;
    for (auto& m : g.d.p) {
        m->ws.reset();
        m->closed = true;
    }
}

}  // namespace

TEST_CASE(
    "cluster: a rolling restart of both nodes under play loses no acknowledged move and charges "
    "no clock the restart") {
    const auto db = shared_postgres().fresh_database();
    std::optional<cluster_node_process> nodes[2];
    nodes[0].emplace(db, "a", 1);
    nodes[1].emplace(db, "b", 1);
    std::atomic<unsigned short> ports[2] = {nodes[0]->port(), nodes[1]->port()};
    std::atomic<int> restarting{-1};  // the node being restarted, -1: none
    const json clock{
        {"clock", {{"type", "bank"}, {"initial_seconds", 600}, {"increment_seconds", 0}}}};
    // The witnesses of a restart: two games started on the node just before it stops, slow
    // (a move every 8th round) and long (Kvadratura's fill mode, 64 plies), so that each is still
    // playing when its players find the node gone and follow the room to the other node. The
    // other games come and go too fast to be sure any is on the node when it stops.
    json witness = clock;
    witness["options"] = {{"size", 8}, {"mode", "fill"}};

    std::vector<std::unique_ptr<played>> games;
    for (int i = 0; i < 4; ++i) {
        games.push_back(std::make_unique<played>());
        games.back()->d = new_duel(ports[i % 2], "kvadratura", clock);
        games.back()->node = i % 2;
    }

    // A running clock seen on both sides of a room's move to another node: its last snapshot on
    // the old node and its first on the new one, at the same version.
    struct clock_across {
        std::string game_id;
        std::int64_t before_ms, before_remaining, after_ms, after_remaining;
    };
    std::vector<clock_across> clocks_across;
    int moved_rooms = 0;
    // Both players of `g` back in their room on the other node, which took the rooms of the node
    // that stopped, and the clock compared with the last snapshot seen on the old node.
    const auto move_to_other_node = [&](played& g) {
        g.node = 1 - g.node;
        const auto port = ports[g.node].load();
        const auto before = g.d.p[0]->last;
        for (auto& m : g.d.p)
            m = enter_room(port, m->token, g.d.code, "player", milliseconds(15000));
        const auto& after = g.d.p[0]->last;
        if (after["status"] != "playing") {
            leave_game(g);
            return;
        }
        ++moved_rooms;
        const auto old_clock = running_clock(before);
        const auto new_clock = running_clock(after);
        if (old_clock && new_clock && before["version"] == after["version"])
            clocks_across.push_back(
                {g.d.game_id, (*old_clock)[2], (*old_clock)[1], (*new_clock)[2], (*new_clock)[1]});
    };
    // One move of every game still playing; a game that ends is replaced on a live node.
    const auto play_round = [&](int round) {
        for (std::size_t i = 0; i < games.size(); ++i) {
            auto& g = *games[i];
            if (!g.over &&
                (g.d.p[0]->last["status"] == "finished" || g.d.p[1]->last["status"] == "finished"))
                leave_game(g);
            if (g.over || round % g.every != 0) continue;
            auto& mover = g.d.to_move();
            const auto request = pick(mover.last, round);
            const auto id = mover.send({{"type", "move"},
                                        {"room", g.d.code},
                                        {"move", request},
                                        {"version", mover.last["version"]}});
            const auto reply = mover.reply_to(id, milliseconds(5000));
            if (reply && (*reply)["type"] == "moved") {
                g.acked.emplace_back((*reply)["version"].get<std::int64_t>(), request);
                for (auto& m : g.d.p) {
                    const auto deadline = steady::now() + milliseconds(2000);
                    while (!m->closed && m->last["version"] < (*reply)["version"] &&
                           steady::now() < deadline)
                        m->next(milliseconds(50));
                }
                if (g.d.p[0]->last["status"] == "finished") {
                    leave_game(g);
                    continue;
                }
                if (g.d.p[0]->last["version"] == (*reply)["version"] &&
                    g.d.p[1]->last["version"] == (*reply)["version"])
                    continue;
            } else {
                ++g.moves_lost;
            }
            move_to_other_node(g);
        }
        if (std::count_if(games.begin(), games.end(),
                          [](const auto& g) { return !g->over && g->every == 1; }) < 4) {
            const int live = restarting.load() == 0 ? 1 : 0;
            games.push_back(std::make_unique<played>());
            games.back()->d = new_duel(ports[live], "kvadratura", clock);
            games.back()->node = live;
        }
    };

    std::vector<double> stop_ms, start_ms;
    int round = 0;
    for (int which = 0; which < 2; ++which) {
        const auto until = steady::now() + milliseconds(1500);
        while (steady::now() < until) play_round(round++);
        for (int w = 0; w < 2; ++w) {
            games.push_back(std::make_unique<played>());
            games.back()->d = new_duel(ports[which], "kvadratura", witness);
            games.back()->every = 8;
            games.back()->node = which;
        }
        // Restarted on a thread of its own while the games go on.
        restarting = which;
        std::exception_ptr failed;
        std::atomic<bool> restarted{false};
        std::thread restart([&] {
            try {
                auto& node = *nodes[which];
                const auto port = node.port();
                const auto began = steady::now();
                node.process().signal(SIGTERM);
                const auto status = node.process().wait_exit(30);
                const auto stopped = steady::now();
                stop_ms.push_back(
                    std::chrono::duration<double, std::milli>(stopped - began).count());
                CHECK_MESSAGE(status == 0, node.process().log());
                if (stop_ms.back() > 5000) MESSAGE(node.process().log());
                nodes[which].reset();
                nodes[which].emplace(db, which == 0 ? "a" : "b", 1,
                                     std::vector<std::string>{"--port", std::to_string(port)});
                start_ms.push_back(
                    std::chrono::duration<double, std::milli>(steady::now() - stopped).count());
                CHECK(nodes[which]->port() == port);
            } catch (...) {
                failed = std::current_exception();
            }
            restarted = true;
        });
        while (!restarted) play_round(round++);
        restart.join();
        if (failed) std::rethrow_exception(failed);
        restarting = -1;
        const auto after = steady::now() + milliseconds(1000);
        while (steady::now() < after) play_round(round++);
    }

    // Every acknowledged move is in its game's record, at the version it was acknowledged with
    // (after any passes the rules forced behind it).
    std::size_t acked = 0;
    int lost = 0;
    for (const auto& g : games) {
        const auto record = game_record(ports[0], g->d.game_id);
        const auto& moves = record["moves"];
        for (const auto& acked : g->acked) {
            const auto version = acked.first;  // not bindings: doctest's checks are lambdas
            const auto& request = acked.second;
            REQUIRE(static_cast<std::size_t>(version) <= moves.size());
            auto at = static_cast<std::size_t>(version) - 1;
            while (at > 0 && moves[at] == "pass") --at;
            CHECK_MESSAGE(moves[at] == request, g->d.code << " version " << version);
        }
        for (const auto& m : g->d.p) check_seen_in_record(*m, record);
        // The journal: one event per seq, without a gap (a finished room's directory row, which
        // check_journal also reads, is gone once its node restarted).
        CHECK(shared_postgres().sql(db,
                                    "SELECT count(*) = max(seq) - min(seq) + 1 AND "
                                    "count(DISTINCT seq) = count(*) FROM events WHERE "
                                    "game_id = '" +
                                        g->d.game_id + "'") == "t");
        acked += g->acked.size();
        lost += g->moves_lost;
    }
    MESSAGE("rolling restart: " << games.size() << " games, " << acked
                                << " acknowledged moves, all in the records; " << lost
                                << " moves answered by a redirect or a closed connection");
    MESSAGE("SIGTERM to exit: " << stop_ms[0] << " ms, " << stop_ms[1] << " ms; start again: "
                                << start_ms[0] << " ms, " << start_ms[1] << " ms");
    // The clock runs again from the moment the new node restored the room (its journal's
    // `resumed` event): what a clock lost across the move is at most the time since then. Had
    // the restart been charged, it would have lost the gap before that moment too.
    std::int64_t worst_forgiven_ms = 0;  // the longest gap a clock was not charged
    int compared = 0;
    for (const auto& c : clocks_across) {
        const auto resumed = shared_postgres().sql(
            db, "SELECT coalesce(max(at_ms), 0) FROM events WHERE game_id = '" + c.game_id +
                    "' AND kind = 'resumed' AND at_ms > " + std::to_string(c.before_ms) +
                    " AND at_ms <= " + std::to_string(c.after_ms));
        const std::int64_t resumed_ms = std::stoll(resumed);
        if (resumed_ms == 0) continue;  // not restored in between (a lost move, not a restart)
        ++compared;
        const auto loss = c.before_remaining - c.after_remaining;
        CHECK_MESSAGE(loss <= c.after_ms - resumed_ms + 1,
                      c.game_id << ": the clock lost " << loss << " ms, resumed "
                                << c.after_ms - resumed_ms << " ms before its snapshot, "
                                << resumed_ms - c.before_ms << " ms after the old one");
        worst_forgiven_ms = std::max(worst_forgiven_ms, resumed_ms - c.before_ms);
    }
    MESSAGE(moved_rooms << " rooms moved node; " << compared
                        << " running clocks compared across it, none charged for the time "
                           "before its room was restored (up to "
                        << worst_forgiven_ms << " ms)");
    CHECK(moved_rooms >= 4);  // at least the four witnesses
    CHECK(compared >= 1);
    CHECK(worst_forgiven_ms > 50);  // a restart's gap, long enough that charging it shows
}
