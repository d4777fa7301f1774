// Web Push subscriptions (#29): a signed-in device asks to be told of its account's news, of
// the kinds it names, and stops. The keys are checked here, so that every stored subscription
// can be encrypted for.
#include "protocol/push_messages.hpp"
#include "server/app/client_session.hpp"
#include "server/app/push_notifier.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/push/web_push_crypto.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

namespace {

// What is wrong with a subscription's keys; empty when nothing is.
std::string keys_problem(const protocol::push_subscribe_request& request) {
    const auto p256dh = push::from_base64url(request.p256dh);
    if (!p256dh || !push::valid_public_key(*p256dh))
        return "field 'keys.p256dh' must be a P-256 public key: 65 bytes in base64url";
    const auto auth = push::from_base64url(request.auth);
    if (!auth || auth->size() != push::auth_secret{}.size())
        return "field 'keys.auth' must be 16 bytes in base64url";
    return {};
}

}  // namespace

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::push_subscribe_request& request) {
    if (who_->account().empty())
        return refuse(me, error_code::account_required,
                      "notifications are for accounts: sign in first", id);
    if (const auto problem = keys_problem(request); !problem.empty())
        return refuse(me, error_code::bad_field, problem, id);
    if (!services_->push)
        return refuse(me, error_code::not_allowed, "this server sends no notifications", id);
    const auto me_id = static_cast<std::int64_t>(who_->id());
    const auto devices = services_->records.push_subscriptions_of(me_id);
    const bool known = std::any_of(devices.begin(), devices.end(), [&](const auto& device) {
        return device.endpoint == request.endpoint;
    });
    if (!known && std::ssize(devices) >= max_push_subscriptions)
        return refuse(me, error_code::not_allowed,
                      "an account has notifications on " + std::to_string(max_push_subscriptions) +
                          " devices at most: turn them off on one first",
                      id);
    write_batch batch;
    batch.push = push_write{
        push_write::kind::subscribe,
        {request.endpoint, me_id, request.p256dh, request.auth, request.kinds, unix_ms()}};
    auto done = [self = shared_from_this(), me, id, request](bool stored) {
        if (!stored)
            return self->refuse(me, error_code::store_failed,
                                "the subscription could not be stored; try again", id);
        log::event(log::level::info, "push_subscribed", {{"player", self->player_id()}});
        me->deliver(protocol::push_subscribed_message(id, request.endpoint, request.kinds));
    };
    store_then(std::move(batch), std::move(done));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::push_unsubscribe_request& request) {
    if (who_->account().empty())
        return refuse(me, error_code::account_required,
                      "notifications are for accounts: sign in first", id);
    push_write gone{push_write::kind::unsubscribe, {}};
    gone.subscription.endpoint = request.endpoint;
    gone.subscription.identity = static_cast<std::int64_t>(who_->id());
    write_batch batch;
    batch.push = std::move(gone);
    auto done = [self = shared_from_this(), me, id, endpoint = request.endpoint](bool stored) {
        if (!stored)
            return self->refuse(me, error_code::no_change,
                                "this account has no subscription with that endpoint", id);
        me->deliver(protocol::push_unsubscribed_message(id, endpoint));
    };
    store_then(std::move(batch), std::move(done));
}

}  // namespace quadra::server
