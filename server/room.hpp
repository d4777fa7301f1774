#pragma once
// The authoritative room: seats, spectators, the game, its record and version. It takes requests
// and fills an outbox of (recipient, shared message); it knows nothing about sockets or threads
// and must be driven by one writer at a time. Every change to what is played is a room_event,
// applied by apply() both live and when a room is restored from its journal.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bots/level.hpp"
#include "dice.hpp"
#include "identity.hpp"
#include "protocol/messages.hpp"
#include "recipient.hpp"
#include "room_event.hpp"
#include "rules/game.hpp"

namespace quadra::server {

// One message for one recipient.
struct delivery {
    std::shared_ptr<recipient> to;
    protocol::message_ptr message;
};
using outbox = std::vector<delivery>;

class room {
public:
    // `dice` is the game's own (fair dice: a seed per game); the room keeps it alive.
    room(std::string code, std::unique_ptr<rules::game> game, bool is_public,
         std::shared_ptr<dice_source> dice);

    // A connection joins: as the player of the seat its identity holds, else of a chosen or the
    // first free seat, or as a spectator. A reconnect is a join by a seat's identity.
    void join(std::shared_ptr<recipient> member, std::shared_ptr<identity> who,
              const protocol::join_room_request& request, const protocol::request_id& id,
              outbox& out);
    // The connection leaves; before the game starts its seat is freed.
    void leave(const std::shared_ptr<recipient>& member, const protocol::request_id& id,
               outbox& out);
    // The connection is gone; seats stay with their identities for a reconnect.
    void disconnect(const recipient* member, outbox& out);
    // A move request: checked, rolled, applied, followed by forced passes, then broadcast.
    void move(const std::shared_ptr<recipient>& member, const protocol::move_request& request,
              const protocol::request_id& id, outbox& out);
    // A player or the creator puts a computer player in a free seat, or in their own seat (the
    // player becomes a spectator), while the room waits for players.
    void add_bot(const std::shared_ptr<recipient>& member, const protocol::add_bot_request& request,
                 const protocol::request_id& id, outbox& out);
    // The level of the computer player to move, when the game waits for one.
    std::optional<bots::level> bot_to_move() const;
    // A computer player's move for `seat`: the same checks as a person's; a refusal is dropped.
    void bot_move(int seat, const protocol::move_request& request, outbox& out);

    // Applies one event of the room's journal: live, after a request was checked, and when the
    // room is rebuilt from its stored events. Refused only if the event contradicts the room.
    rules::result<void> apply(const room_event& event);
    // The events recorded since the last call, oldest first, for the store.
    std::vector<room_event> take_journal() { return std::exchange(journal_, {}); }
    // Renders the snapshot after events were applied directly (apply() does not render).
    void render() { render_snapshot(); }
    // Takes over the connections of `old`, the same room before it was rebuilt from its
    // committed events; each member sits where its identity now holds a seat.
    void adopt_members(room& old);
    // The point where a restored room's clocks continue at `now_ms`, so that time spent while
    // the server was down is not charged. Clocks arrive with room life (#5); none yet.
    void resume_clocks(std::int64_t now_ms) { (void)now_ms; }
    // Queues the current snapshot for every member.
    void broadcast_snapshot(outbox& out) const { broadcast(out); }
    const dice_source& dice() const { return *dice_; }

    const std::string& code() const { return code_; }
    std::int64_t version() const { return static_cast<std::int64_t>(record_.size()); }
    const rules::game& game() const { return *game_; }
    const std::vector<std::string>& record() const { return record_; }
    protocol::room_status status() const { return status_; }
    bool is_public() const { return is_public_; }
    std::size_t member_count() const { return members_.size(); }

    // The latest snapshot, rendered once per change and shared by every recipient.
    const protocol::message_ptr& snapshot() const { return snapshot_; }
    protocol::room_summary summary() const;
    // True once since the last call if what the lobby lists about this room changed.
    bool take_summary_change();
    // Forgets every member connection, for server shutdown.
    void clear_members() { members_.clear(); }
    // Nobody is here and nothing is worth keeping: a finished room, or one without players.
    bool abandoned() const;

private:
    struct member {
        std::shared_ptr<recipient> link;
        std::shared_ptr<identity> who;
        int seat = -1;  // -1: spectator
    };
    struct seat {
        std::shared_ptr<identity> holder;
        std::string name;
        std::optional<bots::level> bot;  // a computer player holds the seat
        bool taken() const { return holder || bot; }
    };

    member* find_member(const recipient* link);
    int seat_of(const identity* who) const;
    void remove_member(const recipient* link);
    void play(int seat, const std::shared_ptr<recipient>& link,
              const protocol::move_request& request, const protocol::request_id& id, outbox& out);
    protocol::seat_view view_of(const seat& held) const;
    // Applies and journals an event that the room's checks allowed.
    rules::result<void> record(room_event event);
    // Records the passes forced on sides with no move.
    void record_forced_passes();
    void start_if_full();
    void refresh_status();
    void render_snapshot();
    void broadcast(outbox& out) const;
    void refuse(const std::shared_ptr<recipient>& member, protocol::error_code code,
                std::string message, const protocol::request_id& id, outbox& out);

    std::string code_;
    std::unique_ptr<rules::game> game_;
    bool is_public_;
    std::shared_ptr<dice_source> dice_;
    std::vector<seat> seats_;
    std::vector<member> members_;
    std::shared_ptr<identity> creator_;  // the first player; may add bots even after sitting out
    std::vector<std::string> record_;    // recorded tokens, so the room can be replayed
    std::string last_move_;
    int forced_passes_ = 0;
    protocol::room_status status_ = protocol::room_status::waiting;
    protocol::message_ptr snapshot_;
    bool summary_changed_ = true;
    std::vector<int> dice_buffer_;
    std::vector<room_event> journal_;  // recorded, not yet taken by the store
};

}  // namespace quadra::server
