#include "server/net/websocket_session.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "server/app/client_session.hpp"
#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"

namespace quadra::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using protocol::error_code;

namespace {

// Beast sets aside the space for a read when the read starts, and a connection waits in a read
// nearly all its life: 512 bytes hold any move, and larger messages take several reads.
constexpr std::size_t read_chunk = 512;

// The upgraded connection's socket, moved onto its strand's concrete type (the listener accepts
// every connection on a strand of the io_context).
websocket_session::socket on_own_strand(boost::asio::ip::tcp::socket&& plain) {
    const auto* strand = plain.get_executor().target<websocket_session::executor>();
    if (!strand) throw std::logic_error("a connection must be accepted on a strand of its own");
    websocket_session::socket typed(*strand);
    boost::system::error_code ignored;  // a connection already broken fails at its first read
    const auto local = plain.local_endpoint(ignored);
    typed.assign(local.protocol(), plain.release(ignored), ignored);
    return typed;
}

}  // namespace

websocket_session::websocket_session(boost::asio::ip::tcp::socket&& socket, connection_state& state,
                                     connection_ticket ticket)
    : ws_(on_own_strand(std::move(socket))),
      state_(state),
      ticket_(std::move(ticket)),
      id_(++state.websockets_opened),
      tokens_(state.config.message_burst),
      refilled_(std::chrono::steady_clock::now()),
      session_(std::make_shared<client_session>(
          state.client_services,
          [executor = ws_.get_executor()](std::function<void()> then) {
              boost::asio::post(executor, std::move(then));
          },
          ticket_.address())) {
    ++state_.websockets;
}

websocket_session::~websocket_session() {
    state_.sessions.remove(this);
    --state_.websockets;
}

bool websocket_session::gone() const { return gone_.load(std::memory_order_acquire); }

void websocket_session::run(const beast::http::request<beast::http::string_body>& request) {
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = state_.config.handshake_timeout;
    timeouts.idle_timeout = state_.config.idle_timeout;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    // Whole messages are written as they are, so Beast needs no per-connection write buffer.
    ws_.auto_fragment(false);
    // The kernel's buffer would otherwise grow to megabytes for a reader that does not read,
    // on top of max_queued_bytes; an eighth of that bound keeps a reader's backlog near it.
    beast::error_code ignored;
    ws_.next_layer().set_option(
        boost::asio::socket_base::send_buffer_size(
            static_cast<int>(std::max<std::size_t>(state_.config.max_queued_bytes / 8, 4096))),
        ignored);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(beast::http::field::server, "quadra"); }));
    ws_.async_accept(request,
                     beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
}

void websocket_session::on_accept(beast::error_code ec) {
    if (ec) return finish();
    state_.sessions.add(this, weak_from_this());
    do_read();
}

void websocket_session::going_away() {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
        if (self->closing_ || self->finished_) return;
        self->closing_ = true;
        self->close_code_ = websocket::close_code::going_away;
        // With writes in flight, on_write closes once the queue is empty.
        if (self->queue_.size() == self->head_)
            self->ws_.async_close(websocket::close_code::going_away,
                                  [self](beast::error_code) { self->finish(); });
    });
}

void websocket_session::cut() {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
        if (!self->finished_) self->abort();
    });
}

void websocket_session::sign_out(std::uint64_t identity, std::string session) {
    boost::asio::post(ws_.get_executor(),
                      [self = shared_from_this(), identity, session = std::move(session)] {
                          if (!self->closing_ && !self->finished_)
                              self->session_->signed_out_elsewhere(identity, session, self);
                      });
}

void websocket_session::tell(std::uint64_t identity, protocol::message_ptr message) {
    boost::asio::post(
        ws_.get_executor(), [self = shared_from_this(), identity, message = std::move(message)] {
            if (!self->closing_ && !self->finished_ && self->session_->player_id() == identity)
                self->deliver(message);
        });
}

void sign_out_connections(const session_list& sessions, std::uint64_t identity,
                          const std::string& session) {
    for (const auto& connection : sessions.all()) connection->sign_out(identity, session);
}

