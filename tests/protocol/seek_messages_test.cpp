// Quick pairing on the wire: `seek` and `cancel_seek` parsed strictly, and the messages that
// answer them (`seeking`, `seek_cancelled`, `paired`, the lobby's `seeks`).

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "tests/protocol/parse_helpers.hpp"

using namespace quadra::protocol;
using namespace quadra::testing;
using nlohmann::json;

namespace {

// Ann's open seek for a rated 4-player Kvadrat with `clock`, rating range 1400-1800.
seek_summary anns_rated_seek(const clock_settings& clock) {
    seek_summary seek;
    seek.id = 17;
    seek.game = "kvadrat";
    seek.options = {{"players", std::int64_t{4}}};
    seek.clock = clock;
    seek.rated = true;
    seek.name = "Ann";
    seek.rating = 1612;
    seek.range = rating_range{1400, 1800};
    seek.seat_count = 4;
    return seek;
}

}  // namespace

TEST_CASE("seek parses its game, options, clock, rated flag and rating range") {
    auto plain = parsed_as<seek_request>(R"({"type":"seek","game":"kvadratura"})");
    CHECK(plain.game == "kvadratura");
    CHECK(plain.options.empty());
    CHECK(plain.clock.type == clock_settings::kind::none);
    CHECK_FALSE(plain.rated);
    CHECK_FALSE(plain.range.has_value());

    auto full = parsed_as<seek_request>(
        R"({"type":"seek","id":3,"game":"kvadrat","options":{"players":4},)"
        R"("clock":{"type":"bank","initial_seconds":300,"increment_seconds":5},)"
        R"("rated":true,"rating_range":{"min":1400,"max":1600}})");
    CHECK(full.game == "kvadrat");
    CHECK(std::get<std::int64_t>(full.options.at("players")) == 4);
    CHECK(full.clock == clock_settings{clock_settings::kind::bank, 300, 5, 0});
    CHECK(full.rated);
    CHECK(full.range == rating_range{1400, 1600});
    auto exact = parsed_as<seek_request>(
        R"({"type":"seek","game":"kvadrat","rating_range":{"min":1500,"max":1500}})");
    CHECK(exact.range == rating_range{1500, 1500});

    parsed_as<cancel_seek_request>(R"({"type":"cancel_seek","id":"x"})");
}

TEST_CASE("a seek or cancel_seek of the wrong shape is bad_field") {
    for (const char* bad : {
             R"({"type":"seek"})",
             R"({"type":"seek","game":7})",
             R"({"type":"seek","game":"kvadrat","rated":"yes"})",
             R"({"type":"seek","game":"kvadrat","public":true})",
             R"({"type":"seek","game":"kvadrat","seat":0})",
             R"({"type":"seek","game":"kvadrat","options":[1]})",
             R"({"type":"seek","game":"kvadrat","clock":{"type":"bank"}})",
             R"({"type":"seek","game":"kvadrat","rating_range":[1400,1600]})",
             R"({"type":"seek","game":"kvadrat","rating_range":{"min":1400}})",
             R"({"type":"seek","game":"kvadrat","rating_range":{"min":1600,"max":1400}})",
             R"({"type":"seek","game":"kvadrat","rating_range":{"min":-1,"max":1400}})",
             R"({"type":"seek","game":"kvadrat","rating_range":{"min":0,"max":4001}})",
             R"({"type":"seek","game":"kvadrat","rating_range":{"min":0,"max":10,"step":1}})",
             R"({"type":"cancel_seek","seek":1})",
         }) {
        CHECK_MESSAGE(refusal_of(bad) == error_code::bad_field, bad);
    }
    CHECK(refusal(R"({"type":"seek","game":"kvadrat","rating_range":{"min":1600,"max":1400}})")
              .message == "field 'rating_range': 'min' is above 'max'");
}

TEST_CASE("the seek messages and the lobby's seeks render as documented") {
    CHECK(json::parse(*seeking_message(std::int64_t{3}, 17)) ==
          json({{"type", "seeking"}, {"id", 3}, {"seek", 17}}));
    CHECK(json::parse(*seek_cancelled_message(std::string("c"), 17)) ==
          json({{"type", "seek_cancelled"}, {"id", "c"}, {"seek", 17}}));
    CHECK(json::parse(*paired_message(17, "K7QM3X", 1)) ==
          json({{"type", "paired"}, {"seek", 17}, {"room", "K7QM3X"}, {"seat", 1}}));

    const auto open = anns_rated_seek({clock_settings::kind::per_move, 0, 0, 60});
    seek_summary casual;
    casual.id = 18;
    casual.game = "kvadratura";
    casual.name = "Bob";
    const seek_summary seeks[] = {open, casual};
    auto message = json::parse(*rooms_message({}, {}, seeks));
    CHECK(message["rooms"] == json::array());
    CHECK(message["seeks"] ==
          json::parse(R"([{"seek":17,"game":"kvadrat","options":{"players":4},)"
                      R"("clock":{"type":"per_move","seconds":60},"rated":true,"name":"Ann",)"
                      R"("rating":1612,"rating_range":{"min":1400,"max":1800},"seat_count":4},)"
                      R"({"seek":18,"game":"kvadratura","options":{},"clock":{"type":"none"},)"
                      R"("rated":false,"name":"Bob","rating":1500,"rating_range":null,)"
                      R"("seat_count":2}])"));
    CHECK(json::parse(*rooms_message({}, {}))["seeks"] == json::array());

    CHECK(code_name(error_code::account_required) == "account_required");
    CHECK(code_name(error_code::no_seek) == "no_seek");
}

TEST_CASE("an open seek as a shared store keeps it reads back the same, and a broken one not") {
    const auto open = anns_rated_seek({clock_settings::kind::bank, 300, 5, 0});
    const auto text = seek_summary_text(open);
    CHECK(json::parse(text)["rating_range"] == json{{"min", 1400}, {"max", 1800}});
    CHECK(parse_seek_summary(text) == open);

    seek_summary any;
    any.game = "kvadratura";
    any.name = "Bob";
    const auto back = parse_seek_summary(seek_summary_text(any));
    REQUIRE(back.has_value());
    CHECK(back == any);
    CHECK(!back->range.has_value());

    for (const auto* broken : {"", "[]", R"({"game":"kvadrat"})", R"({"seek":-1,"game":"kvadrat"})",
                               R"({"seek":1,"game":"","clock":{"type":"none"}})",
                               R"({"seek":1,"game":"kvadrat","clock":{"type":"sundial"}})"})
        CHECK_MESSAGE(!parse_seek_summary(broken).has_value(), broken);
}
