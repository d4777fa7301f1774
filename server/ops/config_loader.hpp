#pragma once
// Reads a server_config from defaults, a JSON file, `QUADRA_*` environment variables and
// `quadra serve` flags, in that order of increasing precedence. Every setting is described once,
// in a table in config_loader.cpp, which also drives the validation and `quadra serve --help`.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "server/ops/config.hpp"

namespace quadra::server {

// The outcome of loading: a configuration, a request for help, or a message naming the setting
// that was wrong and what it allows.
struct loaded_config {
    std::optional<server_config> config;
    bool help = false;
    std::string error;
    // What was ignored with a reason (unknown QUADRA_* variables, Kubernetes service links),
    // for the log at start-up.
    std::vector<std::string> warnings;
};

// `args` are the flags after `quadra serve`; `environment` holds "NAME=VALUE" entries (environ).
// The file comes from `--config FILE` or else QUADRA_CONFIG; without either, none is read.
loaded_config load_config(std::span<const std::string> args,
                          std::span<const std::string> environment);

// The settings of a config file's text alone, as if given by `--config file_name` with no other
// flags and no environment (for tests and the fuzzer, which need no file).
loaded_config load_config_text(std::string_view file_text, const std::string& file_name);

// Every setting as the file spells it, with the values of `config`; durations in seconds.
nlohmann::json config_to_json(const server_config& config);

// The text of `quadra serve --help`: every flag with its variable, default and range.
std::string serve_help();

}  // namespace quadra::server
