// What `quadra rules` and `quadra verify` print: one shape for the first refused ply.

#include <doctest/doctest.h>

#include "protocol/cli_json.hpp"

using namespace quadra;

TEST_CASE("the first refused ply is one error object, compact or indented") {
    const rules::replay_error failure{3, "h3", "h3 is taken"};
    CHECK(protocol::ply_error_text(failure) ==
          R"({"error":{"move":"h3","ply":3,"reason":"h3 is taken"}})");
    CHECK(protocol::ply_error_text(failure, true) ==
          "{\n  \"error\": {\n    \"move\": \"h3\",\n    \"ply\": 3,\n"
          "    \"reason\": \"h3 is taken\"\n  }\n}");
    const rules::replay_error seed{0, "", "SHA-256 of the seed is not the commitment"};
    CHECK(protocol::ply_error_text(seed) ==
          R"({"error":{"move":"","ply":0,"reason":"SHA-256 of the seed is not the commitment"}})");
}

TEST_CASE("a verified record prints its plies and rolls") {
    CHECK(protocol::verified_text(12, 3) == R"({"ok":true,"plies":12,"rolls":3})");
}
