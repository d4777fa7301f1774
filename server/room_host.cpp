#include "room_host.hpp"

#include <boost/asio/post.hpp>

namespace quadra::server {

room_host::room_host(boost::asio::any_io_executor executor, lobby& directory, room hosted)
    : strand_(boost::asio::make_strand(std::move(executor))),
      lobby_(directory),
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
    for (auto& d : out_) d.to->deliver(std::move(d.message));
    out_.clear();
    if (room_.take_summary_change()) lobby_.publish(room_.summary());
    if (room_.abandoned()) lobby_.close(code_);
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

}  // namespace quadra::server
