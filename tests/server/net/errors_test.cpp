// Every error code over a real connection: the bad input that triggers it, the code, the room
// unchanged afterwards and the connection still usable (except closes on oversize and flood).

#include <doctest/doctest.h>

#include <thread>

#include "tests/server/support/server_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

// The room as `client` sees it now: joining again is idempotent and returns the snapshot.
json current_snapshot(ws_client& client, const std::string& code) {
    client.send({{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(client.receive()["type"] == "joined");
    auto snapshot = client.receive();
    REQUIRE(snapshot["type"] == "snapshot");
    return snapshot;
}

void expect_error(ws_client& client, const json& request, std::string_view code) {
    INFO("request: ", request.dump());
    auto sent = request;
    sent["id"] = "e";
    client.send(sent);
    auto reply = client.receive();
    CHECK(reply["type"] == "error");
    CHECK_MESSAGE(reply["code"] == code, "request " << request.dump() << " got " << reply.dump());
    CHECK(reply["id"] == "e");
    CHECK(reply["message"].is_string());
}

void expect_usable(ws_client& client) {
    client.send({{"type", "ping"}, {"id", 99}});
    auto pong = client.receive();
    CHECK(pong["type"] == "pong");
    CHECK(pong["id"] == 99);
}

}  // namespace

TEST_CASE("every error code, with the room and the connection unchanged") {
    test_server server;

    ws_client anonymous(server.port());
    expect_error(anonymous, {{"type", "create_room"}, {"game", "kvadratura"}}, "not_identified");
    expect_error(anonymous, {{"type", "hello"}, {"protocol", 99}}, "unsupported_protocol");
    expect_error(anonymous, {{"type", "hello"}, {"token", std::string(32, '0')}}, "bad_token");
    expect_usable(anonymous);

    auto a = server.player("Ann");
    auto b = server.player("Bob");
    auto c = server.player("Cy");
    const auto code = create_room(*a, "kvadratura", {{"size", 4}});

    expect_error(*b, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}},
                 "not_a_player");
    expect_error(*a, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}},
                 "not_started");
    expect_error(*b, {{"type", "join_room"}, {"room", code}, {"seat", 0}}, "seat_taken");
    expect_error(*b, {{"type", "join_room"}, {"room", code}, {"seat", 5}}, "bad_field");
    join_room(*b, code);
    a->receive("snapshot");
    const auto before = current_snapshot(*c, code);
    a->receive("snapshot");  // the spectator's arrival
    b->receive("snapshot");
    CHECK(before["version"] == 0);
    CHECK(before["status"] == "playing");

    expect_error(*c, {{"type", "join_room"}, {"room", code}, {"as", "player"}}, "room_full");
    expect_error(*c, {{"type", "join_room"}, {"room", "NOROOM"}}, "no_such_room");
    expect_error(*c, {{"type", "leave_room"}, {"room", "NOROOM"}}, "not_in_room");
    expect_error(*c, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}},
                 "not_a_player");
    expect_error(*b, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}},
                 "not_your_turn");
    expect_error(*a, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 3}},
                 "stale_version");
    expect_error(*a, {{"type", "move"}, {"room", code}, {"move", "z9"}, {"version", 0}},
                 "illegal_move");
    expect_error(*a, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", "0"}},
                 "bad_field");
    expect_error(*a, {{"type", "move"}, {"room", code}, {"move", "a1"}}, "bad_field");
    expect_error(*a, {{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}, {"x", 1}},
                 "bad_field");
    expect_error(*a, {{"type", "dance"}}, "unknown_type");
    expect_error(*a, {{"type", "create_room"}, {"game", "chess"}}, "unknown_game");
    expect_error(*a, {{"type", "create_room"}, {"game", "kvadratura"}, {"options", {{"size", 99}}}},
                 "bad_options");

    a->send_text("{\"type\": \"move\",");
    auto reply = a->receive();
    CHECK(reply["code"] == "bad_json");
    a->send_text("[\"move\"]");
    CHECK(a->receive()["code"] == "bad_json");
    a->send_binary("\x01\x02");
    CHECK(a->receive()["code"] == "bad_frame");

    // The room is exactly as before, and nobody else heard of any of it.
    CHECK(current_snapshot(*c, code) == before);
    CHECK_FALSE(a->try_receive(std::chrono::milliseconds(100)).has_value());
    CHECK_FALSE(b->try_receive(std::chrono::milliseconds(1)).has_value());
    expect_usable(*a);
    expect_usable(*b);

    // The room still plays.
    a->send({{"type", "move"}, {"room", code}, {"move", "a1"}, {"version", 0}});
    CHECK(a->receive()["version"] == 1);
}

TEST_CASE("an oversized message gets too_large and closes only its sender") {
    test_server server;
    auto a = server.player("Ann");
    auto b = server.player("Bob");
    a->send_text(std::string(9000, ' '));
    auto reply = a->receive();
    CHECK(reply["code"] == "too_large");
    CHECK(a->closed_by_server());
    expect_usable(*b);
}

TEST_CASE("a message just under the limit is read normally") {
    test_server server;
    auto a = server.player("Ann");
    json ping = {{"type", "ping"}, {"id", std::string(20, 'i')}};
    auto text = ping.dump();
    text.insert(1, std::string(8192 - text.size(), ' '));  // JSON allows the padding
    REQUIRE(text.size() == 8192);
    a->send_text(text);
    CHECK(a->receive()["type"] == "pong");
}

