#pragma once
// Between rooms and the store: room events as stored rows and back, the row of a new game with
// its fair dice, and a room rebuilt from its stored events (at start-up, and after a failed
// write) by applying them again through the rules.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/result.hpp"
#include "server/dice/fair_dice.hpp"
#include "server/identity/identity.hpp"
#include "server/rooms/room.hpp"
#include "server/rooms/room_event.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

// `event` as the row it is stored in: its kind's name ("seated", "move", ...), seat, text and
// identity, in the form every version of the server wrote.
stored_event to_stored(const room_event& event, const std::string& game_id, std::int64_t seq);
// The event a stored row holds, or why the row is not one (an unknown kind, a claimer or a rematch
// room that is not one, an identity nobody knows). Identities are looked up in `identities`.
rules::result<room_event> from_stored(const stored_event& row, const identity_registry& identities);

// A game about to be created: its fair dice (fresh id and seed) and the row that records it.
struct new_game {
    std::shared_ptr<fair_dice> dice;
    game_row row;
};
new_game make_new_game(const std::string& room_code, const rules::game& game, bool is_public,
                       const protocol::room_settings& settings);

// The room of `row` after its `events`; refused when the row or an event does not fit (the
// reason names the event). Seated identities are looked up in `identities` by id.
rules::result<room> restore_room(const game_row& row, const std::vector<stored_event>& events,
                                 const identity_registry& identities, room_policy policy,
                                 restore_after why);

// The result of a finished room as stored, JSON text.
std::string result_text(const room& finished);

}  // namespace quadra::server
