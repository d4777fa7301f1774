#pragma once
// A small TCP proxy for tests: listens on 127.0.0.1 (an ephemeral port) and forwards every
// connection to 127.0.0.1:`target`, so a test can cut one process's link to a server (here, one
// node's link to PostgreSQL) while others keep theirs. cut() closes every forwarded connection
// and refuses new ones (accepted, then closed at once) until restore(); pause() holds every byte
// until resume(). Its sockets are close-on-exec: a node started by the test must not inherit the
// proxy's listener.

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <utility>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace quadra::testing {

class tcp_proxy {
public:
    explicit tcp_proxy(unsigned short target) : target_(target) {
        listener_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        REQUIRE(listener_ >= 0);
        sockaddr_in address = loopback(0);
        socklen_t length = sizeof address;
        REQUIRE(bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        REQUIRE(listen(listener_, 64) == 0);
        REQUIRE(getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) == 0);
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { run(); });
    }
    ~tcp_proxy() {
        stop_ = true;
        thread_.join();
        close_links();
        close(listener_);
    }
    tcp_proxy(const tcp_proxy&) = delete;
    tcp_proxy& operator=(const tcp_proxy&) = delete;

    unsigned short port() const { return port_; }

    // Closes every forwarded connection and refuses new ones; returns once they are closed.
    void cut() {
        closed_ = false;
        cut_ = true;
        while (!closed_) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // Accepts and forwards connections again.
    void restore() { cut_ = false; }
    // Stops forwarding bytes either way, closing nothing, as a stalled network would: the
    // processes' requests wait for answers until resume().
    void pause() { paused_ = true; }
    void resume() { paused_ = false; }

private:
    struct link {
        int client;
        int server;
    };

    static sockaddr_in loopback(unsigned short port) {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = htons(port);
        return address;
    }

    void close_links() {
        for (const auto& l : links_) {
            close(l.client);
            close(l.server);
        }
        links_.clear();
    }

    // Sends all of `data`; false when the peer is gone.
    static bool send_all(int fd, const char* data, std::size_t size) {
        while (size > 0) {
            const auto sent = ::send(fd, data, size, MSG_NOSIGNAL);
            if (sent <= 0) return false;
            data += sent;
            size -= static_cast<std::size_t>(sent);
        }
        return true;
    }

    void accept_one() {
        const int client = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) return;
        if (cut_) {
            close(client);
            return;
        }
        const int server = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        const auto address = loopback(target_);
        if (server < 0 ||
            connect(server, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
            if (server >= 0) close(server);
            close(client);
            return;
        }
        links_.push_back({client, server});
    }

    void run() {
        char buffer[65536];
        while (!stop_) {
            if (cut_) {
                close_links();
                closed_ = true;
            }
            if (paused_) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                continue;
            }
            std::vector<pollfd> fds{{listener_, POLLIN, 0}};
            for (const auto& l : links_) {
                fds.push_back({l.client, POLLIN, 0});
                fds.push_back({l.server, POLLIN, 0});
            }
            if (poll(fds.data(), fds.size(), 20) <= 0) continue;
            std::vector<link> kept;
            for (std::size_t i = 0; i < links_.size(); ++i) {
                bool alive = true;
                for (int side = 0; side < 2 && alive; ++side) {
                    const auto& fd = fds[1 + 2 * i + static_cast<std::size_t>(side)];
                    if (!(fd.revents & (POLLIN | POLLHUP | POLLERR))) continue;
                    const int to = side == 0 ? links_[i].server : links_[i].client;
                    const auto got = recv(fd.fd, buffer, sizeof buffer, 0);
                    alive = got > 0 && send_all(to, buffer, static_cast<std::size_t>(got));
                }
                if (alive) {
                    kept.push_back(links_[i]);
                } else {
                    close(links_[i].client);
                    close(links_[i].server);
                }
            }
            links_ = std::move(kept);
            if (fds[0].revents & POLLIN) accept_one();
        }
    }

    unsigned short target_;
    unsigned short port_ = 0;
    int listener_ = -1;
    std::vector<link> links_;  // only the proxy's thread touches it (and the destructor)
    std::atomic<bool> cut_{false};
    std::atomic<bool> paused_{false};
    std::atomic<bool> stop_{false};
    std::atomic<bool> closed_{false};  // set by the proxy's thread once a cut closed the links
    std::thread thread_;
};

}  // namespace quadra::testing
