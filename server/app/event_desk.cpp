#include "server/app/event_desk.hpp"

#include <algorithm>

#include "protocol/event_messages.hpp"
#include "rules/registry.hpp"
#include "server/api/event_api.hpp"
#include "server/app/game_check.hpp"
#include "server/app/random_id.hpp"
#include "server/ops/log.hpp"
#include "server/store/rated_games.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error;
using protocol::error_code;

namespace {

constexpr std::int64_t minute_ms = 60 * 1000;
constexpr std::int64_t day_ms = 24 * 60 * minute_ms;
// How far ahead an event may be scheduled, and how late its start may be (a form sent a little
// after the time it showed).
constexpr std::int64_t furthest_start_ms = 366 * day_ms;
constexpr std::int64_t start_slack_ms = 5 * minute_ms;

bool closed(const event_row& event) {
    return event.status == "finished" || event.status == "cancelled";
}

error closed_refusal(const event_row& event) {
    return {error_code::event_closed, "the event is " + event.status};
}

// The status of `identity`'s entry in `event`; "" when they never entered.
std::string entry_status(const store& records, std::int64_t event, std::int64_t identity) {
    for (const auto& e : records.entries_of(event))
        if (e.identity == identity) return e.status;
    return {};
}

bool moderates(const event_asker& who) { return !who.role.empty(); }

// Why a change to an event is refused, from the event as it is. Checked before the write, and
// again after a write the store refused (it says no more than that): another request came first.
using refusal_check = std::function<std::optional<error>(const event_row& event)>;

std::optional<error> refusal_to_enter(const store& records, const event_asker& who,
                                      const event_row& event) {
    if (closed(event)) return closed_refusal(event);
    const auto mine = entry_status(records, event.id, who.identity);
    if (mine == "active") return error{error_code::already_entered, "you are in this event"};
    if (mine == "withdrawn")
        return error{error_code::already_entered,
                     "you withdrew from this event, and a withdrawal is for good"};
    if (mine.empty() && event.max_players > 0 && event.players >= event.max_players)
        return error{error_code::event_full,
                     "the event is full: " + std::to_string(event.max_players) + " players"};
    return std::nullopt;
}

std::optional<error> refusal_to_pause(const store& records, const event_asker& who,
                                      const event_row& event) {
    if (closed(event)) return closed_refusal(event);
    const auto mine = entry_status(records, event.id, who.identity);
    if (mine == "paused") return error{error_code::not_entered, "your entry is paused already"};
    if (mine != "active") return error{error_code::not_entered, "you are not in this event"};
    return std::nullopt;
}

std::optional<error> refusal_to_withdraw(const store& records, const event_asker& who,
                                         const event_row& event) {
    if (closed(event)) return closed_refusal(event);
    const auto mine = entry_status(records, event.id, who.identity);
    if (mine != "active" && mine != "paused")
        return error{error_code::not_entered, "you are not in this event"};
    return std::nullopt;
}

std::optional<error> refusal_to_cancel(const event_asker& who, const event_row& event) {
    if (closed(event)) return closed_refusal(event);
    if (moderates(who)) return std::nullopt;
    if (event.creator != who.identity)
        return error{error_code::not_allowed,
                     "only its creator or a moderator can cancel an event"};
    if (event.status != "scheduled")
        return error{error_code::not_allowed,
                     "the event has started: only a moderator can cancel it now"};
    return std::nullopt;
}

// The `event` message for `event` as `who` sees it.
void show(const store& records, const event_asker& who, const desk_reply& reply,
          const event_row& event) {
    const auto view = event_view_of(event);
    if (!view)
        return reply.refuse({error_code::no_such_event,
                             "this server cannot read the event " + std::to_string(event.id)});
    reply.me->deliver(protocol::event_message(reply.id, *view,
                                              entry_views_of(records.entries_of(event.id)),
                                              entry_status(records, event.id, who.identity)));
}

error limit_refusal(std::int64_t per_day) {
    return {error_code::too_many_events, "you made " + std::to_string(per_day) +
                                             " events in the last 24 hours, the most allowed"};
}

event_write entry_change(event_write::kind what, std::int64_t event, std::int64_t identity) {
    event_write change;
    change.what = what;
    change.entry.event = event;
    change.entry.identity = identity;
    change.entry.entered_ms = change.entry.changed_ms = unix_ms();
    return change;
}

}  // namespace

event_desk::event_desk(const event_services& services,
                       std::function<void(std::function<void()>)> post)
    : services_(&services), post_(std::move(post)) {}

