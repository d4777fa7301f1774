// The PostgreSQL store's backup recipe (README "Backups") against the throw-away cluster: pg_dump
// --format=custom while a node serves, pg_restore --clean --if-exists into a fresh database and
// over the original one, a node started on each: the finished game is as it was, the game in
// progress has every move of the dump and goes on.

#include <doctest/doctest.h>

#include <csignal>
#include <string>

#include "tests/server/support/cluster_play.hpp"

using quadra::testing::command_result;
using quadra::testing::run_command;
using quadra::testing::scratch_dir;

namespace {

// A command line of PostgreSQL's binaries, as the tests' cluster has them.
command_result postgres_tool(const std::string& command_line) {
    return run_command(shared_postgres().bindir() + "/" + command_line);
}

// Stops a node as an operator would, after its players left: SIGTERM (it gives up its rooms and
// lease), a clean exit.
void stop(cluster_node_process& node) {
    node.process().signal(SIGTERM);
    const int status = node.process().wait_exit(30);
    REQUIRE_MESSAGE(status == 0, node.process().log());
}

}  // namespace

TEST_CASE(
    "postgres: pg_dump while a node serves, pg_restore --clean --if-exists into a fresh "
    "database and over the original: the games come back and the game in progress goes on") {
    auto& pg = shared_postgres();
    const auto live = pg.fresh_database();
    const scratch_dir files("pg-backup");
    const auto dump = (files.path / "quadra.dump").string();

    std::string code, game_id, finished_id, tokens[2];
    json finished_record, dumped_moves;
    {
        cluster_node_process node(live, "a");
        {
            auto finished = cluster_play::new_duel(node.port(), "kvadratura");
            finished.p[1]->send({{"type", "resign"}, {"room", finished.code}});
            REQUIRE(cluster_play::eventually(
                [&] {
                    finished.p[1]->next(milliseconds(50));
                    return finished.p[1]->last["status"] == "finished";
                },
                milliseconds(5000), milliseconds(0)));
            finished_id = finished.game_id;
            finished_record = game_record(node.port(), finished_id);

            auto d = cluster_play::new_duel(node.port(), "kvadratura");
            for (int n = 0; n < 6; ++n) d.play(cluster_play::pick(d.p[0]->last, n));
            code = d.code;
            game_id = d.game_id;
            tokens[0] = d.p[0]->token;
            tokens[1] = d.p[1]->token;

            const auto dumped =
                postgres_tool("pg_dump --format=custom --file " + dump + " " + live);
            REQUIRE_MESSAGE(dumped.status == 0, dumped.out);
            dumped_moves = game_record(node.port(), game_id)["moves"];
            REQUIRE(dumped_moves.size() == 6);
            // After the dump: not in it, and gone from the original once it is restored over.
            d.play(cluster_play::pick(d.p[0]->last, 6));
        }  // the players leave
        stop(node);
    }

    const auto fresh = pg.fresh_database();
    for (const auto& target : {fresh, live}) {
        CAPTURE(target);
        const auto restored =
            postgres_tool("pg_restore --clean --if-exists --dbname " + target + " " + dump);
        REQUIRE_MESSAGE(restored.status == 0, restored.out);
        cluster_node_process node(target, "b");
        {
            CHECK(game_record(node.port(), finished_id) == finished_record);
            auto ann = enter_room(node.port(), tokens[0], code);
            auto bob = enter_room(node.port(), tokens[1], code);
            CHECK(ann->last["version"] == 6);
            CHECK(ann->last["game_id"] == game_id);
            CHECK(game_record(node.port(), game_id)["moves"] == dumped_moves);

            cluster_play::duel d;
            d.p[0] = std::move(ann);
            d.p[1] = std::move(bob);
            d.code = code;
            d.game_id = game_id;
            d.play(cluster_play::pick(d.p[0]->last, 6));
            CHECK(d.p[1]->last["version"] == 7);
            CHECK(game_record(node.port(), game_id)["moves"].size() == 7);
        }  // the players leave
        stop(node);
    }
}
