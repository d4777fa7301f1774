// Operations: WebSocket origins, /healthz and /metrics after real games, the health probes
// failing, logs, `quadra health`, and a graceful SIGTERM of the real binary during play.

#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/net/http_session.hpp"
#include "server/serve/server_state.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"
#include "tests/test_paths.hpp"

namespace {

using nlohmann::json;
using quadra::testing::create_room;
using quadra::testing::http_fetch;
using quadra::testing::join_room;
using quadra::testing::test_config;
using quadra::testing::ws_client;

// The value of one sample line of Prometheus text, e.g. `quadra_moves_total{game="kvadrat"}`;
// -1 when the line is missing.
double sample(const std::string& text, const std::string& series) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
    return -1;
}

// Plays `moves` in a two-seat room, seat 0 first, each seen by both players.
void play(const std::string& code, ws_client& seat0, ws_client& seat1,
          const std::vector<std::string>& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
        auto& mover = i % 2 == 0 ? seat0 : seat1;
        mover.send({{"type", "move"},
                    {"room", code},
                    {"move", moves[i]},
                    {"version", static_cast<std::int64_t>(i)}});
        CHECK(seat0.receive("snapshot")["version"] == i + 1);
        CHECK(seat1.receive("snapshot")["version"] == i + 1);
    }
}

}  // namespace

TEST_CASE("origin_allowed: none, the server's own, or a listed one") {
    using quadra::server::origin_allowed;
    const std::vector<std::string> none, listed = {"https://games.example.org"};
    CHECK(origin_allowed("", "quadra.local:8080", none));
    CHECK(origin_allowed("http://quadra.local:8080", "quadra.local:8080", none));
    CHECK(origin_allowed("https://QUADRA.local:8080", "quadra.local:8080", none));
    CHECK_FALSE(origin_allowed("http://quadra.local:9090", "quadra.local:8080", none));
    CHECK_FALSE(origin_allowed("https://evil.example", "quadra.local:8080", none));
    CHECK_FALSE(origin_allowed("null", "quadra.local:8080", none));
    CHECK(origin_allowed("https://games.example.org", "quadra.local:8080", listed));
    CHECK_FALSE(origin_allowed("https://games.example.org.evil", "quadra.local:8080", listed));
}

TEST_CASE("mime_type: the client's files by extension, the engine's module as application/wasm") {
    using quadra::server::mime_type;
    CHECK(mime_type("web-client/engine/quadra.wasm") == "application/wasm");
    CHECK(mime_type("web-client/engine/rules.js") == "text/javascript; charset=utf-8");
    CHECK(mime_type("web-client/index.html") == "text/html; charset=utf-8");
    CHECK(mime_type("web-client/common/style.css") == "text/css; charset=utf-8");
    CHECK(mime_type("web-client/manifest.webmanifest") == "application/manifest+json");
    CHECK(mime_type("web-client/icon.svg") == "image/svg+xml");
    CHECK(mime_type("web-client/engine/quadra.wasm.gz") == "application/octet-stream");
    CHECK(mime_type("LICENSE") == "application/octet-stream");
}

TEST_CASE(
    "a WebSocket upgrade from a foreign origin is refused, and own and allowed origins work") {
    auto config = test_config();
    config.allowed_origins = {"https://games.example.org"};
    quadra::testing::test_server server(config);
    const auto port = server.port();
    const auto own = "http://127.0.0.1:" + std::to_string(port);

    CHECK_THROWS(ws_client(port, "https://evil.example"));
    CHECK_THROWS(ws_client(port, "http://127.0.0.1:1"));
    // The refusal happened before any session: nothing is counted as connected.
    CHECK(json::parse(http_fetch(port, "/healthz").body)["connections"] == 0);

    for (const auto& origin : {own, std::string("https://games.example.org")}) {
        ws_client client(port, origin);
        client.send({{"type", "hello"}, {"name", "Ann"}});
        CHECK_MESSAGE(client.receive()["type"] == "welcome", origin);
    }
}

