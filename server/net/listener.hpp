#pragma once
// Accepts TCP connections, admits them against the connection limits, and starts an
// http_session for each on its own strand.

#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "server/net/connection_state.hpp"

namespace quadra::server {

class listener : public std::enable_shared_from_this<listener> {
public:
    // Binds and listens; throws boost::system::system_error when the address cannot be used.
    listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
             connection_state& state);

    void run();
    void stop();
    unsigned short port() const { return port_; }

private:
    void do_accept();
    void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);

    boost::asio::io_context& io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    connection_state& state_;
    unsigned short port_ = 0;
};

}  // namespace quadra::server
