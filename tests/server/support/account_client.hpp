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

// `name` registered on `client`'s fresh connection (hello, then register); its session token.
inline std::string registered(ws_client& client, const std::string& name) {
    client.send({{"type", "hello"}, {"name", name}});
    answer(client, "welcome");
    client.send({{"type", "register"}, {"name", name}, {"password", account_password}});
    const auto welcome = answer(client, "welcome");
    REQUIRE(welcome["account"] == name);
    return welcome["token"];
}

// The next message that is not about a room the client is in (a snapshot, a chat line,
// joined) nor its count of turns: the answer to its last request, or an error.
inline nlohmann::json next_reply(ws_client& client) {
    for (;;) {
        auto message = client.receive();
        if (message["type"] != "snapshot" && message["type"] != "chat" &&
            message["type"] != "joined" && message["type"] != "turns")
            return message;
    }
}

}  // namespace quadra::testing
