// The moderation requests and messages (#31): moderate names one of four actions, an account and
// a reason, and minutes only for a mute; nothing on the wire grants a role; the moderation view
// lists accounts and the log with only the keys that apply.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/account_messages.hpp"
#include "protocol/messages.hpp"
#include "tests/protocol/parse_helpers.hpp"

using namespace quadra::protocol;
using namespace quadra::testing;
using nlohmann::json;

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
        CHECK(refusal_of_object(missing) == error_code::bad_field);
    }
    for (const char* action : {"unlist", "relist"}) {
        auto other = ban;
        other["action"] = action;
        CHECK(std::get<moderate_request>(*parse_request(other.dump()).body).action == action);
    }
    for (const char* action : {"grant", "revoke", "delete", ""}) {
        auto other = ban;
        other["action"] = action;
        CHECK(refusal_of_object(other) == error_code::bad_field);
    }
    auto blank = ban;
    blank["reason"] = " \n ";
    CHECK(refusal_of_object(blank) == error_code::bad_field);
    auto long_reason = ban;
    long_reason["reason"] = std::string(max_reason_bytes + 1, 'x');
    CHECK(refusal_of_object(long_reason) == error_code::bad_field);
    auto minutes_on_ban = ban;
    minutes_on_ban["minutes"] = 5;
    CHECK(refusal_of_object(minutes_on_ban) == error_code::bad_field);
    auto mute_bounds = ban;
    mute_bounds["action"] = "mute";
    for (const json& minutes : {json(0), json(max_mute_minutes + 1), json("60"), json(1.5)}) {
        mute_bounds["minutes"] = minutes;
        CHECK(refusal_of_object(mute_bounds) == error_code::bad_field);
    }
    auto role = ban;
    role["role"] = "admin";
    CHECK(refusal_of_object(role) == error_code::bad_field);

    parsed = parse_request(R"({"type":"moderation"})");
    REQUIRE(parsed.body);
    CHECK(std::get<moderation_request>(*parsed.body).limit == 50);
    CHECK(refusal_of_object({{"type", "moderation"}, {"limit", 0}}) == error_code::bad_field);
    CHECK(refusal_of_object({{"type", "moderation"}, {"limit", 501}}) == error_code::bad_field);
    CHECK(refusal_of_object({{"type", "moderation"}, {"name", "Bob"}}) == error_code::bad_field);
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
    const block_view blocks[] = {{"203.0.113.0/24", "guests", forever},
                                 {"2001:db8::/32", "both", 7000}};
    const auto view = json::parse(*moderation_message({}, accounts, log, {}, blocks, forever));
    CHECK(view["reports"] == json::array());
    CHECK(view["blocks"] ==
          json::array({{{"address", "203.0.113.0/24"}, {"refuses", "guests"}, {"for_good", true}},
                       {{"address", "2001:db8::/32"}, {"refuses", "both"}, {"until", 7000}}}));
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

TEST_CASE("report names what it reports, from a short list of reasons") {
    auto parsed = parse_request(
        R"({"type":"report","about":"chat","room":"K7QM3X","at":1234,"reason":"abuse","words":"rude"})");
    REQUIRE(parsed.body);
    const auto& chat = std::get<report_request>(*parsed.body);
    CHECK(chat.about == "chat");
    CHECK(chat.room == "K7QM3X");
    CHECK(chat.at == 1234);
    CHECK(chat.reason == "abuse");
    CHECK(chat.words == "rude");
    parsed = parse_request(R"({"type":"report","about":"player","name":"Bob","reason":"name"})");
    REQUIRE(parsed.body);
    CHECK(std::get<report_request>(*parsed.body).name == "Bob");
    parsed =
        parse_request(R"({"type":"report","about":"game","room":"K7QM3X","reason":"cheating"})");
    REQUIRE(parsed.body);

    const json player = {
        {"type", "report"}, {"about", "player"}, {"name", "Bob"}, {"reason", "spam"}};
    auto bad = [&](const char* key, const json& value) {
        auto changed = player;
        if (value.is_null())
            changed.erase(key);
        else
            changed[key] = value;
        return refusal_of_object(changed);
    };
    CHECK(bad("about", "room") == error_code::bad_field);
    CHECK(bad("about", nullptr) == error_code::bad_field);
    CHECK(bad("reason", "boring") == error_code::bad_field);
    CHECK(bad("reason", nullptr) == error_code::bad_field);
    CHECK(bad("name", nullptr) == error_code::bad_field);
    CHECK(bad("room", "K7QM3X") == error_code::bad_field);  // a player report names no room
    CHECK(bad("at", 5) == error_code::bad_field);
    CHECK(bad("words", std::string(max_reason_bytes + 1, 'x')) == error_code::bad_field);
    CHECK(bad("seat", 1) == error_code::bad_field);
    CHECK(refusal_of_object(
              {{"type", "report"}, {"about", "chat"}, {"room", "K7QM3X"}, {"reason", "spam"}}) ==
          error_code::bad_field);  // which line?
    CHECK(refusal_of_object({{"type", "report"},
                             {"about", "game"},
                             {"room", "K7QM3X"},
                             {"name", "Bob"},
                             {"reason", "spam"}}) == error_code::bad_field);

    parsed = parse_request(
        R"({"type":"resolve_report","report":3,"outcome":"dismissed","reason":"fine"})");
    REQUIRE(parsed.body);
    CHECK(std::get<resolve_report_request>(*parsed.body).report == 3);
    const json resolve = {
        {"type", "resolve_report"}, {"report", 3}, {"outcome", "acted"}, {"reason", "muted"}};
    for (const auto& [key, value] :
         {std::pair{"report", json(0)}, std::pair{"outcome", json("ignored")},
          std::pair{"reason", json(" ")}, std::pair{"report", json("3")}}) {
        auto changed = resolve;
        changed[key] = value;
        CHECK(refusal_of_object(changed) == error_code::bad_field);
    }
    CHECK(std::holds_alternative<my_reports_request>(
        *parse_request(R"({"type":"my_reports"})").body));
}

