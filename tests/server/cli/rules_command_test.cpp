// `quadra rules` end to end: the real binary, a record on stdin, JSON and an exit status out.

#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/server/support/process.hpp"

namespace {

quadra::testing::command_result run_rules(const std::string& input, const std::string& args = "") {
    return quadra::testing::run_quadra("rules " + args, input);
}

}  // namespace

TEST_CASE("quadra rules prints the state after a legal record") {
    auto run = run_rules(R"({"game":"kvadratura","options":{"size":3},"moves":["a1","b2","c3"]})");
    REQUIRE(run.status == 0);
    auto state = nlohmann::json::parse(run.out);
    CHECK(state["game"] == "kvadratura");
    CHECK(state["options"] == nlohmann::json{{"size", 3}, {"mode", "first_square_loses"}});
    CHECK(state["ply"] == 3);
    CHECK(state["seats"] == nlohmann::json{"White", "Black"});
    CHECK(state["to_move"] == 1);
    CHECK(state["legal"] == nlohmann::json{"a2", "a3", "b1", "b3", "c1", "c2"});
    CHECK(state["status"] == "ongoing");
    CHECK(state["result"].is_null());
    CHECK(state["scores"] == nlohmann::json{0, 0});
    CHECK(state["board"]["cells"] == nlohmann::json{{"a1", 0}, {"b2", 1}, {"c3", 0}});
}

TEST_CASE("quadra rules reports a finished game with its result") {
    // White: a2 b1 c2 b3 is a tilted square: White loses on the 7th ply.
    auto run = run_rules(
        R"({"game":"kvadratura","options":{"size":4},"moves":["a2","d4","b1","d3","c2","d1","b3"]})");
    REQUIRE(run.status == 0);
    auto state = nlohmann::json::parse(run.out);
    CHECK(state["status"] == "finished");
    CHECK(state["to_move"] == -1);
    CHECK(state["legal"] == nlohmann::json::array());
    CHECK(state["result"]["winners"] == nlohmann::json{1});
    CHECK(state["result"]["draw"] == false);
}

TEST_CASE("quadra rules names the first illegal ply and exits 1") {
    auto run = run_rules(R"({"game":"kvadrat","moves":["h3","h13","h3"]})");
    CHECK(run.status == 1);
    auto error = nlohmann::json::parse(run.out)["error"];
    CHECK(error["ply"] == 3);
    CHECK(error["move"] == "h3");
    CHECK_FALSE(error["reason"].get<std::string>().empty());
}

TEST_CASE("quadra rules exits 2 on malformed JSON, an unknown game or a bad option") {
    auto malformed = run_rules("{not json");
    CHECK(malformed.status == 2);
    CHECK(malformed.out == "quadra rules: the record is not valid JSON\n");

    auto unknown = run_rules(R"({"game":"chess","moves":[]})");
    CHECK(unknown.status == 2);
    CHECK(unknown.out == "quadra rules: unknown game 'chess'\n");

    auto bad_option = run_rules(R"({"game":"kvadratura","options":{"size":9},"moves":[]})");
    CHECK(bad_option.status == 2);
    CHECK(bad_option.out.find("'size'") != std::string::npos);
}

TEST_CASE("quadra rules --pretty prints the same state indented") {
    const std::string record = R"({"game":"quadrature","moves":["e3-e4"]})";
    auto compact = run_rules(record);
    auto pretty = run_rules(record, "--pretty");
    REQUIRE(compact.status == 0);
    REQUIRE(pretty.status == 0);
    CHECK(pretty.out.find("\n  ") != std::string::npos);
    CHECK(nlohmann::json::parse(pretty.out) == nlohmann::json::parse(compact.out));
}
