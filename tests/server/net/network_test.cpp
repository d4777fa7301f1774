// The server end to end over real sockets on 127.0.0.1 (port 0): playing every game through the
// protocol, spectators, racing moves, reconnecting with a token.

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <thread>

#include "server/serve/server.hpp"
#include "tests/server/support/process.hpp"
#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

TEST_CASE("two players play Kvadratura to a result while a spectator sees every snapshot") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    auto s = server.player("Sue");

    const auto code = create_room(*a, "kvadratura", json::object());
    join_room(*b, code);
    a->receive("snapshot");  // Bob took seat 1: the game starts
    s->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(s->receive("joined")["as"] == "spectator");
    auto seen = s->receive("snapshot");
    CHECK(seen["status"] == "playing");
    a->receive("snapshot");
    b->receive("snapshot");

    // The spectator cannot move.
    s->send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}, {"id", 3}});
    auto refused = s->receive();
    CHECK(refused["code"] == "not_a_player");
    CHECK(refused["id"] == 3);

    std::vector<ws_client*> seats{a.get(), b.get()};
    std::int64_t expected_version = 0;
    int plies = 0;
    while (seen["status"] == "playing") {
        const int to_move = seen["state"]["to_move"];
        const auto& legal = seen["state"]["legal"];
        REQUIRE_FALSE(legal.empty());
        // A fixed, varied choice so that the game is the same on every run.
        const auto move = legal[static_cast<std::size_t>(plies * 7) % legal.size()];
        seats[static_cast<std::size_t>(to_move)]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
        auto next = s->receive();
        REQUIRE(next["type"] == "snapshot");
        CHECK(next["version"].get<std::int64_t>() > expected_version);
        CHECK(next["last_move"] == move);
        expected_version = next["version"];
        CHECK(a->receive() == next);
        CHECK(b->receive() == next);
        seen = next;
        ++plies;
        REQUIRE(plies < 200);
    }
    CHECK(seen["status"] == "finished");
    CHECK(seen["state"]["status"] == "finished");
    CHECK_FALSE(seen["state"]["result"].is_null());
    // Nothing more arrives for the spectator: every snapshot was seen exactly once.
    CHECK_FALSE(s->try_receive(std::chrono::milliseconds(100)).has_value());

    a->send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", seen["version"]}});
    CHECK(a->receive()["code"] == "game_over");
}

TEST_CASE("four players play Kvadrat to its end") {
    test_server server;
    std::vector<std::unique_ptr<ws_client>> players;
    players.reserve(4);
    for (int i = 0; i < 4; ++i) players.push_back(server.player("P" + std::to_string(i)));
    const auto code = create_room(*players[0], "kvadrat", {{"players", 4}});
    json seen;
    for (std::size_t i = 1; i < 4; ++i) seen = join_room(*players[i], code);
    // Each player also sees one snapshot per later join; the last join starts the game.
    for (std::size_t i = 0; i < 3; ++i) {
        json last;
        for (std::size_t k = i; k < 3; ++k) last = players[i]->receive("snapshot");
        CHECK(last == seen);
    }
    REQUIRE(seen["status"] == "playing");
    REQUIRE(seen["seats"].size() == 4);

    int plies = 0;
    while (seen["status"] == "playing") {
        const auto to_move = seen["state"]["to_move"].get<std::size_t>();
        const auto& legal = seen["state"]["legal"];
        REQUIRE_FALSE(legal.empty());
        const auto move = legal[static_cast<std::size_t>(plies * 13) % legal.size()];
        players[to_move]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
        json next;
        for (auto& p : players) {
            auto got = p->receive();
            REQUIRE(got["type"] == "snapshot");
            if (next.is_null()) next = got;
            CHECK(got == next);
        }
        CHECK(next["version"].get<std::int64_t>() > seen["version"].get<std::int64_t>());
        seen = next;
        ++plies;
        REQUIRE(plies < 400);
    }
    CHECK(seen["state"]["status"] == "finished");
    CHECK(seen["state"]["scores"].size() == 4);
}

