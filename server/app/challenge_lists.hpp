#pragma once
// Challenges (#29) as the wire shows them, read from the store: one challenge's view, an
// account's lists (the `challenges` message) and the lobby's open challenges. A challenge past
// its expiry is "expired" here, whatever its row says: nothing needs to sweep them.

#include <cstdint>
#include <vector>

#include "protocol/messages.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

// A clock of a day or more per move: correspondence, played over days. Such a seek is stored as
// a challenge to anyone.
inline bool correspondence(const protocol::clock_settings& clock) {
    return clock.type == protocol::clock_settings::kind::per_move && clock.move_seconds >= 86400;
}

protocol::challenge_view challenge_view_of(const challenge_row& row, std::int64_t now_ms);
// The `challenges` message of `identity` (with the id of the request it answers, if any).
protocol::message_ptr challenges_of(const store& records, std::int64_t identity,
                                    const protocol::request_id& id, std::int64_t now_ms);
// The open challenges to anyone (correspondence seeks), as the lobby lists them.
std::vector<protocol::challenge_view> open_challenge_views(const store& records,
                                                           std::int64_t now_ms);

}  // namespace quadra::server
