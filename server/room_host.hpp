#pragma once
// A room on its own strand: the room's single writer. Requests are posted to it from any
// connection; after each one the outbox is handed to the recipients and the lobby is told of
// changes. No lock is shared with other rooms. When a computer player is to move, the bot pool
// thinks on a copy of the game and the answer comes back to the strand as a move request.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "bot_pool.hpp"
#include "lobby.hpp"
#include "room.hpp"

namespace quadra::server {

class room_host : public std::enable_shared_from_this<room_host> {
public:
    room_host(boost::asio::any_io_executor executor, lobby& directory, bot_pool& bots,
              metrics& stats, room hosted);

    const std::string& code() const { return code_; }

    void join(std::shared_ptr<recipient> member, std::shared_ptr<identity> who,
              protocol::join_room_request request, protocol::request_id id);
    void leave(std::shared_ptr<recipient> member, protocol::request_id id);
    void disconnect(std::shared_ptr<recipient> member);
    void move(std::shared_ptr<recipient> member, protocol::move_request request,
              protocol::request_id id);
    void add_bot(std::shared_ptr<recipient> member, protocol::add_bot_request request,
                 protocol::request_id id);
    // Room life: resign, offer_draw, accept_draw, decline_draw, claim, rematch, chat.
    void life(std::shared_ptr<recipient> member, protocol::request_body request,
              protocol::request_id id);
    // Makes the room act on deadlines that passed (its timer does this by itself; tests with a
    // manual clock call it after moving the clock).
    void check_deadlines();
    // Tells the lobby about a room built elsewhere (a rematch) and lets its bots start.
    void start();

    // Drops the room's hold on its connections; only once the server's threads have stopped.
    void release_members() { room_.clear_members(); }

private:
    template <class Action>
    void run(Action action);
    void flush();
    // Asks the pool for a computer player's move, once per version.
    void schedule_bot();
    void bot_answer(int seat, std::int64_t version, std::string request);
    // Sets the timer for the room's next deadline.
    void arm_timer();
    void open_rematch();
    // Counts a move that changed the version since `before`; times it when a person sent it.
    void observe_move(std::int64_t before,
                      std::optional<std::chrono::steady_clock::time_point> received);

    boost::asio::strand<boost::asio::any_io_executor> strand_;
    lobby& lobby_;
    bot_pool& bots_;
    metrics& metrics_;
    std::atomic<std::uint64_t>* moves_;  // this game's move counter
    const std::string code_;
    room room_;
    outbox out_;                  // reused, so a move allocates no delivery list
    std::int64_t thinking_ = -1;  // the version a bot move was asked for
    protocol::room_status logged_status_ = protocol::room_status::waiting;
    std::stop_source stop_;  // cancels the bot's thinking once the room is closed
    boost::asio::steady_timer timer_;
    std::optional<std::int64_t> armed_for_;  // the deadline the timer waits for
    bool closed_ = false;
};

}  // namespace quadra::server
