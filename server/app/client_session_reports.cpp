// Reports (#31), the part of client_session where a player reports an account, a game or one of
// its chat lines, sees what became of its reports, and a moderator acts on one or dismisses it.
// What is reported is read from the store, never taken from the reporter: a chat line is found in
// its game's journal by its time, with its writer and text.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "server/app/client_session.hpp"
#include "server/app/moderation_roster.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

namespace {

constexpr std::int64_t hour_ms = 3'600'000;

// What a report's reporter (by: empty) or a moderator sees of it.
protocol::report_view view_of(const report_row& r, bool with_reporter) {
    return {r.id,
            r.at_ms,
            with_reporter ? std::string_view(r.reporter_name) : "",
            r.about,
            r.target_name,
            r.room,
            r.quoted,
            r.reason,
            r.words,
            r.outcome,
            r.handled_ms.value_or(0)};
}

}  // namespace

std::vector<protocol::report_view> client_session::report_views(
    const std::vector<report_row>& reports, bool with_reporter) {
    std::vector<protocol::report_view> views;
    views.reserve(reports.size());
    for (const auto& r : reports) views.push_back(view_of(r, with_reporter));
    return views;
}

std::optional<protocol::error> client_session::reported_thing(
    const protocol::report_request& request, report_row& report) const {
    const auto& records = services_->records;
    const auto self = static_cast<std::int64_t>(who_->id());
    if (request.about == "player") {
        const auto target = records.find_account(request.name);
        if (!target)
            return protocol::error{error_code::no_such_account,
                                   "no account is named " + request.name};
        report.target = target->id;
        report.target_name = target->account;
    } else {
        const auto game = records.find_game_in_room(request.room);
        if (!game) return protocol::error{error_code::no_such_room, "no such room"};
        report.game_id = game->id;
        report.room = request.room;
        if (request.about == "chat") {
            const auto events = records.events_of(game->id);
            const auto line = std::find_if(events.begin(), events.end(), [&](const auto& e) {
                return e.kind == "chat" && e.at_ms == request.at;
            });
            if (line == events.end())
                return protocol::error{error_code::no_such_line,
                                       "the room has no chat line at that time"};
            report.target = line->identity;
            report.quoted = line->text;
            if (const auto writer = records.find_identity(line->identity))
                report.target_name = writer->account.empty() ? writer->name : writer->account;
        }
    }
    if (report.target == self)
        return protocol::error{error_code::not_allowed, "you cannot report yourself"};
    return std::nullopt;
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::report_request& request) {
    const auto account = who_->account();
    if (account.empty())
        return refuse(me, error_code::account_required, "reports come from accounts", id);
    const auto self = static_cast<std::int64_t>(who_->id());
    const auto now = unix_ms();
    const auto& records = services_->records;
    const auto limit = services_->moderation ? services_->moderation->reports_per_hour : 0;
    if (records.reports_since(self, now - hour_ms) >= static_cast<std::int64_t>(limit)) {
        // Free again when the oldest report of the last hour is an hour old.
        const auto recent =
            records.reports_by(self, static_cast<int>(std::max<std::size_t>(limit, 1)));
        const auto oldest = recent.empty() ? now : recent.back().at_ms;
        return refuse(me,
                      {error_code::rate_limited, "too many reports in an hour",
                       std::max<std::int64_t>(1, (oldest + hour_ms - now + 999) / 1000)},
                      id);
    }
    report_row report;
    report.at_ms = now;
    report.reporter = self;
    report.reporter_name = account;
    report.about = request.about;
    report.reason = request.reason;
    report.words = request.words;
    if (auto refusal = reported_thing(request, report)) return refuse(me, *refusal, id);
    write_batch batch;
    batch.report = std::move(report);
    auto written = [self_session = shared_from_this(), me, id](write_outcome outcome) {
        self_session->post_([self_session, me, id, stored = outcome == write_outcome::committed] {
            if (!stored)
                return self_session->refuse(me, error_code::store_failed,
                                            "the server could not store the report; retry", id);
            // The id the store gave it: this reporter's newest report.
            const auto newest = self_session->services_->records.reports_by(
                static_cast<std::int64_t>(self_session->player_id()), 1);
            const auto report_id = newest.empty() ? 0 : newest.front().id;
            log::event(log::level::info, "reported",
                       {{"player", self_session->player_id()}, {"report", report_id}});
            me->deliver(protocol::reported_message(id, report_id));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::my_reports_request&) {
    if (who_->account().empty())
        return refuse(me, error_code::account_required, "reports come from accounts", id);
    constexpr int listed = 50;
    const auto mine = services_->records.reports_by(static_cast<std::int64_t>(who_->id()), listed);
    me->deliver(protocol::my_reports_message(id, report_views(mine, false)));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::resolve_report_request& request) {
    if (rank_of(role()) == 0)
        return refuse(me, error_code::not_allowed, "only moderators handle reports", id);
    const auto report = services_->records.find_report(request.report);
    if (!report) return refuse(me, error_code::no_such_report, "no such report", id);
    if (report->handled_ms)
        return refuse(me, error_code::no_change, "the report was handled already", id);
    const bool acted = request.outcome == "acted";
    write_batch batch;
    batch.moderation = moderation_write{
        acted ? moderation_write::kind::report_acted : moderation_write::kind::report_dismissed,
        static_cast<std::int64_t>(who_->id()),
        who_->account(),
        report->target,
        report->target_name.empty() ? report->room : report->target_name,
        {},
        0,
        std::move(request.reason),
        unix_ms(),
        report->id};
    auto written = [self = shared_from_this(), me, id, report_id = report->id,
                    outcome = request.outcome](write_outcome result) {
        self->post_(
            [self, me, id, report_id, outcome, stored = result == write_outcome::committed] {
                if (!stored)  // another moderator was first, or the store failed
                    return self->refuse(me, error_code::no_change,
                                        "the report was not open any more", id);
                self->services_->moderation->changed();
                log::event(log::level::info, "report_resolved",
                           {{"player", self->player_id()}, {"report", report_id}});
                me->deliver(protocol::report_resolved_message(id, report_id, outcome));
            });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

}  // namespace quadra::server
