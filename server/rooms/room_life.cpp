// The room's requests around the moves (room life): resign, draws, claims of abandoned seats,
// rematches, chat, and the deadlines of clocks, grace periods and waiting rooms. Each finds the
// sender's seat, builds its room_event and lets room::check (room_events.cpp) decide, the same
// check a restore runs; only what the journal cannot show (who is connected, since when) is
// checked here.

#include <algorithm>

#include "protocol/account_messages.hpp"
#include "rules/registry.hpp"
#include "server/rooms/room.hpp"

namespace quadra::server {

using protocol::error_code;
using protocol::room_status;

int room::playing_seat(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                       outbox& out) {
    const auto* sender = find_member(link.get());
    const int seat = sender ? sender->seat : -1;
    if (auto why = in_game(seat)) {
        refuse(link, *why, id, out);
        return -1;
    }
    return seat;
}

void room::record_and_tell(room_event event, const std::shared_ptr<recipient>& link,
                           const protocol::request_id& id, outbox& out) {
    auto checked = check(std::move(event));
    if (auto* allowed = allowed_or_refuse(checked, link, id, out))
        record_and_tell(std::move(*allowed), link, id, out);
}

void room::record_and_tell(allowed_event allowed, const std::shared_ptr<recipient>& link,
                           const protocol::request_id& id, outbox& out) {
    if (auto recorded = record(std::move(allowed)); !recorded) {
        refuse(link, error_code::not_allowed, recorded.reason(), id, out);
        return;
    }
    record_forced_passes();
    snapshot_changed();
    if (!std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::done_message(id, code_)});
    broadcast(out);
}

void room::resign(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                  outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    record_and_tell({events::resign{seat}, now()}, link, id, out);
}

void room::offer_draw(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                      outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    record_and_tell({events::draw_offer{seat}, now()}, link, id, out);
}

void room::answer_draw(const std::shared_ptr<recipient>& link, bool accept,
                       const protocol::request_id& id, outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    if (accept)
        record_and_tell({events::draw_agreed{seat}, now()}, link, id, out);
    else
        record_and_tell({events::draw_declined{seat}, now()}, link, id, out);
}

void room::claim(const std::shared_ptr<recipient>& link, const protocol::claim_request& request,
                 const protocol::request_id& id, outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    const auto at_ms = now();
    auto checked = check({events::claim{request.seat, seat}, at_ms});
    auto* allowed = allowed_or_refuse(checked, link, id, out);
    if (!allowed) return;
    // Presence is not in the journal, so only the live request checks the grace period.
    const auto& held = seats_[request.seat];
    const auto at = claimable_at(request.seat);
    if (!at) {
        refuse(link, error_code::not_claimable, held.name + " is connected", id, out);
        return;
    }
    if (at_ms < *at) {
        refuse(link, error_code::not_claimable,
               held.name + " may still come back for " +
                   std::to_string((*at - at_ms + 999) / 1000) + " s",
               id, out);
        return;
    }
    record_and_tell(std::move(*allowed), link, id, out);
}

void room::ask_rematch(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                       outbox& out) {
    const auto* sender = find_member(link.get());
    if (!sender || sender->seat < 0) {
        refuse(link, error_code::not_a_player, "only the room's players can ask for a rematch", id,
               out);
        return;
    }
    record_and_tell({events::rematch{sender->seat}, now()}, link, id, out);
}

bool room::rematch_ready() const {
    if (status_ != room_status::finished) return false;
    // Computer players agree by themselves.
    std::vector<int> persons;
    for (int s = 0; s < seats_.size(); ++s)
        if (!seats_[s].bot) persons.push_back(s);
    return rematch_.ready(persons);
}

room room::make_rematch(std::string code, std::shared_ptr<dice_source> dice) {
    // The game's settings name every option in force, so the same game starts again.
    auto fresh = rules::create_game(game_->id(), game_->settings());
    room next(std::move(code), std::move(fresh).value(), is_public_, std::move(dice), policy_);
    const int n = seats_.size();
    for (int s = 0; s < n; ++s) {
        const auto& held = seats_[s];
        const int target = (s + 1) % n;
        if (held.bot)
            (void)next.record_if_allowed({events::bot_seated{target, *held.bot}, now()});
        else if (held.holder)
            (void)next.record_if_allowed({events::seated{target, held.name, held.holder}, now()});
    }
    next.record_forced_passes();
    next.refresh_presence();
    next.snapshot_changed();
    return next;
}

void room::rematch_opened(const std::string& code, outbox& out) {
    const auto opened = room_code::parse(code);  // the lobby's codes always are
    if (!opened || !record_if_allowed({events::rematch_room{*opened}, now()})) return;
    snapshot_changed();
    broadcast(out);
}

