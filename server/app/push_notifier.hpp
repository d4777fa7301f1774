#pragma once
// Web Push for accounts (#29): the server's VAPID key pair, made once and kept in the store so
// that every node signs with it (a subscription is bound to the key it was made with), and news
// for an account encrypted for each of its devices that asked for that kind, then queued for
// delivery. A device the push service no longer knows is unsubscribed.

#include <cstdint>
#include <memory>
#include <string>

#include "protocol/push_messages.hpp"
#include "server/push/push_sender.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

class push_notifier {
public:
    // The store's VAPID key, written first when there is none; null when the store cannot keep
    // one. Throws what the sender throws (an unreadable certificate file).
    static std::unique_ptr<push_notifier> open(store& records, push::sender_settings settings);

    // The VAPID public key, base64url: a browser subscribes with it.
    const std::string& public_key() const { return public_key_; }
    void notify(std::int64_t account, const protocol::push_news& news);

private:
    push_notifier(store& records, const push::key_pair& vapid, push::sender_settings settings);

    store& records_;
    const std::string public_key_;
    push::sender sender_;
};

}  // namespace quadra::server
