// Any WebSocket text frame through protocol::parse_request: a request or a precise error, never
// both, and whatever it keeps is bounded.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "fuzz_check.hpp"
#include "protocol/messages.hpp"

using quadra::fuzzing::require;
namespace protocol = quadra::protocol;

namespace {

void check_bounded(const protocol::request_body& body) {
    std::visit(
        [](const auto& request) {
            using type = std::decay_t<decltype(request)>;
            if constexpr (protocol::for_room<type>)
                require(request.room.size() <= protocol::max_word_length, "room codes are bounded");
            if constexpr (std::is_same_v<type, protocol::move_request>)
                require(request.move.size() <= protocol::max_word_length, "moves are bounded");
            if constexpr (std::is_same_v<type, protocol::chat_request>)
                require(request.text.size() <= protocol::max_chat_field_bytes,
                        "chat lines are bounded");
            if constexpr (std::is_same_v<type, protocol::hello_request>) {
                require(!request.token || request.token->size() <= protocol::max_token_length,
                        "tokens are bounded");
                require(!request.name || request.name->size() <= protocol::max_name_bytes,
                        "names are bounded");
                require(request.protocol >= protocol::first_protocol &&
                            request.protocol <= protocol::latest_protocol,
                        "a hello speaks a protocol the server has");
            }
        },
        body);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = protocol::parse_request(text);
    require(parsed.body.has_value() != parsed.failure.has_value(),
            "a frame is either a request or an error");
    if (parsed.failure) {
        require(!parsed.failure->message.empty(), "an error says why");
        require(!protocol::code_name(parsed.failure->code).empty(), "an error has a wire name");
        return 0;
    }
    check_bounded(*parsed.body);
    if (const auto* id = std::get_if<std::string>(&parsed.id))
        require(id->size() <= protocol::max_word_length, "string ids are bounded");
    return 0;
}
