#include "server/app/push_notifier.hpp"

#include <algorithm>
#include <future>

#include "server/ops/log.hpp"

namespace quadra::server {

namespace {

const std::string vapid_key_name = "vapid";

// Stores `candidate` unless a key is there already (another node's, written first).
bool offer_key(store& records, const push::key_pair& candidate) {
    write_batch batch;
    batch.server_key = server_key_write{vapid_key_name, push::base64url(candidate.private_bytes())};
    std::promise<write_outcome> outcome;
    records.submit(std::move(batch), [&outcome](write_outcome o) { outcome.set_value(o); });
    return outcome.get_future().get() == write_outcome::committed;
}

std::optional<push::key_pair> stored_key(const store& records) {
    const auto text = records.server_key(vapid_key_name);
    if (!text) return std::nullopt;
    const auto raw = push::from_base64url(*text);
    if (!raw || raw->size() != push::private_key{}.size()) return std::nullopt;
    push::private_key secret{};
    std::copy(raw->begin(), raw->end(), secret.begin());
    return push::key_pair::from_private(secret);
}

}  // namespace

std::unique_ptr<push_notifier> push_notifier::open(store& records, push::sender_settings settings) {
    auto vapid = stored_key(records);
    if (!vapid && offer_key(records, push::key_pair::generate())) vapid = stored_key(records);
    if (!vapid) {
        log::event(log::level::error, "push_unavailable",
                   {{"reason", "the store could not keep the VAPID key"}});
        return nullptr;
    }
    return std::unique_ptr<push_notifier>(new push_notifier(records, *vapid, std::move(settings)));
}

push_notifier::push_notifier(store& records, const push::key_pair& vapid,
                             push::sender_settings settings)
    : records_(records),
      public_key_(push::base64url(vapid.public_bytes())),
      sender_(vapid, std::move(settings), [&records](const std::string& endpoint) {
          push_write gone{push_write::kind::unsubscribe, {}};
          gone.subscription.endpoint = endpoint;  // whoever's it is
          write_batch batch;
          batch.push = std::move(gone);
          records.submit(std::move(batch), [](write_outcome) {});
      }) {}

void push_notifier::notify(std::int64_t account, const protocol::push_news& news) {
    const auto text = protocol::push_news_text(news);
    const std::vector<unsigned char> plaintext(text.begin(), text.end());
    for (const auto& device : records_.push_subscriptions_of(account)) {
        if (std::find(device.kinds.begin(), device.kinds.end(), news.kind) == device.kinds.end())
            continue;
        const auto p256dh = push::from_base64url(device.p256dh);
        const auto auth = push::from_base64url(device.auth);
        push::subscription_keys keys;
        // Checked when subscribing; a row that is not right anyway is skipped.
        if (!p256dh || !auth || p256dh->size() != keys.p256dh.size() ||
            auth->size() != keys.auth.size() || !push::valid_public_key(*p256dh))
            continue;
        std::copy(p256dh->begin(), p256dh->end(), keys.p256dh.begin());
        std::copy(auth->begin(), auth->end(), keys.auth.begin());
        sender_.send({device.endpoint, push::encrypt(plaintext, keys)});
    }
}

}  // namespace quadra::server
