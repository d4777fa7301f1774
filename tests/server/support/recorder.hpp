#pragma once
// A recipient that keeps every message it is sent, for the tests that drive rooms and sessions
// without a network.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <deque>

#include "server/rooms/recipient.hpp"

namespace quadra::testing {

struct recorder : server::recipient {
    std::deque<nlohmann::json> got;  // oldest first

    void deliver(protocol::message_ptr message) override {
        got.push_back(nlohmann::json::parse(*message));
    }
    // Takes the oldest message not yet taken; the test fails if there is none.
    nlohmann::json next() {
        REQUIRE_FALSE(got.empty());
        auto message = got.front();
        got.pop_front();
        return message;
    }
};

}  // namespace quadra::testing
