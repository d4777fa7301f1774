#pragma once
// `quadra serve`: loads the configuration (flags, environment, file) and runs the server until
// SIGTERM or SIGINT, then shuts down gracefully.

#include <iosfwd>
#include <span>
#include <string>

namespace quadra::server {

// `environment` holds "NAME=VALUE" entries. Exit status: 0 after a clean shutdown or --help,
// 2 for a bad setting, 1 when the server cannot start.
int run_serve_command(std::span<const std::string> args, std::span<const std::string> environment,
                      std::ostream& out, std::ostream& err);

}  // namespace quadra::server
