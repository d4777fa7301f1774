#pragma once
// The one write path of both stores: the batches of a transaction, each in six steps — the new
// game, the identity, the account change, the events (continuing their game's sequence), the
// finish and its ratings — all of them or nothing. A shared store (PostgreSQL) adds its room
// directory's checks through a `room_fence`, in the same transaction; it writes several batches
// with its own steps (postgres_together.hpp), which reuse these.

#include <functional>
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
    // After the game's result is stored (or was already).
    virtual store_result<write_outcome> finished(sql_connection& db, const std::string& game_id,
                                                 const std::optional<room_owner>& owner) = 0;
};

// Writes `batches` in one transaction on `db`, one after the other: committed or fenced, else
// the error (with the failing batch's ids), everything rolled back.
store_result<write_outcome> write_transaction(sql_connection& db,
                                              std::span<const write_queue::pending> batches,
                                              room_fence* fence = nullptr);

// Writes `batches` in one transaction on `db` by `steps`: committed, or everything rolled back.
using batch_steps = std::function<store_result<write_outcome>(
    sql_connection& db, std::span<const write_queue::pending> batches)>;
store_result<write_outcome> in_transaction(sql_connection& db,
                                           std::span<const write_queue::pending> batches,
                                           const batch_steps& steps);

// Steps of one batch: its identity and account change; its finish, which only the transaction
// that sets the game finished stores and rates (the same finish again, after a restart or a
// takeover, changes nothing), then the fence's part.
store_result<void> write_identity(sql_connection& db, const write_batch& batch);
store_result<write_outcome> write_finish(sql_connection& db, const write_batch::finish& f,
                                         const std::optional<room_owner>& owner, room_fence* fence);
// Its last step: whom its game waits for now (#29).
store_result<void> write_turn(sql_connection& db, const write_batch& batch);
// `error` with the ids of what `batch` is about, for the log.
store_error about(store_error error, const write_batch& batch);

}  // namespace quadra::server