void websocket_session::do_read() {
    // Never more than max_message_bytes + 1 are buffered, however large the frame claims to be.
    const auto room = std::min(read_chunk, state_.config.max_message_bytes + 1 - buffer_.size());
    ws_.async_read_some(buffer_, room,
                        beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(beast::error_code ec, std::size_t) {
    if (ec) return finish();
    // A read that completes from buffered data after the session closed must not act: a join
    // handled now would reach the room after the disconnect and keep this session alive.
    if (closing_) return;
    if (buffer_.size() > state_.config.max_message_bytes) {
        buffer_.consume(buffer_.size());
        state_.stats.count_error(error_code::too_large);
        log::event(log::level::warn, "closed_too_large", {{"player", session_->player_id()}});
        close_after(protocol::error_message(
                        {error_code::too_large,
                         "messages are limited to " +
                             std::to_string(state_.config.max_message_bytes) + " bytes"},
                        {}),
                    websocket::close_code::too_big);
        return;
    }
    if (!ws_.is_message_done()) return do_read();
    if (!admit_by_rate()) return read_next_message();
    if (ws_.got_binary()) {
        reply_error(error_code::bad_frame, "only text frames carry messages", {});
    } else {
        const auto data = buffer_.cdata();
        handle(std::string_view(static_cast<const char*>(data.data()), data.size()));
    }
    read_next_message();
}

void websocket_session::read_next_message() {
    // A large message's space is not kept for the small ones that follow.
    buffer_.clear();
    if (buffer_.capacity() > read_chunk) buffer_.shrink_to_fit();
    if (!closing_) do_read();
}

bool websocket_session::admit_by_rate() {
    const auto now = std::chrono::steady_clock::now();
    const std::chrono::duration<double> elapsed = now - refilled_;
    refilled_ = now;
    const double burst = state_.config.message_burst;
    tokens_ = std::min(burst, tokens_ + elapsed.count() * state_.config.messages_per_second);
    tokens_ -= 1;
    if (tokens_ >= 0) return true;
    // Over the limit: refused; far over it (a whole extra burst in debt): a flood, closed.
    if (tokens_ < -burst) {
        state_.stats.count_error(error_code::rate_limited);
        log::event(log::level::warn, "closed_flood", {{"player", session_->player_id()}});
        close_after(
            protocol::error_message(
                {error_code::rate_limited, "too many messages; closing the connection"}, {}),
            websocket::close_code::policy_error);
    } else {
        reply_error(error_code::rate_limited, "too many messages; slow down", {});
    }
    return false;
}

void websocket_session::reply_error(error_code code, std::string message,
                                    const protocol::request_id& id) {
    state_.stats.count_error(code);
    log::event(log::level::debug, "refused",
               {{"code", protocol::code_name(code)}, {"player", session_->player_id()}});
    send(protocol::error_message({code, std::move(message)}, id));
}

void websocket_session::handle(std::string_view text) {
    auto parsed = protocol::parse_request(text);
    if (parsed.failure) {
        state_.stats.count_error(parsed.failure->code);
        return send(protocol::error_message(*parsed.failure, parsed.id));
    }
    session_->handle({std::move(parsed.id), std::move(*parsed.body)}, shared_from_this());
}

void websocket_session::deliver(protocol::message_ptr message) {
    boost::asio::post(ws_.get_executor(),
                      [self = shared_from_this(), message = std::move(message)]() mutable {
                          self->send(std::move(message));
                      });
}

void websocket_session::send(protocol::message_ptr message) {
    if (closing_ || finished_) return;
    if (enqueue(std::move(message)) && queue_.size() - head_ == 1) do_write();
}

bool websocket_session::enqueue(protocol::message_ptr message) {
    const auto waiting = queue_.size() - head_;
    // One message always fits an empty queue, however large: the bound is on the backlog.
    if (waiting >= state_.config.max_queued_messages ||
        (waiting > 0 && queued_bytes_ + message->size() > state_.config.max_queued_bytes)) {
        ++state_.stats.slow_readers;
        log::event(log::level::warn, "slow_reader",
                   {{"connection", id_},
                    {"player", session_->player_id()},
                    {"rooms", session_->room_codes()},
                    {"lobby", session_->watches_lobby() ? "yes" : "no"},
                    {"queued_messages", waiting},
                    {"queued_bytes", queued_bytes_}});
        abort();
        return false;
    }
    queued_bytes_ += message->size();
    queue_.push_back(std::move(message));
    return true;
}

void websocket_session::do_write() {
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(*queue_[head_]),
                    beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
    if (ec) return abort();
    queued_bytes_ -= queue_[head_]->size();
    queue_[head_++].reset();
    if (head_ >= 32 && head_ * 2 >= queue_.size()) {  // a queue that never drains is compacted
        queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
    }
    if (head_ < queue_.size()) return do_write();
    queue_.clear();
    head_ = 0;
    if (closing_) {
        ws_.async_close(close_code_,
                        [self = shared_from_this()](beast::error_code) { self->finish(); });
    }
}

void websocket_session::close_after(protocol::message_ptr last, websocket::close_code why) {
    if (closing_ || !enqueue(std::move(last))) return;
    closing_ = true;
    close_code_ = why;
    if (queue_.size() - head_ == 1) do_write();
}

void websocket_session::abort() {
    closing_ = true;
    beast::error_code ignored;
    ws_.next_layer().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    ws_.next_layer().close(ignored);
    finish();
}

void websocket_session::finish() {
    if (finished_) return;
    finished_ = true;
    gone_.store(true, std::memory_order_release);
    closing_ = true;
    state_.sessions.remove(this);
    session_->disconnect(shared_from_this());
}

}  // namespace quadra::server
