#include "server/rooms/room_host.hpp"

#include <algorithm>
#include <chrono>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>

#include "bots/search.hpp"
#include "protocol/overloaded.hpp"
#include "server/ops/log.hpp"

namespace quadra::server {

namespace {

// What the room does with each request; a room request type without a line here does not compile.
void act(room& r, const std::shared_ptr<recipient>& member, const protocol::room_request& request,
         const protocol::request_id& id, outbox& out) {
    using namespace protocol;
    std::visit(
        overloaded{
            [&](const move_request& m) { r.move(member, m, id, out); },
            [&](const add_bot_request& a) { r.add_bot(member, a, id, out); },
            [&](const resign_request&) { r.resign(member, id, out); },
            [&](const offer_draw_request&) { r.offer_draw(member, id, out); },
            [&](const accept_draw_request&) { r.answer_draw(member, true, id, out); },
            [&](const decline_draw_request&) { r.answer_draw(member, false, id, out); },
            [&](const claim_request& c) { r.claim(member, c, id, out); },
            [&](const rematch_request&) { r.ask_rematch(member, id, out); },
            [&](const chat_request& c) { r.chat(member, c, id, out); },
            [&](const takeback_request&) { r.ask_takeback(member, id, out); },
            [&](const accept_takeback_request&) { r.answer_takeback(member, true, id, out); },
            [&](const decline_takeback_request&) { r.answer_takeback(member, false, id, out); },
        },
        request);
}

}  // namespace

room_host::room_host(const boost::asio::any_io_executor& executor, room_services services,
                     room hosted, std::unique_ptr<room_journal> journal)
    : strand_(boost::asio::make_strand(executor)),
      services_(std::move(services)),
      lobby_(services_.rooms),
      bots_(services_.bots),
      metrics_(services_.stats),
      moves_(services_.stats.moves_of(hosted.game().id())),
      forced_passes_(services_.stats.forced_passes_of(hosted.game().id())),
      code_(hosted.code()),
      room_(std::move(hosted)),
      journal_(std::move(journal)),
      timer_(strand_),
      visited_(room_.status() != protocol::room_status::finished) {
    room_.report_errors_to(&metrics_);
    if (services_.turns_changed) journal_->on_turns(services_.turns_changed);
    if (services_.news) journal_->on_news(services_.news);
}

void room_host::observe_move(std::int64_t before,
                             std::optional<std::chrono::steady_clock::time_point> received) {
    if (room_.version() == before) return;
    if (moves_) moves_->fetch_add(1, std::memory_order_relaxed);
    if (received) metrics_.move_latency.observe(std::chrono::steady_clock::now() - *received);
}

template <class Action>
void room_host::run(Action action, std::shared_ptr<recipient> origin, protocol::request_id id) {
    boost::asio::post(strand_, [self = shared_from_this(), action = std::move(action),
                                origin = std::move(origin), id = std::move(id)]() mutable {
        if (self->redirected(origin, id)) return;
        action(self->room_, self->out_);
        self->flush(std::move(origin), std::move(id));
    });
}

void room_host::flush(std::shared_ptr<recipient> origin, protocol::request_id id) {
    if (!closed_ && room_.rematch_ready()) open_rematch();
    // What the deadlines told players away (low time); the journal's news follows its commit.
    if (auto news = room_.take_news(); !news.empty() && services_.news)
        services_.news(std::move(news));
    commit(std::move(origin), std::move(id));
    if (closed_) return;  // late requests to a closed room still get their answers
    if (room_.take_summary_change()) lobby_.publish(room_.summary());
    if (room_.status() != logged_status_) {
        logged_status_ = room_.status();
        log::event(
            log::level::info,
            logged_status_ == protocol::room_status::playing ? "room_started" : "room_finished",
            {{"room", code_}, {"game", room_.game().id()}, {"moves", room_.version()}});
    }
    if (room_.abandoned() || room_.expired()) {
        closed_ = true;
        log::event(log::level::info, "room_closed", {{"room", code_}});
        lobby_.close(code_, /*ended=*/true);
        stop_clocks_and_bots();
        return;
    }
    visited_ = visited_ || room_.member_count() > 0;
    if (unload_if_idle()) return;
    schedule_bot();
    arm_timer();
}

void room_host::commit(std::shared_ptr<recipient> origin, protocol::request_id id) {
    auto events = room_.take_journal();
    if (forced_passes_)
        for (const auto& e : events)
            if (std::holds_alternative<events::forced_pass>(e.what))
                forced_passes_->fetch_add(1, std::memory_order_relaxed);
    if (!events.empty() || journal_->has_pending()) {
        const auto ticket = ++last_ticket_;
        waiting_.push_back({ticket, std::move(out_), false, std::move(origin), std::move(id)});
        journal_->append(std::move(events), room_,
                         [self = shared_from_this(), ticket,
                          began = std::chrono::steady_clock::now()](append_outcome outcome) {
                             self->metrics_.store_write_latency.observe(
                                 std::chrono::steady_clock::now() - began);
                             boost::asio::post(self->strand_, [self, ticket, outcome] {
                                 self->stored(ticket, outcome);
                             });
                         });
    } else {
        // Nothing to write, but it must not overtake an outbox still waiting for the store.
        waiting_.push_back({0, std::move(out_), true, std::move(origin), std::move(id)});
    }
    out_.clear();
    out_.reserve(8);  // the moved-from outbox has no room left; a move reaches about five
    release();
}

void room_host::arm_timer(std::chrono::milliseconds if_passed) {
    const auto deadline = room_.next_deadline();
    if (deadline == armed_for_) return;
    armed_for_ = deadline;
    timer_.cancel();
    if (!deadline) return;
    const auto left = *deadline - room_.now_ms();
    const auto wait = left > 0 ? left : if_passed.count();
    timer_.expires_after(std::chrono::milliseconds(wait));
    timer_.async_wait(boost::asio::bind_executor(
        strand_, [weak = weak_from_this()](boost::system::error_code ec) {
            auto self = weak.lock();
            if (ec || !self || self->moved_to_) return;
            self->armed_for_.reset();
            self->room_.check_deadlines(self->out_);
            self->flush();
        }));
}

void room_host::check_deadlines() {
    run([](room& r, outbox& out) { r.check_deadlines(out); });
}

void room_host::hide_chat(std::int64_t line_at) {
    run([line_at](room& r, outbox& out) { r.hide_chat(line_at, out); });
}

void room_host::close(std::shared_ptr<recipient> moderator, std::shared_ptr<identity> by,
                      protocol::close_room_request request, protocol::request_id id) {
    auto action = [moderator, by = std::move(by), request = std::move(request), id](
                      room& r, outbox& out) { r.close(moderator, by, request, id, out); };
    run(std::move(action), std::move(moderator), std::move(id));
}

void room_host::start() {
    run([](room&, outbox&) {});
}

void room_host::open_rematch() {
    auto host = lobby_.open([&](const std::string& code) {
        // A new game: its own fair dice and its own journal, written with its first events.
        auto made = services_.start_game(
            code, room_.game(), room_.is_public(),
            {room_.policy().clock, room_.policy().rated, room_.policy().takebacks});
        return std::make_shared<room_host>(strand_.get_inner_executor(), services_,
                                           room_.make_rematch(code, std::move(made.dice)),
                                           std::move(made.journal));
    });
    if (!host) return;  // the server is full; the players may ask again later
    room_.rematch_opened(host->code(), out_);
    host->start();
}

void room_host::release() {
    while (!waiting_.empty() && waiting_.front().ready) {
        for (auto& d : waiting_.front().out) d.to->deliver(std::move(d.message));
        waiting_.erase(waiting_.begin());
    }
}

void room_host::stored(std::uint64_t ticket, append_outcome outcome) {
    const auto it = std::find_if(waiting_.begin(), waiting_.end(),
                                 [ticket](const waiting& w) { return w.ticket == ticket; });
    if (it == waiting_.end()) return;  // dropped after an earlier failure
    if (outcome == append_outcome::committed) {
        it->ready = true;
        release();
        unload_if_idle();
        return;
    }
    if (outcome == append_outcome::moved) {
        // Nothing of this or later requests was written; their senders go where the room is.
        std::vector<std::pair<std::shared_ptr<recipient>, protocol::request_id>> senders;
        for (auto w = it; w != waiting_.end(); ++w)
            if (w->origin) senders.emplace_back(w->origin, w->id);
        waiting_.erase(it, waiting_.end());
        moved_away();
        for (const auto& [origin, id] : senders) redirected(origin, id);
        return;
    }
    // This request and everything after it were built on state that is not stored: none of it
    // is delivered, each sender is told, and the room goes back to what is committed.
    for (auto w = it; w != waiting_.end(); ++w) {
        if (w->origin)
            w->origin->deliver(protocol::error_message(
                {protocol::error_code::store_failed,
                 "the server could not store this; nothing changed, please retry"},
                w->id, code_));
    }
    waiting_.erase(it, waiting_.end());
    rebuild();
    release();
}

bool room_host::redirected(const std::shared_ptr<recipient>& origin,
                           const protocol::request_id& id) {
    if (!moved_to_) return false;
    // "" was all that could be said when the room left (e.g. the database was out of reach); the
    // directory may know better now that another node has taken the room. Asked at most once a
    // second, since the answer is a read of the shared store.
    const auto now = std::chrono::steady_clock::now();
    if (moved_to_->empty() && services_.new_home && now >= next_home_lookup_) {
        next_home_lookup_ = now + std::chrono::seconds(1);
        moved_to_ = services_.new_home(code_);
    }
    if (origin) origin->deliver(protocol::redirect_message(id, code_, *moved_to_));
    return true;
}

bool room_host::unload_if_idle() {
    if (closed_ || moved_to_ || room_.status() != protocol::room_status::finished || !visited_ ||
        room_.member_count() > 0 || !waiting_.empty() || journal_->has_pending())
        return false;
    closed_ = true;
    moved_to_ = std::string();  // "" : rejoin where you are
    log::event(log::level::info, "room_unloaded", {{"room", code_}});
    stop_clocks_and_bots();
    lobby_.close(code_);
    return true;
}

void room_host::stop_clocks_and_bots() {
    stop_.request_stop();
    timer_.cancel();
}

void room_host::moved_away() {
    metrics_.fenced_writes.fetch_add(1, std::memory_order_relaxed);
    log::event(log::level::warn, "room_fenced", {{"room", code_}});
    leave_to(services_.new_home ? services_.new_home(code_) : std::string());
}

void room_host::leave_to(std::string url) {
    moved_to_ = std::move(url);
    stop_clocks_and_bots();
    send_members_away();
}

void room_host::stop_serving(std::string url, std::function<void()> done) {
    boost::asio::post(strand_, [self = shared_from_this(), url = std::move(url),
                                done = std::move(done)]() mutable {
        if (!self->moved_to_) self->moved_to_ = std::move(url);
        self->stop_clocks_and_bots();
        done();
    });
}

void room_host::send_members_away(std::function<void()> done) {
    boost::asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
        auto finally = [&done] {
            if (done) done();
        };
        if (self->closed_) return finally();
        self->closed_ = true;
        // Behind whatever is still waiting for the store, so members see every committed move.
        outbox out;
        self->room_.tell_members(
            protocol::redirect_message({}, self->code_, self->moved_to_.value_or("")), out);
        self->waiting_.push_back({0, std::move(out), true, {}, {}});
        self->release();
        self->lobby_.close(self->code_);
        finally();
    });
}

