#pragma once
// `quadra serve`: parses its flags into a server_config and runs the server until a signal.

#include <iosfwd>
#include <optional>
#include <span>
#include <string>

#include "config.hpp"

namespace quadra::server {

// The configuration the flags describe, or nullopt after printing what was wrong to `err`.
std::optional<server_config> parse_serve_flags(std::span<char* const> args, std::ostream& err);

int run_serve_command(std::span<char* const> args, std::ostream& out, std::ostream& err);

}  // namespace quadra::server
