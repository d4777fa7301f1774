#include "server/net/listener.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <string_view>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include "server/net/http_session.hpp"

namespace quadra::server {

namespace asio = boost::asio;

namespace {

// What a connection past a limit is told instead of a reset, so that a health check or a browser
// can tell "too many connections" from "server down".
constexpr std::string_view over_limit =
    "HTTP/1.1 503 Service Unavailable\r\n"
    "Retry-After: 10\r\n"
    "Content-Type: text/plain\r\n"
    "Content-Length: 37\r\n"
    "Connection: close\r\n"
    "\r\n"
    "too many connections; retry in 10 s\r\n";

// Writes over_limit, then reads what the client sent until it closes (at most 2 s): closing with
// its request unread would reset the connection and could lose the answer. At most
// `max_in_flight` at once; past that a refused socket is just closed, so a flood of refused
// connections cannot hold many descriptors.
// Loopback, also as an IPv4-mapped IPv6 address (a listener on "::" sees 127.0.0.1 so).
bool is_loopback(const asio::ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).is_loopback();
    return address.is_loopback();
}

class refusal : public std::enable_shared_from_this<refusal> {
public:
    static constexpr int max_in_flight = 256;
    static inline std::atomic<int> in_flight{0};

    explicit refusal(asio::ip::tcp::socket socket)
        : socket_(std::move(socket)), timer_(socket_.get_executor()) {
        ++in_flight;
    }
    ~refusal() { --in_flight; }

    void run() {
        timer_.expires_after(std::chrono::seconds(2));
        timer_.async_wait(
            [self = shared_from_this()](boost::system::error_code) { self->close(); });
        asio::async_write(socket_, asio::buffer(over_limit),
                          [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                              if (ec) return self->close();
                              self->socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ec);
                              self->drain();
                          });
    }

private:
    void drain() {
        socket_.async_read_some(
            asio::buffer(sink_),
            [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                if (ec) return self->close();
                self->drain();
            });
    }
    void close() {
        boost::system::error_code ignored;
        timer_.cancel();
        socket_.close(ignored);
    }

    asio::ip::tcp::socket socket_;
    asio::steady_timer timer_;
    std::array<char, 1024> sink_{};
};

}  // namespace

listener::listener(asio::io_context& io, const asio::ip::tcp::endpoint& endpoint,
                   connection_state& state)
    : io_(io), acceptor_(asio::make_strand(io)), state_(state) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
}

void listener::run() { do_accept(); }

void listener::stop() {
    asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
    });
}

void listener::do_accept() {
    // Each connection gets its own strand, so its handlers never run concurrently.
    acceptor_.async_accept(asio::make_strand(io_), boost::beast::bind_front_handler(
                                                       &listener::on_accept, shared_from_this()));
}

void listener::on_accept(boost::system::error_code ec, asio::ip::tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) {
        boost::system::error_code peer_error;
        const auto peer = socket.remote_endpoint(peer_error);
        if (!peer_error) {
            auto ticket = state_.limiter.admit(
                peer.address().to_string(),
                state_.config.loopback_per_ip == "exempt" && is_loopback(peer.address()));
            if (ticket) {
                socket.set_option(asio::ip::tcp::no_delay(true), peer_error);
                std::make_shared<http_session>(std::move(socket), state_, std::move(ticket))->run();
            } else if (refusal::in_flight < refusal::max_in_flight) {
                std::make_shared<refusal>(std::move(socket))->run();
            }
        }
    }
    do_accept();
}

}  // namespace quadra::server
