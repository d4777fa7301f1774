// `quadra health` finds the server where `quadra serve` would listen: the config file
// (QUADRA_CONFIG or --config), then QUADRA_* variables, then its own flags — so a container's
// HEALTHCHECK follows a port set in a mounted config file.

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "server/cli/health_command.hpp"
#include "tests/server/support/process.hpp"
#include "tests/server/support/server_fixture.hpp"

namespace {

using strings = std::vector<std::string>;

struct health_result {
    int status;
    std::string out, err;
};

health_result health(const strings& args, const strings& environment) {
    std::ostringstream out, err;
    const int status = quadra::server::run_health_command(args, environment, out, err);
    return {status, out.str(), err.str()};
}

// A config file naming `port`, as a mounted /etc/quadra/quadra.json would.
std::string config_with_port(unsigned short port) {
    static const quadra::testing::scratch_dir configs("health-configs");  // removed at the end
    auto path = (configs.path / "quadra.json").string();
    std::ofstream(path) << "// the port the server was started on\n{\"address\": \"0.0.0.0\", "
                        << "\"port\": " << port << "}\n";
    return path;
}

}  // namespace

TEST_CASE("quadra health: the port comes from QUADRA_CONFIG's file, as for quadra serve") {
    quadra::testing::test_server server;
    const auto file = config_with_port(server.port());
    const auto found = health({}, {"QUADRA_CONFIG=" + file});
    CHECK(found.status == 0);
    CHECK(found.out.find("\"status\":\"ok\"") != std::string::npos);
    // --config names the file too.
    CHECK(health({"--config", file}, {}).status == 0);
    // A Kubernetes service link in QUADRA_PORT is no port: the file's port still counts.
    CHECK(health({}, {"QUADRA_CONFIG=" + file, "QUADRA_PORT=tcp://10.0.0.7:8080"}).status == 0);
}

TEST_CASE("quadra health: QUADRA_PORT over the file, --port over both") {
    quadra::testing::test_server server;
    const auto live = std::to_string(server.port());
    // Port 1 on loopback: nothing listens there.
    const auto wrong = config_with_port(1);
    CHECK(health({}, {"QUADRA_CONFIG=" + wrong}).status == 1);
    CHECK(health({}, {"QUADRA_CONFIG=" + wrong, "QUADRA_PORT=" + live}).status == 0);
    CHECK(health({"--port", live}, {"QUADRA_CONFIG=" + wrong, "QUADRA_PORT=1"}).status == 0);
    CHECK(health({"--port=" + live, "--address", "127.0.0.1"}, {}).status == 0);
    const auto down = health({"--port", "1"}, {});
    CHECK(down.status == 1);
    CHECK(down.err == "quadra health: no answer from 127.0.0.1:1\n");
}

TEST_CASE("quadra health: a bad setting or flag is reported, not a silent default") {
    const auto bad = health({}, {"QUADRA_PORT=http"});
    CHECK(bad.status == 1);
    CHECK(bad.err.find("quadra health: setting 'port' (environment QUADRA_PORT)") == 0);
    CHECK(health({}, {"QUADRA_CONFIG=/nonexistent/quadra.json"}).err ==
          "quadra health: cannot read the config file /nonexistent/quadra.json\n");
    const auto usage = "usage: quadra health [--config FILE] [--address A] [--port N]\n";
    CHECK(health({"--threads", "2"}, {}).err == usage);
    CHECK(health({"--port"}, {}).status == 2);
}
