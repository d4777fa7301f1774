// Chat over real WebSockets: the players' and spectators' channels during and after a game,
// history on joining, the rate limit, the length limit, and text that stays text.

#include <doctest/doctest.h>

#include "tests/server/support/life_fixture.hpp"

using namespace quadra::testing;
using nlohmann::json;

TEST_CASE("players do not read the spectators' channel until the game is over") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    auto sam = s.server.player("Sam");
    sam->send({{"type", "join_room"}, {"room", t.code}, {"as", "spectator"}});
    sam->receive("snapshot");
    drain(t[0]);
    drain(t[1]);

    CHECK(say(t[0], t.code, "good luck")["type"] == "done");
    for (auto* c : {&t[0], &t[1], sam.get()}) {
        auto line = c->receive("chat");
        CHECK(line["channel"] == "players");
        CHECK(line["seat"] == 0);
        CHECK(line["name"] == "Ann");
        CHECK(line["text"] == "good luck");
        CHECK(line["room"] == t.code);
        CHECK(line["at"].is_number_integer());
    }

    CHECK(say(*sam, t.code, "Bob is losing")["type"] == "done");
    auto heard = sam->receive("chat");
    CHECK(heard["channel"] == "spectators");
    CHECK(heard["seat"].is_null());
    CHECK(heard["name"] == "Sam");
    check_quiet(t[0]);  // the spectators' line never reached the players
    check_quiet(t[1]);

    // A player who comes back during the game gets the players' channel only.
    auto again = std::make_unique<ws_client>(s.server.port());
    again->send({{"type", "hello"}, {"token", t[1].token}});
    again->receive("snapshot");
    auto replay = again->receive();
    CHECK(replay["type"] == "chat");
    CHECK(replay["text"] == "good luck");
    check_quiet(*again);

    send_to_room(t[0], t.code, "resign");
    drain(t[0]);
    CHECK(say(*sam, t.code, "well played")["type"] == "done");
    auto after = t[0].receive("chat");
    CHECK(after["channel"] == "spectators");
    CHECK(after["text"] == "well played");

    // After the end, a joining player's history holds both channels.
    auto late = std::make_unique<ws_client>(s.server.port());
    late->send({{"type", "hello"}, {"token", t[0].token}});
    late->receive("snapshot");
    std::vector<std::string> history;
    history.reserve(3);
    for (int i = 0; i < 3; ++i) history.push_back(late->receive("chat")["text"]);
    CHECK(history == std::vector<std::string>{"good luck", "Bob is losing", "well played"});
}

TEST_CASE("a chat flood is refused with rate_limited and the others see only what passed") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    drain(t[1]);
    for (int i = 0; i < 5; ++i)
        CHECK(say(t[0], t.code, "line " + std::to_string(i))["type"] == "done");
    auto refused = say(t[0], t.code, "line 5");
    CHECK(refused["code"] == "rate_limited");
    CHECK(refused["room"] == t.code);
    for (int i = 0; i < 5; ++i) CHECK(t[1].receive("chat")["text"] == "line " + std::to_string(i));
    check_quiet(t[1]);

    s.time->advance(std::chrono::seconds(2));  // 0.5 lines a second: one more line is allowed
    CHECK(say(t[0], t.code, "line 6")["type"] == "done");
    CHECK(say(t[0], t.code, "line 7")["code"] == "rate_limited");
}

TEST_CASE("an over-long or empty chat line is refused and nobody hears it") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    drain(t[1]);
    auto refused = say(t[0], t.code, std::string(501, 'x'));
    CHECK(refused["code"] == "too_long");
    CHECK(say(t[0], t.code, " \t\u0007 ")["code"] == "bad_field");
    check_quiet(t[1]);
    CHECK(say(t[0], t.code, std::string(500, 'y'))["type"] == "done");
    CHECK(t[1].receive("chat")["text"] == std::string(500, 'y'));
    auto stranger = s.server.player("Eve");
    CHECK(say(*stranger, t.code, "hi")["code"] == "not_in_room");
}

TEST_CASE("markup arrives as literal text, and control characters are removed") {
    life_server s;
    auto t = seat_players(s.server, {"Ann", "Bob"}, "kvadratura", {{"size", 4}});
    drain(t[1]);
    const std::string markup = "<script>alert('x')</script> <b>&amp;</b>";
    say(t[0], t.code, markup);
    CHECK(t[1].receive("chat")["text"] == markup);
    say(t[0], t.code, "a\u0007b\u202Ec\nd");
    CHECK(t[1].receive("chat")["text"] == "abc d");
}