std::optional<event_row> event_desk::find(const desk_reply& reply, std::int64_t id) const {
    auto event = services_->records.find_event(id);
    if (!event)
        reply.refuse({error_code::no_such_event, "no event with the id " + std::to_string(id)});
    return event;
}

void event_desk::store_then(write_batch batch, std::function<void(bool stored)> then) const {
    services_->records.submit(std::move(batch),
                              [post = post_, then = std::move(then)](write_outcome outcome) {
                                  const bool stored = outcome == write_outcome::committed;
                                  post([then, stored] { then(stored); });
                              });
}

void event_desk::write_then_show(const event_asker& who, const desk_reply& reply,
                                 std::int64_t event, write_batch batch,
                                 refusal_check refusal_after) const {
    store_then(std::move(batch), [services = services_, who, reply, event,
                                  refusal_after = std::move(refusal_after)](bool stored) {
        const auto& records = services->records;
        const auto now = records.find_event(event);
        if (!now) return reply.refuse({error_code::store_failed, "the event cannot be read now"});
        if (!stored) {
            if (auto why = refusal_after(*now)) return reply.refuse(*why);
            return reply.refuse(
                {error_code::store_failed, "the change could not be stored; please retry"});
        }
        show(records, who, reply, *now);
    });
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::create_event_request& request) const {
    if (who.account.empty())
        return reply.refuse(
            {error_code::account_required, "events are made by accounts: sign in first"});
    const auto& terms = request.terms;
    const auto checked = check_game(terms.game, terms.options);
    if (checked.refusal) return reply.refuse(*checked.refusal);
    const auto now = unix_ms();
    if (terms.starts_ms < now - start_slack_ms || terms.starts_ms > now + furthest_start_ms)
        return reply.refuse(
            {error_code::bad_field, "field 'starts_ms' must be a time from now to a year ahead"});
    const auto& records = services_->records;
    const auto per_day = moderates(who) ? 0 : static_cast<std::int64_t>(services_->per_day);
    if (per_day > 0) {
        const auto made = records.event_creation_times(who.identity, now - day_ms);
        if (static_cast<std::int64_t>(made.size()) >= per_day) {
            // The limit lifts when the oldest of the last `per_day` leaves the 24 hours.
            const auto lifts_ms = made[made.size() - static_cast<std::size_t>(per_day)] + day_ms;
            auto refusal = limit_refusal(per_day);
            refusal.retry_after_seconds = std::max<std::int64_t>(1, (lifts_ms - now + 999) / 1000);
            return reply.refuse(refusal);
        }
    }
    event_row row;
    row.id = new_shared_id();
    row.creator = who.identity;
    row.kind = terms.kind;
    row.game = terms.game;
    auto stored_terms = terms;
    stored_terms.options = checked.game->settings();  // with the rules' defaults filled in
    row.terms = protocol::event_terms_text(stored_terms);
    row.starts_ms = terms.starts_ms;
    row.ends_ms = terms.kind == "arena" ? terms.starts_ms + terms.minutes * minute_ms : 0;
    row.max_players = terms.max_players;
    row.created_ms = row.changed_ms = now;
    row.creator_name = who.account;
    write_batch batch;
    batch.event = event_write{event_write::kind::create, row, {}, per_day};
    store_then(std::move(batch), [services = services_, reply, row, per_day](bool stored) {
        if (!stored) {
            // The store counts again in the write: requests sent at once cannot pass the limit.
            const auto made =
                services->records.event_creation_times(row.creator, unix_ms() - day_ms);
            if (per_day > 0 && static_cast<std::int64_t>(made.size()) >= per_day)
                return reply.refuse(limit_refusal(per_day));
            return reply.refuse(
                {error_code::store_failed, "the event could not be stored; please retry"});
        }
        log::event(log::level::info, "event_created",
                   {{"event", row.id}, {"player", row.creator}, {"kind", row.kind}});
        if (auto view = event_view_of(row))
            reply.me->deliver(protocol::event_created_message(reply.id, *view));
    });
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::list_events_request&) const {
    const auto lists = listed_events(services_->records, who.identity);
    reply.me->deliver(protocol::events_message(reply.id, lists.upcoming, lists.running,
                                               lists.finished, lists.entered));
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::event_info_request& request) const {
    if (const auto event = find(reply, request.event)) show(services_->records, who, reply, *event);
}

