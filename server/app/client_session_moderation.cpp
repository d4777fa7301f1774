// Moderation (#31), the part of client_session that carries out a moderator's action and shows
// the moderation page its view. Each action is one store write with its audit-log row; once it
// is committed, every node reads the roster again (moderation_roster.hpp).

#include <string>
#include <utility>
#include <vector>

#include "server/app/client_session.hpp"
#include "server/app/moderation_roster.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

namespace {

using kind = moderation_write::kind;

// The wire's action (one of those the request parser allows) as the store's kind.
kind kind_of(const std::string& action) {
    for (const auto k :
         {kind::ban, kind::unban, kind::mute, kind::unmute, kind::unlist, kind::relist})
        if (action_name(k) == action) return k;
    return kind::unmute;
}

// True when `what` would change nothing for `target` as the roster knows it.
bool already(const moderation_roster& roster, kind what, std::uint64_t target) {
    switch (what) {
        case kind::ban:
            return roster.banned(target);
        case kind::unban:
            return !roster.banned(target);
        case kind::unmute:
            return roster.muted_until(target, unix_ms()) == 0;
        case kind::unlist:
            return roster.unlisted(target);
        case kind::relist:
            return !roster.unlisted(target);
        default:
            return false;  // a new mute replaces the old one
    }
}

}  // namespace

std::string client_session::role() const {
    if (!who_ || !services_->moderation) return {};
    return services_->moderation->roster.role_of(who_->id());
}

bool client_session::refused_here(std::string_view who) const {
    return services_->moderation && services_->moderation->roster.refuses(address_, who, unix_ms());
}