TEST_CASE("reports as their reporter and the moderators see them") {
    const report_view open{7, 1000, "Ann", "chat", "Bob", "K7QM3X", "buy gold", "spam", "", "", 0};
    const report_view handled{6,  900,        "Ann",    "game",      "", "ABCDEF",
                              "", "cheating", "engine", "dismissed", 950};
    CHECK(json::parse(*reported_message(std::int64_t{4}, 7)) ==
          json{{"type", "reported"}, {"id", 4}, {"report", 7}});
    const report_view mine[] = {
        {7, 1000, "", "chat", "Bob", "K7QM3X", "buy gold", "spam", "", "", 0}, handled};
    const auto listed = json::parse(*my_reports_message({}, mine));
    CHECK(listed["reports"][0] == json{{"id", 7},
                                       {"at", 1000},
                                       {"about", "chat"},
                                       {"name", "Bob"},
                                       {"room", "K7QM3X"},
                                       {"quoted", "buy gold"},
                                       {"reason", "spam"},
                                       {"status", "open"}});
    CHECK(listed["reports"][1]["status"] == "dismissed");
    CHECK(listed["reports"][1]["handled_at"] == 950);
    CHECK(listed["reports"][1]["by"] == "Ann");
    const report_view queue[] = {open};
    const auto view = json::parse(*moderation_message({}, {}, {}, queue, {}, 0));
    CHECK(view["reports"][0]["by"] == "Ann");
    CHECK(json::parse(*report_resolved_message({}, 7, "acted")) ==
          json{{"type", "report_resolved"}, {"report", 7}, {"outcome", "acted"}});
    for (auto code :
         {error_code::no_such_report, error_code::no_such_line, error_code::address_refused})
        CHECK(code_name(code) != "unknown");
}

TEST_CASE("block_address names a range, what it refuses and why; unblock_address the range") {
    auto parsed = parse_request(
        R"({"type":"block_address","address":"203.0.113.0/24","refuse":"both","minutes":90,"reason":"raid"})");
    REQUIRE(parsed.body);
    const auto& block = std::get<block_address_request>(*parsed.body);
    CHECK(block.address == "203.0.113.0/24");
    CHECK(block.refuse == "both");
    CHECK(block.minutes == 90);
    const json good = {{"type", "block_address"},
                       {"address", "203.0.113.0/24"},
                       {"refuse", "guests"},
                       {"reason", "raid"}};
    for (const auto& [key, value] :
         {std::pair{"refuse", json("everyone")}, std::pair{"reason", json("")},
          std::pair{"minutes", json(0)}, std::pair{"name", json("Bob")}}) {
        auto changed = good;
        changed[key] = value;
        CHECK(refusal_of_object(changed) == error_code::bad_field);
    }
    for (const char* key : {"address", "refuse", "reason"}) {
        auto missing = good;
        missing.erase(key);
        CHECK(refusal_of_object(missing) == error_code::bad_field);
    }
    parsed =
        parse_request(R"({"type":"unblock_address","address":"203.0.113.0/24","reason":"over"})");
    REQUIRE(parsed.body);
    CHECK(std::get<unblock_address_request>(*parsed.body).address == "203.0.113.0/24");
    CHECK(refusal_of_object({{"type", "unblock_address"}, {"address", "203.0.113.0/24"}}) ==
          error_code::bad_field);
}

TEST_CASE("hide_chat names a room's line by its time, with a reason; members are told") {
    auto parsed =
        parse_request(R"({"type":"hide_chat","room":"K7QM3X","at":1796544100000,"reason":"spam"})");
    REQUIRE(parsed.body);
    const auto& hide = std::get<hide_chat_request>(*parsed.body);
    CHECK(hide.room == "K7QM3X");
    CHECK(hide.at == 1796544100000);
    const json good = {{"type", "hide_chat"}, {"room", "K7QM3X"}, {"at", 5}, {"reason", "spam"}};
    for (const char* key : {"room", "at", "reason"}) {
        auto missing = good;
        missing.erase(key);
        CHECK(refusal_of_object(missing) == error_code::bad_field);
    }
    auto negative = good;
    negative["at"] = -1;
    CHECK(refusal_of_object(negative) == error_code::bad_field);
    auto extra = good;
    extra["text"] = "buy gold";
    CHECK(refusal_of_object(extra) == error_code::bad_field);
    CHECK(json::parse(*chat_hidden_message("K7QM3X", 5)) ==
          json{{"type", "chat_hidden"}, {"room", "K7QM3X"}, {"at", 5}});
}
