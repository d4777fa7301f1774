#pragma once
// The real `quadra serve` binary as a child process on 127.0.0.1 with an ephemeral port, for
// tests that must kill the server (SIGKILL) and start it again on the same data directory.

#include <doctest/doctest.h>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace quadra::testing {

class server_process {
public:
    explicit server_process(const std::string& data_dir) {
        int out[2];
        REQUIRE(pipe(out) == 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        std::vector<std::string> args = {QUADRA_BINARY,
                                         "serve",
                                         "--address",
                                         "127.0.0.1",
                                         "--port",
                                         "0",
                                         "--threads",
                                         "2",
                                         "--web-root",
                                         QUADRA_WEB_ROOT,
                                         "--data",
                                         data_dir,
                                         "--messages-per-second",
                                         "1000"};
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        REQUIRE(posix_spawn(&pid_, QUADRA_BINARY, &actions, nullptr, argv.data(), environ) == 0);
        posix_spawn_file_actions_destroy(&actions);
        close(out[1]);
        // "quadra: listening on http://127.0.0.1:PORT (web root ...)"
        FILE* lines = fdopen(out[0], "r");
        REQUIRE(lines != nullptr);
        char line[512] = {};
        REQUIRE_MESSAGE(fgets(line, sizeof line, lines) != nullptr, "the server did not start");
        fclose(lines);
        const std::string text = line;
        const auto colon = text.find(':', text.find("127.0.0.1"));
        REQUIRE(colon != std::string::npos);
        port_ = static_cast<unsigned short>(std::stoi(text.substr(colon + 1)));
    }
    ~server_process() { kill_hard(); }
    server_process(const server_process&) = delete;
    server_process& operator=(const server_process&) = delete;

    unsigned short port() const { return port_; }

    // SIGKILL: no shutdown code runs, as in a crash.
    void kill_hard() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
    }

private:
    pid_t pid_ = -1;
    unsigned short port_ = 0;
};

// Runs `quadra serve` with `args` that must stop start-up; returns the exit status and the output.
inline std::pair<int, std::string> failed_start(const std::string& args) {
    const std::string command = std::string(QUADRA_BINARY) + " serve --port 0 " + args + " 2>&1";
    std::string output;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

}  // namespace quadra::testing
