#pragma once
// The rooms' journal in the store: a game's events as rows, written by the store's writer thread
// with other rooms' batches, and the room rebuilt from its committed rows. In a shared store each
// write names its owner (node and epoch), which the store checks in the same transaction.

#include <cstdint>
#include <optional>
#include <string>

#include "server/identity/identity.hpp"
#include "server/rooms/room_journal.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

class store_journal : public room_journal {
public:
    // A new game: `created` is written with its first events.
    store_journal(store& db, const identity_registry& identities, game_row created,
                  std::optional<room_owner> owner);
    // A game restored from `db`, which holds its first `stored_events` events.
    store_journal(store& db, const identity_registry& identities, std::string game_id,
                  std::int64_t stored_events, std::optional<room_owner> owner);

    bool has_pending() const override { return created_.has_value(); }
    void append(std::vector<room_event> events, const room& now,
                std::function<void(append_outcome)> done) override;
    rules::result<room> reload(const room_policy& policy) override;
    void on_turns(const turn_listener& listener) override { turn_listener_ = listener; }
    void on_news(const news_listener& listener) override { news_listener_ = listener; }

private:
    // Whom the game waits for now, as a turn change to write when it differs from what was
    // written last (after a restore or a failed write: not known, so written again).
    std::optional<write_batch::turn_change> turn_to_write(const room& now,
                                                          std::vector<std::int64_t>& concerned);

    store& db_;
    const identity_registry& identities_;  // who holds the seats of a reloaded room
    const std::string game_id_;
    const std::optional<room_owner> owner_;
    std::optional<game_row> created_;  // written with the first batch
    std::int64_t next_seq_;            // the sequence number of the next event
    bool finish_written_ = false;
    std::optional<std::optional<room::waiting_for>> written_turn_;
    turn_listener turn_listener_;
    news_listener news_listener_;
};

// New games with fair dice and a journal in `db`; in a shared store, owned by `node` (epoch 1).
game_starter store_game_starter(store& db, const identity_registry& identities,
                                std::optional<std::string> node = std::nullopt);

}  // namespace quadra::server
