#include "server/store/postgres_store.hpp"

#include <utility>

#include "server/store/postgres_schema.hpp"
#include "server/store/postgres_together.hpp"
#include "server/store/sql_writer.hpp"

namespace quadra::server {

namespace {

const sql_text add_room{"add_room",
                        "INSERT INTO rooms (game_id, code, owner_node, epoch, head_seq, finished) "
                        "VALUES ($1, $2, $3, $4, -1, false)"};
const sql_text advance_head{
    "advance_head",
    "UPDATE rooms SET head_seq = $2 "
    "WHERE game_id = $1 AND owner_node = $3 AND epoch = $4 AND head_seq = $5"};
const sql_text still_owner{
    "still_owner", "SELECT 1 FROM rooms WHERE game_id = $1 AND owner_node = $2 AND epoch = $3"};
const sql_text set_head{"set_head", "UPDATE rooms SET head_seq = $2 WHERE game_id = $1"};
const sql_text mark_finished{"mark_finished",
                             "UPDATE rooms SET finished = true WHERE game_id = $1"};
const sql_text mark_owned_finished{
    "mark_owned_finished",
    "UPDATE rooms SET finished = true WHERE game_id = $1 AND owner_node = $2 AND epoch = $3"};

// The room directory's part of a journal write, in the writer's transaction.
class directory_fence final : public room_fence {
public:
    store_result<void> created(sql_connection& db, const game_row& game,
                               const std::optional<room_owner>& owner) override {
        if (!owner) return {};
        auto added = db.run(add_room, {game.id, game.room_code, owner->node, owner->epoch});
        if (!added) return std::move(added).error();
        return {};
    }

    // With an owner, the fence: the room's head moves on only while `owner` still owns it in its
    // epoch. Without one, the head follows the stored sequence (already checked).
    store_result<write_outcome> advance(sql_connection& db, const std::vector<stored_event>& events,
                                        const std::optional<room_owner>& owner) override {
        const auto& game = events.front().game_id;
        if (!owner) {
            auto moved = db.run(set_head, {game, events.back().seq});
            if (!moved) return std::move(moved).error();
            return write_outcome::committed;
        }
        auto moved = db.run(advance_head, {game, events.back().seq, owner->node, owner->epoch,
                                           events.front().seq - 1});
        if (!moved) return std::move(moved).error();
        if (moved.value().affected() == 1) return write_outcome::committed;
        // Not moved: another owner or epoch (fenced), or a gap or repeat in the sequence.
        auto owns = db.run(still_owner, {game, owner->node, owner->epoch});
        if (!owns) return std::move(owns).error();
        if (owns.value().size() == 1)
            return store_error{"advance_head", "the events do not continue the room's head"};
        return write_outcome::fenced;
    }

    store_result<write_outcome> finished(sql_connection& db, const std::string& game_id,
                                         const std::optional<room_owner>& owner) override {
        if (!owner) {
            auto marked = db.run(mark_finished, {game_id});
            if (!marked) return std::move(marked).error();
            return write_outcome::committed;
        }
        auto marked = db.run(mark_owned_finished, {game_id, owner->node, owner->epoch});
        if (!marked) return std::move(marked).error();
        return marked.value().affected() == 1 ? write_outcome::committed : write_outcome::fenced;
    }
};

}  // namespace

store_result<std::unique_ptr<postgres_store>> postgres_store::open(
    const std::string& database_url) {
    auto writer = pg_connection::open(database_url);
    if (!writer) return std::move(writer).error();
    if (auto ready = prepare_postgres_schema(writer.value()); !ready)
        return std::move(ready).error();
    auto reader = pg_connection::open(database_url);
    if (!reader) return std::move(reader).error();
    return std::unique_ptr<postgres_store>(
        new postgres_store(database_url, std::move(writer).value(), std::move(reader).value()));
}

postgres_store::postgres_store(const std::string& database_url, pg_connection writer,
                               pg_connection reader)
    : writer_(std::move(writer)),
      reader_(std::move(reader)),
      listener_(database_url, "quadra"),
      queue_(postgres_dialect.backend, [this](auto batches) { return write_all(batches); }) {}

postgres_store::~postgres_store() { queue_.drain(); }

void postgres_store::submit(write_batch batch, std::function<void(write_outcome)> done) {
    queue_.submit(std::move(batch), std::move(done));
}

void postgres_store::drain() { queue_.drain(); }

store_result<write_outcome> postgres_store::write_all(
    std::span<const write_queue::pending> batches) {
    if (batches.size() > 1 && can_write_together(batches)) return write_together(writer_, batches);
    directory_fence fence;
    return write_transaction(writer_, batches, &fence);
}

store_result<sql_rows> postgres_store::read_with(const sql_text& statement,
                                                 std::span<const sql_value> params) const {
    std::lock_guard lock(read_mutex_);
    auto rows = reader_.run_with(statement, params);
    if (rows || !reader_.broken() || !reader_.reset()) return rows;
    return reader_.run_with(statement, params);
}

std::vector<std::string> postgres_store::first_column(
    const sql_text& statement, std::initializer_list<sql_value> params) const {
    const auto rows = read(statement, params);
    std::vector<std::string> values;
    values.reserve(rows.size());
    for (int i = 0; i < rows.size(); ++i) values.push_back(rows.text(i, 0));
    return values;
}

}  // namespace quadra::server
