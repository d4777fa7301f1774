#pragma once
// A room on its own strand: the room's single writer. Requests are posted to it from any
// connection; after each one the outbox is handed to the recipients and the lobby is told of
// changes. No lock is shared with other rooms.

#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

#include "lobby.hpp"
#include "room.hpp"

namespace quadra::server {

class room_host : public std::enable_shared_from_this<room_host> {
public:
    room_host(boost::asio::any_io_executor executor, lobby& directory, room hosted);

    const std::string& code() const { return code_; }

    void join(std::shared_ptr<recipient> member, std::shared_ptr<identity> who,
              protocol::join_room_request request, protocol::request_id id);
    void leave(std::shared_ptr<recipient> member, protocol::request_id id);
    void disconnect(std::shared_ptr<recipient> member);
    void move(std::shared_ptr<recipient> member, protocol::move_request request,
              protocol::request_id id);

    // Drops the room's hold on its connections; only once the server's threads have stopped.
    void release_members() { room_.clear_members(); }

private:
    template <class Action>
    void run(Action action);
    void flush();

    boost::asio::strand<boost::asio::any_io_executor> strand_;
    lobby& lobby_;
    const std::string code_;
    room room_;
    outbox out_;  // reused, so a move allocates no delivery list
};

}  // namespace quadra::server
