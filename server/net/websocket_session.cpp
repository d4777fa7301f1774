#include "server/net/websocket_session.hpp"

#include <algorithm>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "rules/registry.hpp"
#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"
#include "server/store/room_store.hpp"

namespace quadra::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using protocol::error_code;

namespace {

// The room a room-life request is for; null for every other request.
const std::string* life_room(const protocol::request_body& body) {
    return std::visit(
        [](const auto& request) -> const std::string* {
            using type = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<type, protocol::resign_request> ||
                          std::is_same_v<type, protocol::offer_draw_request> ||
                          std::is_same_v<type, protocol::accept_draw_request> ||
                          std::is_same_v<type, protocol::decline_draw_request> ||
                          std::is_same_v<type, protocol::claim_request> ||
                          std::is_same_v<type, protocol::rematch_request> ||
                          std::is_same_v<type, protocol::chat_request>)
                return &request.room;
            else
                return nullptr;
        },
        body);
}

}  // namespace

websocket_session::websocket_session(beast::tcp_stream&& stream, server_state& state,
                                     connection_ticket ticket)
    : ws_(std::move(stream)),
      state_(state),
      ticket_(std::move(ticket)),
      tokens_(state.config.message_burst),
      refilled_(std::chrono::steady_clock::now()) {
    ++state_.websockets;
}

websocket_session::~websocket_session() {
    state_.sessions.remove(this);
    --state_.websockets;
}

bool websocket_session::gone() const { return gone_.load(std::memory_order_acquire); }

void websocket_session::run(beast::http::request<beast::http::string_body> request) {
    // The WebSocket layer has its own timeouts; the TCP stream's would cut idle players.
    beast::get_lowest_layer(ws_).expires_never();
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = state_.config.handshake_timeout;
    timeouts.idle_timeout = state_.config.idle_timeout;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    // Whole messages are written as they are, so Beast needs no per-connection write buffer.
    ws_.auto_fragment(false);
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

void websocket_session::do_read() {
    // Never more than max_message_bytes + 1 are buffered, however large the frame claims to be.
    const auto room = state_.config.max_message_bytes + 1 - buffer_.size();
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
        log::event(log::level::warn, "closed_too_large", {{"player", who_ ? who_->id() : 0}});
        close_after(protocol::error_message(
                        {error_code::too_large,
                         "messages are limited to " +
                             std::to_string(state_.config.max_message_bytes) + " bytes"},
                        {}),
                    websocket::close_code::too_big);
        return;
    }
    if (!ws_.is_message_done()) return do_read();
    if (!admit_by_rate()) {
        buffer_.consume(buffer_.size());
        if (!closing_) do_read();
        return;
    }
    if (ws_.got_binary()) {
        reply_error(error_code::bad_frame, "only text frames carry messages", {});
    } else {
        const auto data = buffer_.cdata();
        handle(std::string_view(static_cast<const char*>(data.data()), data.size()));
    }
    buffer_.consume(buffer_.size());
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
        log::event(log::level::warn, "closed_flood", {{"player", who_ ? who_->id() : 0}});
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
                                    const protocol::request_id& id, std::string_view room) {
    state_.stats.count_error(code);
    log::event(log::level::debug, "refused",
               {{"code", protocol::code_name(code)}, {"player", who_ ? who_->id() : 0}});
    send(protocol::error_message({code, std::move(message)}, id, room));
}

std::shared_ptr<room_host> websocket_session::room_for(const std::string& code) {
    for (const auto& r : rooms_)
        if (r.code == code) return r.host;
    return state_.lobby_.find(code);
}

bool websocket_session::remember(std::shared_ptr<room_host> host) {
    for (const auto& r : rooms_)
        if (r.host == host) return true;
    if (rooms_.size() >= state_.config.max_rooms_per_connection) return false;
    rooms_.push_back({host->code(), std::move(host)});
    return true;
}