void room_host::rebuild() {
    auto restored = journal_->reload(room_.policy());
    if (!restored) {
        // Nothing committed to go back to, or the store cannot be read now: the room is not
        // served here; its members reconnect and join again (a shared store's node replays it).
        log::event(log::level::warn, "room_dropped",
                   {{"room", code_}, {"reason", restored.reason()}});
        leave_to({});
        return;
    }
    restored.value().adopt_members(room_);
    room_ = std::move(restored).value();
    thinking_ = -1;
    outbox out;
    room_.broadcast_snapshot(out);
    waiting_.push_back({0, std::move(out), true, {}, {}});
    if (room_.take_summary_change()) lobby_.publish(room_.summary());
    schedule_bot();
    // The timer still waits for the refused state's deadline. A deadline already passed is
    // retried after a second, not in a loop while the store keeps failing.
    armed_for_.reset();
    arm_timer(std::chrono::seconds(1));
}

void room_host::schedule_bot() {
    const auto strength = room_.bot_to_move();
    // A takeback can bring a version back: the position is then another one.
    if (!strength || (thinking_ == room_.version() && thought_after_ == room_.takebacks_accepted()))
        return;
    thinking_ = room_.version();
    thought_after_ = room_.takebacks_accepted();
    const int seat = room_.game().to_move();
    auto answer = [self = shared_from_this(), seat, version = thinking_,
                   after = thought_after_](std::string request) {
        boost::asio::post(self->strand_,
                          [self, seat, version, after, request = std::move(request)] {
                              if (after == self->room_.takebacks_accepted())
                                  self->bot_answer(seat, version, request);
                          });
    };
    if (bots_.submit({room_.game().clone(), *strength, stop_.get_token(), answer})) return;
    // The pool is full: a random legal move now costs less than making the room wait.
    auto fallback = bots::choose_move(room_.game(), {}, static_cast<std::uint64_t>(thinking_));
    answer(std::move(fallback.request));
}

