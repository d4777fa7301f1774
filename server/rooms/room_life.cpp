// The room's requests around the moves (room life): resign, draws, claims of abandoned seats,
// rematches, chat, and the deadlines of clocks, grace periods and waiting rooms. Each checks the
// request and records a room_event; room::apply (room.cpp) is where the event takes effect.

#include <algorithm>

#include "rules/registry.hpp"
#include "server/rooms/room.hpp"

namespace quadra::server {

using protocol::error_code;
using protocol::room_status;

int room::playing_seat(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                       outbox& out) {
    const auto* sender = find_member(link.get());
    if (!sender || sender->seat < 0 || game_->retired(sender->seat)) {
        refuse(link, error_code::not_a_player, "only the room's players in the game can do that",
               id, out);
        return -1;
    }
    if (status_ == room_status::waiting) {
        refuse(link, error_code::not_started, "the game starts when every seat is filled", id, out);
        return -1;
    }
    if (status_ == room_status::finished) {
        refuse(link, error_code::game_over, "the game is over", id, out);
        return -1;
    }
    return sender->seat;
}

void room::record_and_tell(room_event event, const std::shared_ptr<recipient>& link,
                           const protocol::request_id& id, outbox& out) {
    if (auto recorded = record(std::move(event)); !recorded) {
        refuse(link, error_code::not_allowed, recorded.reason(), id, out);
        return;
    }
    record_forced_passes();
    render_snapshot();
    if (!std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::done_message(id, code_)});
    broadcast(out);
}

void room::resign(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                  outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    record_and_tell({room_event::kind::resign, seat, {}, {}, now()}, link, id, out);
}

void room::offer_draw(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                      outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    if (seats_.size() != 2) {
        refuse(link, error_code::not_allowed, "draws are offered in 2-player games only", id, out);
        return;
    }
    if (draw_offer_ >= 0) {
        refuse(link, error_code::not_allowed,
               "seat " + std::to_string(draw_offer_) + "'s draw offer already stands", id, out);
        return;
    }
    record_and_tell({room_event::kind::draw_offer, seat, {}, {}, now()}, link, id, out);
}

void room::answer_draw(const std::shared_ptr<recipient>& link, bool accept,
                       const protocol::request_id& id, outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    if (draw_offer_ < 0 || draw_offer_ == seat) {
        refuse(link, error_code::no_draw_offer, "your opponent has no draw offer standing", id,
               out);
        return;
    }
    const auto kind = accept ? room_event::kind::draw_agreed : room_event::kind::draw_declined;
    record_and_tell({kind, seat, {}, {}, now()}, link, id, out);
}

void room::claim(const std::shared_ptr<recipient>& link, const protocol::claim_request& request,
                 const protocol::request_id& id, outbox& out) {
    const int seat = playing_seat(link, id, out);
    if (seat < 0) return;
    if (request.seat >= static_cast<int>(seats_.size())) {
        refuse(link, error_code::bad_field,
               "this room has seats 0-" + std::to_string(seats_.size() - 1), id, out);
        return;
    }
    const auto& held = seats_[static_cast<std::size_t>(request.seat)];
    if (clock_.enabled()) {
        refuse(link, error_code::not_allowed, "in a room with a clock, time decides", id, out);
        return;
    }
    if (request.seat == seat || !held.holder || game_->retired(request.seat)) {
        refuse(link, error_code::not_allowed,
               "seat " + std::to_string(request.seat) + " cannot be claimed", id, out);
        return;
    }
    const auto at = claimable_at(held, request.seat);
    if (!at) {
        refuse(link, error_code::not_claimable, held.name + " is connected", id, out);
        return;
    }
    if (const auto t = now(); t < *at) {
        refuse(
            link, error_code::not_claimable,
            held.name + " may still come back for " + std::to_string((*at - t + 999) / 1000) + " s",
            id, out);
        return;
    }
    record_and_tell({room_event::kind::claim, request.seat, std::to_string(seat), {}, now()}, link,
                    id, out);
}

void room::ask_rematch(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                       outbox& out) {
    const auto* sender = find_member(link.get());
    if (!sender || sender->seat < 0) {
        refuse(link, error_code::not_a_player, "only the room's players can ask for a rematch", id,
               out);
        return;
    }
    if (status_ != room_status::finished) {
        refuse(link, error_code::not_finished, "a rematch follows a finished game", id, out);
        return;
    }
    if (!rematch_room_.empty()) {
        refuse(link, error_code::not_allowed, "the rematch is room " + rematch_room_, id, out);
        return;
    }
    record_and_tell({room_event::kind::rematch, sender->seat, {}, {}, now()}, link, id, out);
}

