#include "serve_command.hpp"

#include <charconv>
#include <exception>
#include <ostream>
#include <string_view>

#include "server.hpp"

namespace quadra::server {

namespace {

template <class Number>
bool parse_number(std::string_view text, Number& out, Number min, Number max) {
    Number value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < min || value > max)
        return false;
    out = value;
    return true;
}

}  // namespace

std::optional<server_config> parse_serve_flags(std::span<char* const> args, std::ostream& err) {
    server_config config;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view flag = args[i];
        if (i + 1 >= args.size()) {
            err << "quadra serve: " << flag << " needs a value\n";
            return std::nullopt;
        }
        const std::string_view value = args[++i];
        bool ok = true;
        std::size_t count = 0;
        if (flag == "--address") {
            config.address = std::string(value);
        } else if (flag == "--port") {
            ok = parse_number<unsigned short>(value, config.port, 0, 65535);
        } else if (flag == "--web-root") {
            config.web_root = std::string(value);
        } else if (flag == "--data") {
            config.data_dir = std::string(value);
        } else if (flag == "--threads") {
            ok = parse_number(value, config.threads, 0, 1024);
        } else if (flag == "--max-connections") {
            ok = parse_number<std::size_t>(value, config.max_connections, 1, 10'000'000);
        } else if (flag == "--max-connections-per-ip") {
            ok = parse_number<std::size_t>(value, config.max_connections_per_ip, 1, 10'000'000);
        } else if (flag == "--messages-per-second") {
            ok = parse_number<std::size_t>(value, count, 1, 1'000'000);
            config.messages_per_second = static_cast<double>(count);
            config.message_burst = static_cast<double>(count) * 2;
        } else {
            err << "quadra serve: unknown flag '" << flag << "'\n";
            return std::nullopt;
        }
        if (!ok) {
            err << "quadra serve: bad value '" << value << "' for " << flag << '\n';
            return std::nullopt;
        }
    }
    return config;
}

int run_serve_command(std::span<char* const> args, std::ostream& out, std::ostream& err) {
    auto config = parse_serve_flags(args, err);
    if (!config) return 2;
    try {
        server running(*config);
        out << "quadra: listening on http://" << config->address << ':' << running.port()
            << " (web root " << config->web_root << ")" << std::endl;
        running.run_until_signal();
    } catch (const std::exception& e) {
        err << "quadra serve: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace quadra::server
