#pragma once
// The requests of Web Push (#29): a device's subscription for an account's news, and its end.
// Part of the wire's request set (messages.hpp lists them in its variant).

#include <string>
#include <string_view>
#include <vector>

namespace quadra::protocol {

// What a subscription may ask to hear of: its turn in a slow game, a challenge, a draw or
// takeback offer, and a game's end.
inline constexpr std::string_view push_kinds[] = {"your_turn", "challenge", "offer", "game_end"};
inline constexpr std::size_t max_endpoint_bytes = 1024;

// A browser's PushSubscription (endpoint and keys, as its toJSON() gives them) and the kinds.
struct push_subscribe_request {
    static constexpr std::string_view type = "push_subscribe";
    std::string endpoint;  // an https URL
    std::string p256dh;    // base64url: a P-256 public key, 65 bytes
    std::string auth;      // base64url: 16 bytes
    std::vector<std::string> kinds;
};
struct push_unsubscribe_request {
    static constexpr std::string_view type = "push_unsubscribe";
    std::string endpoint;
};

}  // namespace quadra::protocol
