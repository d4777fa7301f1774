#pragma once
// A push service stand-in on loopback (the real ones are on the internet): HTTPS with a
// certificate made for 127.0.0.1 at start (the server under test is told to trust it), one
// request per connection, each recorded with its headers and body and answered with the next
// scripted status (201 when none is left).

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace quadra::testing {

class push_service {
public:
    struct request {
        std::string target;
        std::string authorization;
        std::string content_encoding;
        std::string ttl;
        std::vector<unsigned char> body;
    };

    // Makes its certificate (cert.pem, key.pem) in `dir` and listens on 127.0.0.1, port 0.
    explicit push_service(const std::filesystem::path& dir);
    ~push_service();
    push_service(const push_service&) = delete;
    push_service& operator=(const push_service&) = delete;

    unsigned short port() const { return port_; }
    // What the server must trust (its push_ca_file).
    std::filesystem::path certificate() const { return dir_ / "cert.pem"; }
    std::string endpoint(const std::string& path) const {
        return "https://127.0.0.1:" + std::to_string(port_) + path;
    }
    // The statuses the next requests get, in order.
    void answer_next(std::vector<int> statuses);
    // The next request received, in order; none within `timeout`.
    std::optional<request> next(std::chrono::milliseconds timeout = std::chrono::seconds(20));

private:
    void serve();

    std::filesystem::path dir_;
    struct impl;
    std::unique_ptr<impl> impl_;
    unsigned short port_ = 0;
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::deque<request> received_;
    std::deque<int> statuses_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace quadra::testing
