// What an account's owner controls (#31), the part of client_session that changes the case of
// the user name, deletes the account and gives its owner a copy of its data. Deleting keeps the
// games and ratings (other players' records need them) under an anonymous name.

#include <string>
#include <utility>

#include "server/app/account_rules.hpp"
#include "server/app/client_session.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::rename_account_request& request) {
    if (auto refusal = account_request_refusal())
        return refuse(me, refusal->first, refusal->second, id);
    const auto current = who_->account();
    if (current.empty()) return refuse(me, error_code::not_signed_in, "a guest has no name", id);
    if (request.name == current)
        return refuse(me, error_code::no_change, "the user name is spelled so already", id);
    if (!valid_user_name(request.name) || account_key(request.name) != account_key(current))
        return refuse(me, error_code::bad_name,
                      "only the case of the user name " + current + " can change", id);
    write_batch batch;
    batch.account = account_write{account_write::kind::rename_account,
                                  static_cast<std::int64_t>(who_->id()),
                                  {},
                                  request.name,
                                  {},
                                  unix_ms()};
    account_busy_ = true;
    auto written = [self = shared_from_this(), me, id, who = who_,
                    name = request.name](write_outcome outcome) {
        self->post_([self, me, id, who, name, stored = outcome == write_outcome::committed] {
            self->account_busy_ = false;
            if (!stored)
                return self->refuse(me, error_code::store_failed,
                                    "the server could not store the name; retry", id);
            who->set_account(name);
            log::event(log::level::info, "account_renamed", {{"player", who->id()}});
            me->deliver(protocol::account_renamed_message(id, name));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::delete_account_request& request) {
    if (auto refusal = account_request_refusal())
        return refuse(me, refusal->first, refusal->second, id);
    if (who_->account().empty())
        return refuse(me, error_code::not_signed_in, "a guest has no account to delete", id);
    confirm_password(me, id, std::move(request.password),
                     [self = shared_from_this(), me, id] { self->delete_account(me, id); });
}

void client_session::delete_account(const recipient_ptr& me, const protocol::request_id& id) {
    const auto who = who_;
    const auto now = unix_ms();
    write_batch batch;
    batch.account = account_write{account_write::kind::delete_account,
                                  static_cast<std::int64_t>(who->id()),
                                  {},
                                  {},
                                  {},
                                  now,
                                  now + services_->accounts->name_reserved_for.count()};
    auto written = [self = shared_from_this(), me, id, who](write_outcome outcome) {
        self->post_([self, me, id, who, stored = outcome == write_outcome::committed] {
            self->account_busy_ = false;
            if (!stored)
                return self->refuse(me, error_code::store_failed,
                                    "the server could not delete the account; retry", id);
            log::event(log::level::info, "account_deleted", {{"player", who->id()}});
            who->set_account({});
            who->rename(std::string(deleted_player_name));
            self->services_->identities.forget_sessions(who->id());
            // This connection as after signed_out: it must hello again; the others are told.
            if (self->who_ == who) self->forget_identity(me);
            me->deliver(protocol::account_deleted_message(id));
            self->services_->accounts->sign_out_everywhere(who->id());
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::export_data_request&) {
    const auto account = who_->account();
    if (account.empty()) return refuse(me, error_code::not_signed_in, "a guest has no account", id);
    constexpr int most_games = 10'000;
    const auto& records = services_->records;
    const auto self_id = static_cast<std::int64_t>(who_->id());
    const auto row = records.find_identity(self_id);
    const auto ratings = records.ratings_of(self_id);
    const auto history = records.rating_history(self_id, most_games);
    const auto games = records.games_of(self_id, most_games);
    // Chat lines are read from the account's games: only its own, never another's.
    std::vector<stored_event> chat;
    for (const auto& game : games)
        for (auto& e : records.events_of(game.id))
            if (e.kind == "chat" && e.identity == self_id) chat.push_back(std::move(e));

    const auto display_name = who_->name();
    protocol::data_export data{
        account, display_name, row ? row->created_ms : 0, unix_ms(), {}, {}, {}, {}};
    for (const auto& r : ratings) data.ratings.push_back({r.key, r.rating, r.deviation, r.games});
    for (const auto& h : history)
        data.history.push_back({h.key, h.game_id, h.at_ms, h.before, h.after, h.outcome});
    for (const auto& g : games)
        data.games.push_back(
            {g.id, g.game, g.room_code, g.created_ms, g.finished_ms, g.result_json});
    for (const auto& line : chat) data.chat.push_back({line.game_id, line.at_ms, line.text});
    log::event(log::level::info, "data_exported", {{"player", who_->id()}});
    me->deliver(protocol::data_export_message(id, data));
}

}  // namespace quadra::server
