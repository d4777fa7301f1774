#include "server/store/postgres_together.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/store/pg_arrays.hpp"
#include "server/store/sql_writer.hpp"

namespace quadra::server {

namespace {

using write_result = store_result<write_outcome>;

const sql_text insert_games{
    "insert_games",
    "INSERT INTO games (id, room_code, game, options, public, settings, seed, commitment, "
    "created_ms, finished_ms, result) "
    "SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], "
    "$6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::text[])"};
const sql_text insert_rooms{
    "insert_rooms",
    "INSERT INTO rooms (game_id, code, owner_node, epoch, head_seq, finished) "
    "SELECT game_id, code, node, epoch, -1, false "
    "FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS v(game_id, code, node, "
    "epoch)"};
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
const sql_text finish_games{
    "finish_games",
    "UPDATE games SET finished_ms = v.at_ms, result = v.result "
    "FROM unnest($1::text[], $2::bigint[], $3::text[]) AS v(id, at_ms, result) "
    "WHERE games.id = v.id AND games.finished_ms IS NULL"};
const sql_text finish_rooms{
    "finish_rooms",
    "UPDATE rooms SET finished = true "
    "FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(game_id, node, epoch) "
    "WHERE rooms.game_id = v.game_id AND rooms.owner_node = v.node AND rooms.epoch = v.epoch"};

// Runs `statement` on `rows`; it must change every one of them, else `otherwise`.
store_result<void> change_each(sql_connection& db, const sql_text& statement,
                               const array_rows& rows, const char* otherwise) {
    if (rows.count() == 0) return {};
    const auto arrays = rows.arrays();
    const std::vector<sql_value> params(arrays.begin(), arrays.end());
    auto changed = db.run_with(statement, params);
    if (!changed) return std::move(changed).error();
    if (changed.value().affected() != rows.count())
        return store_error{std::string(statement.name()), otherwise};
    return {};
}

// Where a room's head stands before the batches and after them; a room's batches must follow
// each other, with one owner.
struct head_move {
    std::int64_t was, head;
    const room_owner* owner;
};

store_result<void> add_events(std::map<std::string_view, head_move>& heads, array_rows& events,
                              const write_batch& batch) {
    const auto& list = batch.events;
    if (list.empty()) return {};
    const auto& owner = *batch.owner;
    const auto [at, first] = heads.try_emplace(
        list.front().game_id, head_move{list.front().seq - 1, list.back().seq, &owner});
    if (!first) {
        auto& room = at->second;
        if (list.front().seq != room.head + 1 || room.owner->node != owner.node ||
            room.owner->epoch != owner.epoch)
            return store_error{"advance_heads", "a room's batches do not follow each other"};
        room.head = list.back().seq;
    }
    for (const auto& e : list)
        events.add(e.game_id, e.seq, e.kind, e.seat, e.text, e.identity, e.at_ms);
    return {};
}

write_result write_rows(sql_connection& db, std::span<const write_queue::pending> batches) {
    array_rows games(11), rooms(4), events(7), finished_games(3), finished_rooms(3);
    std::map<std::string_view, head_move> heads;
    for (const auto& item : batches) {
        const auto& batch = item.batch;
        if (const auto& g = batch.new_game) {
            games.add(g->id, g->room_code, g->game, g->options_json, g->is_public, g->settings_json,
                      g->seed_hex, g->commitment, g->created_ms, g->finished_ms, g->result_json);
            rooms.add(g->id, g->room_code, batch.owner->node, batch.owner->epoch);
        }
        if (auto added = add_events(heads, events, batch); !added)
            return about(std::move(added).error(), batch);
        if (const auto& f = batch.finished) {
            if (!f->rated) finished_games.add(f->game_id, f->finished_ms, f->result_json);
            finished_rooms.add(f->game_id, batch.owner->node, batch.owner->epoch);
        }
    }
    array_rows moves(5);
    for (const auto& [game, move] : heads)
        moves.add(game, move.was, move.head, move.owner->node, move.owner->epoch);

    // In the order of one batch's steps: the game and its room, the identity and the account,
    // the events after their room's head, the finish.
    if (auto added = change_each(db, insert_games, games, "a game was not added"); !added)
        return std::move(added).error();
    if (auto added = change_each(db, insert_rooms, rooms, "a room was not added"); !added)
        return std::move(added).error();
    for (const auto& item : batches)
        if (auto identified = write_identity(db, item.batch); !identified)
            return about(std::move(identified).error(), item.batch);
    if (auto moved = change_each(db, advance_heads, moves, "a room's head did not move"); !moved)
        return std::move(moved).error();
    if (auto added = change_each(db, insert_events, events, "an event was not added"); !added)
        return std::move(added).error();
    if (auto ended = change_each(db, finish_games, finished_games, "a game was finished before");
        !ended)
        return std::move(ended).error();
    for (const auto& item : batches)
        if (const auto& f = item.batch.finished; f && f->rated)
            if (auto rated = write_finish(db, *f, item.batch.owner, nullptr); !rated)
                return about(std::move(rated).error(), item.batch);
    if (auto ended = change_each(db, finish_rooms, finished_rooms, "a room was not finished");
        !ended)
        return std::move(ended).error();
    // Whom the games wait for (#29): only games of accounts have such news.
    for (const auto& item : batches)
        if (auto turned = write_turn(db, item.batch); !turned)
            return about(std::move(turned).error(), item.batch);
    return write_outcome::committed;
}

}  // namespace

bool can_write_together(std::span<const write_queue::pending> batches) {
    return std::all_of(batches.begin(), batches.end(), [](const write_queue::pending& item) {
        const auto& b = item.batch;
        return b.owner || (b.events.empty() && !b.new_game && !b.finished);
    });
}

store_result<write_outcome> write_together(sql_connection& db,
                                           std::span<const write_queue::pending> batches) {
    return in_transaction(db, batches, write_rows);
}

}  // namespace quadra::server