TEST_CASE("/healthz and /metrics count what was played") {
    quadra::testing::test_server server;
    const auto port = server.port();
    auto white = server.player("White");
    auto black = server.player("Black");
    auto third = server.player("Third");

    const auto code = create_room(*white, "kvadratura", {{"size", 4}});
    join_room(*black, code);
    white->receive("snapshot");
    play(code, *white, *black, {"a2", "d4", "b1", "d3", "c2", "d1", "b3"});  // White loses
    white->send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 7}});
    CHECK(white->receive("error")["code"] == "game_over");

    const auto waiting = create_room(*third, "kvadrat", json::object());
    const auto playing = create_room(*black, "quadrature", json::object());
    join_room(*third, playing);
    black->receive("snapshot");
    play(playing, *black, *third, {"e3-e4"});
    third->send({{"type", "move"}, {"room", playing}, {"move", "a1-a2"}, {"version", 1}});
    CHECK(third->receive("error")["code"] == "illegal_move");
    black->send({{"type", "move"}, {"room", playing}, {"move", "e4-e5"}, {"version", 1}});
    CHECK(black->receive("error")["code"] == "not_your_turn");
    CHECK_FALSE(waiting.empty());

    auto health = http_fetch(port, "/healthz");
    CHECK(health.status == 200);
    auto body = json::parse(health.body);
    CHECK(body["status"] == "ok");
    CHECK(body["version"] == QUADRA_VERSION_TEXT);
    CHECK(body["rooms"] == 3);
    CHECK(body["connections"] == 3);
    CHECK(body["store_ok"] == true);
    CHECK(body["rules_ok"] == true);
    CHECK(body["uptime_seconds"].get<double>() >= 0);

    const auto metrics = http_fetch(port, "/metrics");
    CHECK(metrics.status == 200);
    const auto& text = metrics.body;
    CHECK(text.find("# TYPE quadra_moves_total counter\n") != std::string::npos);
    CHECK(text.find("# HELP quadra_move_latency_seconds ") != std::string::npos);
    CHECK(sample(text, "quadra_connections") == 3);
    CHECK(sample(text, R"(quadra_moves_total{game="kvadratura"})") == 7);
    CHECK(sample(text, R"(quadra_moves_total{game="quadrature"})") == 1);
    CHECK(sample(text, R"(quadra_moves_total{game="kvadrat"})") == 0);
    CHECK(sample(text, R"(quadra_rooms{game="kvadratura",state="finished"})") == 1);
    CHECK(sample(text, R"(quadra_rooms{game="quadrature",state="playing"})") == 1);
    CHECK(sample(text, R"(quadra_rooms{game="kvadrat",state="waiting"})") == 1);
    CHECK(sample(text, R"(quadra_rooms{game="kvadrat",state="playing"})") == 0);
    CHECK(sample(text, "quadra_move_latency_seconds_count") == 8);
    CHECK(sample(text, R"(quadra_move_latency_seconds_bucket{le="+Inf"})") == 8);
    CHECK(sample(text, R"(quadra_errors_total{code="game_over"})") == 1);
    CHECK(sample(text, R"(quadra_errors_total{code="illegal_move"})") == 1);
    CHECK(sample(text, R"(quadra_errors_total{code="not_your_turn"})") == 1);
    CHECK(sample(text, R"(quadra_errors_total{code="bad_json"})") == -1);
    // Every move is committed before its snapshot goes out: at least one write each.
    CHECK(sample(text, "quadra_store_write_latency_seconds_count") >= 8);
}

TEST_CASE("a bad request is counted by its code in /metrics") {
    quadra::testing::test_server server;
    auto client = server.player("Ann");
    client->send_text("{not json");
    CHECK(client->receive()["code"] == "bad_json");
    client->send({{"type", "join_room"}, {"room", "ZZZZZZ"}});
    CHECK(client->receive()["code"] == "no_such_room");
    const auto text = http_fetch(server.port(), "/metrics").body;
    CHECK(sample(text, R"(quadra_errors_total{code="bad_json"})") == 1);
    CHECK(sample(text, R"(quadra_errors_total{code="no_such_room"})") == 1);
}

