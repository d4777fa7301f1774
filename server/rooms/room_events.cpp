// The room's one check of every event and what each event changes, live and on restore alike:
// check() asks the parts that own what an event changes whether it may happen, and only an event
// it allowed is applied. Both dispatch with std::visit: a kind of event nobody handles does not
// compile.

#include <type_traits>

#include "protocol/overloaded.hpp"
#include "server/rooms/room.hpp"

namespace quadra::server {

using protocol::error_code;
using protocol::overloaded;
using protocol::room_status;

event_check room::in_game(int seat) const {
    if (!seats_.has(seat) || game_->retired(seat))
        return protocol::error{error_code::not_a_player,
                               "only the room's players in the game can do that"};
    if (status_ == room_status::waiting)
        return protocol::error{error_code::not_started,
                               "the game starts when every seat is filled"};
    if (status_ == room_status::finished)
        return protocol::error{error_code::game_over, "the game is over"};
    return std::nullopt;
}

event_check room::on_turn(int seat) const {
    if (!seats_.has(seat))
        return protocol::error{error_code::not_a_player, "no seat " + std::to_string(seat)};
    if (status_ == room_status::waiting)
        return protocol::error{error_code::not_started,
                               "the game starts when every seat is filled"};
    if (status_ == room_status::finished)
        return protocol::error{error_code::game_over, "the game is over"};
    if (game_->to_move() != seat)
        return protocol::error{error_code::not_your_turn,
                               "it is seat " + std::to_string(game_->to_move()) + "'s turn"};
    return std::nullopt;
}

event_check room::check_claim(const events::claim& claim) const {
    if (auto why = in_game(claim.claimer)) return why;
    if (!seats_.has(claim.seat))
        return protocol::error{error_code::bad_field,
                               "this room has seats 0-" + std::to_string(seats_.size() - 1)};
    if (auto why = clock_.check(claim)) return why;
    if (claim.seat == claim.claimer || !seats_[claim.seat].holder || game_->retired(claim.seat))
        return protocol::error{error_code::not_allowed,
                               "seat " + std::to_string(claim.seat) + " cannot be claimed"};
    return std::nullopt;
}

room::checked_event room::check(room_event event) const {
    const bool started = status_ != room_status::waiting;
    const bool finished = status_ == room_status::finished;
    const auto answer = [&](int seat) -> event_check {
        if (auto why = in_game(seat)) return why;
        return draw_.check_answer(seat);
    };
    auto why = std::visit(
        overloaded{
            [&](const events::seated& e) { return seats_.check(e, started); },
            [&](const events::unseated& e) { return seats_.check(e, started); },
            [&](const events::bot_seated& e) { return seats_.check(e, started); },
            [&](const events::move& e) { return on_turn(e.seat); },
            [&](const events::forced_pass& e) { return on_turn(e.seat); },
            [&](const events::resign& e) { return in_game(e.seat); },
            [&](const events::timeout& e) -> event_check {
                if (auto why = in_game(e.seat)) return why;
                return clock_.check(e);
            },
            [&](const events::claim& e) { return check_claim(e); },
            [&](const events::draw_offer& e) -> event_check {
                if (auto why = in_game(e.seat)) return why;
                if (seats_.size() != 2)
                    return protocol::error{error_code::not_allowed,
                                           "draws are offered in 2-player games only"};
                return draw_.check(e);
            },
            [&](const events::draw_declined& e) { return answer(e.seat); },
            [&](const events::draw_agreed& e) { return answer(e.seat); },
            [&](const events::rematch& e) -> event_check {
                if (!seats_.has(e.seat))
                    return protocol::error{error_code::not_a_player,
                                           "no seat " + std::to_string(e.seat)};
                if (const auto ended = result_.of(*game_); ended && ended->no_result())
                    return protocol::error{error_code::not_allowed,
                                           "a game a moderator closed has no rematch"};
                return rematch_.check(finished);
            },
            [&](const events::rematch_room&) { return rematch_.check(finished); },
            [&](const events::chat& e) { return chat_log::check(e, seats_.size()); },
            // Which line exists was checked against the journal by the moderator's session.
            [&](const events::chat_hidden&) -> event_check { return std::nullopt; },
            [&](const events::closed&) -> event_check {
                if (status_ == room_status::waiting)
                    return protocol::error{error_code::not_started, "the game has not started"};
                if (status_ == room_status::finished)
                    return protocol::error{error_code::game_over, "the game is over"};
                return std::nullopt;
            },
            [&](const events::takeback_asked& e) -> event_check {
                if (auto why = in_game(e.seat)) return why;
                if (auto why = check_takebacks_allowed()) return why;
                return takeback_.check(e);
            },
            [&](const events::takeback_declined& e) -> event_check {
                if (auto why = in_game(e.seat)) return why;
                return takeback_.check_answer(e.seat, takeback_answerer());
            },
            [&](const events::takeback_accepted& e) -> event_check {
                if (auto why = in_game(e.seat)) return why;
                if (auto why = takeback_.check_answer(e.seat, takeback_answerer())) return why;
                if (static_cast<std::size_t>(e.back_to) != takeback_.back_to())
                    return protocol::error{error_code::not_allowed,
                                           "the takeback goes back to another move"};
                return std::nullopt;
            },
            [&](const events::resumed&) -> event_check {
                if (status_ != room_status::playing)
                    return protocol::error{error_code::not_started, "no game is running"};
                return std::nullopt;
            },
            [&](const events::expired&) -> event_check {
                if (status_ != room_status::waiting)
                    return protocol::error{error_code::not_allowed, "only a waiting room expires"};
                return std::nullopt;
            },
        },
        event.what);
    if (why) return std::move(*why);
    return allowed_event(std::move(event));
}

rules::result<void> room::apply(room_event event) {
    auto checked = check(std::move(event));
    if (auto* why = std::get_if<protocol::error>(&checked)) return rules::refusal{why->message};
    return apply_allowed(std::get<allowed_event>(checked));
}

rules::result<void> room::apply_allowed(const allowed_event& allowed) {
    const auto at = allowed.event().at_ms;
    return std::visit(
        overloaded{
            [&](const events::seated& e) -> rules::result<void> {
                take_seat(e, at);
                settle(at, false, true);
                return {};
            },
            [&](const events::unseated& e) -> rules::result<void> {
                release_seat(e.seat);
                seats_.apply(e);
                settle(at, false, true);
                return {};
            },
            [&](const events::bot_seated& e) -> rules::result<void> {
                release_seat(e.seat);
                seats_.apply(e);
                settle(at, false, true);
                return {};
            },
            [&](const events::move& e) -> rules::result<void> {
                const auto before = takeback::before_move{
                    e.seat, record_.size(), clock_.enabled() ? clock_.bank_of(e.seat) : 0,
                    last_move_, forced_passes_};
                if (auto played = play_token(e.token); !played) return played;
                takeback_.moved(before, seats_[e.seat].bot.has_value());
                last_move_ = e.token;
                forced_passes_ = 0;
                draw_.apply(e);  // an offer lapses when the offerer's opponent moves instead
                settle(at, true, false);
                return {};
            },
            [&](const events::forced_pass&) -> rules::result<void> {
                if (auto played = play_token("pass"); !played) return played;
                ++forced_passes_;
                settle(at, false, false);
                return {};
            },
            [&](const events::resign& e) { return end_by(e, at); },
            [&](const events::timeout& e) { return end_by(e, at); },
            [&](const events::claim& e) { return end_by(e, at); },
            [&](const events::draw_agreed& e) { return end_by(e, at); },
            [&](const events::draw_offer& e) -> rules::result<void> {
                draw_.apply(e);
                settle(at, false, true);
                return {};
            },
            [&](const events::draw_declined& e) -> rules::result<void> {
                draw_.apply(e);
                settle(at, false, true);
                return {};
            },
            [&](const events::rematch& e) -> rules::result<void> {
                rematch_.apply(e);
                summary_changed_ = true;
                return {};
            },
            [&](const events::rematch_room& e) -> rules::result<void> {
                rematch_.apply(e);
                summary_changed_ = true;
                return {};
            },
            [&](const events::chat& e) -> rules::result<void> {
                chat_.apply(e, e.seat >= 0 ? seats_[e.seat].name : (e.who ? e.who->name() : "?"),
                            at);
                return {};
            },
            [&](const events::chat_hidden& e) -> rules::result<void> {
                chat_.hide(e.line_at);
                return {};
            },
            [&](const events::closed& e) -> rules::result<void> {
                result_.apply(e);
                finish(at);
                settle(at, false, true);
                return {};
            },
            [&](const events::takeback_asked& e) -> rules::result<void> {
                takeback_.apply(e);
                return {};
            },
            [&](const events::takeback_declined& e) -> rules::result<void> {
                takeback_.apply(e);
                return {};
            },
            [&](const events::takeback_accepted&) { return take_back(at); },
            [&](const events::resumed&) -> rules::result<void> {
                clock_.resume(at);
                return {};
            },
            [&](const events::expired&) -> rules::result<void> {
                expired_ = true;
                return {};
            },
        },
        allowed.event().what);
}

void room::take_seat(const events::seated& event, std::int64_t at_ms) {
    seats_.apply(event, at_ms);
    if (!creator_) creator_ = event.who;
    event.who->add_room(code_);
}

void room::release_seat(int seat) {
    const auto& held = seats_[seat];
    if (!held.holder) return;
    held.holder->remove_room(code_);
    for (auto& m : members_)
        if (m.who == held.holder) m.seat = -1;
}

rules::result<void> room::play_token(const std::string& token) {
    if (auto applied = game_->apply(token); !applied) return applied;
    record_.push_back(token);
    return {};
}

template <class Ending>
rules::result<void> room::end_by(const Ending& ending, std::int64_t at_ms) {
    if constexpr (std::is_same_v<Ending, events::draw_agreed>) {
        draw_.apply(ending);
        result_.apply(ending);
        finish(at_ms);
    } else if (seats_.size() > 2) {
        if (auto retired = retire(ending.seat); !retired) return retired;
    } else {
        result_.apply(ending, seats_[ending.seat].name);
        finish(at_ms);
    }
    settle(at_ms, false, true);
    return {};
}

void room::settle(std::int64_t at_ms, bool moved, bool listed) {
    if (listed) summary_changed_ = true;  // the lobby lists seats, not moves
    start_if_full(at_ms);
    refresh_status();
    sync_clock(at_ms, moved);
}

rules::result<void> room::retire(int seat) {
    if (auto retired = game_->retire(seat); !retired) return retired;
    int left = -1, count = 0;
    for (int s = 0; s < seats_.size(); ++s) {
        if (game_->retired(s)) continue;
        left = s;
        ++count;
    }
    if (count == 1 && !game_->current_outcome().finished()) {
        result_.last_left(left, seats_[left].name);
        status_ = room_status::finished;
        draw_.clear();
        takeback_.clear();
    }
    return {};
}

void room::finish(std::int64_t at_ms) {
    status_ = room_status::finished;
    draw_.clear();
    takeback_.clear();
    summary_changed_ = true;
    sync_clock(at_ms, false);
}

void room::sync_clock(std::int64_t at_ms, bool moved) {
    const int next = status_ == room_status::playing ? game_->to_move() : -1;
    if (next != clock_.running() || moved) clock_.turn_to(next, at_ms, moved);
}

void room::start_if_full(std::int64_t at_ms) {
    if (status_ != room_status::waiting || !seats_.full()) return;
    status_ = room_status::playing;
    started_ms_ = at_ms;
}

void room::refresh_status() {
    if (status_ == room_status::playing && game_->current_outcome().finished()) {
        status_ = room_status::finished;
        summary_changed_ = true;
    }
}

room::allowed_event* room::allowed_or_refuse(checked_event& checked,
                                             const std::shared_ptr<recipient>& link,
                                             const protocol::request_id& id, outbox& out) {
    if (auto* why = std::get_if<protocol::error>(&checked)) {
        refuse(link, *why, id, out);
        return nullptr;
    }
    return &std::get<allowed_event>(checked);
}

rules::result<void> room::record(allowed_event allowed) {
    auto applied = apply_allowed(allowed);
    if (applied) journal_.push_back(std::move(allowed.event_));
    return applied;
}

bool room::record_if_allowed(room_event event) {
    auto checked = check(std::move(event));
    auto* allowed = std::get_if<allowed_event>(&checked);
    return allowed && record(std::move(*allowed));
}

void room::record_forced_passes() {
    while (status_ == room_status::playing) {
        const auto legal = game_->legal();
        if (legal.size() != 1 || legal.front() != "pass") break;
        if (!record_if_allowed({events::forced_pass{game_->to_move()}, now()})) break;
    }
}

}  // namespace quadra::server
