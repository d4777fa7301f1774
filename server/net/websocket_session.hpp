#pragma once
// One WebSocket connection: reads and parses requests with every client-controlled bound enforced
// (size, rate, outgoing queue), hands them to its client session, and writes a queue of shared
// messages on its own strand.

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/connection_limiter.hpp"
#include "server/net/connection_state.hpp"
#include "server/rooms/recipient.hpp"

namespace quadra::server {

class client_session;

class websocket_session : public recipient, public std::enable_shared_from_this<websocket_session> {
public:
    // A connection runs on its own strand of the io_context, named by its concrete type: every
    // read, write and post then goes without any_io_executor's type erasure (4 % of the CPU at
    // 10,000 connections), and the operations a connection keeps pending are smaller.
    using executor = boost::asio::strand<boost::asio::io_context::executor_type>;
    using socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, executor>;

    // `socket`: the upgraded HTTP connection's. The WebSocket layer keeps its own timeouts, so
    // it sits on the bare socket rather than on a timed beast::tcp_stream (whose timers and
    // wrapping cost every connection memory and every read and write time).
    websocket_session(boost::asio::ip::tcp::socket&& socket, connection_state& state,
                      connection_ticket ticket);
    ~websocket_session() override;

    // Completes the upgrade carried by `request`, then reads until the connection ends.
    void run(const boost::beast::http::request<boost::beast::http::string_body>& request);
    // Queues a message from any thread; a reader too far behind is disconnected.
    void deliver(protocol::message_ptr message) override;
    bool gone() const override;
    // From any thread: finishes the queued messages, then closes with 1001 (going away).
    void going_away();
    // From any thread: closes the socket at once, for a peer that never answered going_away.
    void cut();
    // From any thread: if this connection is `identity`'s, through the session whose token has
    // the hash `session` (empty: any), it is signed out (signed_out).
    void sign_out(std::uint64_t identity, std::string session);
    // From any thread: if this connection is `identity`'s, it is sent `message` (#29: turns).
    void tell(std::uint64_t identity, protocol::message_ptr message);

private:
    void on_accept(boost::beast::error_code ec);
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    void read_next_message();
    bool admit_by_rate();
    void handle(std::string_view text);
    void reply_error(protocol::error_code code, std::string message,
                     const protocol::request_id& id);

    void send(protocol::message_ptr message);
    void do_write();
    void on_write(boost::beast::error_code ec, std::size_t bytes);
    // Sends `last` and then closes with `why`: for oversize frames and floods.
    void close_after(protocol::message_ptr last, boost::beast::websocket::close_code why);
    // Adds to the queue unless the reader is too far behind, in messages or in bytes; then the
    // connection is cut (logged as slow_reader) and false returned.
    bool enqueue(protocol::message_ptr message);
    void abort();
    void finish();

    boost::beast::websocket::stream<socket> ws_;
    boost::beast::flat_buffer buffer_;
    connection_state& state_;
    connection_ticket ticket_;
    const std::uint64_t id_;  // names the connection in logs

    // The outgoing queue: a vector consumed from head_, cheaper per connection than a deque.
    std::vector<protocol::message_ptr> queue_;
    std::size_t head_ = 0;
    std::size_t queued_bytes_ = 0;  // of the messages from head_ on
    bool closing_ = false;
    bool finished_ = false;
    std::atomic<bool> gone_{false};  // finished_, readable by rooms on other strands
    boost::beast::websocket::close_code close_code_ = boost::beast::websocket::close_code::normal;

    // Token bucket for the message rate.
    double tokens_;
    std::chrono::steady_clock::time_point refilled_;

    std::shared_ptr<client_session> session_;  // who the client is, its rooms, the routing
};

}  // namespace quadra::server
