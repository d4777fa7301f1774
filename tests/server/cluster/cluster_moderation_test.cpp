// Moderation on two nodes of one shared store (#31): a role granted at the command line reaches
// both nodes; a mute and a ban stored on node a act on the account's connection on node b within
// 2 s, and b refuses its next sign-in; the audit log holds each action once. A room is closed by
// the node that serves it.

#include <doctest/doctest.h>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/cluster_fixture.hpp"
#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;

namespace {

nlohmann::json moderate(ws_client& mod, const std::string& action, const std::string& name) {
    mod.send({{"type", "moderate"}, {"action", action}, {"name", name}, {"reason", "abuse"}});
    return answer(mod, "moderated");
}

// Says hello with `token` on `client` until its node knows the role (it reads the roster within
// a second of the command); the welcome.
nlohmann::json welcome_with_role(ws_client& client, const std::string& token) {
    const auto deadline = steady::now() + std::chrono::seconds(3);
    for (;;) {
        client.send({{"type", "hello"}, {"token", token}});
        auto welcome = answer(client, "welcome");
        if (welcome.contains("role") || steady::now() > deadline) return welcome;
        std::this_thread::sleep_for(milliseconds(100));
    }
}

long long ms_since(steady::time_point start) {
    return std::chrono::duration_cast<milliseconds>(steady::now() - start).count();
}

}  // namespace

TEST_CASE(
    "cluster: a mute and a ban stored on one node act on the account's connection on another") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);

    ws_client mara(a.port());
    const auto mara_token = registered(mara, "Mara");
    ws_client bob(b.port());
    registered(bob, "Bob");
    const auto code = create_room(bob, "kvadratura", nlohmann::json::object());

    const auto granted =
        run_quadra("admin grant Mara moderator --store postgres --database-url '" + db + "'");
    REQUIRE_MESSAGE(granted.status == 0, granted.out);
    CHECK(welcome_with_role(mara, mara_token)["role"] == "moderator");

    moderate(mara, "mute", "Bob");
    const auto muted_at = steady::now();
    nlohmann::json refused;
    // A line that got through (b had not read the roster yet) is followed by another a little
    // later, slowly enough for the chat rate limit.
    do {
        bob.send({{"type", "chat"}, {"room", code}, {"text", "spam"}});
        refused = bob.receive();
        if (refused["type"] != "error") std::this_thread::sleep_for(milliseconds(400));
    } while (refused["type"] != "error" && ms_since(muted_at) < 2000);
    MESSAGE("muted on b " << ms_since(muted_at) << " ms after the mute on a");
    CHECK(refused["code"] == "muted");
    CHECK_FALSE(refused.contains("retry_after"));  // for good

    moderate(mara, "ban", "Bob");
    const auto banned_at = steady::now();
    const auto out = bob.receive("signed_out");
    const auto took = ms_since(banned_at);
    MESSAGE("signed out on b " << took << " ms after the ban on a");
    CHECK(took < 2000);
    CHECK(out.value("reason", "") == "banned");
    ws_client again(b.port());
    again.send({{"type", "sign_in"}, {"name", "Bob"}, {"password", account_password}});
    CHECK(again.receive("error")["code"] == "banned");

    // Each action once in the shared log, whichever node reads it.
    ws_client mara_on_b(b.port());
    mara_on_b.send({{"type", "hello"}, {"token", mara_token}});
    CHECK(answer(mara_on_b, "welcome")["role"] == "moderator");
    mara_on_b.send({{"type", "moderation"}});
    const auto log = answer(mara_on_b, "moderation")["log"];
    REQUIRE(log.size() == 3);
    CHECK(log[0]["action"] == "ban");
    CHECK(log[1]["action"] == "mute");
    CHECK(log[2]["action"] == "grant");
}

TEST_CASE("cluster: a room is closed on the node that serves it; its journal and log hold it") {
    const auto db = shared_postgres().fresh_database();
    cluster_node_process a(db, "a", 2);
    cluster_node_process b(db, "b", 2);
    ws_client mara(a.port());
    const auto mara_token = registered(mara, "Mara");
    REQUIRE(run_quadra("admin grant Mara moderator --store postgres --database-url '" + db + "'")
                .status == 0);
    ws_client bob(b.port());
    registered(bob, "Bob");
    ws_client ann(b.port());
    registered(ann, "Ann");
    const auto code = create_room(bob, "kvadratura", nlohmann::json::object());
    join_room(ann, code);
    REQUIRE(welcome_with_role(mara, mara_token)["role"] == "moderator");

    const nlohmann::json close = {
        {"type", "close_room"}, {"room", code}, {"ending", "aborted"}, {"reason", "test game"}};
    // Node a does not serve the room: the moderator is sent to b, as for any room request.
    mara.send(close);
    CHECK(next_reply(mara)["type"] == "redirect");
    ws_client mara_on_b(b.port());
    REQUIRE(welcome_with_role(mara_on_b, mara_token)["role"] == "moderator");
    mara_on_b.send(close);
    CHECK(answer(mara_on_b, "moderated")["name"] == code);
    nlohmann::json over;
    do over = ann.receive("snapshot");
    while (over["status"] != "finished");
    CHECK(over["result"]["code"] == "aborted");

    // Node a reads the shared log and the stored game's journal.
    mara.send({{"type", "moderation"}});
    const auto view = answer(mara, "moderation");
    CHECK(view["log"][0]["action"] == "close_room");
    CHECK(view["log"][0]["ending"] == "aborted");
    // The stored game (read from the store, so from either node) has no result, not a draw.
    ws_client ann_on_a(a.port());
    ann_on_a.send({{"type", "sign_in"}, {"name", "Ann"}, {"password", account_password}});
    answer(ann_on_a, "welcome");
    ann_on_a.send({{"type", "my_games"}});
    const auto games = answer(ann_on_a, "my_games")["finished"];
    REQUIRE(games.size() == 1);
    CHECK(games[0]["result"]["code"] == "aborted");
    CHECK(games[0]["result"]["draw"] == false);
}
