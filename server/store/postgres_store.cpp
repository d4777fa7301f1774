#include "server/store/postgres_store.hpp"

#include <map>
#include <string_view>
#include <utility>

#include "server/store/postgres_schema.hpp"
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
// The rows of many rooms and events in one statement each, from arrays.
const sql_text advance_heads{
    "advance_heads",
    "UPDATE rooms SET head_seq = v.head "
    "FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[]) "
    "AS v(game_id, was, head, node, epoch) "
    "WHERE rooms.game_id = v.game_id AND rooms.owner_node = v.node AND rooms.epoch = v.epoch "
    "AND rooms.head_seq = v.was"};
const sql_text insert_events{
    "insert_events",
    "INSERT INTO events (game_id, seq, kind, seat, text, identity, at_ms) "
    "SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::integer[], $5::text[], "
    "$6::bigint[], $7::bigint[])"};
const sql_text mark_owned_finished{
    "mark_owned_finished",
    "UPDATE rooms SET finished = true WHERE game_id = $1 AND owner_node = $2 AND epoch = $3"};

// PostgreSQL's text form of an array: {"a","b\"c"} or {1,2}.
class array_text {
public:
    void add(std::string_view text) {
        next();
        out_ += '"';
        for (const char c : text) {
            if (c == '"' || c == '\\') out_ += '\\';
            out_ += c;
        }
        out_ += '"';
    }
    void add(std::int64_t number) {
        next();
        out_ += std::to_string(number);
    }
    std::string done() && { return std::move(out_) + '}'; }

private:
    void next() { out_ += out_.size() > 1 ? ',' : '{'; }
    std::string out_;
};

// Where each room's head stands before the batches and after them; one room's batches must
// follow each other with one owner.
struct head_move {
    std::int64_t was, head;
    const room_owner* owner;
};

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

    store_result<write_outcome> append_together(
        sql_connection& db, std::span<const write_queue::pending> batches) override {
        std::map<std::string_view, head_move> heads;
        array_text game_ids, seqs, kinds, seats, texts, identities, times;
        for (const auto& item : batches) {
            const auto& events = item.batch.events;
            if (events.empty()) continue;
            const auto& game = events.front().game_id;
            const auto [at, first] = heads.try_emplace(
                game, head_move{events.front().seq - 1, events.back().seq, &*item.batch.owner});
            if (!first) {
                auto& room = at->second;
                const auto& owner = *item.batch.owner;
                if (events.front().seq != room.head + 1 || room.owner->node != owner.node ||
                    room.owner->epoch != owner.epoch)
                    return store_error{"advance_heads", "a room's batches do not follow"};
                room.head = events.back().seq;
            }
            for (const auto& e : events) {
                game_ids.add(e.game_id);
                seqs.add(e.seq);
                kinds.add(e.kind);
                seats.add(e.seat);
                texts.add(e.text);
                identities.add(e.identity);
                times.add(e.at_ms);
            }
        }
        if (heads.empty()) return write_outcome::committed;
        array_text rooms, was, head, nodes, epochs;
        for (const auto& [game, move] : heads) {
            rooms.add(game);
            was.add(move.was);
            head.add(move.head);
            nodes.add(move.owner->node);
            epochs.add(move.owner->epoch);
        }
        auto moved = db.run(advance_heads,
                            {std::move(rooms).done(), std::move(was).done(), std::move(head).done(),
                             std::move(nodes).done(), std::move(epochs).done()});
        if (!moved) return std::move(moved).error();
        if (moved.value().affected() != std::ssize(heads))
            return store_error{"advance_heads", "a room's head did not move"};
        auto inserted =
            db.run(insert_events,
                   {std::move(game_ids).done(), std::move(seqs).done(), std::move(kinds).done(),
                    std::move(seats).done(), std::move(texts).done(), std::move(identities).done(),
                    std::move(times).done()});
        if (!inserted) return std::move(inserted).error();
        return write_outcome::committed;
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
