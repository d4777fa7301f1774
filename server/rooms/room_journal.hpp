#pragma once
// Where a room's events are kept, as rooms/ sees it: one journal per game, behind an interface
// that store/ implements (SQLite or PostgreSQL). rooms/ never includes a store header.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "protocol/messages.hpp"
#include "rules/game.hpp"
#include "rules/result.hpp"
#include "server/dice/dice.hpp"
#include "server/rooms/room.hpp"
#include "server/rooms/room_event.hpp"

namespace quadra::server {

// How an append ended. `moved`: another node owns the room now (a shared store fenced the write);
// nothing was written.
enum class append_outcome { committed, failed, moved };

// The journal of one game.
class room_journal {
public:
    virtual ~room_journal() = default;
    // Something must be written even without events (a new game, written with its first ones).
    virtual bool has_pending() const = 0;
    // Appends `events`, recorded by `now` since the last append, and the result once `now` is
    // finished. `done` is called once, from any thread, with the outcome; appends commit in
    // order.
    virtual void append(std::vector<room_event> events, const room& now,
                        std::function<void(append_outcome)> done) = 0;
    // After a failed write: the room as its committed events leave it (without members), or why
    // there is none (nothing was ever committed). Later appends continue from there.
    virtual rules::result<room> reload(const room_policy& policy) = 0;
    // `listener` hears, after each committed append that changed whom the game waits for, the
    // accounts concerned (the one it waited for and the one it waits for now) (#29).
    using turn_listener = std::function<void(std::vector<std::int64_t> accounts)>;
    virtual void on_turns(const turn_listener& listener) { (void)listener; }
    // `listener` hears, after each committed append, the news it holds for accounts away from
    // the room: their turn in a slow game, an offer to answer, the game's end (#29).
    using news_listener = std::function<void(std::vector<account_news> news)>;
    virtual void on_news(const news_listener& listener) { (void)listener; }
};

// A new game's fair dice and its journal.
struct journaled_game {
    std::shared_ptr<dice_source> dice;
    std::unique_ptr<room_journal> journal;
};
// Starts the journal of a new game played in room `code` (a created room, or a rematch), stored
// with its clock and whether it is rated.
using game_starter =
    std::function<journaled_game(const std::string& code, const rules::game& game, bool is_public,
                                 const protocol::room_settings& settings)>;

}  // namespace quadra::server
