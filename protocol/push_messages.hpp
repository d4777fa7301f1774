#pragma once
// Web Push (#29): the answers to a device's subscription, and the news a push message carries
// (encrypted for the device; its service worker words it).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"

namespace quadra::protocol {

message_ptr push_subscribed_message(const request_id& id, std::string_view endpoint,
                                    std::span<const std::string> kinds);
message_ptr push_unsubscribed_message(const request_id& id, std::string_view endpoint);

// One piece of news for an account: `kind` is one of push_kinds; the other fields are set as
// the kind has them (empty ones are left out).
struct push_news {
    std::string kind;
    std::string room;  // your_turn, offer, game_end
    std::string game;  // the game's rules id
    std::string from;  // challenge: the challenger's user name
    std::int64_t challenge = 0;
    std::string offer;      // offer: "draw" or "takeback"
    bool low_time = false;  // your_turn: a bank clock has under a tenth of its first time left
};
std::string push_news_text(const push_news& news);

// GET /api/push/key: {"key": the VAPID public key, base64url}, or {"key": null} when the server
// sends no notifications.
std::string push_key_body(std::string_view key);

}  // namespace quadra::protocol
