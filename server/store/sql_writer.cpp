#include "server/store/sql_writer.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "server/store/rating_update.hpp"
#include "server/store/store_sql.hpp"

namespace quadra::server {

namespace {

using write_result = store_result<write_outcome>;

// A write the data refused (no row to change, a gap in the sequence): not the backend's error,
// but the batch fails all the same, named by the statement that found it.
store_error refused(const sql_text& statement, std::string why) {
    return {std::string(statement.name()), std::move(why)};
}

store_result<void> run(sql_connection& db, const sql_text& statement,
                       std::initializer_list<sql_value> params) {
    auto rows = db.run(statement, params);
    if (!rows) return std::move(rows).error();
    return {};
}

// A statement that must change exactly one row; `otherwise` says why it would not.
store_result<void> change_one(sql_connection& db, const sql_text& statement,
                              std::initializer_list<sql_value> params, const char* otherwise) {
    auto rows = db.run(statement, params);
    if (!rows) return std::move(rows).error();
    if (rows.value().affected() != 1) return refused(statement, otherwise);
    return {};
}

store_result<void> insert(sql_connection& db, const game_row& g) {
    return run(db, store_sql::insert_game,
               {g.id, g.room_code, g.game, g.options_json, g.is_public, g.settings_json, g.seed_hex,
                g.commitment, g.created_ms, g.finished_ms, g.result_json});
}

store_result<void> upsert(sql_connection& db, const identity_row& who) {
    return change_one(db, store_sql::upsert_identity,
                      {who.id, who.token_hash, who.name, who.created_ms},
                      "the id belongs to another token");
}

store_result<void> change(sql_connection& db, const account_write& a) {
    using kind = account_write::kind;
    switch (a.what) {
        case kind::register_account: {
            const auto key = account_key(a.user_name);
            auto registered = change_one(db, store_sql::register_account,
                                         {a.user_name, key, a.password_hash, a.identity, a.at_ms},
                                         "no guest to register, or the name is reserved");
            if (!registered) return registered;
            return change_one(db, store_sql::insert_session, {a.token_hash, a.identity, a.at_ms},
                              "no session added");
        }
        case kind::open_session:
            return change_one(db, store_sql::open_session, {a.token_hash, a.at_ms, a.identity},
                              "no account to open a session of");
        case kind::close_session:
            return run(db, store_sql::close_session, {a.token_hash, a.identity});
        case kind::close_all_sessions:
            return run(db, store_sql::close_all_sessions, {a.identity});
        case kind::change_password:
        case kind::change_password_ending_others: {
            auto changed = change_one(db, store_sql::change_password, {a.password_hash, a.identity},
                                      "no account to change");
            if (!changed || a.what == kind::change_password) return changed;
            return run(db, store_sql::close_other_sessions, {a.identity, a.token_hash});
        }
        case kind::rename_account:
            return change_one(db, store_sql::rename_account,
                              {a.user_name, a.identity, account_key(a.user_name)},
                              "no account of that name but for case to rename");
        case kind::delete_account: {
            const std::string anonymous(deleted_player_name);
            auto reserved = run(db, store_sql::reserve_name, {a.identity, a.reserved_until_ms});
            if (reserved)
                reserved = change_one(db, store_sql::delete_account,
                                      {a.identity, a.at_ms, anonymous}, "no account to delete");
            if (reserved) reserved = run(db, store_sql::close_all_sessions, {a.identity});
            // Its open challenges, to it and from it, end with it (#29).
            if (reserved)
                reserved = run(db, store_sql::cancel_challenges_of, {a.identity, a.at_ms});
            if (!reserved) return reserved;
            return run(db, store_sql::anonymise_seats, {a.identity, anonymous});
        }
    }
    return refused(store_sql::close_session, "an unknown account change");
}

// A role or sanction, then its audit-log row.
store_result<void> change(sql_connection& db, const moderation_write& m) {
    using kind = moderation_write::kind;
    const std::optional<std::int64_t> none;
    const char* unchanged = "nothing to change";
    store_result<void> changed;
    switch (m.what) {
        case kind::grant:
        case kind::revoke:
            changed =
                change_one(db, store_sql::set_role,
                           {m.what == kind::grant ? m.role : std::string(), m.target}, unchanged);
            break;
        case kind::ban:
            changed = change_one(db, store_sql::set_banned, {m.at_ms, m.target}, unchanged);
            // Every session ends with the ban, in the same transaction.
            if (changed) changed = run(db, store_sql::close_all_sessions, {m.target});
            break;
        case kind::unban:
            changed = change_one(db, store_sql::set_banned, {none, m.target}, unchanged);
            break;
        case kind::mute:
            changed = change_one(db, store_sql::set_muted, {m.until_ms, m.target}, unchanged);
            break;
        case kind::unmute:
            changed = change_one(db, store_sql::set_muted, {none, m.target}, unchanged);
            break;
        case kind::unlist:
            changed = change_one(db, store_sql::set_unlisted, {m.at_ms, m.target}, unchanged);
            break;
        case kind::relist:
            changed = change_one(db, store_sql::set_unlisted, {none, m.target}, unchanged);
            break;
        case kind::report_acted:
        case kind::report_dismissed:
            changed = change_one(db, store_sql::resolve_report,
                                 {m.at_ms, m.actor_name,
                                  std::string(m.what == kind::report_acted ? "acted" : "dismissed"),
                                  m.reason, m.report},
                                 "no open report to resolve");
            break;
        case kind::block:
            changed = change_one(db, store_sql::block_address,
                                 {m.target_name, m.role, m.until_ms, m.at_ms}, unchanged);
            break;
        case kind::unblock:
            changed =
                change_one(db, store_sql::unblock_address, {m.target_name, m.at_ms}, unchanged);
            break;
        case kind::hide_chat:  // the room's own journal records what changes
        case kind::close_room:
            break;
    }
    if (!changed) return changed;
    const auto until =
        m.what == kind::mute || m.what == kind::block ? std::optional(m.until_ms) : none;
    return run(db, store_sql::insert_audit,
               {m.at_ms, m.actor, m.actor_name, std::string(action_name(m.what)), m.target,
                m.target_name, m.role, until, m.reason});
}

// A device subscribed (at most max_push_subscriptions per account) or unsubscribed.
store_result<void> write_push(sql_connection& db, const push_write& p) {
    const auto& s = p.subscription;
    if (p.what == push_write::kind::unsubscribe)
        return change_one(db, store_sql::unsubscribe_push, {s.endpoint, s.identity},
                          "no such subscription");
    std::string kinds;
    for (const auto& k : s.kinds) kinds += (kinds.empty() ? "" : ",") + k;
    if (auto written = run(db, store_sql::subscribe_push,
                           {s.endpoint, s.identity, s.p256dh, s.auth, kinds, s.created_ms});
        !written)
        return written;
    auto count = db.run(store_sql::count_push_subscriptions, {s.identity});
    if (!count) return std::move(count).error();
    if (count.value().size() != 1 || count.value().integer(0, 0) > max_push_subscriptions)
        return refused(store_sql::count_push_subscriptions, "too many devices");
    return {};
}

// A player enters an event: a new entry while the event is open and not full, or a
// paused one active again. The event's row is locked before its entries are read.
store_result<void> enter(sql_connection& db, const event_entry_row& e) {
    auto event = db.run(store_sql::lock_event, {e.event});
    if (!event) return std::move(event).error();
    if (event.value().size() != 1) return refused(store_sql::lock_event, "no such event");
    const auto status = event.value().text(0, 0);
    if (status != "scheduled" && status != "running")
        return refused(store_sql::lock_event, "the event is " + status);
    auto entry = db.run(store_sql::entry_status, {e.event, e.identity});
    if (!entry) return std::move(entry).error();
    if (entry.value().size() == 1) {
        const auto was = entry.value().text(0, 0);
        if (was != "paused") return refused(store_sql::entry_status, "the entry is " + was);
        return change_one(db, store_sql::resume_entry, {e.event, e.identity, e.entered_ms},
                          "no paused entry to resume");
    }
    if (const auto cap = event.value().integer(0, 1); cap > 0) {
        auto count = db.run(store_sql::count_entries, {e.event});
        if (!count) return std::move(count).error();
        if (count.value().size() != 1 || count.value().integer(0, 0) >= cap)
            return refused(store_sql::count_entries, "the event is full");
    }
    return change_one(db, store_sql::add_entry, {e.event, e.identity, e.entered_ms},
                      "no entry added");
}

// A change to an event or to an entry, refused by its statement when not allowed.
store_result<void> write_event(sql_connection& db, const event_write& w) {
    using kind = event_write::kind;
    const auto& r = w.row;
    const auto& e = w.entry;
    const std::optional<std::int64_t> none;
    switch (w.what) {
        case kind::create: {
            constexpr std::int64_t day_ms = 24 * 60 * 60 * 1000;
            const std::int64_t limit =
                w.max_per_day > 0 ? w.max_per_day : std::numeric_limits<std::int64_t>::max();
            return change_one(db, store_sql::create_event,
                              {r.id, r.creator, r.kind, r.game, r.terms, r.starts_ms, r.ends_ms,
                               r.max_players, r.status, r.official, r.created_ms, r.changed_ms,
                               r.reason, limit, r.created_ms - day_ms},
                              "too many events created in a day");
        }
        case kind::set_status:
            return change_one(db, store_sql::set_event_status,
                              {r.id, r.status, r.changed_ms, r.reason,
                               r.ends_ms != 0 ? std::optional(r.ends_ms) : none},
                              "no such event, or not a move from its status");
        case kind::set_official:
            return change_one(db, store_sql::set_event_official, {r.id, r.official},
                              "no such event");
        case kind::enter:
            return enter(db, e);
        case kind::pause:
            return change_one(db, store_sql::pause_entry, {e.event, e.identity, e.changed_ms},
                              "no active entry to pause");
        case kind::withdraw:
            return change_one(db, store_sql::withdraw_entry, {e.event, e.identity, e.changed_ms},
                              "no entry to withdraw");
    }
    return refused(store_sql::create_event, "an unknown event change");
}

// Events continue their game's sequence without a gap: after a refused batch, the batches of
// that room already queued behind it are refused too.
store_result<void> continue_sequence(sql_connection& db, const std::vector<stored_event>& events) {
    auto last = db.run(store_sql::last_seq, {events.front().game_id});
    if (!last) return std::move(last).error();
    const auto& rows = last.value();
    if (rows.size() != 1) return refused(store_sql::last_seq, "no row");
    const std::int64_t next = rows.null(0, 0) ? 0 : rows.integer(0, 0) + 1;
    if (events.front().seq != next)
        return refused(store_sql::last_seq, "the events start at " +
                                                std::to_string(events.front().seq) +
                                                ", the stored ones at " + std::to_string(next));
    return {};
}

write_result append(sql_connection& db, const std::vector<stored_event>& events,
                    const std::optional<room_owner>& owner, room_fence* fence) {
    if (events.empty()) return write_outcome::committed;
    // An owner's write is checked against the room's head by the fence instead.
    if (!fence || !owner)
        if (auto continued = continue_sequence(db, events); !continued)
            return std::move(continued).error();
    if (fence) {
        auto advanced = fence->advance(db, events, owner);
        if (!advanced || advanced.value() != write_outcome::committed) return advanced;
    }
    for (const auto& e : events)
        if (auto inserted = run(db, store_sql::insert_event,
                                {e.game_id, e.seq, e.kind, e.seat, e.text, e.identity, e.at_ms});
            !inserted)
            return std::move(inserted).error();
    return write_outcome::committed;
}

// Each player's row is created if missing and locked, in identity order (no deadlock between
// nodes rating the same players), so a concurrent game on another node waits and reads the
// rating this one writes.
store_result<void> rate(sql_connection& db, const rated_game& game, const std::string& game_id,
                        std::int64_t at_ms) {
    std::vector<std::int64_t> order;
    for (const auto& player : game.players) order.push_back(player.identity);
    std::sort(order.begin(), order.end());
    for (const auto identity : order) {
        const auto fresh = unrated(identity, game.key);
        if (auto added = run(db, store_sql::add_rating,
                             {identity, game.key, fresh.rating, fresh.deviation, fresh.volatility,
                              fresh.mu, fresh.sigma});
            !added)
            return added;
        auto locked = db.run(store_sql::lock_rating, {identity, game.key});
        if (!locked) return std::move(locked).error();
        if (locked.value().size() != 1) return refused(store_sql::lock_rating, "no rating row");
    }
    std::vector<rating_row> before;
    for (const auto& player : game.players) {
        auto read = db.run(store_sql::read_rating, {player.identity, game.key});
        if (!read) return std::move(read).error();
        const auto& rows = read.value();
        if (rows.size() != 1) return refused(store_sql::read_rating, "no rating row");
        auto& row = before.emplace_back(unrated(player.identity, game.key));
        row.rating = rows.real(0, 0);
        row.deviation = rows.real(0, 1);
        row.volatility = rows.real(0, 2);
        row.mu = rows.real(0, 3);
        row.sigma = rows.real(0, 4);
        row.games = rows.integer(0, 5);
    }
    const auto after = rate_game(game, before, at_ms);
    for (std::size_t i = 0; i < after.size(); ++i) {
        const auto& r = after[i];
        if (auto updated = run(db, store_sql::update_rating,
                               {r.identity, r.key, r.rating, r.deviation, r.volatility, r.mu,
                                r.sigma, r.games, r.updated_ms});
            !updated)
            return updated;
        if (auto recorded = run(db, store_sql::insert_rating_history,
                                {r.identity, r.key, game_id, at_ms, before[i].rating, r.rating,
                                 r.deviation, outcome_of(game, i), game.players[i].place});
            !recorded)
            return recorded;
    }
    return {};
}

}  // namespace

store_result<void> write_identity(sql_connection& db, const write_batch& batch) {
    if (batch.identity)
        if (auto upserted = upsert(db, *batch.identity); !upserted) return upserted;
    if (batch.account)
        if (auto changed = change(db, *batch.account); !changed) return changed;
    if (batch.moderation)
        if (auto changed = change(db, *batch.moderation); !changed) return changed;
    if (const auto& c = batch.challenge) {
        const auto& r = c->row;
        const std::optional<std::int64_t> none;
        auto written =
            c->what == challenge_write::kind::open
                ? change_one(db, store_sql::insert_challenge,
                             {r.id, r.challenger, r.challenged ? std::optional(r.challenged) : none,
                              r.terms, r.created_ms, r.expires_ms, c->max_open},
                             "too many open challenges")
                : change_one(db, store_sql::answer_challenge,
                             {r.id, r.status, r.answered_ms,
                              r.taker ? std::optional(r.taker) : none, r.room, r.reason},
                             "no open challenge to answer");
        if (!written) return written;
    }
    if (const auto& p = batch.challenge_policy)
        if (auto set = change_one(db, store_sql::set_challenge_policy, {p->identity, p->accept},
                                  "no account to set");
            !set)
            return set;
    if (const auto& e = batch.event)
        if (auto written = write_event(db, *e); !written) return written;
    if (const auto& p = batch.push)
        if (auto written = write_push(db, *p); !written) return written;
    if (const auto& k = batch.server_key)
        if (auto written = run(db, store_sql::insert_server_key, {k->name, k->value}); !written)
            return written;
    if (const auto& r = batch.report)
        return run(db, store_sql::insert_report,
                   {r->at_ms, r->reporter, r->reporter_name, r->about, r->target, r->target_name,
                    r->game_id, r->room, r->quoted, r->reason, r->words});
    return {};
}

write_result write_finish(sql_connection& db, const write_batch::finish& f,
                          const std::optional<room_owner>& owner, room_fence* fence) {
    auto updated = db.run(store_sql::finish_game, {f.finished_ms, f.result_json, f.game_id});
    if (!updated) return std::move(updated).error();
    if (updated.value().affected() == 1) {
        if (f.rated)
            if (auto rated = rate(db, *f.rated, f.game_id, f.finished_ms); !rated)
                return std::move(rated).error();
    } else {
        auto known = db.run(store_sql::game_exists, {f.game_id});
        if (!known) return std::move(known).error();
        if (known.value().size() != 1) return refused(store_sql::game_exists, "no such game");
    }
    return fence ? fence->finished(db, f.game_id, owner) : write_outcome::committed;
}

store_result<void> write_turn(sql_connection& db, const write_batch& batch) {
    if (const auto& t = batch.turn)
        return run(db, store_sql::set_turn, {t->game_id, t->identity, t->deadline_ms});
    return {};
}

namespace {

// The seven steps of one batch.
write_result write_one(sql_connection& db, const write_batch& batch, room_fence* fence) {
    if (batch.new_game) {
        if (auto inserted = insert(db, *batch.new_game); !inserted)
            return std::move(inserted).error();
        if (fence)
            if (auto made = fence->created(db, *batch.new_game, batch.owner); !made)
                return std::move(made).error();
    }
    if (auto identified = write_identity(db, batch); !identified)
        return std::move(identified).error();
    if (auto appended = append(db, batch.events, batch.owner, fence);
        !appended || appended.value() != write_outcome::committed)
        return appended;
    if (batch.finished) {
        auto finished = write_finish(db, *batch.finished, batch.owner, fence);
        if (!finished || finished.value() != write_outcome::committed) return finished;
    }
    if (auto turned = write_turn(db, batch); !turned) return std::move(turned).error();
    return write_outcome::committed;
}

}  // namespace

store_error about(store_error error, const write_batch& batch) {
    if (batch.new_game)
        error.game = batch.new_game->id;
    else if (!batch.events.empty())
        error.game = batch.events.front().game_id;
    else if (batch.finished)
        error.game = batch.finished->game_id;
    if (batch.identity)
        error.identity = batch.identity->id;
    else if (batch.account)
        error.identity = batch.account->identity;
    else if (batch.moderation)
        error.identity = batch.moderation->target;
    else if (const auto& e = batch.event)
        error.identity = e->what == event_write::kind::create ? e->row.creator : e->entry.identity;
    return error;
}

namespace {

// The batches one after the other, each in its six steps.
write_result write_each(sql_connection& db, std::span<const write_queue::pending> batches,
                        room_fence* fence) {
    for (const auto& item : batches) {
        auto written = write_one(db, item.batch, fence);
        if (!written) return about(std::move(written).error(), item.batch);
        if (written.value() != write_outcome::committed) return written;
    }
    return write_outcome::committed;
}

void roll_back(sql_connection& db) { (void)db.exec("rollback", "ROLLBACK"); }

}  // namespace

write_result write_transaction(sql_connection& db, std::span<const write_queue::pending> batches,
                               room_fence* fence) {
    return in_transaction(db, batches, [fence](sql_connection& db, auto batches) {
        return write_each(db, batches, fence);
    });
}

write_result in_transaction(sql_connection& db, std::span<const write_queue::pending> batches,
                            const batch_steps& steps) {
    const auto failed = [&batches](store_error error) -> write_result {
        return batches.size() == 1 ? about(std::move(error), batches.front().batch) : error;
    };
    if (auto begun = db.begin(); !begun) return failed(std::move(begun).error());
    auto written = steps(db, batches);
    if (!written || written.value() != write_outcome::committed) {
        roll_back(db);
        return written;
    }
    // Lost during COMMIT, the outcome is unknown; the caller rebuilds from what was committed.
    if (auto committed = db.exec("commit", "COMMIT"); !committed) {
        roll_back(db);
        return failed(std::move(committed).error());
    }
    return write_outcome::committed;
}

}  // namespace quadra::server