void websocket_session::handle(std::string_view text) {
    auto parsed = protocol::parse_request(text);
    if (parsed.failure) {
        state_.stats.count_error(parsed.failure->code);
        return send(protocol::error_message(*parsed.failure, parsed.id));
    }
    auto& id = parsed.id;
    auto& body = *parsed.body;

    if (auto* hello = std::get_if<protocol::hello_request>(&body)) return handle(id, *hello);
    if (std::holds_alternative<protocol::ping_request>(body))
        return send(protocol::pong_message(id));
    if (std::holds_alternative<protocol::list_games_request>(body))
        return send(protocol::games_message(id));
    if (!who_) return reply_error(error_code::not_identified, "send 'hello' first", id);

    if (auto* list = std::get_if<protocol::list_rooms_request>(&body)) {
        if (list->subscribe) {
            subscribed_ = true;
            return send(state_.lobby_.subscribe(shared_from_this(), id));
        }
        return send(state_.lobby_.listing(id));
    }
    if (std::holds_alternative<protocol::unsubscribe_rooms_request>(body)) {
        if (subscribed_) state_.lobby_.unsubscribe(this);
        subscribed_ = false;
        return send(protocol::pong_message(id));
    }
    if (auto* create = std::get_if<protocol::create_room_request>(&body))
        return handle(id, *create);
    if (auto* join = std::get_if<protocol::join_room_request>(&body)) {
        auto host = room_for(join->room);
        if (!host) return reply_error(error_code::no_such_room, "no room " + join->room, id);
        if (!remember(host))
            return reply_error(error_code::server_full, "too many rooms on one connection", id);
        return host->join(shared_from_this(), who_, std::move(*join), id);
    }
    if (auto* leave = std::get_if<protocol::leave_room_request>(&body)) {
        auto it = std::find_if(rooms_.begin(), rooms_.end(),
                               [&](const joined_room& r) { return r.code == leave->room; });
        if (it == rooms_.end())
            return reply_error(error_code::not_in_room, "you are not in room " + leave->room, id);
        auto host = std::move(it->host);
        rooms_.erase(it);
        return host->leave(shared_from_this(), id);
    }
    if (auto* move = std::get_if<protocol::move_request>(&body)) {
        auto host = room_for(move->room);
        if (!host) return reply_error(error_code::no_such_room, "no room " + move->room, id);
        return host->move(shared_from_this(), std::move(*move), id);
    }
    if (auto* add = std::get_if<protocol::add_bot_request>(&body)) {
        auto host = room_for(add->room);
        if (!host) return reply_error(error_code::no_such_room, "no room " + add->room, id);
        return host->add_bot(shared_from_this(), std::move(*add), id);
    }
    if (const auto* code = life_room(body)) {
        auto host = room_for(*code);
        if (!host) return reply_error(error_code::no_such_room, "no room " + *code, id);
        return host->life(shared_from_this(), std::move(body), id);
    }
}

void websocket_session::handle(const protocol::request_id& id, protocol::hello_request& hello) {
    std::shared_ptr<identity> found;
    if (hello.token) {
        found = state_.identities.find(*hello.token);
        if (!found) return reply_error(error_code::bad_token, "unknown token", id);
        if (hello.name) {
            auto name = sanitize_name(*hello.name);
            if (!name.empty()) found->rename(std::move(name));
        }
        if (hello.name) persist_identity(found, token_hash(*hello.token), nullptr);
    } else {
        found = state_.identities.create(hello.name.value_or(""));
        if (!found) return reply_error(error_code::server_full, "no room for new guests", id);
        if (who_) {
            for (auto& r : rooms_) r.host->disconnect(shared_from_this());
            rooms_.clear();
        }
        who_ = found;
        // The token is handed out only once its hash is stored, so it survives a restart.
        auto welcome = [self = shared_from_this(), found, id](bool stored) {
            if (!stored) {
                if (self->who_ == found) self->who_ = nullptr;
                return self->reply_error(error_code::store_failed,
                                         "the server could not store the new identity", id);
            }
            self->send(protocol::welcome_message(id, found->token(), found->name(), false));
        };
        return persist_identity(found, token_hash(found->token()), std::move(welcome));
    }
    const bool resumed = true;
    if (who_ && who_ != found) {
        // Switching identity on one connection: leave the old identity's rooms first.
        for (auto& r : rooms_) r.host->disconnect(shared_from_this());
        rooms_.clear();
    }
    who_ = found;
    send(protocol::welcome_message(id, *hello.token, who_->name(), resumed));
    // A reconnect: the identity's seats come back on this connection, with their snapshots.
    for (const auto& code : who_->rooms()) {
        auto host = state_.lobby_.find(code);
        if (host && remember(host))
            host->join(shared_from_this(), who_, {code, protocol::role::spectator, {}}, {});
    }
}

