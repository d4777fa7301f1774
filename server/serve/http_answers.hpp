#pragma once
// The HTTP targets answered from the whole server's state rather than from the web client's
// files: /healthz, /metrics and the HTTP API (api/game_api.hpp). net/ reaches them through
// connection_state::answer.

#include <optional>
#include <string_view>

#include "server/net/connection_state.hpp"

namespace quadra::server {

struct server_state;

// The answer to a GET or HEAD of `target`; none when it names a file of the web client.
std::optional<http_answer> answer_http(const server_state& state, std::string_view target);

}  // namespace quadra::server
