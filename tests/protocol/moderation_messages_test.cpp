// The moderation requests and messages (#31): moderate names one of four actions, an account and
// a reason, and minutes only for a mute; nothing on the wire grants a role; the moderation view
// lists accounts and the log with only the keys that apply.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"

using namespace quadra::protocol;
using nlohmann::json;

namespace {

error_code refusal_of(const json& request) {
    auto parsed = parse_request(request.dump());
    REQUIRE(parsed.failure.has_value());
    return parsed.failure->code;
}

}  // namespace

TEST_CASE("moderate parses strictly: a known action, an account, a reason, minutes for a mute") {
    auto parsed = parse_request(
        R"({"type":"moderate","id":4,"action":"mute","name":"Bob","reason":"spam","minutes":60})");
    REQUIRE(parsed.body);
    const auto& mute = std::get<moderate_request>(*parsed.body);
    CHECK(mute.action == "mute");
    CHECK(mute.name == "Bob");
    CHECK(mute.reason == "spam");
    CHECK(mute.minutes == 60);
    parsed = parse_request(R"({"type":"moderate","action":"ban","name":"Bob","reason":"cheat"})");
    REQUIRE(parsed.body);
    CHECK_FALSE(std::get<moderate_request>(*parsed.body).minutes.has_value());

    const json ban = {{"type", "moderate"}, {"action", "ban"}, {"name", "Bob"}, {"reason", "x"}};
    for (const char* field : {"action", "name", "reason"}) {
        auto missing = ban;
        missing.erase(field);
        CHECK(refusal_of(missing) == error_code::bad_field);
    }
    for (const char* action : {"unlist", "relist"}) {
        auto other = ban;
        other["action"] = action;
        CHECK(std::get<moderate_request>(*parse_request(other.dump()).body).action == action);
    }
    for (const char* action : {"grant", "revoke", "delete", ""}) {
        auto other = ban;
        other["action"] = action;
        CHECK(refusal_of(other) == error_code::bad_field);
    }
    auto blank = ban;
    blank["reason"] = " \n ";
    CHECK(refusal_of(blank) == error_code::bad_field);
    auto long_reason = ban;
    long_reason["reason"] = std::string(max_reason_bytes + 1, 'x');
    CHECK(refusal_of(long_reason) == error_code::bad_field);
    auto minutes_on_ban = ban;
    minutes_on_ban["minutes"] = 5;
    CHECK(refusal_of(minutes_on_ban) == error_code::bad_field);
    auto mute_bounds = ban;
    mute_bounds["action"] = "mute";
    for (const json& minutes : {json(0), json(max_mute_minutes + 1), json("60"), json(1.5)}) {
        mute_bounds["minutes"] = minutes;
        CHECK(refusal_of(mute_bounds) == error_code::bad_field);
    }
    auto role = ban;
    role["role"] = "admin";
    CHECK(refusal_of(role) == error_code::bad_field);

    parsed = parse_request(R"({"type":"moderation"})");
    REQUIRE(parsed.body);
    CHECK(std::get<moderation_request>(*parsed.body).limit == 50);
    CHECK(refusal_of({{"type", "moderation"}, {"limit", 0}}) == error_code::bad_field);
    CHECK(refusal_of({{"type", "moderation"}, {"limit", 501}}) == error_code::bad_field);
    CHECK(refusal_of({{"type", "moderation"}, {"name", "Bob"}}) == error_code::bad_field);
}

TEST_CASE("moderation messages carry only the keys that apply") {
    CHECK(json::parse(*moderated_message(std::int64_t{4}, "mute", "Bob")) ==
          json{{"type", "moderated"}, {"id", 4}, {"action", "mute"}, {"name", "Bob"}});
    CHECK(json::parse(*signed_out_message(true)) ==
          json{{"type", "signed_out"}, {"reason", "banned"}});
    const auto mod =
        json::parse(*welcome_message(std::int64_t{1}, "t0k", "Mara", true, "Mara", 2, "moderator"));
    CHECK(mod["role"] == "moderator");
    CHECK_FALSE(
        json::parse(*welcome_message(std::int64_t{1}, "t0k", "Ann", true, "Ann")).contains("role"));

    constexpr std::int64_t forever = 9'000'000'000'000;
    const standing_view accounts[] = {{"Bob", "", forever, true, false},
                                      {"Cid", "", 5000, false, true},
                                      {"Mara", "moderator", 0, false, false}};
    const audit_view log[] = {{2, 2000, "Mara", "mute", "Bob", "", forever, "spam"},
                              {1, 1000, "", "grant", "Mara", "moderator", 0, "trusted"}};
    const auto view = json::parse(*moderation_message({}, accounts, log, forever));
    CHECK(view["accounts"] ==
          json::array({{{"name", "Bob"}, {"muted_for_good", true}, {"banned", true}},
                       {{"name", "Cid"}, {"muted_until", 5000}, {"unlisted", true}},
                       {{"name", "Mara"}, {"role", "moderator"}}}));
    CHECK(view["log"][0] == json{{"id", 2},
                                 {"at", 2000},
                                 {"by", "Mara"},
                                 {"action", "mute"},
                                 {"name", "Bob"},
                                 {"reason", "spam"},
                                 {"for_good", true}});
    CHECK(view["log"][1] == json{{"id", 1},
                                 {"at", 1000},
                                 {"by", nullptr},
                                 {"action", "grant"},
                                 {"name", "Mara"},
                                 {"reason", "trusted"},
                                 {"role", "moderator"}});
    for (auto code : {error_code::muted, error_code::banned, error_code::no_such_account,
                      error_code::no_change})
        CHECK(code_name(code) != "unknown");
}
