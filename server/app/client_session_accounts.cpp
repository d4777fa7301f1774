// Accounts (#17), the part of client_session that turns a guest into an account, signs in and
// signs out. Passwords go to the password worker and are never logged or stored; what the store
// keeps is the Argon2id hash and the SHA-256 of each session token.

#include <utility>

#include "server/app/account_rules.hpp"
#include "server/app/client_session.hpp"
#include "server/app/moderation_roster.hpp"
#include "server/app/password_worker.hpp"
#include "server/app/sign_in_limiter.hpp"
#include "server/dice/os_random.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/rooms/lobby.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

std::optional<std::pair<error_code, std::string>> client_session::account_request_refusal() const {
    if (!services_->accounts)
        return std::pair{error_code::not_allowed, std::string("this server has no accounts")};
    if (account_busy_)
        return std::pair{error_code::not_allowed,
                         std::string("another account request of this connection is running")};
    return std::nullopt;
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::register_request& registration) {
    if (auto refusal = account_request_refusal())
        return refuse(me, refusal->first, refusal->second, id);
    if (const auto held = who_->account(); !held.empty())
        return refuse(me, error_code::already_account, "you are signed in as " + held, id);
    if (refused_here("accounts"))
        return refuse(me, error_code::address_refused,
                      "new accounts are not accepted from your address", id);
    if (!valid_user_name(registration.name))
        return refuse(me, error_code::bad_name,
                      "a user name is 1-" + std::to_string(max_name_characters) +
                          " printable characters with single spaces between words",
                      id);
    if (auto weakness = password_weakness(registration.password, registration.name))
        return refuse(me, error_code::weak_password, *weakness, id);
    // A deleted account's name is reserved for a while (#31).
    if (services_->records.find_account(registration.name) ||
        services_->records.name_reserved(registration.name, unix_ms()))
        return refuse(me, error_code::name_taken,
                      "the user name " + registration.name + " is taken", id);
    account_busy_ = true;
    auto done = [self = shared_from_this(), me, id, who = who_,
                 name = registration.name](std::string encoded) {
        self->post_([self, me, id, who, name, encoded = std::move(encoded)] {
            self->registered(me, id, who, name, encoded);
        });
    };
    if (!services_->accounts->passwords.hash(std::move(registration.password), std::move(done))) {
        account_busy_ = false;
        refuse(me, error_code::server_full, "the server is busy with other passwords; retry", id);
    }
}

