// Log lines in JSON: the event first, fields in order, values escaped, numbers bare.

#include <doctest/doctest.h>

#include <vector>

#include "protocol/log_json.hpp"

using namespace quadra;

TEST_CASE("a log event renders its fields in order, numbers unquoted") {
    const std::vector<protocol::log_field> fields{
        {"room", "K7QM3X", true}, {"player", "7", false}, {"load", "0.25", false}};
    CHECK(protocol::log_event_fields("room_created", fields) ==
          R"("event":"room_created","room":"K7QM3X","player":7,"load":0.25)");
    CHECK(protocol::log_event_fields("started", {}) == R"("event":"started")");
}

TEST_CASE("a log value cannot break the line or forge a field") {
    const std::vector<protocol::log_field> fields{{"name", "a\"b\nc\x01", true},
                                                  {"rate", "inf", false}};
    CHECK(protocol::log_event_fields("joined", fields) ==
          R"("event":"joined","name":"a\"b\nc\u0001","rate":null)");
}

TEST_CASE("quoted text is a JSON string literal") {
    CHECK(protocol::quoted_text("two words") == R"("two words")");
    CHECK(protocol::quoted_text("a=\"b\"\\") == R"("a=\"b\"\\")");
    CHECK(protocol::quoted_text("\t") == R"("\t")");
    CHECK(protocol::quoted_text("\xff") == "\"\xef\xbf\xbd\"");  // invalid UTF-8: U+FFFD
}