TEST_CASE("a Quadrature game runs through a few exchanges of moves") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "quadrature", json::object());
    join_room(*b, code);
    auto seen = a->receive("snapshot");
    REQUIRE(seen["status"] == "playing");
    std::vector<ws_client*> seats{a.get(), b.get()};
    for (int ply = 0; ply < 12 && seen["status"] == "playing"; ++ply) {
        const auto to_move = seen["state"]["to_move"].get<std::size_t>();
        const auto& legal = seen["state"]["legal"];
        const auto move = legal[static_cast<std::size_t>(ply * 5) % legal.size()];
        seats[to_move]->send(
            {{"type", "move"}, {"room", code}, {"move", move}, {"version", seen["version"]}});
        seen = a->receive();
        CHECK(b->receive() == seen);
        CHECK(seen["last_move"] == move);
        CHECK(seen["version"] == ply + 1);
    }
}

TEST_CASE("a Quadwrangle turn: roll, reroll and play with the server's dice") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "quadwrangle", json::object());
    join_room(*b, code);
    auto seen = a->receive("snapshot");
    REQUIRE(seen["state"]["legal"] == json::array({"roll"}));

    a->send({{"type", "move"}, {"room", code}, {"move", "roll=12345"}, {"version", 0}});
    auto refused = a->receive();
    CHECK(refused["code"] == "illegal_move");

    a->send({{"type", "move"}, {"room", code}, {"move", "roll"}, {"version", 0}});
    seen = a->receive();
    CHECK(b->receive() == seen);
    const std::string rolled = seen["last_move"];
    REQUIRE(rolled.rfind("roll=", 0) == 0);
    REQUIRE(rolled.size() == 10);
    const auto dice = seen["state"]["board"]["dice"];
    REQUIRE(dice.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) CHECK(dice[i] == rolled[5 + i] - '0');

    a->send({{"type", "move"}, {"room", code}, {"move", "reroll 1 2 3"}, {"version", 1}});
    seen = a->receive();
    CHECK(b->receive() == seen);
    const std::string rerolled = seen["last_move"];
    CHECK(rerolled.rfind("reroll 1 2 3=", 0) == 0);
    CHECK(rerolled.substr(16) == rolled.substr(8));  // dice 4 and 5 were kept

    // A play (or the pass when none is available) ends the turn.
    std::string play;
    for (const auto& token : seen["state"]["legal"])
        if (token.get<std::string>().rfind("play", 0) == 0 || token == "pass") play = token;
    REQUIRE_FALSE(play.empty());
    a->send({{"type", "move"}, {"room", code}, {"move", play}, {"version", 2}});
    seen = a->receive();
    CHECK(b->receive() == seen);
    CHECK(seen["state"]["to_move"] == 1);
    CHECK(seen["version"] == 3);
}

TEST_CASE("two connections of one player race the same move: exactly one applies") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "quadwrangle", json::object());
    join_room(*b, code);
    a->receive("snapshot");

    // Ann's second tab: the same token restores her seat on a new connection.
    ws_client tab(server.port());
    tab.send({{"type", "hello"}, {"token", a->token}});
    CHECK(tab.receive("welcome")["resumed"] == true);
    CHECK(tab.receive("joined")["seat"] == 0);
    tab.receive("snapshot");
    a->receive("snapshot");
    b->receive("snapshot");

    // A roll keeps the turn with the same seat, so the loser is refused for its stale version.
    a->send({{"type", "move"}, {"room", code}, {"move", "roll"}, {"version", 0}, {"id", "x"}});
    tab.send({{"type", "move"}, {"room", code}, {"move", "roll"}, {"version", 0}, {"id", "y"}});
    int moved = 0, stale = 0, snapshots = 0;
    for (auto* c : {a.get(), &tab}) {
        for (int i = 0; i < 2; ++i) {
            auto got = c->receive();
            if (got["type"] == "moved") ++moved;
            if (got["type"] == "error" && got["code"] == "stale_version") ++stale;
            if (got["type"] == "snapshot") {
                ++snapshots;
                CHECK(got["version"] == 1);
            }
        }
    }
    CHECK(moved == 1);
    CHECK(stale == 1);
    CHECK(snapshots == 2);
    CHECK(b->receive()["version"] == 1);
    CHECK_FALSE(b->try_receive(std::chrono::milliseconds(100)).has_value());
}

