#pragma once
// What the account tests over a WebSocket share: a password the rules accept, and waiting for
// an answer long enough for an Argon2id hash on a busy machine or under the sanitizers.

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ws_client.hpp"

namespace quadra::testing {

inline const std::string account_password = "correct horse battery";

// The next message of `type`; an error fails the test.
inline nlohmann::json answer(ws_client& client, std::string_view type) {
    for (int i = 0; i < 10; ++i) {
        auto message = client.try_receive(std::chrono::seconds(60));
        REQUIRE(message.has_value());
        if ((*message)["type"] == type) return *message;
        if ((*message)["type"] == "error") FAIL((*message).dump());
    }
    FAIL("no " << type);
    return {};
}

}  // namespace quadra::testing