TEST_CASE("/healthz answers 503 while the store or the rules self-test fails") {
    quadra::server::server running(test_config());
    std::atomic<bool> store_up{true};
    running.state().store_ok = [&] { return store_up.load(); };
    running.start();
    const auto port = running.port();
    CHECK(http_fetch(port, "/healthz").status == 200);

    store_up = false;
    auto failing = http_fetch(port, "/healthz");
    CHECK(failing.status == 503);
    CHECK(json::parse(failing.body)["status"] == "failing");
    CHECK(json::parse(failing.body)["store_ok"] == false);

    store_up = true;
    CHECK(http_fetch(port, "/healthz").status == 200);
    running.state().rules_ok = false;
    auto rules = http_fetch(port, "/healthz");
    CHECK(rules.status == 503);
    CHECK(json::parse(rules.body)["rules_ok"] == false);
    running.stop();
}

TEST_CASE("quadra serve: /healthz fails when the data directory goes, and quadra health says so") {
    const quadra::testing::scratch_dir dir("ops-store");
    const auto data = dir.string() + "/data";
    quadra::testing::server_process server(data);
    auto& serve = server.process();
    const auto port = server.port();
    const auto health =
        std::string(quadra::testing::quadra_binary) + " health --port " + std::to_string(port);

    auto healthy = quadra::testing::run_command(health);
    CHECK(healthy.status == 0);
    CHECK(json::parse(healthy.out)["store_ok"] == true);
    CHECK(json::parse(healthy.out)["rules_ok"] == true);

    // The store's directory disappears (a lost volume): unhealthy until it is back.
    std::filesystem::rename(data, dir.path / "moved");
    auto sick = quadra::testing::run_command(health);
    CHECK(sick.status == 1);
    CHECK(json::parse(sick.out)["store_ok"] == false);
    CHECK(http_fetch(port, "/healthz").status == 503);
    std::filesystem::rename(dir.path / "moved", data);
    CHECK(quadra::testing::run_command(health).status == 0);

    serve.signal(SIGTERM);
    CHECK(serve.wait_exit(30) == 0);
    // Nobody listens any more: quadra health fails.
    CHECK(quadra::testing::run_command(health).status == 1);
}

TEST_CASE("SIGTERM during play: clients get 1001, the process exits 0, the log is JSON lines") {
    const quadra::testing::scratch_dir dir("ops-sigterm");
    quadra::testing::server_process server(
        dir.string() + "/data", {"--log-format", "json", "--shutdown-timeout-seconds", "20"});
    auto& serve = server.process();
    const auto port = server.port();

    auto hello = [&](const std::string& name) {
        auto client = std::make_unique<ws_client>(port);
        client->send({{"type", "hello"}, {"name", name}});
        auto welcome = client->receive();
        REQUIRE(welcome["type"] == "welcome");
        client->token = welcome["token"];
        return client;
    };
    auto a = hello("Ann");
    auto b = hello("Bob");
    const auto code = create_room(*a, "kvadratura", json::object());
    join_room(*b, code);
    a->receive("snapshot");
    play(code, *a, *b, {"a1", "h8", "b2"});
    auto spectator = hello("Sam");
    spectator->send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    spectator->receive("snapshot");

    serve.signal(SIGTERM);
    for (auto* client : {a.get(), b.get(), spectator.get()}) {
        CHECK(client->closed_by_server(std::chrono::milliseconds(20000)));
        CHECK(client->close_code() == 1001);
    }
    CHECK(serve.wait_exit(30) == 0);

    // Every line past the announcement is one JSON object with time, level and event; no
    // token appears anywhere.
    std::istringstream lines(serve.log());
    std::vector<std::string> events;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("quadra: listening", 0) == 0) continue;
        auto entry = json::parse(line);
        CHECK(entry.contains("time"));
        CHECK(entry.contains("level"));
        events.push_back(entry["event"]);
        if (entry["event"] == "room_created") {
            CHECK(entry["room"] == code);
            CHECK(entry["game"] == "kvadratura");
            CHECK(entry["player"].is_number());
        }
    }
    for (const auto& token : {a->token, b->token, spectator->token})
        CHECK(serve.log().find(token) == std::string::npos);
    auto has = [&](const std::string& event) {
        return std::find(events.begin(), events.end(), event) != events.end();
    };
    CHECK(has("started"));
    CHECK(has("room_created"));
    CHECK(has("room_started"));
    CHECK(has("shutting_down"));
    CHECK(has("stopped"));
    CHECK(events.back() == "stopped");
}

