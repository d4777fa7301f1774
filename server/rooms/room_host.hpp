#pragma once
// A room on its own strand: the room's single writer. Requests are posted to it from any
// connection; after each one the room's new events go to its journal, and the outbox is handed to
// the recipients only once they are committed (outboxes of one room leave in order). A failed
// write refuses the request (store_failed) and rebuilds the room from its committed events. No
// lock is shared with other rooms. When a computer player is to move, the bot pool thinks on a
// copy of the game and the answer comes back to the strand as a move request.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/rooms/room.hpp"
#include "server/rooms/room_journal.hpp"
#include "server/rooms/room_services.hpp"

namespace quadra::server {

class room_host : public std::enable_shared_from_this<room_host> {
public:
    // `journal` keeps the hosted room's game: a new one, or one restored from it.
    room_host(const boost::asio::any_io_executor& executor, room_services services, room hosted,
              std::unique_ptr<room_journal> journal);

    const std::string& code() const { return code_; }

    void join(std::shared_ptr<recipient> member, std::shared_ptr<identity> who,
              protocol::join_room_request request, protocol::request_id id);
    // room::hold_seat on the room's strand (a seeker paired from another node).
    void hold_seat(std::shared_ptr<identity> who, int seat);
    void leave(const std::shared_ptr<recipient>& member, const protocol::request_id& id);
    void disconnect(std::shared_ptr<recipient> member);
    // A request for this room (move, add_bot, resign, draws, claim, rematch, chat).
    void handle(std::shared_ptr<recipient> member, protocol::room_request request,
                protocol::request_id id);
    // room::hide_chat on the room's strand (#31).
    void hide_chat(std::int64_t line_at);
    // room::close on the room's strand (#31); `moderator` hears the answer once it is stored.
    void close(std::shared_ptr<recipient> moderator, std::shared_ptr<identity> by,
               protocol::close_room_request request, protocol::request_id id);
    // Makes the room act on deadlines that passed (its timer does this by itself; tests with a
    // manual clock call it after moving the clock).
    void check_deadlines();
    // Tells the lobby about a room built elsewhere (a rematch) and lets its bots start.
    void start();

    // Stops serving the room here (this node is leaving a shared store): nothing more is written,
    // timers and bots stop, and every later request is answered with a redirect to `url`.
    // `done` runs on the room's strand once that holds.
    void stop_serving(std::string url, std::function<void()> done);
    // After stop_serving: sends every member to its URL, after everything already committed, and
    // takes the room out of the lobby; then `done` runs on the room's strand.
    void send_members_away(std::function<void()> done = {});

    // Drops the room's hold on its connections; only once the server's threads have stopped.
    void release_members() { room_.clear_members(); }

private:
    // An outbox waiting for its events to be committed (or for an earlier outbox to leave).
    struct waiting {
        std::uint64_t ticket = 0;  // 0: nothing of its own to write
        outbox out;
        bool ready = false;
        std::shared_ptr<recipient> origin;  // who asked, told if the write fails
        protocol::request_id id;
    };

    template <class Action>
    void run(Action action, std::shared_ptr<recipient> origin = {}, protocol::request_id id = {});
    // After each action: opens a ready rematch, commits and delivers, tells the lobby, closes the
    // room when it is done, and asks the bot pool and the timer for what comes next.
    void flush(std::shared_ptr<recipient> origin = {}, protocol::request_id id = {});
    // Hands the room's new events to the journal; the outbox waits in line until they are written.
    void commit(std::shared_ptr<recipient> origin, protocol::request_id id);
    void stored(std::uint64_t ticket, append_outcome outcome);
    // Another node owns the room now: its members are sent there.
    void moved_away();
    // Stops serving the room here and sends its members to `url`.
    void leave_to(std::string url);
    // Answers a request with a redirect when the room is not served here any more.
    bool redirected(const std::shared_ptr<recipient>& origin, const protocol::request_id& id);
    // Stops the timer and the bot's thinking for good.
    void stop_clocks_and_bots();
    // A finished room everyone left leaves memory once all of it is stored: the next join brings
    // it back from the store. Late requests get a redirect to rejoin. True when it left.
    bool unload_if_idle();
    void release();
    // After a failed write: the room as its committed events leave it, with the same members.
    void rebuild();
    // Asks the pool for a computer player's move, once per version.
    void schedule_bot();
    void bot_answer(int seat, std::int64_t version, std::string request);
    // Sets the timer for the room's next deadline; one already passed waits `if_passed`.
    void arm_timer(std::chrono::milliseconds if_passed = std::chrono::milliseconds(0));
    void open_rematch();
    // Counts a move that changed the version since `before`; times it when a person sent it.
    void observe_move(std::int64_t before,
                      std::optional<std::chrono::steady_clock::time_point> received);

    boost::asio::strand<boost::asio::any_io_executor> strand_;
    room_services services_;  // also for a rematch's room
    lobby& lobby_;
    bot_pool& bots_;
    metrics& metrics_;
    std::atomic<std::uint64_t>* moves_;          // this game's move counter
    std::atomic<std::uint64_t>* forced_passes_;  // and its forced passes
    const std::string code_;
    room room_;
    std::unique_ptr<room_journal> journal_;
    std::uint64_t last_ticket_ = 0;
    // Usually one or two entries: a vector, since an empty std::deque already holds 576 bytes
    // (2,500 rooms keep one each).
    std::vector<waiting> waiting_;
    outbox out_;                  // reused, so a move allocates no delivery list
    std::int64_t thinking_ = -1;  // the version a bot move was asked for
    int thought_after_ = 0;       // ... after this many takebacks
    protocol::room_status logged_status_ = protocol::room_status::waiting;
    std::stop_source stop_;  // cancels the bot's thinking once the room is closed
    boost::asio::steady_timer timer_;
    std::optional<std::int64_t> armed_for_;  // the deadline the timer waits for
    bool closed_ = false;
    // Someone was in the room since it was built here, or it was built unfinished: a finished
    // room brought back for a join waits for that join before it may be unloaded again.
    bool visited_ = false;
    std::optional<std::string> moved_to_;  // where the room is served once not here
    std::chrono::steady_clock::time_point next_home_lookup_;  // while moved_to_ is ""
};

}  // namespace quadra::server