TEST_CASE("too many messages get rate_limited, a flood closes only the sender") {
    auto config = test_config();
    config.messages_per_second = 1;
    config.message_burst = 5;
    test_server server(config);
    auto a = server.player("Ann");  // the hello used one token of five
    for (int i = 0; i < 4; ++i) a->send({{"type", "ping"}});
    for (int i = 0; i < 4; ++i) CHECK(a->receive()["type"] == "pong");
    a->send({{"type", "ping"}});
    CHECK(a->receive()["code"] == "rate_limited");

    auto b = server.player("Bob");
    for (int i = 0; i < 20; ++i) a->send({{"type", "ping"}});
    bool closed = false;
    for (int i = 0; i < 20 && !closed; ++i) {
        try {
            auto got = a->try_receive(std::chrono::milliseconds(500));
            if (!got) break;
            CHECK((*got)["code"] == "rate_limited");
        } catch (const std::exception&) {
            closed = true;
        }
    }
    CHECK(closed);
    expect_usable(*b);
}

TEST_CASE("a full server refuses new rooms with server_full") {
    auto config = test_config();
    config.max_rooms = 1;
    test_server server(config);
    auto a = server.player("Ann");
    create_room(*a, "kvadratura", json::object());
    expect_error(*a, {{"type", "create_room"}, {"game", "kvadratura"}}, "server_full");
    expect_usable(*a);
}

TEST_CASE("the lobby lists public rooms and pushes changes") {
    test_server server;
    auto watcher = server.player("W");
    watcher->send({{"type", "list_rooms"}, {"subscribe", true}, {"id", 1}});
    auto first = watcher->receive();
    CHECK(first["type"] == "rooms");
    CHECK(first["id"] == 1);
    CHECK(first["rooms"].empty());

    auto a = server.player("Ann");
    const auto code = create_room(*a, "kvadrat", {{"players", 2}});
    auto listed = watcher->receive("rooms");
    REQUIRE(listed["rooms"].size() == 1);
    CHECK(listed["rooms"][0]["room"] == code);
    CHECK(listed["rooms"][0]["game"] == "kvadrat");
    CHECK(listed["rooms"][0]["seat_count"] == 2);
    CHECK(listed["rooms"][0]["seats_taken"] == 1);
    CHECK(listed["rooms"][0]["status"] == "waiting");

    a->send({{"type", "create_room"}, {"game", "kvadratura"}, {"public", false}});
    CHECK(a->receive()["type"] == "joined");
    CHECK(a->receive()["type"] == "snapshot");
    CHECK_FALSE(watcher->try_receive(std::chrono::milliseconds(100)).has_value());
}

TEST_CASE("a lobby watcher that does not read is cut off by the bytes queued for it") {
    auto config = test_config();
    config.max_queued_messages = 1000000;  // only the byte bound can cut it
    config.max_queued_bytes = 4096;
    config.max_rooms_per_connection = 100;
    test_server server(config);
    auto watcher = server.player("Sam");
    watcher->send({{"type", "list_rooms"}, {"subscribe", true}});
    CHECK(watcher->receive("rooms")["rooms"].empty());
    auto connections = [&] {
        auto health = http_get(server.port(), "/healthz");
        return json::parse(health.substr(health.find("\r\n\r\n") + 4))["connections"].get<int>();
    };
    // Every new public room pushes the whole listing, a little longer each time: about 250 KB
    // for these 45 rooms, more than the socket buffers hold. Sam never reads them.
    auto host = server.player("Ann");
    for (int i = 0; i < 45; ++i) create_room(*host, "kvadratura", {{"size", 4}});
    bool cut = false;
    for (int i = 0; i < 300 && !cut; ++i) {
        cut = connections() == 1;
        if (!cut) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(cut);
    expect_usable(*host);
}

TEST_CASE("a reader that falls too far behind is disconnected, and only it") {
    auto config = test_config();
    config.max_queued_messages = 16;
    config.messages_per_second = 100000;
    config.message_burst = 100000;
    test_server server(config);
    auto a = server.player("Ann");
    const auto code = create_room(*a, "kvadrat", {{"players", 4}});
    auto slow = server.player("Slow");
    auto connections = [&] {
        auto health = http_get(server.port(), "/healthz");
        auto body = json::parse(health.substr(health.find("\r\n\r\n") + 4));
        return body["connections"].get<int>();
    };
    REQUIRE(connections() == 2);
    // Each join is answered with a full snapshot; the slow client never reads them.
    const auto join = json({{"type", "join_room"}, {"room", code}, {"as", "spectator"}}).dump();
    try {
        for (int i = 0; i < 8000; ++i) slow->send_text(join);
    } catch (const std::exception&) {
        // The server may already have cut the connection.
    }
    bool cut = false;
    for (int i = 0; i < 300 && !cut; ++i) {
        cut = connections() == 1;
        if (!cut) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(cut);
    CHECK(a->receive()["spectators"] == 1);  // the slow client arrived
    CHECK(a->receive()["spectators"] == 0);  // and was cut off
    CHECK_FALSE(a->try_receive(std::chrono::milliseconds(100))
                    .has_value());  // the slow client's first join
    expect_usable(*a);
}
