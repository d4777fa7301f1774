// postgres_store's room directory: nodes' leases and rooms' owners, each call one statement on
// the database's clock (now()), so that no node's own clock decides who is alive.

#include "server/store/postgres_store.hpp"

#include <string>

#include "server/store/pg_arrays.hpp"

namespace quadra::server {

namespace {

// A node is live while its lease has not expired.
const std::string owner_is_dead =
    "NOT EXISTS (SELECT 1 FROM nodes WHERE id = rooms.owner_node AND lease_until > now())";

const sql_text renew_lease_sql{
    "renew_lease",
    "INSERT INTO nodes (id, public_url, lease_until) "
    "VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond') "
    "ON CONFLICT (id) DO UPDATE "
    "SET public_url = excluded.public_url, lease_until = excluded.lease_until"};
const sql_text retire_sql{
    "retire",
    "WITH retired AS ("
    " UPDATE nodes SET lease_until = now() - interval '1 millisecond' WHERE id = $1) "
    "UPDATE rooms SET owner_node = NULL WHERE owner_node = $1"};
const sql_text nodes_sql{"nodes",
                         "SELECT id, public_url, lease_until > now() FROM nodes ORDER BY id"};
const sql_text locate_sql{
    "locate",
    "SELECT r.game_id, coalesce(r.owner_node, ''), coalesce(n.public_url, ''),"
    " coalesce(n.lease_until > now(), false), r.epoch, r.finished "
    "FROM rooms r LEFT JOIN nodes n ON n.id = r.owner_node WHERE r.code = $1"};
// One statement: among racing nodes, the row lock lets one update the row, and the others
// re-check the condition against the new owner, whose lease is live.
const sql_text claim_sql{"claim",
                         "UPDATE rooms SET owner_node = $2, epoch = epoch + 1 "
                         "WHERE game_id = $1 AND (owner_node IS NULL OR owner_node = $2 OR " +
                             owner_is_dead + ") RETURNING epoch"};
const sql_text orphans_sql{"orphans",
                           "SELECT game_id FROM rooms WHERE NOT finished AND "
                           "(owner_node IS NULL OR " +
                               owner_is_dead + ") ORDER BY game_id"};
const sql_text owned_by_sql{
    "owned_by",
    "SELECT game_id FROM rooms WHERE owner_node = $1 AND NOT finished ORDER BY game_id"};
const sql_text release_sql{"release",
                           "UPDATE rooms SET owner_node = NULL "
                           "WHERE game_id = $1 AND owner_node = $2 AND epoch = $3"};
const sql_text remove_sql{
    "remove_room", "DELETE FROM rooms WHERE game_id = $1 AND owner_node = $2 AND epoch = $3"};
// One statement: a node claiming the room meanwhile holds its row lock, and the owner it wrote
// is live, so the row stays.
const sql_text remove_finished_orphans_sql{
    "remove_finished_orphans",
    "DELETE FROM rooms WHERE finished AND (owner_node IS NULL OR " + owner_is_dead + ")"};
const sql_text list_sql{"list_rooms",
                        "WITH free AS (SELECT r.game_id, v.summary FROM rooms r "
                        "JOIN unnest($1::text[], $2::text[], $3::bigint[], $4::text[]) "
                        "AS v(game_id, node, epoch, summary) "
                        "ON r.game_id = v.game_id AND r.owner_node = v.node AND r.epoch = v.epoch "
                        "FOR UPDATE OF r SKIP LOCKED), "
                        "listed AS (UPDATE rooms SET summary = free.summary FROM free "
                        "WHERE rooms.game_id = free.game_id RETURNING rooms.game_id) "
                        "SELECT game_id FROM listed ORDER BY game_id"};
const sql_text unlist_sql{"unlist_room",
                          "UPDATE rooms SET summary = '' "
                          "WHERE game_id = $1 AND owner_node = $2 AND epoch = $3"};
const sql_text listings_sql{
    "listings",
    "SELECT r.summary FROM rooms r JOIN nodes n ON n.id = r.owner_node "
    "WHERE n.lease_until > now() AND r.owner_node <> $1 AND r.summary <> '' "
    "ORDER BY r.code"};

}  // namespace

bool postgres_store::renew_lease(const std::string& node, const std::string& public_url,
                                 std::chrono::milliseconds lease) {
    return try_read(renew_lease_sql, {node, public_url, static_cast<std::int64_t>(lease.count())})
        .ok();
}

bool postgres_store::retire(const std::string& node) { return try_read(retire_sql, {node}).ok(); }

std::vector<node_entry> postgres_store::nodes() const {
    const auto rows = read(nodes_sql);
    std::vector<node_entry> entries;
    entries.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        entries.push_back({rows.text(i, 0), rows.text(i, 1), rows.boolean(i, 2)});
    return entries;
}

store_result<std::optional<room_location>> postgres_store::locate(
    const std::string& room_code) const {
    auto found = try_read(locate_sql, {room_code});
    if (!found) return std::move(found).error();
    const auto& rows = found.value();
    if (rows.size() != 1) return std::optional<room_location>();
    return std::optional(room_location{rows.text(0, 0), rows.text(0, 1), rows.text(0, 2),
                                       rows.boolean(0, 3), rows.integer(0, 4), rows.boolean(0, 5)});
}

std::optional<std::int64_t> postgres_store::claim(const std::string& game_id,
                                                  const std::string& node) {
    const auto rows = read(claim_sql, {game_id, node}, game_id);
    if (rows.size() != 1) return std::nullopt;
    return rows.integer(0, 0);
}

std::vector<std::string> postgres_store::orphans() const { return first_column(orphans_sql, {}); }

std::vector<std::string> postgres_store::owned_by(const std::string& node) const {
    return first_column(owned_by_sql, {node});
}

bool postgres_store::release(const std::string& game_id, const room_owner& owner) {
    return read(release_sql, {game_id, owner.node, owner.epoch}, game_id).affected() == 1;
}

bool postgres_store::remove(const std::string& game_id, const room_owner& owner) {
    return read(remove_sql, {game_id, owner.node, owner.epoch}, game_id).affected() == 1;
}

std::size_t postgres_store::remove_finished_orphans() {
    return static_cast<std::size_t>(read(remove_finished_orphans_sql).affected());
}

std::vector<std::string> postgres_store::list(const std::vector<room_listing>& entries) {
    if (entries.empty()) return {};
    array_rows rows(4);
    for (const auto& e : entries) rows.add(e.game_id, e.owner.node, e.owner.epoch, e.summary_json);
    const auto arrays = rows.arrays();
    return first_column(list_sql, {arrays[0], arrays[1], arrays[2], arrays[3]});
}

bool postgres_store::unlist(const std::string& game_id, const room_owner& owner) {
    return read(unlist_sql, {game_id, owner.node, owner.epoch}, game_id).affected() == 1;
}

std::vector<std::string> postgres_store::listings(const std::string& except_node) const {
    return first_column(listings_sql, {except_node});
}

}  // namespace quadra::server