TEST_CASE("SIGTERM with a client that never answers the close: cut at the timeout, exit 0") {
    const quadra::testing::scratch_dir dir("ops-sigterm-silent");
    quadra::testing::server_process server(
        dir.string() + "/data", {"--log-format", "json", "--shutdown-timeout-seconds", "1"});
    auto& serve = server.process();
    ws_client ann(server.port());
    ann.send({{"type", "hello"}, {"name", "Ann"}});
    REQUIRE(ann.receive()["type"] == "welcome");
    create_room(ann, "kvadratura", json::object());
    // Ann reads nothing from here on, so the server's close frame is never answered.
    const auto began = std::chrono::steady_clock::now();
    serve.signal(SIGTERM);
    CHECK(serve.wait_exit(30) == 0);
    CHECK(std::chrono::steady_clock::now() - began < std::chrono::seconds(5));
    json stopped;
    std::istringstream lines(serve.log());
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with('{')) continue;  // the plain "listening" announcement
        auto entry = json::parse(line);
        if (entry["event"] == "stopped") stopped = std::move(entry);
    }
    CHECK(stopped["unclosed_connections"] == 1);
}

TEST_CASE("a reader too many bytes behind is cut off, logged as slow_reader and counted") {
    const quadra::testing::scratch_dir dir("ops-slow-reader");
    // The message count alone (a million) would let megabytes pile up; 64 KiB does not.
    quadra::testing::server_process server(
        dir.string() + "/data", {"--log-format", "json", "--max-queued-bytes", "65536",
                                 "--max-queued-messages", "1000000", "--message-burst", "100000"});
    const auto port = server.port();
    auto hello = [&](const std::string& name) {
        auto client = std::make_unique<ws_client>(port);
        client->send({{"type", "hello"}, {"name", name}});
        REQUIRE(client->receive()["type"] == "welcome");
        return client;
    };
    auto ann = hello("Ann");
    const auto code = create_room(*ann, "kvadrat", {{"players", 4}});
    auto slow = hello("Slow");
    // Each join is answered with a whole snapshot (about a kilobyte); Slow never reads them.
    const auto join = json({{"type", "join_room"}, {"room", code}, {"as", "spectator"}}).dump();
    try {
        for (int i = 0; i < 8000; ++i) slow->send_text(join);
    } catch (const std::exception&) {
        // The server may already have cut the connection.
    }
    REQUIRE_MESSAGE(server.process().wait_for_log("\"slow_reader\""), server.process().log());

    std::istringstream lines(server.process().log());
    json cut;
    for (std::string line; std::getline(lines, line);)
        if (line.find("\"slow_reader\"") != std::string::npos) cut = json::parse(line);
    CHECK(cut["level"] == "warning");
    CHECK(cut["rooms"] == code);
    CHECK(cut["lobby"] == "no");
    CHECK(cut["connection"].get<int>() >= 2);  // Ann's came first
    CHECK(cut["queued_bytes"].get<int>() <= 65536);
    CHECK(cut["queued_messages"].get<int>() > 10);
    CHECK(sample(http_fetch(port, "/metrics").body, "quadra_slow_readers_total") == 1);
    // Only the slow reader went: Ann still plays.
    ann->send({{"type", "ping"}, {"id", 7}});
    CHECK(ann->receive("pong")["id"] == 7);
}

TEST_CASE("server::shutdown closes sessions with 1001, then calls the drain hook once") {
    // This client reads only after shutdown() returns, so the closing handshake waits for the
    // handshake timeout; a short one keeps the test short.
    auto config = test_config();
    config.handshake_timeout = std::chrono::milliseconds(1000);
    quadra::server::server running(config);
    int drained = 0;
    std::size_t sessions_at_drain = 99;
    running.state().drain = [&] {
        ++drained;
        sessions_at_drain = running.state().sessions.size();
    };
    running.start();
    ws_client client(running.port());
    client.send({{"type", "hello"}, {"name", "Ann"}});
    REQUIRE(client.receive()["type"] == "welcome");
    REQUIRE(running.state().sessions.size() == 1);

    running.shutdown(std::chrono::seconds(20));
    CHECK(drained == 1);
    CHECK(sessions_at_drain == 0);  // the clients were told before the store drains
    CHECK(client.closed_by_server(std::chrono::milliseconds(5000)));
    CHECK(client.close_code() == 1001);
    running.stop();  // idempotent after shutdown
    CHECK(drained == 1);
}