void websocket_session::persist_identity(const std::shared_ptr<identity>& who, std::string hash,
                                         std::function<void(bool)> then) {
    write_batch batch;
    batch.identity =
        identity_row{static_cast<std::int64_t>(who->id()), std::move(hash), who->name(), unix_ms()};
    auto done = [executor = ws_.get_executor(), then = std::move(then)](bool stored) {
        if (then) boost::asio::post(executor, [then, stored] { then(stored); });
    };
    state_.games->submit(std::move(batch), std::move(done));
}

void websocket_session::handle(const protocol::request_id& id,
                               protocol::create_room_request& create) {
    const auto* type = rules::find_game_type(create.game);
    if (!type) return reply_error(error_code::unknown_game, "no game '" + create.game + "'", id);
    auto game = rules::create_game(create.game, create.options);
    if (!game) return reply_error(error_code::bad_options, game.reason(), id);
    if (create.seat && *create.seat >= game.value()->seat_count())
        return reply_error(
            error_code::bad_field,
            "this game has seats 0-" + std::to_string(game.value()->seat_count() - 1), id);
    if (rooms_.size() >= state_.config.max_rooms_per_connection)
        return reply_error(error_code::server_full, "too many rooms on one connection", id);
    auto executor = ws_.get_executor();
    auto host = state_.lobby_.open([&](const std::string& code) {
        // Every game has its own fair dice; the game's row is stored with its first events.
        auto made = make_new_game(code, *game.value(), create.is_public, create.clock);
        auto game_id = made.row.id;
        return std::make_shared<room_host>(
            executor, state_,
            room(code, std::move(game).value(), create.is_public, std::move(made.dice),
                 state_.room_life_for(create.clock)),
            std::move(game_id), std::move(made.row), 0);
    });
    if (!host)
        return reply_error(error_code::server_full, "the server has no room for more rooms", id);
    remember(host);
    log::event(log::level::info, "room_created",
               {{"room", host->code()}, {"game", create.game}, {"player", who_->id()}});
    host->join(shared_from_this(), who_, {host->code(), protocol::role::player, create.seat}, id);
}

void websocket_session::deliver(protocol::message_ptr message) {
    boost::asio::post(ws_.get_executor(),
                      [self = shared_from_this(), message = std::move(message)]() mutable {
                          self->send(std::move(message));
                      });
}

void websocket_session::send(protocol::message_ptr message) {
    if (closing_ || finished_) return;
    if (queue_.size() - head_ >= state_.config.max_queued_messages) return abort();  // slow reader
    queue_.push_back(std::move(message));
    if (queue_.size() - head_ == 1) do_write();
}

void websocket_session::do_write() {
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(*queue_[head_]),
                    beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
    if (ec) return abort();
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
    if (closing_) return;
    if (queue_.size() - head_ >= state_.config.max_queued_messages) return abort();
    queue_.push_back(std::move(last));
    closing_ = true;
    close_code_ = why;
    if (queue_.size() - head_ == 1) do_write();
}

void websocket_session::abort() {
    closing_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both,
                                                   ignored);
    beast::get_lowest_layer(ws_).close();
    finish();
}

void websocket_session::finish() {
    if (finished_) return;
    finished_ = true;
    gone_.store(true, std::memory_order_release);
    closing_ = true;
    state_.sessions.remove(this);
    if (who_)
        log::event(log::level::info, "disconnected",
                   {{"player", who_->id()}, {"rooms", rooms_.size()}});
    if (subscribed_) state_.lobby_.unsubscribe(this);
    subscribed_ = false;
    for (auto& r : rooms_) r.host->disconnect(shared_from_this());
    rooms_.clear();
}

}  // namespace quadra::server