bool room::sees(const member& m, int chat_seat) const {
    return chat_log::sees(m.seat < 0, status_ == room_status::finished, chat_seat);
}

void room::send_chat_history(const std::shared_ptr<recipient>& link, const member& m, outbox& out) {
    for (const auto& line : chat_.lines()) {
        if (!sees(m, line.seat)) continue;
        out.push_back({link, protocol::chat_message({code_, line.seat < 0, line.seat, line.name,
                                                     line.text, line.at_ms})});
    }
}

void room::chat(const std::shared_ptr<recipient>& link, const protocol::chat_request& request,
                const protocol::request_id& id, outbox& out) {
    auto* sender = find_member(link.get());
    if (!sender) {
        refuse(link, error_code::not_in_room, "you are not in room " + code_, id, out);
        return;
    }
    if (request.text.size() > policy_.max_chat_bytes) {
        refuse(link, error_code::too_long,
               "chat lines are limited to " + std::to_string(policy_.max_chat_bytes) + " bytes", id,
               out);
        return;
    }
    const auto at_ms = chat_.next_time(now());  // each line its own time
    auto checked =
        check({events::chat{sender->seat, sanitize_chat(request.text), sender->who}, at_ms});
    auto* allowed = allowed_or_refuse(checked, link, id, out);
    if (!allowed) return;
    if (!sender->chat_rate.admit(at_ms)) {
        refuse(link, error_code::rate_limited, "too many chat lines; slow down", id, out);
        return;
    }
    if (!record(std::move(*allowed))) return;
    if (!std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::done_message(id, code_)});
    const auto& line = chat_.lines().back();
    const auto message =
        protocol::chat_message({code_, line.seat < 0, line.seat, line.name, line.text, line.at_ms});
    for (const auto& m : members_)
        if (sees(m, line.seat)) out.push_back({m.link, message});
}

void room::hide_chat(std::int64_t line_at, outbox& out) {
    if (!record_if_allowed({events::chat_hidden{line_at}, now()})) return;
    const auto message = protocol::chat_hidden_message(code_, line_at);
    for (const auto& m : members_) out.push_back({m.link, message});
}

std::optional<room::waiting_for> room::waits_for() const {
    if (status_ != room_status::playing) return std::nullopt;
    const int seat = game_->to_move();
    if (!seats_.has(seat)) return std::nullopt;
    const auto& holder = seats_[seat].holder;
    if (!holder || holder->account().empty()) return std::nullopt;
    return waiting_for{static_cast<std::int64_t>(holder->id()), clock_.deadline()};
}

std::vector<std::int64_t> room::absent_accounts(int except_seat) const {
    std::vector<std::int64_t> away;
    for (int s = 0; s < seats_.size(); ++s) {
        const auto& held = seats_[s];
        if (s != except_seat && held.holder && !held.holder->account().empty() && held.away_since)
            away.push_back(static_cast<std::int64_t>(held.holder->id()));
    }
    return away;
}

event_check room::check_takebacks_allowed() const {
    if ((seats_.size() == 2 && !policy_.rated) || policy_.takebacks) return std::nullopt;
    return protocol::error{error_code::not_allowed,
                           "this room was not created allowing takebacks (a rated or 4-player "
                           "room allows them only then)"};
}

int room::takeback_answerer() const {
    const int asker = takeback_.standing();
    if (asker < 0) return -1;
    if (game_->to_move() != asker) return game_->to_move();
    for (int step = 1; step < seats_.size(); ++step) {
        const int seat = (asker + step) % seats_.size();
        if (!game_->retired(seat)) return seat;
    }
    return -1;
}

void room::ask_takeback(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                        outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    auto checked = check({events::takeback_asked{seat}, now()});
    auto* allowed = allowed_or_refuse(checked, link, id, out);
    if (!allowed || !record(std::move(*allowed))) return;
    // A computer player has nothing against it.
    if (const int answerer = takeback_answerer(); answerer >= 0 && seats_[answerer].bot) {
        const auto back_to = static_cast<std::int64_t>(*takeback_.back_to());
        (void)record_if_allowed({events::takeback_accepted{answerer, back_to}, now()});
    }
    snapshot_changed();
    if (!std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::done_message(id, code_)});
    broadcast(out);
}

void room::answer_takeback(const std::shared_ptr<recipient>& link, bool accept,
                           const protocol::request_id& id, outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    if (!accept) return record_and_tell({events::takeback_declined{seat}, now()}, link, id, out);
    const auto to = takeback_.back_to();
    const auto back_to = to ? static_cast<std::int64_t>(*to) : -1;
    record_and_tell({events::takeback_accepted{seat, back_to}, now()}, link, id, out);
}

