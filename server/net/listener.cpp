#include "server/net/listener.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include "server/net/http_session.hpp"

namespace quadra::server {

namespace asio = boost::asio;

listener::listener(asio::io_context& io, const asio::ip::tcp::endpoint& endpoint,
                   server_state& state)
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
            auto ticket = state_.limiter.admit(peer.address().to_string());
            if (ticket) {
                socket.set_option(asio::ip::tcp::no_delay(true), peer_error);
                std::make_shared<http_session>(std::move(socket), state_, std::move(ticket))->run();
            }
            // Past a limit the socket is simply closed: a refusal costs the server nothing.
        }
    }
    do_accept();
}

}  // namespace quadra::server
