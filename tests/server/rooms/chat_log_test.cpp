// The chat log on its own: the lines kept, the check, and who reads which channel.

#include <doctest/doctest.h>

#include "server/rooms/chat_log.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using quadra::protocol::error_code;

TEST_CASE("the chat log keeps the last 50 lines of both channels in order") {
    chat_log log;
    for (int i = 0; i < 52; ++i)
        log.apply({i % 2 == 0 ? 0 : -1, "line " + std::to_string(i), {}},
                  i % 2 == 0 ? "Ann" : "Sam", 1000 + i);
    REQUIRE(log.lines().size() == chat_log::kept);
    CHECK(log.lines().front().text == "line 2");
    CHECK(log.lines().front().seat == 0);
    CHECK(log.lines().front().name == "Ann");
    CHECK(log.lines().front().at_ms == 1002);
    CHECK(log.lines().back().text == "line 51");
    CHECK(log.lines().back().seat == -1);
    CHECK(log.lines().back().name == "Sam");
}

TEST_CASE("each chat line has a time of its own, later than every line before it") {
    chat_log log;
    CHECK(log.next_time(1000) == 1000);
    log.apply({0, "gg", {}}, "Ann", 1000);
    CHECK(log.next_time(1000) == 1001);  // a second line in the same ms
    CHECK(log.next_time(990) == 1001);   // a clock that stepped back
    CHECK(log.next_time(1500) == 1500);
    log.hide(1000);  // hidden, its time is still taken
    CHECK(log.next_time(1000) == 1001);
}

TEST_CASE("a chat event needs a seat of the room or none, and some text") {
    CHECK_FALSE(chat_log::check({-1, "hi", {}}, 2));
    CHECK_FALSE(chat_log::check({1, "hi", {}}, 2));
    CHECK(chat_log::check({2, "hi", {}}, 2)->code == error_code::bad_field);
    CHECK(chat_log::check({0, "", {}}, 2)->code == error_code::bad_field);
}

TEST_CASE("players read the spectators' channel only once the game is over") {
    CHECK(chat_log::sees(false, false, 1));
    CHECK_FALSE(chat_log::sees(false, false, -1));
    CHECK(chat_log::sees(false, true, -1));
    CHECK(chat_log::sees(true, false, -1));
    CHECK(chat_log::sees(true, false, 0));
}
