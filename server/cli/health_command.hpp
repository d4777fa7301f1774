#pragma once
// `quadra health [--address A] [--port N]`: asks a running server's GET /healthz, prints the
// answer and exits 0 only on 200, so a container's HEALTHCHECK needs no curl.

#include <iosfwd>
#include <span>
#include <string>

namespace quadra::server {

// Defaults: 127.0.0.1 and QUADRA_PORT from `environment` ("NAME=VALUE"), else 8080.
int run_health_command(std::span<const std::string> args, std::span<const std::string> environment,
                       std::ostream& out, std::ostream& err);

}  // namespace quadra::server
