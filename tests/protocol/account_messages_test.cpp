// The account requests and messages (#17): register and sign_in need a name and a bounded
// password and nothing else; the sign-outs take no field; welcome names the account (null for a
// guest); too_many_attempts carries retry_after.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/account_messages.hpp"
#include "protocol/messages.hpp"
#include "tests/protocol/parse_helpers.hpp"

using namespace quadra::protocol;
using namespace quadra::testing;
using nlohmann::json;

TEST_CASE("account requests parse strictly") {
    auto parsed =
        parse_request(R"({"type":"register","id":3,"name":"Ann","password":"p4ss word"})");
    REQUIRE(parsed.body);
    const auto& registration = std::get<register_request>(*parsed.body);
    CHECK(registration.name == "Ann");
    CHECK(registration.password == "p4ss word");
    parsed = parse_request(R"({"type":"sign_in","name":"ann","password":"p4ss word"})");
    REQUIRE(parsed.body);
    CHECK(std::get<sign_in_request>(*parsed.body).name == "ann");
    CHECK(std::holds_alternative<sign_out_request>(*parse_request(R"({"type":"sign_out"})").body));
    CHECK(std::holds_alternative<sign_out_everywhere_request>(
        *parse_request(R"({"type":"sign_out_everywhere"})").body));

    for (const char* type : {"register", "sign_in"}) {
        CHECK(refusal_of_object({{"type", type}, {"name", "Ann"}}) == error_code::bad_field);
        CHECK(refusal_of_object({{"type", type}, {"password", "p4ss word"}}) ==
              error_code::bad_field);
        CHECK(refusal_of_object({{"type", type}, {"name", "Ann"}, {"password", 12345678}}) ==
              error_code::bad_field);
        CHECK(refusal_of_object({{"type", type},
                                 {"name", "Ann"},
                                 {"password", std::string(max_password_bytes + 1, 'x')}}) ==
              error_code::bad_field);
        CHECK(refusal_of_object(
                  {{"type", type}, {"name", "Ann"}, {"password", "p"}, {"token", "t"}}) ==
              error_code::bad_field);
    }
    CHECK(refusal_of_object({{"type", "sign_out"}, {"everywhere", true}}) == error_code::bad_field);
}

TEST_CASE("change_password needs both passwords, bounded; ending other sessions is the default") {
    auto parsed = parse_request(
        R"({"type":"change_password","id":8,"password":"old one","new_password":"new one"})");
    REQUIRE(parsed.body);
    const auto& change = std::get<change_password_request>(*parsed.body);
    CHECK(change.password == "old one");
    CHECK(change.new_password == "new one");
    CHECK(change.end_other_sessions);
    parsed = parse_request(
        R"({"type":"change_password","password":"a","new_password":"b","end_other_sessions":false})");
    REQUIRE(parsed.body);
    CHECK_FALSE(std::get<change_password_request>(*parsed.body).end_other_sessions);

    const json both = {{"type", "change_password"}, {"password", "a"}, {"new_password", "b"}};
    for (const char* field : {"password", "new_password"}) {
        auto missing = both;
        missing.erase(field);
        CHECK(refusal_of_object(missing) == error_code::bad_field);
        auto long_one = both;
        long_one[field] = std::string(max_password_bytes + 1, 'x');
        CHECK(refusal_of_object(long_one) == error_code::bad_field);
        auto number = both;
        number[field] = 12345678;
        CHECK(refusal_of_object(number) == error_code::bad_field);
    }
    auto extra = both;
    extra["name"] = "Ann";
    CHECK(refusal_of_object(extra) == error_code::bad_field);
    auto not_boolean = both;
    not_boolean["end_other_sessions"] = "no";
    CHECK(refusal_of_object(not_boolean) == error_code::bad_field);
    CHECK(json::parse(*password_changed_message(std::int64_t{8})) ==
          json{{"type", "password_changed"}, {"id", 8}});
}

