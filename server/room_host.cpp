#include "room_host.hpp"

#include <algorithm>
#include <chrono>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>

#include "bots/search.hpp"
#include "log.hpp"

namespace quadra::server {

room_host::room_host(boost::asio::any_io_executor executor, lobby& directory, bot_pool& bots,
                     metrics& stats, room hosted)
    : strand_(boost::asio::make_strand(std::move(executor))),
      lobby_(directory),
      bots_(bots),
      metrics_(stats),
      moves_(stats.moves_of(hosted.game().id())),
      code_(hosted.code()),
      room_(std::move(hosted)),
      timer_(strand_) {
    room_.report_errors_to(&stats);
}

void room_host::observe_move(std::int64_t before,
                             std::optional<std::chrono::steady_clock::time_point> received) {
    if (room_.version() == before) return;
    if (moves_) moves_->fetch_add(1, std::memory_order_relaxed);
    if (received) metrics_.move_latency.observe(std::chrono::steady_clock::now() - *received);
}

template <class Action>
void room_host::run(Action action) {
    boost::asio::post(strand_, [self = shared_from_this(), action = std::move(action)]() mutable {
        action(self->room_, self->out_);
        self->flush();
    });
}

void room_host::flush() {
    if (!closed_ && room_.rematch_ready()) open_rematch();
    // What happened is journaled by the room; until the store exists nothing keeps it.
    (void)room_.take_journal();
    for (auto& d : out_) d.to->deliver(std::move(d.message));
    out_.clear();
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
        lobby_.close(code_);
        stop_.request_stop();
        timer_.cancel();
        return;
    }
    schedule_bot();
    arm_timer();
}

void room_host::arm_timer() {
    const auto deadline = room_.next_deadline();
    if (deadline == armed_for_) return;
    armed_for_ = deadline;
    timer_.cancel();
    if (!deadline) return;
    const auto wait = std::max<std::int64_t>(0, *deadline - room_.now_ms());
    timer_.expires_after(std::chrono::milliseconds(wait));
    timer_.async_wait(boost::asio::bind_executor(
        strand_, [weak = weak_from_this()](boost::system::error_code ec) {
            auto self = weak.lock();
            if (ec || !self) return;
            self->armed_for_.reset();
            self->room_.check_deadlines(self->out_);
            self->flush();
        }));
}

void room_host::check_deadlines() {
    run([](room& r, outbox& out) { r.check_deadlines(out); });
}

void room_host::start() {
    run([](room&, outbox&) {});
}

void room_host::open_rematch() {
    auto executor = strand_.get_inner_executor();
    auto host = lobby_.open([&](const std::string& code) {
        return std::make_shared<room_host>(executor, lobby_, bots_, metrics_,
                                           room_.make_rematch(code));
    });
    if (!host) return;  // the server is full; the players may ask again later
    room_.rematch_opened(host->code(), out_);
    host->start();
}

void room_host::schedule_bot() {
    const auto strength = room_.bot_to_move();
    if (!strength || thinking_ == room_.version()) return;
    thinking_ = room_.version();
    const int seat = room_.game().to_move();
    auto answer = [self = shared_from_this(), seat, version = thinking_](std::string request) {
        boost::asio::post(self->strand_, [self, seat, version, request = std::move(request)] {
            self->bot_answer(seat, version, request);
        });
    };
    if (bots_.submit({room_.game().clone(), *strength, stop_.get_token(), answer})) return;
    // The pool is full: a random legal move now costs less than making the room wait.
    auto fallback = bots::choose_move(room_.game(), {}, static_cast<std::uint64_t>(thinking_));
    answer(std::move(fallback.request));
}

void room_host::bot_answer(int seat, std::int64_t version, std::string request) {
    // The same path as a person's move; an answer for an old version is refused and dropped.
    const auto before = room_.version();
    room_.bot_move(seat, {code_, std::move(request), version}, out_);
    observe_move(before, std::nullopt);
    flush();
}

void room_host::join(std::shared_ptr<recipient> member, std::shared_ptr<identity> who,
                     protocol::join_room_request request, protocol::request_id id) {
    run([member = std::move(member), who = std::move(who), request = std::move(request),
         id = std::move(id)](room& r, outbox& out) mutable {
        r.join(std::move(member), std::move(who), request, id, out);
    });
}

void room_host::leave(std::shared_ptr<recipient> member, protocol::request_id id) {
    run([member = std::move(member), id = std::move(id)](room& r, outbox& out) {
        r.leave(member, id, out);
    });
}

void room_host::disconnect(std::shared_ptr<recipient> member) {
    run([member = std::move(member)](room& r, outbox& out) { r.disconnect(member.get(), out); });
}

void room_host::move(std::shared_ptr<recipient> member, protocol::move_request request,
                     protocol::request_id id) {
    boost::asio::post(strand_, [self = shared_from_this(), member = std::move(member),
                                request = std::move(request), id = std::move(id),
                                received = std::chrono::steady_clock::now()] {
        const auto before = self->room_.version();
        self->room_.move(member, request, id, self->out_);
        // Counted before the snapshot goes out, so whoever sees it also sees the count.
        self->observe_move(before, received);
        self->flush();
    });
}

void room_host::life(std::shared_ptr<recipient> member, protocol::request_body request,
                     protocol::request_id id) {
    run([member = std::move(member), request = std::move(request), id = std::move(id)](
            room& r, outbox& out) {
        if (std::holds_alternative<protocol::resign_request>(request))
            r.resign(member, id, out);
        else if (std::holds_alternative<protocol::offer_draw_request>(request))
            r.offer_draw(member, id, out);
        else if (std::holds_alternative<protocol::accept_draw_request>(request))
            r.answer_draw(member, true, id, out);
        else if (std::holds_alternative<protocol::decline_draw_request>(request))
            r.answer_draw(member, false, id, out);
        else if (const auto* claim = std::get_if<protocol::claim_request>(&request))
            r.claim(member, *claim, id, out);
        else if (std::holds_alternative<protocol::rematch_request>(request))
            r.ask_rematch(member, id, out);
        else if (const auto* chat = std::get_if<protocol::chat_request>(&request))
            r.chat(member, *chat, id, out);
    });
}

void room_host::add_bot(std::shared_ptr<recipient> member, protocol::add_bot_request request,
                        protocol::request_id id) {
    run([member = std::move(member), request = std::move(request), id = std::move(id)](
            room& r, outbox& out) { r.add_bot(member, request, id, out); });
}

}  // namespace quadra::server