void client_session::registered(const recipient_ptr& me, const protocol::request_id& id,
                                const std::shared_ptr<identity>& who, const std::string& user_name,
                                const std::string& encoded) {
    if (encoded.empty()) {
        account_busy_ = false;
        return refuse(me, error_code::server_full, "the password could not be hashed; retry", id);
    }
    if (who_ != who) {  // a hello or sign-in switched identity meanwhile
        account_busy_ = false;
        return refuse(me, error_code::not_allowed, "the connection changed identity", id);
    }
    // The guest's token becomes the account's first session: this device stays signed in.
    write_batch batch;
    batch.account = account_write{account_write::kind::register_account,
                                  static_cast<std::int64_t>(who->id()),
                                  token_hash(token_),
                                  user_name,
                                  encoded,
                                  unix_ms()};
    auto written = [self = shared_from_this(), me, id, who, user_name](write_outcome outcome) {
        self->post_([self, me, id, who, user_name, stored = outcome == write_outcome::committed] {
            self->account_busy_ = false;
            if (!stored) {
                // A name taken between the check and the write shows as a failed write.
                if (self->services_->records.find_account(user_name))
                    return self->refuse(me, error_code::name_taken,
                                        "the user name " + user_name + " is taken", id);
                return self->refuse(me, error_code::store_failed,
                                    "the server could not store the account; retry", id);
            }
            who->set_account(user_name);
            log::event(log::level::info, "account_registered", {{"player", who->id()}});
            if (self->who_ == who)
                me->deliver(protocol::welcome_message(id, self->token_, who->name(), true,
                                                      user_name, me->protocol()));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::sign_in(const recipient_ptr& me, const protocol::request_id& id,
                             protocol::sign_in_request& request) {
    if (auto refusal = account_request_refusal())
        return refuse(me, refusal->first, refusal->second, id);
    const auto key = account_key(request.name);
    if (const auto wait = services_->accounts->sign_ins.retry_after(key, address_); wait > 0)
        return refuse(
            me,
            {error_code::too_many_attempts,
             "too many failed sign-ins; try again in " + std::to_string(wait) + " seconds", wait},
            id);
    const auto login = services_->records.find_login(request.name);
    account_busy_ = true;
    auto done = [self = shared_from_this(), me, id, key, account = login ? login->identity : 0,
                 banned = login && login->banned](bool match) {
        self->post_([self, me, id, key, account, match, banned] {
            self->verified(me, id, key, account, match, banned);
        });
    };
    // An unknown name is checked against a decoy: it takes as long as a wrong password.
    if (!services_->accounts->passwords.verify(login ? login->password_hash : std::string(),
                                               std::move(request.password), std::move(done))) {
        account_busy_ = false;
        refuse(me, error_code::server_full, "the server is busy with other passwords; retry", id);
    }
}

void client_session::verified(const recipient_ptr& me, const protocol::request_id& id,
                              const std::string& key, std::int64_t account, bool match,
                              bool banned) {
    if (!match || account == 0) {
        account_busy_ = false;
        services_->accounts->sign_ins.failed(key, address_);
        log::event(log::level::info, "sign_in_failed", {{"player", player_id()}});
        return refuse(me, error_code::bad_credentials, "wrong user name or password", id);
    }
    services_->accounts->sign_ins.succeeded(key);
    // Said only to whoever knows the password.
    if (banned) {
        account_busy_ = false;
        return refuse(me, error_code::banned, "a moderator banned this account", id);
    }
    // A fresh session token for this device, separate from the password and from other devices.
    auto token = random_hex(16);
    auto hash = token_hash(token);
    write_batch batch;
    batch.account =
        account_write{account_write::kind::open_session, account, hash, {}, {}, unix_ms()};
    auto written = [self = shared_from_this(), me, id, account, token,
                    hash](write_outcome outcome) {
        self->post_([self, me, id, account, token, hash,
                     stored = outcome == write_outcome::committed] {
            self->account_busy_ = false;
            auto found =
                stored ? self->services_->identities.find_id(static_cast<std::uint64_t>(account))
                       : nullptr;
            if (!found)
                return self->refuse(me, error_code::store_failed,
                                    "the server could not store the session; retry", id);
            if (found->account().empty())  // cached here as a guest before it became an account
                if (auto row = self->services_->records.find_identity(account))
                    found->set_account(row->account);
            self->services_->identities.add_session(hash, found);
            log::event(log::level::info, "signed_in", {{"player", found->id()}});
            self->resume(me, id, token, std::move(found));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::sign_out_request&) {
    sign_out(me, id, false);
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::sign_out_everywhere_request&) {
    sign_out(me, id, true);
}

void client_session::sign_out(const recipient_ptr& me, const protocol::request_id& id,
                              bool everywhere) {
    if (auto refusal = account_request_refusal())
        return refuse(me, refusal->first, refusal->second, id);
    if (who_->account().empty())
        return refuse(me, error_code::not_signed_in, "a guest has no session to end", id);
    const auto who = who_;
    const auto hash = token_hash(token_);
    write_batch batch;
    batch.account = account_write{
        everywhere ? account_write::kind::close_all_sessions : account_write::kind::close_session,
        static_cast<std::int64_t>(who->id()),
        hash,
        {},
        {},
        unix_ms()};
    account_busy_ = true;
    auto written = [self = shared_from_this(), me, id, who, hash,
                    everywhere](write_outcome outcome) {
        self->post_([self, me, id, who, hash, everywhere,
                     stored = outcome == write_outcome::committed] {
            self->account_busy_ = false;
            if (!stored)
                return self->refuse(me, error_code::store_failed,
                                    "the server could not end the session; retry", id);
            auto& identities = self->services_->identities;
            if (everywhere)
                identities.forget_sessions(who->id());
            else
                identities.forget_session(hash);
            log::event(log::level::info, everywhere ? "signed_out_everywhere" : "signed_out",
                       {{"player", who->id()}});
            // This connection continues as a fresh guest with the same display name.
            if (self->who_ == who) {
                auto guest = identities.create(who->name());
                if (!guest) {
                    self->leave_all(me);
                    self->who_ = nullptr;
                    return self->refuse(me, error_code::server_full, "no room for new guests", id);
                }
                self->welcome_guest(me, id, guest, me->protocol());
            }
            if (everywhere) self->services_->accounts->sign_out_everywhere(who->id());
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::confirm_password(const recipient_ptr& me, const protocol::request_id& id,
                                      std::string password, std::function<void()> then) {
    // Guessing the password here is held to the same limit as signing in.
    const auto key = account_key(who_->account());
    if (const auto wait = services_->accounts->sign_ins.retry_after(key, address_); wait > 0)
        return refuse(
            me,
            {error_code::too_many_attempts,
             "too many wrong passwords; try again in " + std::to_string(wait) + " seconds", wait},
            id);
    const auto login = services_->records.find_login(who_->account());
    const bool ours = login && login->identity == static_cast<std::int64_t>(who_->id());
    account_busy_ = true;
    auto done = [self = shared_from_this(), me, id, key, ours,
                 then = std::move(then)](bool match) mutable {
        self->post_([self, me, id, key, match = match && ours, then = std::move(then)] {
            auto& sign_ins = self->services_->accounts->sign_ins;
            if (!match) {
                self->account_busy_ = false;
                sign_ins.failed(key, self->address_);
                log::event(log::level::info, "password_refused", {{"player", self->player_id()}});
                return self->refuse(me, error_code::bad_credentials, "the password is wrong", id);
            }
            sign_ins.succeeded(key);
            then();
        });
    };
    if (!services_->accounts->passwords.verify(ours ? login->password_hash : std::string(),
                                               std::move(password), std::move(done))) {
        account_busy_ = false;
        refuse(me, error_code::server_full, "the server is busy with other passwords; retry", id);
    }
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::change_password_request& request) {
    if (auto refusal = account_request_refusal())
        return refuse(me, refusal->first, refusal->second, id);
    const auto name = who_->account();
    if (name.empty()) return refuse(me, error_code::not_signed_in, "a guest has no password", id);
    if (auto weakness = password_weakness(request.new_password, name))
        return refuse(me, error_code::weak_password, *weakness, id);
    auto hash_new = [self = shared_from_this(), me, id, end_others = request.end_other_sessions,
                     new_password = std::move(request.new_password)]() mutable {
        auto done = [self, me, id, end_others](std::string encoded) {
            self->post_([self, me, id, end_others, encoded = std::move(encoded)] {
                self->store_password(me, id, encoded, end_others);
            });
        };
        if (!self->services_->accounts->passwords.hash(std::move(new_password), std::move(done))) {
            self->account_busy_ = false;
            self->refuse(me, error_code::server_full,
                         "the server is busy with other passwords; retry", id);
        }
    };
    confirm_password(me, id, std::move(request.password), std::move(hash_new));
}

void client_session::store_password(const recipient_ptr& me, const protocol::request_id& id,
                                    const std::string& encoded, bool end_other_sessions) {
    if (encoded.empty()) {
        account_busy_ = false;
        return refuse(me, error_code::store_failed, "the new password could not be hashed", id);
    }
    const auto who = who_;
    const auto kept = token_hash(token_);
    write_batch batch;
    batch.account =
        account_write{end_other_sessions ? account_write::kind::change_password_ending_others
                                         : account_write::kind::change_password,
                      static_cast<std::int64_t>(who->id()),
                      kept,
                      {},
                      encoded,
                      unix_ms()};
    auto written = [self = shared_from_this(), me, id, who, kept,
                    end_other_sessions](write_outcome outcome) {
        self->post_([self, me, id, who, kept, end_other_sessions,
                     stored = outcome == write_outcome::committed] {
            self->account_busy_ = false;
            if (!stored)
                return self->refuse(me, error_code::store_failed,
                                    "the server could not store the new password; retry", id);
            log::event(log::level::info, "password_changed",
                       {{"player", who->id()}, {"other_sessions_ended", end_other_sessions}});
            if (end_other_sessions) self->services_->accounts->end_other_sessions(who->id(), kept);
            me->deliver(protocol::password_changed_message(id));
        });
    };
    services_->records.submit(std::move(batch), std::move(written));
}

void client_session::signed_out_elsewhere(std::uint64_t identity, const std::string& session,
                                          const recipient_ptr& me) {
    if (closed_ || !who_ || who_->id() != identity) return;
    if (!session.empty() && token_hash(token_) != session) return;
    const bool banned = services_->moderation && services_->moderation->roster.banned(identity);
    forget_identity(me);
    me->deliver(protocol::signed_out_message(banned));
}

void client_session::forget_identity(const recipient_ptr& me) {
    leave_all(me);
    if (subscribed_) services_->rooms.unsubscribe(me.get());
    subscribed_ = false;
    who_ = nullptr;
    token_.clear();
}

}  // namespace quadra::server
