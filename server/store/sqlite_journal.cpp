#include "server/store/sqlite_journal.hpp"

#include <utility>

#include "server/store/room_store.hpp"

namespace quadra::server {

sqlite_journal::sqlite_journal(store& db, const identity_registry& identities, game_row created)
    : db_(db),
      identities_(identities),
      game_id_(created.id),
      created_(std::move(created)),
      next_seq_(0) {}

sqlite_journal::sqlite_journal(store& db, const identity_registry& identities, std::string game_id,
                               std::int64_t stored_events)
    : db_(db), identities_(identities), game_id_(std::move(game_id)), next_seq_(stored_events) {}

void sqlite_journal::append(std::vector<room_event> events, const room& now,
                            std::function<void(bool)> done) {
    write_batch batch;
    batch.new_game = std::exchange(created_, std::nullopt);
    for (const auto& e : events) batch.events.push_back(to_stored(e, game_id_, next_seq_++));
    if (now.status() == protocol::room_status::finished && !finish_written_) {
        batch.finished = write_batch::finish{game_id_, unix_ms(), result_text(now)};
        finish_written_ = true;
    }
    db_.submit(std::move(batch), std::move(done));
}

rules::result<room> sqlite_journal::reload(const room_life& life) {
    created_.reset();
    const auto row = db_.find_game(game_id_);
    if (!row) return rules::refusal{"the game was never stored"};
    const auto events = db_.events_of(game_id_);
    auto restored = restore_room(*row, events, identities_, life, restore_after::failed_write);
    if (!restored) return restored;
    next_seq_ = static_cast<std::int64_t>(events.size());
    finish_written_ = row->finished_ms.has_value();
    return restored;
}

game_starter sqlite_game_starter(store& db, const identity_registry& identities) {
    return [&db, &identities](const std::string& code, const rules::game& game, bool is_public,
                              const protocol::clock_settings& clock) {
        auto made = make_new_game(code, game, is_public, clock);
        return journaled_game{std::move(made.dice), std::make_unique<sqlite_journal>(
                                                        db, identities, std::move(made.row))};
    };
}

}  // namespace quadra::server