TEST_CASE(
    "a dropped player reconnects with the token and continues, and a stranger's token fails") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    const auto code = create_room(*a, "kvadratura", json::object());
    join_room(*b, code);
    a->receive("snapshot");
    a->send({{"type", "move"}, {"room", code}, {"move", "b2"}, {"version", 0}});
    a->receive("snapshot");
    b->receive("snapshot");

    const auto token = a->token;
    a->drop();
    auto gone = b->receive("snapshot");
    CHECK(gone["seats"][0]["connected"] == false);
    CHECK(gone["version"] == 1);

    ws_client stranger(server.port());
    stranger.send({{"type", "hello"}, {"token", std::string(32, 'f')}, {"id", 1}});
    auto refused = stranger.receive();
    CHECK(refused["code"] == "bad_token");
    stranger.send({{"type", "move"}, {"room", code}, {"move", "c3"}, {"version", 1}});
    CHECK(stranger.receive()["code"] == "not_identified");

    ws_client back(server.port());
    back.send({{"type", "hello"}, {"token", token}});
    auto welcome = back.receive("welcome");
    CHECK(welcome["resumed"] == true);
    CHECK(welcome["name"] == "Ann");
    CHECK(back.receive("joined")["room"] == code);
    auto restored = back.receive("snapshot");
    CHECK(restored["version"] == 1);
    CHECK(restored["seats"][0]["connected"] == true);
    CHECK(b->receive("snapshot")["seats"][0]["connected"] == true);

    b->send({{"type", "move"}, {"room", code}, {"move", "c3"}, {"version", 1}});
    back.receive("snapshot");
    b->receive("snapshot");
    back.send({{"type", "move"}, {"room", code}, {"move", "d4"}, {"version", 2}});
    CHECK(back.receive("snapshot")["version"] == 3);
    CHECK(b->receive("snapshot")["last_move"] == "d4");
}

