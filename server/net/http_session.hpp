#pragma once
// One HTTP connection: serves the web client's files and /healthz, and hands a WebSocket upgrade
// of /ws to a websocket_session.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/net/connection_limiter.hpp"
#include "server/net/connection_state.hpp"

namespace quadra::server {

class http_session : public std::enable_shared_from_this<http_session> {
public:
    http_session(boost::asio::ip::tcp::socket&& socket, connection_state& state,
                 connection_ticket ticket);

    void run();

private:
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
    // Frees the connection's place, then shuts the socket down.
    void close();

    boost::beast::tcp_stream stream_;
    boost::beast::flat_buffer buffer_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
    connection_state& state_;
    connection_ticket ticket_;
};

// Whether a WebSocket upgrade with this Origin header may proceed: no Origin, an allowed one,
// or the server's own (the origin's host:port is the request's Host).
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

// The content type for a file name, by extension.
std::string_view mime_type(std::string_view path);

}  // namespace quadra::server