void room_host::bot_answer(int seat, std::int64_t version, std::string request) {
    if (moved_to_) return;
    // The same path as a person's move; an answer for an old version is refused and dropped.
    const auto before = room_.version();
    room_.bot_move(seat, {code_, std::move(request), version}, out_);
    observe_move(before, std::nullopt);
    flush();
}

void room_host::join(std::shared_ptr<recipient> member, std::shared_ptr<identity> who,
                     protocol::join_room_request request, protocol::request_id id) {
    boost::asio::post(
        strand_, [self = shared_from_this(), member = std::move(member), who = std::move(who),
                  request = std::move(request), id = std::move(id)]() mutable {
            if (self->redirected(member, id)) return;
            // The room closed while the join was on its way (its last player left, or it expired):
            // it is out of the lobby and the directory, so nobody could ever join the joiner there.
            if (self->closed_) {
                self->metrics_.count_error(protocol::error_code::no_such_room);
                member->deliver(protocol::error_message(
                    {protocol::error_code::no_such_room, "no room " + self->code_}, id));
                return;
            }
            self->room_.join(member, who, request, id, self->out_);
            self->flush(std::move(member), std::move(id));
        });
}

void room_host::hold_seat(std::shared_ptr<identity> who, int seat) {
    run([who = std::move(who), seat](room& r, outbox& out) { (void)r.hold_seat(who, seat, out); });
}

void room_host::leave(const std::shared_ptr<recipient>& member, const protocol::request_id& id) {
    run([member, id](room& r, outbox& out) { r.leave(member, id, out); }, member, id);
}

void room_host::disconnect(std::shared_ptr<recipient> member) {
    run([member = std::move(member)](room& r, outbox& out) { r.disconnect(member.get(), out); });
}

void room_host::handle(std::shared_ptr<recipient> member, protocol::room_request request,
                       protocol::request_id id) {
    const bool is_move = std::holds_alternative<protocol::move_request>(request);
    boost::asio::post(strand_, [self = shared_from_this(), member = std::move(member),
                                request = std::move(request), id = std::move(id), is_move,
                                received = std::chrono::steady_clock::now()]() mutable {
        if (self->redirected(member, id)) return;
        const auto before = self->room_.version();
        act(self->room_, member, request, id, self->out_);
        // Counted before the snapshot goes out, so whoever sees it also sees the count.
        if (is_move) self->observe_move(before, received);
        self->flush(std::move(member), std::move(id));
    });
}

}  // namespace quadra::server
