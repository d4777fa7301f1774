// Operating many nodes (#30): finished rooms of dead nodes leave the directory while their
// records stay; the lease, write queue and store failure metrics after real stalls and cuts of
// one node's database link; and the Grafana dashboard and Prometheus alerts in docker/ use only
// metric names a running node renders.

#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "tests/server/support/cluster_play.hpp"
#include "tests/server/support/tcp_proxy.hpp"
#include "tests/test_paths.hpp"

using namespace cluster_play;

namespace {

// Two players on `port` finish a Kvadratura game: one move, then a resignation.
duel finished_duel(unsigned short port) {
    auto d = new_duel(port, "kvadratura");
    d.play(pick(d.p[0]->last, 0));
    const auto resigned = d.p[0]->request({{"type", "resign"}, {"room", d.code}});
    REQUIRE_MESSAGE(resigned["type"] == "done", resigned.dump());
    d.catch_up(d.p[0]->last["version"].get<std::int64_t>());
    return d;
}

// The directory row of `game_id`: "t"/"f" for its finished flag, "" when there is none.
std::string directory_row(const std::string& db, const std::string& game_id) {
    return shared_postgres().sql(db,
                                 "SELECT finished FROM rooms WHERE game_id = '" + game_id + "'");
}

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
    return count;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), "cannot read " << path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE(
    "cluster: a finished room of a node killed with -9 leaves the directory within seconds and "
    "keeps its record while a live node's finished room stays") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    cluster_node_process b(db, "b", 1);
    auto on_a = finished_duel(a.port());
    auto on_b = finished_duel(b.port());
    REQUIRE(eventually([&] { return directory_row(db, on_a.game_id) == "t"; }, milliseconds(3000)));
    REQUIRE(eventually([&] { return directory_row(db, on_b.game_id) == "t"; }, milliseconds(3000)));
    const auto record = game_record(a.port(), on_a.game_id);
    REQUIRE(record["moves"].size() == 1);
    REQUIRE_FALSE(record["result"].is_null());

    a.kill_hard();
    const auto killed = steady::now();
    CHECK(eventually([&] { return directory_row(db, on_a.game_id).empty(); }, milliseconds(6000),
                     milliseconds(20)));
    const auto took = std::chrono::duration_cast<milliseconds>(steady::now() - killed).count();
    MESSAGE("kill -9 to the finished room's row gone: " << took << " ms (lease 1 s)");
    CHECK(took < 4000);

    // The game, its record and its replay stay in the store.
    CHECK(game_record(b.port(), on_a.game_id) == record);
    CHECK(shared_postgres().sql(
              db, "SELECT count(*) FROM games WHERE id = '" + on_a.game_id + "'") == "1");
    // Nobody took it over, and B's own finished room is still B's after more sweeps.
    std::this_thread::sleep_for(milliseconds(2000));
    CHECK(directory_row(db, on_b.game_id) == "t");
    CHECK(shared_postgres().sql(
              db, "SELECT owner_node FROM rooms WHERE game_id = '" + on_b.game_id + "'") == "b");
    CHECK(b.metric("quadra_takeovers_total") == 0);
    // Its code no longer leads to a room.
    member late(b.port(), "Cid");
    const auto reply = late.request({{"type", "join_room"}, {"room", on_a.code}});
    CHECK_MESSAGE(reply["type"] == "error", reply.dump());
    CHECK(reply.value("code", "") == "no_such_room");
}