std::optional<error> event_desk::entry_refusal(const event_asker& who,
                                               const protocol::event_terms& terms,
                                               const std::string& code) const {
    if (!terms.entry_code.empty() && code != terms.entry_code)
        return error{error_code::wrong_entry_code,
                     code.empty() ? "this event is private: it needs its entry code"
                                  : "that is not this event's entry code"};
    if (terms.accounts_only && who.account.empty())
        return error{error_code::not_eligible, "this event is for accounts only: sign in first"};
    if (terms.min_rating == 0 && terms.min_rated_games == 0) return std::nullopt;
    const auto game = rules::create_game(terms.game, terms.options);
    if (!game) return error{error_code::not_eligible, "this server cannot start the event's game"};
    const auto key = rating_key(terms.game, game.value()->seat_count(), terms.clock);
    const auto standing =
        services_->rating_of ? services_->rating_of(who.identity, key) : std::nullopt;
    const auto games = standing ? standing->games : 0;
    if (games < terms.min_rated_games)
        return error{error_code::not_eligible,
                     "this event needs " + std::to_string(terms.min_rated_games) +
                         " rated games of " + key + "; you have " + std::to_string(games)};
    const int rating = standing ? standing->rating : 1500;
    if (rating < terms.min_rating)
        return error{error_code::not_eligible, "this event needs a rating of " +
                                                   std::to_string(terms.min_rating) + " in " + key +
                                                   "; yours is " + std::to_string(rating)};
    return std::nullopt;
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::enter_event_request& request) const {
    const auto event = find(reply, request.event);
    if (!event) return;
    const auto terms = protocol::parse_event_terms(event->terms);
    if (!terms)
        return reply.refuse({error_code::no_such_event, "this server cannot read the event"});
    const auto& records = services_->records;
    if (auto why = refusal_to_enter(records, who, *event)) return reply.refuse(*why);
    // A paused player comes back without the entry rules: they passed them once.
    if (entry_status(records, event->id, who.identity).empty())
        if (auto why = entry_refusal(who, *terms, request.code)) return reply.refuse(*why);
    write_batch batch;
    batch.event = entry_change(event_write::kind::enter, event->id, who.identity);
    write_then_show(who, reply, event->id, std::move(batch),
                    [services = services_, who](const event_row& now) {
                        return refusal_to_enter(services->records, who, now);
                    });
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::pause_event_request& request) const {
    const auto event = find(reply, request.event);
    if (!event) return;
    if (auto why = refusal_to_pause(services_->records, who, *event)) return reply.refuse(*why);
    write_batch batch;
    batch.event = entry_change(event_write::kind::pause, event->id, who.identity);
    write_then_show(who, reply, event->id, std::move(batch),
                    [services = services_, who](const event_row& now) {
                        return refusal_to_pause(services->records, who, now);
                    });
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::withdraw_event_request& request) const {
    const auto event = find(reply, request.event);
    if (!event) return;
    if (auto why = refusal_to_withdraw(services_->records, who, *event)) return reply.refuse(*why);
    write_batch batch;
    batch.event = entry_change(event_write::kind::withdraw, event->id, who.identity);
    write_then_show(who, reply, event->id, std::move(batch),
                    [services = services_, who](const event_row& now) {
                        return refusal_to_withdraw(services->records, who, now);
                    });
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::cancel_event_request& request) const {
    const auto event = find(reply, request.event);
    if (!event) return;
    if (auto why = refusal_to_cancel(who, *event)) return reply.refuse(*why);
    event_write change;
    change.what = event_write::kind::set_status;
    change.row.id = event->id;
    change.row.status = "cancelled";
    change.row.changed_ms = unix_ms();
    change.row.reason = request.reason;
    write_batch batch;
    batch.event = change;
    log::event(log::level::info, "event_cancelled",
               {{"event", event->id}, {"player", who.identity}});
    write_then_show(who, reply, event->id, std::move(batch),
                    [who](const event_row& now) { return refusal_to_cancel(who, now); });
}

void event_desk::answer(const event_asker& who, const desk_reply& reply,
                        const protocol::feature_event_request& request) const {
    if (!moderates(who))
        return reply.refuse(
            {error_code::not_allowed, "only moderators mark an event as the server's own"});
    const auto event = find(reply, request.event);
    if (!event) return;
    event_write change;
    change.what = event_write::kind::set_official;
    change.row.id = event->id;
    change.row.official = request.official;
    write_batch batch;
    batch.event = change;
    write_then_show(who, reply, event->id, std::move(batch),
                    [](const event_row&) { return std::optional<error>{}; });
}

}  // namespace quadra::server
