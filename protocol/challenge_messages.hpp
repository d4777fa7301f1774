#pragma once
// What the server says about challenges (#29): the answer to a new one, a challenge that changed
// (declined, cancelled, accepted), and an account's lists, which every tab of the account hears
// again whenever they change.

#include <span>
#include <string_view>

#include "protocol/messages.hpp"

namespace quadra::protocol {

// The answer to `challenge` (and to a correspondence `seek`, which is an open challenge).
message_ptr challenge_sent_message(const request_id& id, const challenge_view& challenge);
// The answer to accept_challenge, decline_challenge and cancel_challenge.
message_ptr challenge_updated_message(const request_id& id, const challenge_view& challenge);
// An account's challenges: which it takes (`accepting`: one of challenge_policies), the open ones
// to it, and its own of the last day, newest first.
message_ptr challenges_message(const request_id& id, std::string_view accepting,
                               std::span<const challenge_view> incoming,
                               std::span<const challenge_view> outgoing);

}  // namespace quadra::protocol
