#include "room_host.hpp"

#include <boost/asio/post.hpp>

#include "bots/search.hpp"

namespace quadra::server {

room_host::room_host(boost::asio::any_io_executor executor, lobby& directory, bot_pool& bots,
                     room hosted)
    : strand_(boost::asio::make_strand(std::move(executor))),
      lobby_(directory),
      bots_(bots),
      code_(hosted.code()),
      room_(std::move(hosted)) {}

template <class Action>
void room_host::run(Action action) {
    boost::asio::post(strand_, [self = shared_from_this(), action = std::move(action)]() mutable {
        action(self->room_, self->out_);
        self->flush();
    });
}

void room_host::flush() {
    // What happened is journaled by the room; until the store exists nothing keeps it.
    (void)room_.take_journal();
    for (auto& d : out_) d.to->deliver(std::move(d.message));
    out_.clear();
    if (room_.take_summary_change()) lobby_.publish(room_.summary());
    if (room_.abandoned()) {
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
    room_.bot_move(seat, {code_, std::move(request), version}, out_);
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
    run([member = std::move(member), request = std::move(request), id = std::move(id)](
            room& r, outbox& out) { r.move(member, request, id, out); });
}

void room_host::add_bot(std::shared_ptr<recipient> member, protocol::add_bot_request request,
                        protocol::request_id id) {
    run([member = std::move(member), request = std::move(request), id = std::move(id)](
            room& r, outbox& out) { r.add_bot(member, request, id, out); });
}

}  // namespace quadra::server
