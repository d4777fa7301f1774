#pragma once
// What the tests of the requests share: parsing a request that must be refused, or one that must
// parse as a given kind.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <string_view>
#include <variant>

#include "protocol/messages.hpp"

namespace quadra::testing {

// The error parse_request answers `text` with; the test fails if `text` parses.
inline protocol::error refusal(std::string_view text) {
    auto parsed = protocol::parse_request(text);
    REQUIRE_MESSAGE(parsed.failure.has_value(), text);
    CHECK_FALSE(parsed.body.has_value());
    return *parsed.failure;
}

inline protocol::error_code refusal_of(std::string_view text) { return refusal(text).code; }

// The same for a request written as a JSON object.
inline protocol::error_code refusal_of_object(const nlohmann::json& request) {
    return refusal(request.dump()).code;
}

// The request `text` parses as; the test fails if it is refused or of another kind.
template <class Request>
Request parsed_as(std::string_view text) {
    auto parsed = protocol::parse_request(text);
    REQUIRE_MESSAGE(parsed.body.has_value(), text);
    REQUIRE(std::holds_alternative<Request>(*parsed.body));
    return std::get<Request>(*parsed.body);
}

}  // namespace quadra::testing
