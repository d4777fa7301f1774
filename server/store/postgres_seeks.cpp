// postgres_store's seek_board and cluster_channel: the one pool of open seeks of every node, and
// the NOTIFY side of the nodes' notices (pg_listener is the LISTEN side).

#include <algorithm>
#include <utility>

#include "server/store/postgres_store.hpp"

namespace quadra::server {

namespace {

// The node named in `column` holds its lease.
std::string live(const std::string& column) {
    return "EXISTS (SELECT 1 FROM nodes WHERE id = " + column + " AND lease_until > now())";
}

// Opening a seek takes the seeker's lock and then its kind's, always in this order: one open seek
// per seeker, and no two seeks of one kind that would pair each other both left waiting.
const sql_text lock_seeker{"lock_seeker",
                           "SELECT pg_advisory_xact_lock(hashtextextended('seeker ' || $1, 0))"};
const sql_text lock_kind{"lock_seek_kind",
                         "SELECT pg_advisory_xact_lock(hashtextextended('seek kind ' || $1, 0))"};
const sql_text withdraw_seekers{"withdraw_seekers",
                                "DELETE FROM seeks WHERE identity = $1 AND claimed_by IS NULL"};
const sql_text add_seek{"add_seek",
                        "INSERT INTO seeks (node, identity, kind, summary) "
                        "VALUES ($1, $2, $3, $4) RETURNING id"};
const sql_text waiting_of_kind{
    "waiting_seeks",
    "SELECT s.id, s.node, s.identity, s.summary FROM seeks s "
    "WHERE s.kind = $1 AND s.claimed_by IS NULL AND s.identity <> $2 AND " +
        live("s.node") + " ORDER BY s.id FOR UPDATE OF s"};
const sql_text delete_seek{"delete_seek", "DELETE FROM seeks WHERE id = $1"};
const sql_text claim_seek{"claim_seek", "UPDATE seeks SET claimed_by = $2 WHERE id = $1"};
const sql_text withdraw_seek_sql{
    "withdraw_seek", "DELETE FROM seeks WHERE id = $1 AND node = $2 AND claimed_by IS NULL"};
const sql_text place_seek_sql{"place_seek",
                              "UPDATE seeks SET room = $3, seat = $4, url = $5 "
                              "WHERE id = $1 AND claimed_by = $2 AND room IS NULL"};
const sql_text take_placed_sql{"take_placed",
                               "DELETE FROM seeks WHERE node = $1 AND room IS NOT NULL "
                               "RETURNING id, room, seat, url"};
const sql_text open_seeks_sql{"open_seeks",
                              "SELECT s.id, s.node, s.identity, s.summary FROM seeks s "
                              "WHERE s.claimed_by IS NULL AND " +
                                  live("s.node") + " ORDER BY s.id"};
const sql_text drop_seeks_sql{"drop_seeks", "DELETE FROM seeks WHERE node = $1"};
const sql_text drop_dead_seeks{"drop_dead_seeks",
                               "DELETE FROM seeks WHERE NOT " + live("seeks.node")};
const sql_text give_back_claims{"give_back_claims",
                                "UPDATE seeks SET claimed_by = NULL "
                                "WHERE claimed_by IS NOT NULL AND room IS NULL AND NOT " +
                                    live("seeks.claimed_by")};
const sql_text notify{"notify", "SELECT pg_notify('quadra', $1)"};

std::vector<waiting_seek> seeks_in(const sql_rows& rows) {
    std::vector<waiting_seek> seeks;
    seeks.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        seeks.push_back({rows.integer(i, 0), rows.text(i, 1), rows.integer(i, 2), rows.text(i, 3)});
    return seeks;
}

}  // namespace

store_result<void> postgres_store::in_transaction(
    const std::function<store_result<void>(pg_connection&)>& work) {
    std::lock_guard lock(read_mutex_);
    auto done = reader_.begin();
    if (done) done = work(reader_);
    if (done) done = reader_.exec("commit", "COMMIT");
    if (done) return done;
    log_store_error(backend(), done.error());
    if (!reader_.broken()) (void)reader_.exec("rollback", "ROLLBACK");
    return done;
}

store_result<seek_board::opened> postgres_store::open_seek(const std::string& node,
                                                           std::int64_t identity,
                                                           const std::string& kind,
                                                           const std::string& summary,
                                                           const chooser& choose) {
    opened out;
    auto done = in_transaction([&](pg_connection& db) -> store_result<void> {
        out = {};
        for (const auto* step : {&lock_seeker, &withdraw_seekers})
            if (auto ran = db.run(*step, {identity}); !ran) return std::move(ran).error();
        if (auto locked = db.run(lock_kind, {kind}); !locked) return std::move(locked).error();
        auto waiting = db.run(waiting_of_kind, {kind, identity});
        if (!waiting) return std::move(waiting).error();
        auto added = db.run(add_seek, {node, identity, kind, summary});
        if (!added) return std::move(added).error();
        out.id = added.value().integer(0, 0);
        const auto candidates = seeks_in(waiting.value());
        const auto chosen = choose(candidates);
        if (!chosen.empty()) {
            // Paired: the new seek goes at once, the group leaves the pool.
            if (auto deleted = db.run(delete_seek, {out.id}); !deleted)
                return std::move(deleted).error();
            for (const auto& seek : candidates) {
                if (std::find(chosen.begin(), chosen.end(), seek.id) == chosen.end()) continue;
                auto taken = seek.node == node ? db.run(delete_seek, {seek.id})
                                               : db.run(claim_seek, {seek.id, node});
                if (!taken) return std::move(taken).error();
                out.group.push_back(seek);
            }
        }
        // Delivered when the transaction commits, to every node: the listing changed.
        if (auto told = db.run(notify, {std::string("seeks")}); !told)
            return std::move(told).error();
        return {};
    });
    if (!done) return std::move(done).error();
    return out;
}

bool postgres_store::withdraw_seek(std::int64_t id, const std::string& node) {
    const auto done = try_read(withdraw_seek_sql, {id, node});
    if (!done || done.value().affected() != 1) return false;
    publish("seeks");
    return true;
}

bool postgres_store::place_seek(std::int64_t id, const std::string& node,
                                const placed_seek& place) {
    const auto done = try_read(place_seek_sql, {id, node, place.room, place.seat, place.url});
    return done && done.value().affected() == 1;
}

std::vector<placed_seek> postgres_store::take_placed(const std::string& node) {
    const auto rows = read(take_placed_sql, {node});
    std::vector<placed_seek> placed;
    placed.reserve(static_cast<std::size_t>(rows.size()));
    for (int i = 0; i < rows.size(); ++i)
        placed.push_back({rows.integer(i, 0), rows.text(i, 1), static_cast<int>(rows.integer(i, 2)),
                          rows.text(i, 3)});
    return placed;
}

std::vector<waiting_seek> postgres_store::open_seeks() const {
    return seeks_in(read(open_seeks_sql));
}

void postgres_store::drop_seeks(const std::string& node) { (void)read(drop_seeks_sql, {node}); }

void postgres_store::repair_seeks() {
    const auto dropped = read(drop_dead_seeks).affected();
    const auto given_back = read(give_back_claims).affected();
    if (dropped + given_back > 0) publish("seeks");
}

void postgres_store::publish(const std::string& notice) { (void)read(notify, {notice}); }

int postgres_store::listen(handler on_notice) { return listener_.add(std::move(on_notice)); }

void postgres_store::unlisten(int id) { listener_.remove(id); }

}  // namespace quadra::server