rules::result<void> room::take_back(std::int64_t at_ms) {
    const auto points = takeback_.accept();
    const auto& point = points.front();  // the person's move; the bots' replies follow
    // The game again from its first moves: the recorded tokens carry their dice, so a roll
    // played again later gets the same dice (they follow from the seed and the roll's index).
    auto replayed = rules::create_game(game_->id(), game_->settings());
    if (!replayed) return rules::refusal{replayed.reason()};
    auto game = std::move(replayed).value();
    for (std::size_t i = 0; i < point.record_size; ++i)
        if (auto applied = game->apply(record_[i]); !applied) return applied;
    for (int seat = 0; seat < seats_.size(); ++seat)
        if (game_->retired(seat)) (void)game->retire(seat);
    game_ = std::move(game);
    record_.resize(point.record_size);
    last_move_ = point.last_move;
    forced_passes_ = point.forced_passes;
    ++takebacks_accepted_;
    for (auto p = points.rbegin(); p != points.rend(); ++p)
        clock_.take_back(p->seat, p->bank_ms, at_ms);
    draw_.clear();
    settle(at_ms, false, false);
    return {};
}

void room::close(const std::shared_ptr<recipient>& link, const std::shared_ptr<identity>& by,
                 const protocol::close_room_request& request, const protocol::request_id& id,
                 outbox& out) {
    const bool aborted = request.ending == "aborted";
    auto checked = check({events::closed{aborted, by, request.reason}, now()});
    auto* allowed = allowed_or_refuse(checked, link, id, out);
    if (!allowed) return;
    if (aborted && record_.size() > policy_.abortable_moves) {
        refuse(link, error_code::not_allowed,
               "only a game of at most " + std::to_string(policy_.abortable_moves) +
                   " moves can be aborted; this one has " + std::to_string(record_.size()),
               id, out);
        return;
    }
    if (!record(std::move(*allowed))) return;
    snapshot_changed();
    out.push_back({link, protocol::moderated_message(id, "close_room", code_)});
    broadcast(out);
}

std::optional<std::int64_t> room::next_deadline() const {
    std::optional<std::int64_t> next;
    const auto consider = [&](std::optional<std::int64_t> at) {
        if (at && (!next || *at < *next)) next = at;
    };
    if (status_ == room_status::playing) consider(clock_.deadline());
    for (int s = 0; s < seats_.size(); ++s)
        if (!seats_[s].claim_shown) consider(claimable_at(s));
    if (status_ == room_status::waiting && empty_since_ && !expired_)
        consider(*empty_since_ + policy_.waiting_expiry.count());
    consider(crowd_news_at_);
    consider(low_time_at());
    return next;
}

std::optional<std::int64_t> room::low_time_at() const {
    const auto& clock = clock_.settings();
    if (status_ != room_status::playing || clock.type != protocol::clock_settings::kind::bank)
        return std::nullopt;
    const auto deadline = clock_.deadline();
    if (!deadline || deadline == low_time_told_) return std::nullopt;
    return *deadline - clock.initial_seconds * 100;  // a tenth of the first time, in ms
}

bool room::record_timeouts(std::int64_t at_ms) {
    bool fell = false;
    // A flag falls at its deadline; several may have fallen while nobody looked (4 players).
    while (status_ == room_status::playing) {
        const auto deadline = clock_.deadline();
        if (!deadline || *deadline > at_ms) break;
        if (!record_if_allowed({events::timeout{clock_.running()}, *deadline})) break;
        record_forced_passes();
        fell = true;
    }
    return fell;
}

void room::check_deadlines(outbox& out) {
    const auto at = now();
    bool changed = record_timeouts(at);
    for (int s = 0; s < seats_.size(); ++s)
        changed = changed || (!seats_[s].claim_shown && claimable(s, at));
    changed = changed || (crowd_news_at_ && at >= *crowd_news_at_);
    if (const auto low = low_time_at(); low && at >= *low) {
        low_time_told_ = clock_.deadline();
        const auto away = absent_accounts();
        if (const auto waits = waits_for();
            waits && std::find(away.begin(), away.end(), waits->identity) != away.end()) {
            protocol::push_news low_time;
            low_time.kind = "your_turn";
            low_time.room = code_;
            low_time.game = std::string(game_->id());
            low_time.low_time = true;
            news_.push_back({waits->identity, std::move(low_time)});
        }
    }
    if (status_ == room_status::waiting && empty_since_ && !expired_ &&
        at >= *empty_since_ + policy_.waiting_expiry.count())
        (void)record_if_allowed({events::expired{}, at});
    if (!changed) return;
    snapshot_changed();
    broadcast(out);
}

}  // namespace quadra::server
