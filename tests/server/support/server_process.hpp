#pragma once
// The real `quadra serve` binary as a child process on 127.0.0.1 with an ephemeral port, for
// tests that signal it (SIGKILL as a crash, SIGTERM as a shutdown) or start it again on the same
// data directory. Its output goes to a scratch log file.

#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "process.hpp"
#include "tests/test_paths.hpp"

namespace quadra::testing {

class server_process {
public:
    // `quadra serve` on `data_dir` with the tests' settings, then `extra` flags.
    explicit server_process(const std::string& data_dir, const std::vector<std::string>& extra = {})
        : log_path_(scratch_file("serve-" + std::to_string(++started_) + ".log")),
          process_(arguments(data_dir, extra), log_path_) {
        REQUIRE_MESSAGE(process_.wait_for_log("quadra: listening on http://127.0.0.1:"),
                        "the server did not start: " << process_.log());
        std::smatch match;
        const auto log = process_.log();
        REQUIRE(std::regex_search(log, match,
                                  std::regex("listening on http://127\\.0\\.0\\.1:(\\d+)")));
        port_ = static_cast<unsigned short>(std::stoi(match[1]));
    }
    ~server_process() {
        kill_hard();
        std::remove(log_path_.c_str());
    }
    server_process(const server_process&) = delete;
    server_process& operator=(const server_process&) = delete;

    unsigned short port() const { return port_; }
    // The process itself: signal it, wait for its exit, read its log.
    background_process& process() { return process_; }

    // SIGKILL: no shutdown code runs, as in a crash.
    void kill_hard() {
        process_.signal(SIGKILL);
        process_.wait_exit(30);
    }

private:
    static std::vector<std::string> arguments(const std::string& data_dir,
                                              const std::vector<std::string>& extra) {
        std::vector<std::string> args = {quadra_binary,
                                         "serve",
                                         "--address",
                                         "127.0.0.1",
                                         "--port",
                                         "0",
                                         "--threads",
                                         "2",
                                         "--web-root",
                                         web_client_dir,
                                         "--data",
                                         data_dir,
                                         "--messages-per-second",
                                         "1000"};
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    }

    static inline int started_ = 0;  // names each server's log within this test process
    std::string log_path_;
    background_process process_;
    unsigned short port_ = 0;
};

// Runs `quadra serve` with `args` that must stop start-up: its exit status and its output.
inline command_result failed_start(const std::string& args) {
    return run_command(std::string(quadra_binary) + " serve --port 0 " + args);
}

}  // namespace quadra::testing
