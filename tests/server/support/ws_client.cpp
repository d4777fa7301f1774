#include "ws_client.hpp"

#include <doctest/doctest.h>

#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace quadra::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

struct ws_client::impl {
    asio::io_context io;
    websocket::stream<asio::ip::tcp::socket> ws{io};
    beast::flat_buffer buffer;
    bool reading = false;
    bool done = false;
    beast::error_code result;
};

ws_client::ws_client(unsigned short port) : impl_(std::make_unique<impl>()) {
    asio::ip::tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
    impl_->ws.next_layer().connect(endpoint);
    impl_->ws.handshake("127.0.0.1", "/ws");
}

ws_client::ws_client(unsigned short port, const std::string& origin)
    : impl_(std::make_unique<impl>()) {
    asio::ip::tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
    impl_->ws.next_layer().connect(endpoint);
    impl_->ws.set_option(websocket::stream_base::decorator(
        [origin](websocket::request_type& req) { req.set(beast::http::field::origin, origin); }));
    impl_->ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
}

int ws_client::close_code() const { return static_cast<int>(impl_->ws.reason().code); }

ws_client::~ws_client() {
    beast::error_code ignored;
    impl_->ws.next_layer().close(ignored);
}

void ws_client::send(const nlohmann::json& message) { send_text(message.dump()); }

void ws_client::send_text(std::string_view text) {
    impl_->ws.text(true);
    impl_->ws.write(asio::buffer(text.data(), text.size()));
}

void ws_client::send_binary(std::string_view bytes) {
    impl_->ws.binary(true);
    impl_->ws.write(asio::buffer(bytes.data(), bytes.size()));
}

std::optional<nlohmann::json> ws_client::try_receive(std::chrono::milliseconds timeout) {
    auto& s = *impl_;
    if (!s.reading) {
        s.reading = true;
        s.done = false;
        s.ws.async_read(s.buffer, [&s](beast::error_code ec, std::size_t) {
            s.result = ec;
            s.done = true;
        });
    }
    s.io.restart();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!s.done && std::chrono::steady_clock::now() < deadline)
        s.io.run_for(std::chrono::milliseconds(10));
    if (!s.done) return std::nullopt;
    s.reading = false;
    if (s.result) throw beast::system_error(s.result);
    auto text = beast::buffers_to_string(s.buffer.data());
    s.buffer.consume(s.buffer.size());
    return nlohmann::json::parse(text);
}

nlohmann::json ws_client::receive() {
    auto message = try_receive(std::chrono::milliseconds(2000));
    REQUIRE_MESSAGE(message.has_value(), "no message within 2 s");
    return *message;
}

nlohmann::json ws_client::receive(std::string_view type) {
    for (;;) {
        auto message = receive();
        if (message["type"] == type) return message;
        MESSAGE("skipped while waiting for " << type << ": " << message.dump());
    }
}

std::vector<nlohmann::json> watch_room(ws_client& spectator, const std::string& code) {
    const nlohmann::json join = {{"type", "join_room"}, {"room", code}, {"as", "spectator"}};
    spectator.send(join);
    std::vector<nlohmann::json> sent = {spectator.receive("joined")};
    REQUIRE(sent.front()["room"] == code);
    spectator.send(join);
    for (auto next = spectator.receive(); next["type"] != "joined"; next = spectator.receive())
        sent.push_back(std::move(next));
    spectator.receive("snapshot");  // the second join's answer ends with its snapshot
    return sent;
}

bool ws_client::closed_by_server(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        try {
            if (!try_receive(std::chrono::milliseconds(50))) continue;
        } catch (const beast::system_error&) {
            return true;
        }
    }
    return false;
}

void ws_client::drop() {
    beast::error_code ignored;
    impl_->ws.next_layer().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    impl_->ws.next_layer().close(ignored);
}

namespace {

// Sends a GET on `socket` and reads the response to the server's close.
std::string get(asio::ip::tcp::socket& socket, std::string_view target,
                std::chrono::milliseconds pause = {}) {
    const auto request =
        "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    asio::write(socket, asio::buffer(request));
    std::this_thread::sleep_for(pause);
    std::string response;
    beast::error_code ec;
    char chunk[4096];
    for (;;) {
        const auto n = socket.read_some(asio::buffer(chunk), ec);
        response.append(chunk, n);
        if (ec) break;
    }
    return response;
}

}  // namespace

std::string http_get(unsigned short port, std::string_view target) {
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    return get(socket, target);
}

std::string http_get_slowly(unsigned short port, std::string_view target,
                            std::chrono::milliseconds pause) {
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    socket.open(asio::ip::tcp::v4());
    socket.set_option(asio::socket_base::receive_buffer_size(4096));
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    return get(socket, target, pause);
}

http_response http_fetch(unsigned short port, std::string_view target) {
    const auto response = http_get(port, target);
    http_response answer;
    if (response.size() > 12) answer.status = std::stoi(response.substr(9, 3));
    const auto split = response.find("\r\n\r\n");
    if (split != std::string::npos) answer.body = response.substr(split + 4);
    return answer;
}

}  // namespace quadra::testing