TEST_CASE(
    "cluster metrics: a stalled database link shows one queued write and the lease lost and a "
    "cut one counts every store failure it logged until both recover") {
    auto& pg = shared_postgres();
    quadra::testing::tcp_proxy link(pg.port());
    const auto db = with_port(pg.fresh_database(), link.port());
    cluster_node_process a(db, "a", 1);
    auto d = new_duel(a.port(), "kvadratura");
    d.play(pick(d.p[0]->last, 0));

    CHECK(a.metric("quadra_store_write_queue") == 0);
    CHECK(a.metric("quadra_store_failures_total") == 0);
    CHECK(a.metric("quadra_lease_held") == 1);
    CHECK(a.metric("quadra_lease_renewal_age_seconds") < 1.0);
    CHECK(a.metric("quadra_lease_renewal_failures_total") == 0);
    const auto renewals = a.metric("quadra_lease_renewals_total");
    CHECK(renewals >= 1);
    CHECK(a.metric("quadra_lease_renewal_latency_seconds_count") >= renewals);

    // Stalled: the move waits in the writer, the renewal in the database's answer.
    link.pause();
    auto& mover = d.to_move();
    const auto id = mover.send({{"type", "move"},
                                {"room", d.code},
                                {"move", pick(mover.last, 1)},
                                {"version", mover.last["version"]}});
    std::this_thread::sleep_for(milliseconds(1500));
    CHECK(a.metric("quadra_store_write_queue") == 1);
    CHECK(a.metric("quadra_lease_held") == 0);
    CHECK(a.metric("quadra_lease_renewal_age_seconds") >= 1.0);
    CHECK(a.metric("quadra_store_failures_total") == 0);  // slow is not failed

    link.resume();
    const auto moved = mover.reply_to(id, milliseconds(10000));
    REQUIRE(moved.has_value());
    CHECK_MESSAGE((*moved)["type"] == "moved", moved->dump());
    CHECK(eventually([&] { return a.metric("quadra_lease_held") == 1; }, milliseconds(3000)));
    CHECK(a.metric("quadra_store_write_queue") == 0);
    CHECK(a.metric("quadra_lease_renewals_total") > renewals);
    CHECK(a.metric("quadra_store_failures_total") == 0);

    // Cut: renewals and the other directory calls fail, each logged once and counted once.
    link.cut();
    CHECK(eventually([&] { return a.metric("quadra_lease_held") == 0; }, milliseconds(3000)));
    CHECK(a.metric("quadra_lease_renewal_failures_total") >= 1);
    link.restore();
    CHECK(eventually([&] { return a.metric("quadra_lease_held") == 1; }, milliseconds(6000)));
    std::this_thread::sleep_for(milliseconds(1000));  // the last failed calls are logged
    const auto failures = a.metric("quadra_store_failures_total");
    CHECK(failures >= 1);
    CHECK(failures == static_cast<double>(count_of(a.process().log(), "store_failed")));
}

TEST_CASE("docker/: every metric the Grafana dashboard and the alert rules use is rendered") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 1);
    // A move and an error, so that the labelled series exist too.
    auto d = new_duel(a.port(), "kvadratura");
    d.play(pick(d.p[0]->last, 0));
    (void)d.p[0]->request({{"type", "join_room"}, {"room", "NOSUCH"}});
    const auto rendered = quadra::testing::http_fetch(a.port(), "/metrics").body;
    std::set<std::string> names;
    const std::regex sample("(^|\n)(quadra_[a-z0-9_]+)[{ ]");
    for (std::sregex_iterator it(rendered.begin(), rendered.end(), sample), end; it != end; ++it)
        names.insert((*it)[2]);
    REQUIRE(names.contains("quadra_lease_held"));
    REQUIRE(names.contains("quadra_errors_total"));

    for (const auto* file : {"grafana-dashboard.json", "prometheus-alerts.yaml"}) {
        const auto text = file_text(std::string(quadra::testing::docker_dir) + "/" + file);
        std::set<std::string> used;
        const std::regex name("quadra_[a-z0-9_]+");
        for (std::sregex_iterator it(text.begin(), text.end(), name), end; it != end; ++it)
            used.insert(it->str());
        CHECK_MESSAGE(used.size() >= 8, file);
        for (const auto& metric : used)
            CHECK_MESSAGE(names.contains(metric),
                          file << " uses " << metric << ", which /metrics does not render");
    }
}