bool room::rematch_ready() const {
    if (status_ != room_status::finished || !rematch_room_.empty()) return false;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        if (seats_[s].bot) continue;
        if (std::find(rematch_agreed_.begin(), rematch_agreed_.end(), static_cast<int>(s)) ==
            rematch_agreed_.end())
            return false;
    }
    return true;
}

room room::make_rematch(std::string code, std::shared_ptr<dice_source> dice) {
    // The game's settings name every option in force, so the same game starts again.
    auto fresh = rules::create_game(game_->id(), game_->settings());
    room next(std::move(code), std::move(fresh).value(), is_public_, std::move(dice), life_);
    const auto n = seats_.size();
    for (std::size_t s = 0; s < n; ++s) {
        const auto& held = seats_[s];
        const int target = static_cast<int>((s + 1) % n);
        if (held.bot)
            (void)next.record({room_event::kind::bot_seated,
                               target,
                               std::string(bots::level_name(*held.bot)),
                               {},
                               now()});
        else if (held.holder)
            (void)next.record({room_event::kind::seated, target, held.name, held.holder, now()});
    }
    next.record_forced_passes();
    next.refresh_presence();
    next.render_snapshot();
    return next;
}

void room::rematch_opened(const std::string& code, outbox& out) {
    if (!record({room_event::kind::rematch_room, -1, code, {}, now()})) return;
    render_snapshot();
    broadcast(out);
}

bool room::sees(const member& m, int chat_seat) const {
    // Players do not read the spectators' channel until the game is over.
    return chat_seat >= 0 || m.seat < 0 || status_ == room_status::finished;
}

void room::send_chat_history(const std::shared_ptr<recipient>& link, const member& m, outbox& out) {
    for (const auto& line : chat_) {
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
    if (request.text.size() > life_.max_chat_bytes) {
        refuse(link, error_code::too_long,
               "chat lines are limited to " + std::to_string(life_.max_chat_bytes) + " bytes", id,
               out);
        return;
    }
    auto text = sanitize_chat(request.text);
    if (text.empty()) {
        refuse(link, error_code::bad_field, "the line is empty", id, out);
        return;
    }
    const auto at = now();
    if (!sender->chat_rate.admit(at)) {
        refuse(link, error_code::rate_limited, "too many chat lines; slow down", id, out);
        return;
    }
    const int seat = sender->seat;
    const std::string name = sender->who->name();
    if (!record({room_event::kind::chat, seat, text, sender->who, at})) return;
    if (!std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::done_message(id, code_)});
    const auto line = protocol::chat_message(
        {code_, seat < 0, seat, seat >= 0 ? seats_[static_cast<std::size_t>(seat)].name : name,
         text, at});
    for (const auto& m : members_)
        if (sees(m, seat)) out.push_back({m.link, line});
}

std::optional<std::int64_t> room::next_deadline() const {
    std::optional<std::int64_t> next;
    const auto consider = [&](std::optional<std::int64_t> at) {
        if (at && (!next || *at < *next)) next = at;
    };
    if (status_ == room_status::playing) consider(clock_.deadline());
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (!seats_[s].claim_shown) consider(claimable_at(seats_[s], static_cast<int>(s)));
    if (status_ == room_status::waiting && empty_since_ && !expired_)
        consider(*empty_since_ + life_.waiting_expiry.count());
    return next;
}

void room::check_deadlines(outbox& out) {
    const auto at = now();
    bool changed = false;
    // A flag falls at its deadline; several may have fallen while nobody looked (4 players).
    while (status_ == room_status::playing) {
        const auto deadline = clock_.deadline();
        if (!deadline || *deadline > at) break;
        if (!record({room_event::kind::timeout, clock_.running(), {}, {}, *deadline})) break;
        record_forced_passes();
        changed = true;
    }
    for (std::size_t s = 0; s < seats_.size(); ++s)
        changed =
            changed || (!seats_[s].claim_shown && claimable(seats_[s], static_cast<int>(s), at));
    if (status_ == room_status::waiting && empty_since_ &&
        at >= *empty_since_ + life_.waiting_expiry.count())
        expired_ = true;
    if (!changed) return;
    render_snapshot();
    broadcast(out);
}

}  // namespace quadra::server
