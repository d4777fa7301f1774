// The configuration loader: the shipped file equals the defaults, precedence flags > environment
// > file > defaults, and every kind of bad value stops start-up with a message naming the key.

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include "server/ops/config_loader.hpp"
#include "tests/server/support/process.hpp"
#include "tests/test_paths.hpp"

namespace {

using quadra::server::config_to_json;
using quadra::server::load_config;
using quadra::server::load_config_text;
using quadra::server::server_config;
using strings = std::vector<std::string>;

// A config file with `text` in a fresh temporary path, removed when the tests end.
std::string write_file(const std::string& name, const std::string& text) {
    static const quadra::testing::scratch_dir configs("configs");
    auto path = (configs.path / name).string();
    std::ofstream(path) << text;
    return path;
}

std::string error_of(const strings& args, const strings& environment = {}) {
    auto loaded = load_config(args, environment);
    CHECK_FALSE(loaded.config.has_value());
    return loaded.error;
}

}  // namespace

TEST_CASE("config/quadra.json holds every setting with its default") {
    auto loaded = load_config(strings{"--config", quadra::testing::config_file}, {});
    REQUIRE_MESSAGE(loaded.config.has_value(), loaded.error);
    CHECK(config_to_json(*loaded.config) == config_to_json(server_config{}));
    // Every key is written out in the file, not just defaulted.
    std::ifstream in(quadra::testing::config_file);
    auto file = nlohmann::json::parse(in, nullptr, true, true);
    std::vector<std::string> file_keys, all_keys;
    for (const auto& [key, value] : file.items()) file_keys.push_back(key);
    const auto defaults = config_to_json(server_config{});
    for (const auto& [key, value] : defaults.items()) all_keys.push_back(key);
    CHECK(file_keys == all_keys);
    CHECK(all_keys.size() == 44);
}

TEST_CASE("a config file's text loads as the file itself does, errors named by the given name") {
    std::ifstream in(quadra::testing::config_file);
    const std::string shipped{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto from_text = load_config_text(shipped, "quadra.json");
    REQUIRE_MESSAGE(from_text.config.has_value(), from_text.error);
    CHECK(config_to_json(*from_text.config) == config_to_json(server_config{}));

    auto burst = load_config_text(R"({"messages_per_second": 1000})", "rate.json");
    REQUIRE(burst.config.has_value());
    CHECK(burst.config->message_burst == 2000);

    CHECK(load_config_text(R"({"prot": 80})", "f.json").error ==
          "unknown key 'prot' in the config file f.json; quadra serve --help lists the keys");
    CHECK(load_config_text(R"({"port": 70000})", "f.json").error ==
          "setting 'port' (config file f.json): expected an integer from 0 to 65535, got 70000");
    CHECK(load_config_text("[]", "f.json").error ==
          "the config file f.json must hold one JSON object");
    CHECK(load_config_text("{", "f.json")
              .error.starts_with("the config file f.json is not valid JSON"));
}

TEST_CASE("docker/quadra.json: the image's paths and port, and a stop within docker's 10 s") {
    // The image sets no QUADRA_* variable but QUADRA_CONFIG, so these come from the file alone.
    auto loaded = load_config(
        {}, strings{std::string("QUADRA_CONFIG=") + quadra::testing::docker_config_file});
    REQUIRE_MESSAGE(loaded.config.has_value(), loaded.error);
    CHECK(loaded.config->address == "0.0.0.0");
    CHECK(loaded.config->port == 8080);
    CHECK(loaded.config->data_dir == "/data");
    CHECK(loaded.config->web_root == "/usr/local/share/quadra/web-client");
    CHECK(loaded.config->shutdown_timeout < std::chrono::seconds(10));
}

TEST_CASE("no file, no variables, no flags: the defaults") {
    auto loaded = load_config(strings{}, strings{"HOME=/root", "PATH=/bin"});
    REQUIRE(loaded.config.has_value());
    CHECK(config_to_json(*loaded.config) == config_to_json(server_config{}));
}

TEST_CASE("precedence: flags over environment over file over defaults") {
    const auto file = write_file("precedence.json", R"({"port": 1111, "threads": 3,
        "log_level": "debug", "seat_grace_seconds": 30})");
    const strings env = {"QUADRA_PORT=2222", "QUADRA_THREADS=5", "OTHER=1"};
    const strings flags = {"--config", file, "--port", "3333"};

    auto all = load_config(flags, env);
    REQUIRE_MESSAGE(all.config.has_value(), all.error);
    CHECK(all.config->port == 3333);          // flag
    CHECK(all.config->threads == 5);          // environment
    CHECK(all.config->log_level == "debug");  // file
    CHECK(all.config->seat_grace == std::chrono::seconds(30));
    CHECK(all.config->max_rooms == 100000);  // default

    auto no_flag = load_config(strings{"--config", file}, env);
    REQUIRE(no_flag.config.has_value());
    CHECK(no_flag.config->port == 2222);

    auto file_only = load_config(strings{"--config=" + file}, {});
    REQUIRE(file_only.config.has_value());
    CHECK(file_only.config->port == 1111);
    CHECK(file_only.config->threads == 3);

    // QUADRA_CONFIG names the file when no --config flag does.
    auto by_variable = load_config(strings{}, strings{"QUADRA_CONFIG=" + file});
    REQUIRE(by_variable.config.has_value());
    CHECK(by_variable.config->port == 1111);
}

