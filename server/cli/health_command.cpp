#include "server/cli/health_command.hpp"

#include <ostream>
#include <string_view>

#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "server/ops/config_loader.hpp"

namespace quadra::server {

namespace {

// The whole response to a GET of `target`, or empty when the server cannot be reached.
std::string http_get(const std::string& address, const std::string& port, std::string_view target) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (getaddrinfo(address.c_str(), port.c_str(), &hints, &found) != 0) return {};
    const std::string request = "GET " + std::string(target) + " HTTP/1.1\r\nHost: " + address +
                                ":" + port + "\r\nConnection: close\r\n\r\n";
    std::string response;
    for (auto* a = found; a && response.empty(); a = a->ai_next) {
        const int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd < 0) continue;
        // A hung server must not hang the health check.
        timeval limit{5, 0};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
        if (connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
            if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
                static_cast<ssize_t>(request.size())) {
                char buffer[4096];
                for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;)
                    response.append(buffer, static_cast<std::size_t>(n));
            }
        }
        close(fd);
    }
    freeaddrinfo(found);
    return response;
}

}  // namespace

int run_health_command(std::span<const std::string> args, std::span<const std::string> environment,
                       std::ostream& out, std::ostream& err) {
    // Only the flags that say where the server is; anything else is a typo.
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view name = std::string_view(args[i]).substr(0, args[i].find('='));
        const bool known = name == "--config" || name == "--address" || name == "--port";
        if (!known || (name.size() == args[i].size() && ++i >= args.size())) {
            err << "usage: quadra health [--config FILE] [--address A] [--port N]\n";
            return 2;
        }
    }
    // The address and port as `quadra serve` finds them (file < QUADRA_* < flags), so a
    // HEALTHCHECK follows a port set in the mounted config file.
    const auto loaded = load_config(args, environment);
    if (!loaded.config) {
        err << "quadra health: " << loaded.error << '\n';
        return 1;
    }
    std::string address = loaded.config->address;
    const std::string port = std::to_string(loaded.config->port);
    if (address == "0.0.0.0") address = "127.0.0.1";
    if (address == "::") address = "::1";
    const auto response = http_get(address, port, "/healthz");
    if (response.empty()) {
        err << "quadra health: no answer from " << address << ':' << port << '\n';
        return 1;
    }
    const auto body = response.find("\r\n\r\n");
    out << (body == std::string::npos ? response : response.substr(body + 4));
    // "HTTP/1.1 200 OK": the status code is the second word.
    return response.compare(0, 5, "HTTP/") == 0 && response.find(" 200 ") == response.find(' ') ? 0
                                                                                                : 1;
}

}  // namespace quadra::server