TEST_CASE("welcome names the account and too_many_attempts says when to retry") {
    const auto guest = json::parse(*welcome_message(std::int64_t{1}, "t0k", "Ann", false));
    CHECK(guest["account"].is_null());
    const auto account = json::parse(*welcome_message(std::int64_t{2}, "t0k", "Ann", true, "Ann"));
    CHECK(account["account"] == "Ann");
    const auto waiting = json::parse(*error_message(
        {error_code::too_many_attempts, "too many failed sign-ins", 840}, std::int64_t{3}));
    CHECK(waiting["code"] == "too_many_attempts");
    CHECK(waiting["retry_after"] == 840);
    CHECK(json::parse(*error_message({error_code::bad_credentials, "no"}, {}))
              .contains("retry_after") == false);
    CHECK(json::parse(*signed_out_message()) == json{{"type", "signed_out"}});
    for (auto code : {error_code::bad_credentials, error_code::name_taken, error_code::bad_name,
                      error_code::weak_password, error_code::too_many_attempts,
                      error_code::already_account, error_code::not_signed_in})
        CHECK(code_name(code) != "unknown");
}

TEST_CASE("an owner's account requests parse strictly (#31)") {
    auto parsed = parse_request(R"({"type":"rename_account","id":2,"name":"ANN"})");
    REQUIRE(parsed.body);
    CHECK(std::get<rename_account_request>(*parsed.body).name == "ANN");
    parsed = parse_request(R"({"type":"delete_account","password":"p4ss word"})");
    REQUIRE(parsed.body);
    CHECK(std::get<delete_account_request>(*parsed.body).password == "p4ss word");
    CHECK(std::holds_alternative<export_data_request>(
        *parse_request(R"({"type":"export_data"})").body));

    CHECK(refusal_of_object({{"type", "rename_account"}}) == error_code::bad_field);
    CHECK(refusal_of_object({{"type", "rename_account"}, {"name", 7}}) == error_code::bad_field);
    CHECK(refusal_of_object(
              {{"type", "rename_account"}, {"name", std::string(max_name_bytes + 1, 'a')}}) ==
          error_code::bad_field);
    CHECK(refusal_of_object({{"type", "delete_account"}}) == error_code::bad_field);
    CHECK(refusal_of_object({{"type", "delete_account"},
                             {"password", std::string(max_password_bytes + 1, 'x')}}) ==
          error_code::bad_field);
    CHECK(refusal_of_object({{"type", "delete_account"}, {"password", "p"}, {"name", "Ann"}}) ==
          error_code::bad_field);
    CHECK(refusal_of_object({{"type", "export_data"}, {"format", "csv"}}) == error_code::bad_field);
}

TEST_CASE("the owner's answers: renamed, deleted, and a copy of the data") {
    CHECK(json::parse(*account_renamed_message(std::int64_t{2}, "ANN")) ==
          json{{"type", "account_renamed"}, {"id", 2}, {"account", "ANN"}});
    CHECK(json::parse(*account_deleted_message({})) == json{{"type", "account_deleted"}});
    data_export data{"Ann", "Annie", 1000, 9000, {}, {}, {}, {}};
    data.ratings.push_back({"kvadratura.blitz", 1523.5, 210, 3});
    data.history.push_back({"kvadratura.blitz", "g1", 5000, 1500, 1523.5, "win"});
    data.games.push_back({"g1", "kvadratura", "K7QM3X", 4000, 5000, R"({"by":"rules"})"});
    data.games.push_back({"g2", "quadrature", "ABCDEF", 6000, std::nullopt, ""});
    data.chat.push_back({"g1", 4500, "good luck"});
    const auto copy = json::parse(*data_export_message({}, data));
    CHECK(copy["type"] == "data_export");
    CHECK(copy["exported_at"] == 9000);
    CHECK(copy["account"] == json{{"name", "Ann"}, {"display_name", "Annie"}, {"created", 1000}});
    CHECK(
        copy["ratings"] ==
        json::array(
            {{{"key", "kvadratura.blitz"}, {"rating", 1523.5}, {"deviation", 210}, {"games", 3}}}));
    CHECK(copy["rating_history"][0]["outcome"] == "win");
    CHECK(copy["games"][0]["result"] == json{{"by", "rules"}});
    CHECK(copy["games"][1]["result"].is_null());
    CHECK(copy["games"][1]["finished"].is_null());
    CHECK(copy["chat"] == json::array({{{"game_id", "g1"}, {"at", 4500}, {"text", "good luck"}}}));
}
