#pragma once
// PostgreSQL's way of writing several batches in one transaction. Each statement costs a round
// trip and the database's CPU, which it shares with the server on a small machine, so the
// batches' rows go in one statement per table (from arrays): the new games and their rooms,
// every room's head, every event, the finishes and their rooms. Identities, account changes and
// rated finishes check or read row by row and go batch by batch (sql_writer's steps).
//
// What does not hold for every batch (a room's head that did not move: fenced, or a gap; a
// finish that was stored before) fails the whole transaction; the write queue then writes the
// batches one by one (write_transaction), which tells which batch and why.

#include <span>

#include "server/store/sql_connection.hpp"
#include "server/store/store.hpp"
#include "server/store/write_queue.hpp"

namespace quadra::server {

// Whether write_together can write `batches`: every batch that writes a room names its owner.
bool can_write_together(std::span<const write_queue::pending> batches);

// Writes `batches` (see can_write_together) in one transaction: committed, or none of it and
// the error.
store_result<write_outcome> write_together(sql_connection& db,
                                           std::span<const write_queue::pending> batches);

}  // namespace quadra::server