TEST_CASE("HTTP: the web client, /healthz and no path traversal") {
    test_server server;
    auto health = http_get(server.port(), "/healthz");
    CHECK(health.find("200 OK") != std::string::npos);
    CHECK(health.find("\"status\":\"ok\"") != std::string::npos);
    auto index = http_get(server.port(), "/");
    CHECK(index.find("200 OK") != std::string::npos);
    CHECK(index.find("text/html") != std::string::npos);
    for (const auto* target :
         {"/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/.hidden", "/missing.js"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("HTTP: a shareable room link /r/<code> serves the client, other /r/ paths do not") {
    test_server server;
    auto index = http_fetch(server.port(), "/");
    auto link = http_get(server.port(), "/r/K7QM3X");
    CHECK(link.find("200 OK") != std::string::npos);
    CHECK(link.find("text/html") != std::string::npos);
    CHECK(http_fetch(server.port(), "/r/K7QM3X").body == index.body);
    CHECK(http_fetch(server.port(), "/r/K7QM3X?x=1").status == 200);
    for (const auto* target : {"/r/", "/r/K7/QM", "/r/..", "/r/%2e%2e"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("HTTP: a rules page /rules/<game> serves rules.html, other /rules/ paths do not") {
    test_server server;
    auto page = http_fetch(server.port(), "/rules.html");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("rules_page.js") != std::string::npos);
    auto rules = http_get(server.port(), "/rules/kvadrat");
    CHECK(rules.find("200 OK") != std::string::npos);
    CHECK(rules.find("text/html") != std::string::npos);
    CHECK(http_fetch(server.port(), "/rules/quadrature").body == page.body);
    CHECK(http_fetch(server.port(), "/rules/kvadrat?from=room").body == page.body);
    for (const auto* target : {"/rules/", "/rules/Kvadrat", "/rules/kv/adrat", "/rules/..",
                               "/rules/%2e%2e", "/rules/k1"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("HTTP: an analysis board /analysis/<game> serves analysis.html, other paths do not") {
    test_server server;
    auto page = http_fetch(server.port(), "/analysis.html");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("analysis_page.js") != std::string::npos);
    auto board = http_get(server.port(), "/analysis/kvadratura");
    CHECK(board.find("200 OK") != std::string::npos);
    CHECK(board.find("text/html") != std::string::npos);
    CHECK(http_fetch(server.port(), "/analysis/quadwrangle").body == page.body);
    CHECK(http_fetch(server.port(), "/analysis/kvadratura?p=kvadratura%3Al%3A2W%2F1B1%2FW2").body ==
          page.body);
    // The page's own scripts live under /analysis/ too and are served as they are.
    auto script = http_fetch(server.port(), "/analysis/analysis_page.js");
    CHECK(script.status == 200);
    CHECK(script.body != page.body);
    for (const auto* target : {"/analysis/", "/analysis/Kvadrat", "/analysis/kv/adrat",
                               "/analysis/..", "/analysis/%2e%2e", "/analysis/k1"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("HTTP: a game against the computer /play/<game> serves play.html, other paths do not") {
    test_server server;
    auto page = http_fetch(server.port(), "/play.html");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("local_page.js") != std::string::npos);
    auto game = http_get(server.port(), "/play/kvadratura?p=kvadratura%3Al%3A3%2F3%2F3&level=easy");
    CHECK(game.find("200 OK") != std::string::npos);
    CHECK(game.find("text/html") != std::string::npos);
    CHECK(http_fetch(server.port(), "/play/quadwrangle").body == page.body);
    for (const auto* target :
         {"/play/", "/play/Kvadrat", "/play/kv/adrat", "/play/..", "/play/%2e%2e", "/play/k1"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("HTTP: the web app manifest is served as application/manifest+json") {
    test_server server;
    auto manifest = http_get(server.port(), "/manifest.webmanifest");
    CHECK(manifest.find("200 OK") != std::string::npos);
    CHECK(manifest.find("application/manifest+json") != std::string::npos);
    CHECK(manifest.find("\"start_url\"") != std::string::npos);
}

TEST_CASE("HTTP: a profile page /u/<name> serves profile.html, other /u/ paths do not") {
    test_server server;
    auto page = http_fetch(server.port(), "/profile.html");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("profile_page.js") != std::string::npos);
    auto profile = http_get(server.port(), "/u/Ann");
    CHECK(profile.find("200 OK") != std::string::npos);
    CHECK(profile.find("text/html") != std::string::npos);
    CHECK(http_fetch(server.port(), "/u/Ann%20Lee").body == page.body);
    CHECK(http_fetch(server.port(), "/u/bob_2?from=lobby").body == page.body);
    for (const auto* target : {"/u/", "/u/Ann/games", "/u/..", "/u/.", "/u/a\\b"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("HTTP: /events and /events/<id> serve events.html, the folder's files stay files") {
    test_server server;
    auto page = http_fetch(server.port(), "/events.html");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("events_page.js") != std::string::npos);
    auto lists = http_get(server.port(), "/events");
    CHECK(lists.find("200 OK") != std::string::npos);
    CHECK(lists.find("text/html") != std::string::npos);
    for (const auto* target : {"/events", "/events/42", "/events/9007199254740991?from=lobby",
                               "/events/1234567890123456"})
        CHECK_MESSAGE(http_fetch(server.port(), target).body == page.body, target);
    auto script = http_fetch(server.port(), "/events/events_page.js");
    CHECK(script.status == 200);
    CHECK(script.body != page.body);
    for (const auto* target : {"/events/", "/events/abc", "/events/4/2", "/events/-1",
                               "/events/12345678901234567", "/events/42x"})
        CHECK_MESSAGE(http_fetch(server.port(), target).status == 404, target);
}

TEST_CASE("list_games is answered with the catalogue, even before hello") {
    test_server server;
    ws_client client(server.port());
    client.send_text(R"({"type":"list_games","id":"g"})");
    auto games = client.receive("games");
    CHECK(games["id"] == "g");
    REQUIRE(games["games"].size() == 4);
    CHECK(games["games"][2]["seat_choices"].size() == 2);
    client.send_text(R"({"type":"list_games","extra":1,"id":2})");
    auto refused = client.receive("error");
    CHECK(refused["code"] == "bad_field");
    CHECK(refused["id"] == 2);
}

TEST_CASE("a connection past the per-address cap gets 503 with Retry-After, not a reset") {
    auto config = test_config();
    config.max_connections_per_ip = 2;
    config.loopback_per_ip = "capped";
    test_server server(config);
    auto first = server.player("Ann");
    auto second = server.player("Bob");
    const auto refused = http_get(server.port(), "/healthz");
    CHECK(refused.rfind("HTTP/1.1 503 Service Unavailable\r\n", 0) == 0);
    CHECK(refused.find("\r\nRetry-After: 10\r\n") != std::string::npos);
    CHECK(refused.find("too many connections; retry in 10 s") != std::string::npos);
    // The two admitted connections still work, and a place freed is taken again.
    first->send({{"type", "ping"}, {"id", 1}});
    CHECK(first->receive("pong")["id"] == 1);
    second.reset();
    std::string health;
    for (int i = 0; i < 100 && health.rfind("HTTP/1.1 200", 0) != 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        health = http_get(server.port(), "/healthz");
    }
    CHECK(health.rfind("HTTP/1.1 200", 0) == 0);
}

TEST_CASE("loopback clients are held to the total connection cap only, unless told otherwise") {
    auto config = test_config();
    config.max_connections_per_ip = 1;
    config.max_connections = 3;
    test_server server(config);
    auto first = server.player("Ann");
    auto second = server.player("Bob");
    // Past the per-address cap of 1, a local health check still gets its answer...
    CHECK(http_get(server.port(), "/healthz").rfind("HTTP/1.1 200", 0) == 0);
    // ...but not past the total: two players and one more open connection make three.
    auto third = server.player("Cyd");
    const auto refused = http_get(server.port(), "/healthz");
    CHECK(refused.rfind("HTTP/1.1 503 Service Unavailable\r\n", 0) == 0);
    CHECK(refused.find("too many connections") != std::string::npos);
    first->send({{"type", "ping"}, {"id", 1}});
    CHECK(first->receive("pong")["id"] == 1);
}

TEST_CASE("a connection the server closes is no longer counted once its client sees the close") {
    // The client of a closed connection may open its next one at once: with room for one
    // connection, each health check follows the last one's close and is answered. The server's
    // two threads let a new connection be accepted while the closed one's handler is still
    // returning, so its place must be freed before the close, not after.
    auto config = test_config();
    config.max_connections = 1;
    test_server server(config);
    int answered = 0;
    for (int i = 0; i < 2000; ++i) {
        if (http_get(server.port(), "/healthz").rfind("HTTP/1.1 200", 0) == 0) ++answered;
    }
    CHECK(answered == 2000);
}

TEST_CASE("HTTP: a large file reaches a slow reader whole, past its request's deadline") {
    // The deadline for reading a request does not bound the writing of its answer: a file still
    // being written when it passes (to a slow phone, a busy browser) must arrive whole.
    scratch_dir root("slow-reader-root");
    const std::string body(16 << 20, 'q');  // more than loopback's socket buffers hold
    std::ofstream(root.path / "big.bin", std::ios::binary) << body;
    auto config = test_config();
    config.web_root = root.string();
    config.handshake_timeout = std::chrono::milliseconds(200);
    test_server server(config);
    const auto response =
        http_get_slowly(server.port(), "/big.bin", std::chrono::milliseconds(600));
    CHECK(response.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    const auto split = response.find("\r\n\r\n");
    REQUIRE(split != std::string::npos);
    CHECK(response.size() - split - 4 == body.size());
}
