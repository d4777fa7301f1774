#include "server/store/store_journal.hpp"

#include <algorithm>

#include <utility>

#include "server/store/rated_games.hpp"
#include "server/store/room_store.hpp"

namespace quadra::server {

store_journal::store_journal(store& db, const identity_registry& identities, game_row created,
                             std::optional<room_owner> owner)
    : db_(db),
      identities_(identities),
      game_id_(created.id),
      owner_(std::move(owner)),
      created_(std::move(created)),
      next_seq_(0),
      written_turn_(std::optional<room::waiting_for>{}) {}  // a new game waits for nobody yet

store_journal::store_journal(store& db, const identity_registry& identities, std::string game_id,
                             std::int64_t stored_events, std::optional<room_owner> owner)
    : db_(db),
      identities_(identities),
      game_id_(std::move(game_id)),
      owner_(std::move(owner)),
      next_seq_(stored_events) {}

namespace {

moderation_write closing_logged(const events::closed& closed, const std::string& room_code,
                                std::int64_t at_ms) {
    moderation_write logged;
    logged.what = moderation_write::kind::close_room;
    if (closed.by) {
        logged.actor = static_cast<std::int64_t>(closed.by->id());
        logged.actor_name = closed.by->account();
    }
    logged.target_name = room_code;
    logged.role = closed.aborted ? "aborted" : "no_result";
    logged.reason = closed.reason;
    logged.at_ms = at_ms;
    return logged;
}

// A clock slow enough that a player may be elsewhere when their turn comes: none, or an hour or
// more per move.
bool slow(const protocol::clock_settings& clock) {
    return clock.type == protocol::clock_settings::kind::none ||
           (clock.type == protocol::clock_settings::kind::per_move && clock.move_seconds >= 3600);
}

// What `events` (and the turn, when it `turned`, and the end, when the game `ended`) mean for
// the accounts away from the room (#29).
std::vector<account_news> news_of(const std::vector<room_event>& events, const room& now,
                                  bool turned, bool ended) {
    std::vector<account_news> news;
    const auto tell = [&](const std::vector<std::int64_t>& accounts, const char* kind,
                          const char* offer = "") {
        protocol::push_news item;
        item.kind = kind;
        item.offer = offer;
        item.room = now.code();
        item.game = std::string(now.game().id());
        for (const auto account : accounts) news.push_back({account, item});
    };
    if (ended) {
        tell(now.absent_accounts(), "game_end");
        return news;
    }
    for (const auto& e : events) {
        if (const auto* offer = std::get_if<events::draw_offer>(&e.what))
            tell(now.absent_accounts(offer->seat), "offer", "draw");
        if (const auto* asked = std::get_if<events::takeback_asked>(&e.what))
            tell(now.absent_accounts(asked->seat), "offer", "takeback");
    }
    const auto waits = now.waits_for();
    if (turned && waits && slow(now.policy().clock)) {
        const auto away = now.absent_accounts();
        if (std::find(away.begin(), away.end(), waits->identity) != away.end())
            tell({waits->identity}, "your_turn");
    }
    return news;
}

}  // namespace

void store_journal::append(std::vector<room_event> events, const room& now,
                           std::function<void(append_outcome)> done) {
    write_batch batch;
    batch.owner = owner_;
    batch.new_game = std::exchange(created_, std::nullopt);
    for (const auto& e : events) {
        batch.events.push_back(to_stored(e, game_id_, next_seq_++));
        // A moderator's closing is logged in the same transaction as the event, so exactly once.
        if (const auto* closed = std::get_if<events::closed>(&e.what))
            batch.moderation = closing_logged(*closed, now.code(), e.at_ms);
    }
    if (now.status() == protocol::room_status::finished && !finish_written_) {
        batch.finished =
            write_batch::finish{game_id_, unix_ms(), result_text(now), rated_game_of(now)};
        finish_written_ = true;
    }
    std::vector<std::int64_t> concerned;
    batch.turn = turn_to_write(now, concerned);
    turn_listener listener;  // copied only when there is news (never in games of guests)
    if (!concerned.empty()) listener = turn_listener_;
    std::vector<account_news> news;
    if (news_listener_) news = news_of(events, now, !concerned.empty(), batch.finished.has_value());
    news_listener tell;
    if (!news.empty()) tell = news_listener_;
    db_.submit(std::move(batch), [done = std::move(done), concerned = std::move(concerned),
                                  listener = std::move(listener), news = std::move(news),
                                  tell = std::move(tell)](write_outcome outcome) mutable {
        switch (outcome) {
            case write_outcome::committed:
                if (listener && !concerned.empty()) listener(std::move(concerned));
                if (tell) tell(std::move(news));
                return done(append_outcome::committed);
            case write_outcome::fenced:
                return done(append_outcome::moved);
            case write_outcome::failed:
                break;
        }
        done(append_outcome::failed);
    });
}

std::optional<write_batch::turn_change> store_journal::turn_to_write(
    const room& now, std::vector<std::int64_t>& concerned) {
    const auto waits = now.waits_for();
    if (written_turn_ && *written_turn_ == waits) return std::nullopt;
    if (written_turn_ && *written_turn_) concerned.push_back((*written_turn_)->identity);
    if (waits && (concerned.empty() || concerned.front() != waits->identity))
        concerned.push_back(waits->identity);
    written_turn_ = waits;
    if (!waits) return write_batch::turn_change{game_id_, std::nullopt, std::nullopt};
    return write_batch::turn_change{game_id_, waits->identity, waits->deadline_ms};
}

rules::result<room> store_journal::reload(const room_policy& policy) {
    created_.reset();
    written_turn_.reset();
    const auto row = db_.find_game(game_id_);
    if (!row)
        return rules::refusal{db_.healthy() ? "the game was never stored"
                                            : "the store cannot be read just now"};
    const auto events = db_.events_of(game_id_);
    auto restored = restore_room(*row, events, identities_, policy, restore_after::failed_write);
    if (!restored) return restored;
    next_seq_ = static_cast<std::int64_t>(events.size());
    finish_written_ = row->finished_ms.has_value();
    return restored;
}

game_starter store_game_starter(store& db, const identity_registry& identities,
                                std::optional<std::string> node) {
    return [&db, &identities, node = std::move(node)](const std::string& code,
                                                      const rules::game& game, bool is_public,
                                                      const protocol::room_settings& settings) {
        auto made = make_new_game(code, game, is_public, settings);
        std::optional<room_owner> owner;
        if (node) owner = room_owner{*node, 1};
        return journaled_game{
            std::move(made.dice),
            std::make_unique<store_journal>(db, identities, std::move(made.row), std::move(owner))};
    };
}

}  // namespace quadra::server