bool client_session::refused_muted(const recipient_ptr& me, const protocol::request_id& id,
                                   const protocol::room_request& request) {
    if (!std::holds_alternative<protocol::chat_request>(request) || !services_->moderation)
        return false;
    const auto now = unix_ms();
    const auto until = services_->moderation->roster.muted_until(who_->id(), now);
    if (until == 0) return false;
    protocol::error failure{error_code::muted, "a moderator muted your chat"};
    if (until != forever_ms) failure.retry_after_seconds = (until - now + 999) / 1000;
    refuse(me, failure, id);
    return true;
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::moderate_request& request) {
    const auto my_role = role();
    if (rank_of(my_role) == 0)
        return refuse(me, error_code::not_allowed, "only moderators may moderate", id);
    auto& roster = services_->moderation->roster;
    const auto target = services_->records.find_account(request.name);
    if (!target)
        return refuse(me, error_code::no_such_account, "no account is named " + request.name, id);
    const auto target_id = static_cast<std::uint64_t>(target->id);
    if (rank_of(roster.role_of(target_id)) >= rank_of(my_role))
        return refuse(me, error_code::not_allowed,
                      "a moderator acts only on accounts of a lower role", id);
    const auto what = kind_of(request.action);
    if (already(roster, what, target_id))
        return refuse(me, error_code::no_change, target->account + " is already so", id);
    const auto now = unix_ms();
    write_batch batch;
    batch.moderation =
        moderation_write{what,
                         static_cast<std::int64_t>(who_->id()),
                         who_->account(),
                         target->id,
                         target->account,
                         {},
                         request.minutes ? now + *request.minutes * 60'000 : forever_ms,
                         std::move(request.reason),
                         now};
    auto written = [self = shared_from_this(), me, id, what, target_id,
                    name = target->account](write_outcome outcome) {
        self->post_([self, me, id, what, target_id, name,
                     stored = outcome == write_outcome::committed] {
            auto& moderation = *self->services_->moderation;
            // Stored or refused as changing nothing (another moderator was first): read again.
            moderation.changed();
            if (!stored)
                return already(moderation.roster, what, target_id)
                           ? self->refuse(me, error_code::no_change, name + " is already so", id)
                           : self->refuse(me, error_code::store_failed,
                                          "the server could not store the action; retry", id);
            log::event(log::level::info, "moderated",
                       {{"player", self->player_id()},
                        {"action", std::string(action_name(what))},
                        {"target", target_id}});
            me->deliver(protocol::moderated_message(id, action_name(what), name));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::block_address_request& request) {
    const auto now = unix_ms();
    store_block(me, id, true, request.address, request.refuse,
                request.minutes ? now + *request.minutes * 60'000 : forever_ms,
                std::move(request.reason));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::unblock_address_request& request) {
    store_block(me, id, false, request.address, {}, 0, std::move(request.reason));
}

void client_session::store_block(const recipient_ptr& me, const protocol::request_id& id,
                                 bool block, const std::string& address, std::string refuses,
                                 std::int64_t until_ms, std::string reason) {
    const auto what = block ? kind::block : kind::unblock;
    if (rank_of(role()) == 0)
        return refuse(me, error_code::not_allowed, "only moderators refuse addresses", id);
    const auto range = address_range::parse(address);
    if (!range)
        return refuse(me, error_code::bad_field,
                      "field 'address' must be an IP address or a CIDR range, host bits zero", id);
    write_batch batch;
    batch.moderation = moderation_write{what,
                                        static_cast<std::int64_t>(who_->id()),
                                        who_->account(),
                                        0,
                                        range->text(),
                                        std::move(refuses),
                                        until_ms,
                                        std::move(reason),
                                        unix_ms()};
    auto written = [self = shared_from_this(), me, id, what,
                    cidr = range->text()](write_outcome outcome) {
        self->post_([self, me, id, what, cidr, stored = outcome == write_outcome::committed] {
            self->services_->moderation->changed();
            if (!stored)  // an unblock of a range that is not blocked, or a failed write
                return self->refuse(me, error_code::no_change, cidr + " is not blocked", id);
            log::event(log::level::info, "moderated",
                       {{"player", self->player_id()},
                        {"action", std::string(action_name(what))},
                        {"address", cidr}});
            me->deliver(protocol::moderated_message(id, action_name(what), cidr));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::hide_chat_request& request) {
    const auto my_role = role();
    if (rank_of(my_role) == 0)
        return refuse(me, error_code::not_allowed, "only moderators hide chat lines", id);
    // The room's host writes the hiding to its journal: on this node (or a redirect there).
    const auto where = room_for(request.room);
    if (!where.host) return not_here(me, where, request.room, id);
    const auto& records = services_->records;
    const auto game = records.find_game_in_room(request.room);
    if (!game) return not_here(me, {}, request.room, id);
    // The line as its journal keeps it: who wrote it, and whether it is hidden already.
    const auto events = records.events_of(game->id);
    const auto at_text = std::to_string(request.at);
    const stored_event* line = nullptr;
    for (const auto& e : events) {
        if (e.kind == "chat" && e.at_ms == request.at && !line) line = &e;
        if (e.kind == "chat_hidden" && e.text == at_text)
            return refuse(me, error_code::no_change, "the line is hidden already", id);
    }
    if (!line)
        return refuse(me, error_code::no_such_line, "the room has no chat line at that time", id);
    const auto writer = records.find_identity(line->identity);
    const auto writer_id = static_cast<std::uint64_t>(line->identity);
    if (line->identity != 0 &&
        rank_of(services_->moderation->roster.role_of(writer_id)) >= rank_of(my_role))
        return refuse(me, error_code::not_allowed,
                      "a moderator hides only the lines of accounts of a lower role", id);
    std::string writer_name = "?";
    if (writer) writer_name = writer->account.empty() ? writer->name : writer->account;
    write_batch batch;
    batch.moderation = moderation_write{kind::hide_chat,
                                        static_cast<std::int64_t>(who_->id()),
                                        who_->account(),
                                        line->identity,
                                        writer_name,
                                        request.room,
                                        0,
                                        std::move(request.reason),
                                        unix_ms()};
    auto written = [self = shared_from_this(), me, id, host = where.host, at = request.at,
                    writer_name](write_outcome outcome) {
        self->post_(
            [self, me, id, host, at, writer_name, stored = outcome == write_outcome::committed] {
                if (!stored)
                    return self->refuse(me, error_code::store_failed,
                                        "the server could not store the action; retry", id);
                host->hide_chat(at);
                self->services_->moderation->changed();
                log::event(log::level::info, "moderated",
                           {{"player", self->player_id()}, {"action", "hide_chat"}, {"at", at}});
                me->deliver(protocol::moderated_message(id, "hide_chat", writer_name));
            });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::close_room_request& request) {
    if (rank_of(role()) == 0)
        return refuse(me, error_code::not_allowed, "only moderators close rooms", id);
    const auto where = room_for(request.room);
    if (!where.host) return not_here(me, where, request.room, id);
    where.host->close(me, who_, std::move(request), id);
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::moderation_request& request) {
    if (rank_of(role()) == 0)
        return refuse(me, error_code::not_allowed, "only moderators see moderation", id);
    const auto standings = services_->moderation->roster.all();
    const auto entries = services_->records.audit_log(request.limit);
    std::vector<protocol::standing_view> accounts;
    accounts.reserve(standings.size());
    const auto now = unix_ms();
    for (const auto& s : standings) {
        const auto muted_until = s.muted_until_ms > now ? s.muted_until_ms : 0;
        if (s.role.empty() && !s.banned && !s.unlisted && muted_until == 0)
            continue;  // a mute that ran out
        accounts.push_back({s.account, s.role, muted_until, s.banned, s.unlisted});
    }
    std::vector<protocol::audit_view> log;
    log.reserve(entries.size());
    for (const auto& e : entries)
        log.push_back({e.id, e.at_ms, e.actor, e.action, e.target, e.role, e.until_ms, e.reason});
    constexpr int open_listed = 100;
    // The views point into the rows: both live until the message is rendered.
    const auto open = services_->records.open_reports(open_listed);
    const auto reports = report_views(open, true);
    const auto blocks = services_->moderation->roster.blocks();
    std::vector<protocol::block_view> blocked;
    blocked.reserve(blocks.size());
    for (const auto& b : blocks)
        if (b.until_ms > now) blocked.push_back({b.cidr, b.refuses, b.until_ms});
    me->deliver(protocol::moderation_message(id, accounts, log, reports, blocked, forever_ms));
}

}  // namespace quadra::server
