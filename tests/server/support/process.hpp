#pragma once
// Runs the real `quadra` binary for tests: to completion with its output, or in the background
// with a pid to signal and its output in a file.

#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "tests/test_paths.hpp"

namespace quadra::testing {

struct command_result {
    int status = -1;  // the exit status, or -1 when the process did not exit normally
    std::string out;  // stdout and stderr together
};

// Runs a shell command line to completion.
inline command_result run_command(const std::string& command_line) {
    command_result result;
    FILE* pipe = popen((command_line + " 2>&1").c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        result.out.append(buffer, n);
    const int status = pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// A file under the temp directory named for this process, so parallel test runs do not share it.
inline std::string scratch_file(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("quadra-test-" + std::to_string(getpid()) + "-" + name))
        .string();
}

// A fresh, empty directory under the temp directory named for this process and `name`; removed
// with everything in it at the end of its scope.
class scratch_dir {
public:
    explicit scratch_dir(const std::string& name) : path(scratch_file(name)) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~scratch_dir() { std::filesystem::remove_all(path); }
    scratch_dir(const scratch_dir&) = delete;
    scratch_dir& operator=(const scratch_dir&) = delete;

    std::string string() const { return path.string(); }

    const std::filesystem::path path;
};

// Runs the real binary with `args` (a shell fragment) and `input` written to a scratch file.
inline command_result run_quadra(const std::string& args, const std::string& input = {}) {
    const auto input_path = scratch_file("input");
    std::ofstream(input_path) << input;
    auto result = run_command(std::string(quadra_binary) + " " + args + " < " + input_path);
    std::remove(input_path.c_str());
    return result;
}

// A background process whose stdout and stderr go to `log_path`; killed if still running at
// the end of the test.
class background_process {
public:
    background_process(std::vector<std::string> args, std::string log_path)
        : log_path_(std::move(log_path)) {
        std::fflush(nullptr);  // else the child would flush the parent's buffered output again
        pid_ = fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            // The test's own sockets (its clients of other nodes) stay the test's: a child that
            // kept them open would hold those connections open after the test closed them.
            close_range(3, ~0U, 0);
            FILE* log = std::freopen(log_path_.c_str(), "w", stdout);
            if (log) dup2(fileno(stdout), STDERR_FILENO);
            std::vector<char*> argv;
            argv.reserve(args.size() + 1);
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(argv[0], argv.data());
            _exit(127);
        }
    }
    ~background_process() {
        if (pid_ > 0 && !exited_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }
    background_process(const background_process&) = delete;
    background_process& operator=(const background_process&) = delete;

    void signal(int number) {
        if (!exited_) kill(pid_, number);
    }

    // The exit status once the process ends within `seconds`; -1 on a timeout or a crash.
    int wait_exit(double seconds) {
        for (int i = 0; !exited_ && i < static_cast<int>(seconds * 100); ++i) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                exited_ = true;
                status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            } else {
                usleep(10000);
            }
        }
        return exited_ ? status_ : -1;
    }

    std::string log() const {
        std::ifstream in(log_path_);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

    // Waits until the log contains `text`; false after `seconds`.
    bool wait_for_log(const std::string& text, double seconds = 20) const {
        for (int i = 0; i < static_cast<int>(seconds * 100); ++i) {
            if (log().find(text) != std::string::npos) return true;
            usleep(10000);
        }
        return false;
    }

private:
    std::string log_path_;
    pid_t pid_ = -1;
    bool exited_ = false;
    int status_ = -1;
};

}  // namespace quadra::testing