TEST_CASE("flags and variables: lists, durations, --data and --key=value") {
    auto loaded = load_config(
        strings{"--allowed-origins", "https://a.example, http://b.example:8000", "--data", "/d",
                "--shutdown-timeout-seconds=2.5", "--log-format", "json"},
        strings{"QUADRA_IDLE_TIMEOUT_SECONDS=90"});
    REQUIRE_MESSAGE(loaded.config.has_value(), loaded.error);
    CHECK(loaded.config->allowed_origins == strings{"https://a.example", "http://b.example:8000"});
    CHECK(loaded.config->data_dir == "/d");
    CHECK(loaded.config->shutdown_timeout == std::chrono::milliseconds(2500));
    CHECK(loaded.config->idle_timeout == std::chrono::seconds(90));
    CHECK(loaded.config->log_format == "json");
}

TEST_CASE("message_burst follows messages_per_second unless it is set") {
    auto rate_only = load_config(strings{"--messages-per-second", "1000"}, {});
    REQUIRE(rate_only.config.has_value());
    CHECK(rate_only.config->message_burst == 2000);
    auto both = load_config(strings{"--messages-per-second", "1000", "--message-burst", "7"}, {});
    REQUIRE(both.config.has_value());
    CHECK(both.config->message_burst == 7);
}

TEST_CASE("each kind of bad value is refused with a message naming the key and what it allows") {
    const auto unknown = write_file("unknown.json", R"({"prot": 80})");
    CHECK(error_of({"--config", unknown}) == "unknown key 'prot' in the config file " + unknown +
                                                 "; quadra serve --help lists the keys");

    const auto wrong_type = write_file("type.json", R"({"port": "80"})");
    CHECK(error_of({"--config", wrong_type}) ==
          "setting 'port' (config file " + wrong_type +
              "): expected an integer from 0 to 65535, got \"80\"");

    const auto fraction = write_file("fraction.json", R"({"threads": 1.5})");
    CHECK(error_of({"--config", fraction}) == "setting 'threads' (config file " + fraction +
                                                  "): expected an integer from 0 to 1024, got 1.5");

    const auto range = write_file("range.json", R"({"port": 70000})");
    CHECK(error_of({"--config", range}) == "setting 'port' (config file " + range +
                                               "): expected an integer from 0 to 65535, got 70000");

    const auto choice = write_file("choice.json", "// a comment\n{\"log_level\": \"loud\"}");
    CHECK(error_of({"--config", choice}) ==
          "setting 'log_level' (config file " + choice +
              "): expected one of trace,debug,info,warn,error,off, got \"loud\"");

    const auto origin = write_file("origin.json", R"({"allowed_origins": ["example.org"]})");
    CHECK(error_of({"--config", origin}).find("setting 'allowed_origins'") == 0);

    const auto not_json = write_file("broken.json", "{\"port\": ");
    CHECK(error_of({"--config", not_json}).find("is not valid JSON") != std::string::npos);
    CHECK(error_of({"--config", "/nonexistent/quadra.json"}) ==
          "cannot read the config file /nonexistent/quadra.json");

    CHECK(error_of({}, {"QUADRA_THREADS=many"}) ==
          "setting 'threads' (environment QUADRA_THREADS): expected an integer from 0 to 1024, "
          "got \"many\"");
    CHECK(error_of({"--idle-timeout-seconds", "0"}) ==
          "setting 'idle_timeout_seconds' (flag --idle-timeout-seconds): expected a number of "
          "seconds from 1 to 86400, got 0");
    CHECK(error_of({"--prot", "80"}) ==
          "unknown flag '--prot'; quadra serve --help lists the flags");
    CHECK(error_of({"--port"}) == "flag --port needs a value");
    CHECK(error_of({"--address", ""}) ==
          "setting 'address' (flag --address): expected a non-empty string, got \"\"");
}

// Found by tests/fuzz/config_fuzz: a number too large for a double made nlohmann throw
// out_of_range, which the loader did not catch, so `quadra serve` aborted instead of exiting 2.
TEST_CASE("a number beyond a double in the config file is refused, not a crash") {
    const auto huge = write_file("huge.json", R"({"port": 1e400})");
    CHECK(error_of({"--config", huge}) ==
          "the config file " + huge +
              " is not valid JSON: [json.exception.out_of_range.406]"
              " number overflow parsing '1e400'");
    CHECK(load_config_text("1e601e", "f.json")
              .error.starts_with("the config file f.json is not valid JSON"));
}

