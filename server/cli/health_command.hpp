#pragma once
// `quadra health [--config FILE] [--address A] [--port N]`: asks a running server's GET /healthz,
// prints the answer and exits 0 only on 200, so a container's HEALTHCHECK needs no curl.

#include <iosfwd>
#include <span>
#include <string>

namespace quadra::server {

// Finds the server the way `quadra serve` finds its settings: the config file (--config or
// QUADRA_CONFIG), then QUADRA_* in `environment` ("NAME=VALUE"), then the flags; a wildcard
// address (0.0.0.0, ::) is asked on loopback. Exit status: 0 healthy, 1 not, 2 usage.
int run_health_command(std::span<const std::string> args, std::span<const std::string> environment,
                       std::ostream& out, std::ostream& err);

}  // namespace quadra::server
