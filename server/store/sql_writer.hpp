#pragma once
// The one write path of both stores: the batches of a transaction, each in six steps — the new
// game, the identity, the account change, the events (continuing their game's sequence), the
// finish and its ratings — all of them or nothing. A shared store (PostgreSQL) adds its room
// directory's checks through a `room_fence`, in the same transaction, and writes the events of
// several batches together: there a statement costs a round trip, and a batch of moves of many
// rooms would otherwise cost two or more per room.

#include <optional>
#include <span>
#include <vector>

#include "server/store/sql_connection.hpp"
#include "server/store/store.hpp"
#include "server/store/write_queue.hpp"

namespace quadra::server {

// What a store shared by several nodes checks and keeps beside a journal write: each room's
// owner, epoch and head. `owner` is the batch's (none: a write that names no owner).
class room_fence {
public:
    virtual ~room_fence() = default;
    // After the game's row is inserted.
    virtual store_result<void> created(sql_connection& db, const game_row& game,
                                       const std::optional<room_owner>& owner) = 0;
    // Before the events are inserted: committed, fenced (another owner or epoch), or an error.
    // Without an owner the events were checked to continue the stored sequence already.
    virtual store_result<write_outcome> advance(sql_connection& db,
                                                const std::vector<stored_event>& events,
                                                const std::optional<room_owner>& owner) = 0;
    // The events of several batches at once, each of which names its room's owner: every
    // room's head moved on as `advance` would, then every event inserted (a statement per table,
    // whatever the number of rooms). A room whose head did not move (fenced, or a gap) is an
    // error: the batches are then written one by one, which tells which and why.
    virtual store_result<write_outcome> append_together(
        sql_connection& db, std::span<const write_queue::pending> batches) = 0;
    // After the game's result is stored (or was already).
    virtual store_result<write_outcome> finished(sql_connection& db, const std::string& game_id,
                                                 const std::optional<room_owner>& owner) = 0;
};

// Writes `batches` in one transaction on `db`: committed or fenced, else the error (with the
// failing batch's ids), everything rolled back.
store_result<write_outcome> write_transaction(sql_connection& db,
                                              std::span<const write_queue::pending> batches,
                                              room_fence* fence = nullptr);

}  // namespace quadra::server