TEST_CASE("Kubernetes service variables and unknown QUADRA_* variables warn and are ignored") {
    // What a pod gets when a Service is named quadra, plus a typo of a real setting.
    const strings env = {"QUADRA_PORT=tcp://10.0.0.7:8080",
                         "QUADRA_PORT_8080_TCP=tcp://10.0.0.7:8080",
                         "QUADRA_PORT_8080_TCP_PORT=8080",
                         "QUADRA_SERVICE_HOST=10.0.0.7",
                         "QUADRA_SERVICE_PORT=8080",
                         "QUADRA_PROT=9000",
                         "QUADRA_THREADS=3"};
    const auto loaded = load_config({}, env);
    REQUIRE(loaded.config.has_value());
    CHECK(loaded.config->port == 8080);  // the default: a service link is never a port
    CHECK(loaded.config->threads == 3);  // known variables still apply
    REQUIRE(loaded.warnings.size() == 6);
    CHECK(loaded.warnings[0] ==
          "ignoring QUADRA_PORT=tcp://10.0.0.7:8080: a service link (Kubernetes), not a value "
          "for port");
    CHECK(loaded.warnings[1] ==
          "ignoring the unknown environment variable QUADRA_PORT_8080_TCP; quadra serve --help "
          "lists the QUADRA_* variables");
    CHECK(loaded.warnings[5] ==
          "ignoring the unknown environment variable QUADRA_PROT; did you mean QUADRA_PORT?");
    // A known variable with a bad value that is no service link still stops start-up.
    CHECK(error_of({}, {"QUADRA_PORT=http"}).find("setting 'port' (environment QUADRA_PORT)") == 0);
}

TEST_CASE("quadra serve starts in a Kubernetes pod's environment and warns") {
    // timeout stops the server with SIGTERM once it has had time to start.
    const auto run = quadra::testing::run_command(
        "QUADRA_PORT=tcp://10.0.0.7:8080 QUADRA_SERVICE_HOST=10.0.0.7 QUADRA_TYPO=1 timeout 2 " +
        std::string(quadra::testing::quadra_binary) +
        " serve --address 127.0.0.1 --port 0 --data-dir :memory:");
    CHECK(run.out.find("quadra: listening on http://127.0.0.1:") != std::string::npos);
    CHECK(run.out.find("ignoring QUADRA_PORT=tcp://10.0.0.7:8080: a service link") !=
          std::string::npos);
    CHECK(run.out.find("ignoring the unknown environment variable QUADRA_SERVICE_HOST") !=
          std::string::npos);
    CHECK(run.out.find("ignoring the unknown environment variable QUADRA_TYPO") !=
          std::string::npos);
}

TEST_CASE("quadra serve exits 2 with the message on a bad setting") {
    const std::string binary = quadra::testing::quadra_binary;
    auto range = quadra::testing::run_command(binary + " serve --port 70000");
    CHECK(range.status == 2);
    CHECK(range.out ==
          "quadra serve: setting 'port' (flag --port): expected an integer from 0 to 65535, got "
          "70000\n");
    const auto unknown = write_file("binary_unknown.json", R"({"threads": 2, "colour": "red"})");
    auto bad_file = quadra::testing::run_command(binary + " serve --config " + unknown);
    CHECK(bad_file.status == 2);
    CHECK(bad_file.out.find("unknown key 'colour'") != std::string::npos);
    auto bad_env = quadra::testing::run_command("QUADRA_LOG_FORMAT=xml " + binary + " serve");
    CHECK(bad_env.status == 2);
    CHECK(bad_env.out.find("setting 'log_format' (environment QUADRA_LOG_FORMAT)") !=
          std::string::npos);
}

TEST_CASE("quadra serve --help lists every flag, and quadra --version prints the version") {
    const std::string binary = quadra::testing::quadra_binary;
    auto help = quadra::testing::run_command(binary + " serve --help");
    CHECK(help.status == 0);
    const auto defaults = config_to_json(server_config{});
    for (const auto& [key, value] : defaults.items()) {
        std::string flag = "--" + key;
        for (auto& ch : flag)
            if (ch == '_') ch = '-';
        CHECK_MESSAGE(help.out.find("  " + flag + "  (") != std::string::npos, flag);
    }
    CHECK(help.out.find("--port  (QUADRA_PORT, key \"port\")") != std::string::npos);
    auto version = quadra::testing::run_command(binary + " --version");
    CHECK(version.status == 0);
    CHECK(version.out == std::string("quadra ") + QUADRA_VERSION_TEXT + "\n");
}
