#pragma once
// Delivers Web Push messages (RFC 8030) from a bounded queue on a thread of its own: each is
// POSTed over HTTPS to its subscription's endpoint with this server's VAPID authorization,
// retried with a doubling backoff while the push service fails or cannot be reached; an endpoint
// the service says is gone (404, 410) is reported, so that its subscription is deleted.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "server/push/web_push_crypto.hpp"

namespace quadra::server::push {

// One encrypted message (web_push_crypto.hpp encrypt) for one subscription.
struct delivery {
    std::string endpoint;
    bytes body;
    int ttl_seconds = 24 * 60 * 60;  // how long the push service keeps it for an offline device
};

struct sender_settings {
    std::string subject = "mailto:operator@localhost";  // VAPID `sub`: the operator's contact
    std::string ca_file;  // more certificates to trust (PEM), besides the system's
    std::size_t max_queued = 1000;
    int attempts = 4;
    std::chrono::milliseconds first_backoff{1000};
    std::chrono::seconds timeout{15};  // one attempt, from connecting to the answer
};

class sender {
public:
    using gone_handler = std::function<void(const std::string& endpoint)>;

    // Throws std::runtime_error when `settings.ca_file` cannot be read.
    sender(const key_pair& vapid, sender_settings settings, gone_handler gone);
    ~sender();  // drops what is still queued
    sender(const sender&) = delete;
    sender& operator=(const sender&) = delete;

    // Queues `message`; false (dropped) when max_queued messages wait already.
    bool send(delivery message);
    std::size_t queued() const;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace quadra::server::push
