#include "room_host.hpp"

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
      room_(std::move(hosted)) {
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
    for (auto& d : out_) d.to->deliver(std::move(d.message));
    out_.clear();
    if (room_.take_summary_change()) lobby_.publish(room_.summary());
    if (room_.status() != logged_status_) {
        logged_status_ = room_.status();
        log::event(
            log::level::info,
            logged_status_ == protocol::room_status::playing ? "room_started" : "room_finished",
            {{"room", code_}, {"game", room_.game().id()}, {"moves", room_.version()}});
    }
    if (room_.abandoned()) {
        log::event(log::level::info, "room_closed", {{"room", code_}});
        lobby_.close(code_);
        stop_.request_stop();
        return;
    }
    schedule_bot();
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

void room_host::add_bot(std::shared_ptr<recipient> member, protocol::add_bot_request request,
                        protocol::request_id id) {
    run([member = std::move(member), request = std::move(request), id = std::move(id)](
            room& r, outbox& out) { r.add_bot(member, request, id, out); });
}

}  // namespace quadra::server
