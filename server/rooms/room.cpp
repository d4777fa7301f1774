// The room's seats, moves, events and snapshot. Each event is checked once (check()), by the
// parts that own what it changes, and applied by apply(): live and on restore alike.

#include "server/rooms/room.hpp"

#include <algorithm>
#include <cstdlib>

namespace quadra::server {

using protocol::error_code;
using protocol::role;
using protocol::room_status;
using kind = room_event::kind;

namespace {

std::shared_ptr<const time_source> system_clock() {
    static const auto shared = std::make_shared<const system_time>();
    return shared;
}

}  // namespace

room::room(std::string code, std::unique_ptr<rules::game> game, bool is_public,
           std::shared_ptr<dice_source> dice, room_life life)
    : code_(std::move(code)),
      game_(std::move(game)),
      is_public_(is_public),
      dice_(std::move(dice)),
      seats_(game_->seat_count()),
      life_(std::move(life)),
      time_(life_.time ? life_.time : system_clock()),
      clock_(life_.clock, game_->seat_count()) {
    empty_since_ = now();
    snapshot_changed();
}

room::member* room::find_member(const recipient* link) {
    for (auto& m : members_)
        if (m.link.get() == link) return &m;
    return nullptr;
}

void room::refuse(const std::shared_ptr<recipient>& member, error_code code, std::string message,
                  const protocol::request_id& id, outbox& out) {
    if (!member) return;  // a computer player's refusal goes nowhere
    if (metrics_) metrics_->count_error(code);
    out.push_back({member, protocol::error_message({code, std::move(message)}, id, code_)});
}

int room::seat_for(const std::shared_ptr<recipient>& link, const std::shared_ptr<identity>& who,
                   const protocol::join_room_request& request, const protocol::request_id& id,
                   outbox& out) {
    const int seat = request.seat ? *request.seat : seats_.first_free();
    if (seat < 0) {
        const bool waiting = status_ == room_status::waiting;
        out.push_back({link, protocol::error_message(
                                 {error_code::room_full,
                                  waiting ? "every seat is taken" : "the game has already started"},
                                 id, code_)});
        return -1;
    }
    // Only a live join is refused for want of an account: a restore replays seats already taken.
    if (life_.rated && who->account().empty()) {
        out.push_back({link, protocol::error_message(
                                 {error_code::account_required,
                                  "a rated room seats only players signed in to an account"},
                                 id, code_)});
        return -1;
    }
    if (auto why = check({kind::seated, seat, who->name(), who, 0})) {
        // Not counted as an error, like every refusal of a join.
        out.push_back({link, protocol::error_message(*why, id, code_)});
        return -1;
    }
    return seat;
}

void room::join(const std::shared_ptr<recipient>& link, const std::shared_ptr<identity>& who,
                const protocol::join_room_request& request, const protocol::request_id& id,
                outbox& out) {
    if (link->gone()) return;
    int seat = seats_.of(who.get());
    if (seat < 0 && request.as == role::player) {
        seat = seat_for(link, who, request, id, out);
        if (seat < 0) return;
        (void)record({kind::seated, seat, who->name(), who, now()});
    }
    bool fresh = false;
    if (auto* already = find_member(link.get())) {
        // Joining again on one connection only repeats the answer, unless a spectator sat down.
        if (already->seat == seat) {
            out.push_back({link, protocol::joined_message(
                                     id, code_, seat >= 0 ? role::player : role::spectator, seat)});
            out.push_back({link, snapshot()});
            return;
        }
        already->seat = seat;
    } else {
        members_.push_back({link, who, seat, {life_.chat_per_second, life_.chat_burst, now()}});
        fresh = true;
    }
    summary_changed_ = true;
    record_forced_passes();
    refresh_presence();
    snapshot_changed();
    out.push_back({link, protocol::joined_message(
                             id, code_, seat >= 0 ? role::player : role::spectator, seat)});
    broadcast(out);
    // A new member catches up on the chat; a spectator who sat down has read it already.
    if (fresh) send_chat_history(link, members_.back(), out);
}

void room::remove_member(const recipient* link) {
    std::erase_if(members_, [&](const member& m) { return m.link.get() == link; });
    refresh_presence();
}

void room::refresh_presence() {
    const auto here = [&](const identity& holder) {
        return std::any_of(members_.begin(), members_.end(),
                           [&](const member& m) { return m.who.get() == &holder; });
    };
    seats_.refresh_presence(here, now());
    if (!members_.empty())
        empty_since_.reset();
    else if (!empty_since_)
        empty_since_ = now();
}

void room::leave(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                 outbox& out) {
    auto* leaving = find_member(link.get());
    if (!leaving) {
        refuse(link, error_code::not_in_room, "you are not in room " + code_, id, out);
        return;
    }
    auto who = leaving->who;
    const int seat = leaving->seat;
    remove_member(link.get());
    const bool still_here = std::any_of(members_.begin(), members_.end(),
                                        [&](const member& m) { return m.who == who; });
    if (seat >= 0 && !still_here) {
        // Before the start a seat is only a reservation; afterwards it belongs to the game.
        if (status_ == room_status::waiting) {
            (void)record({kind::unseated, seat, {}, {}, now()});
        } else if (status_ == room_status::finished) {
            who->remove_room(code_);
        }
    }
    summary_changed_ = true;
    snapshot_changed();
    out.push_back({link, protocol::left_message(id, code_)});
    broadcast(out);
}

void room::disconnect(const recipient* link, outbox& out) {
    if (!find_member(link)) return;
    remove_member(link);
    summary_changed_ = true;
    snapshot_changed();
    broadcast(out);
}

void room::move(const std::shared_ptr<recipient>& link, const protocol::move_request& request,
                const protocol::request_id& id, outbox& out) {
    const auto* mover = find_member(link.get());
    if (!mover || mover->seat < 0) {
        refuse(link, error_code::not_a_player, "only the room's players can move", id, out);
        return;
    }
    play(mover->seat, link, request, id, out);
}

void room::bot_move(int seat, const protocol::move_request& request, outbox& out) {
    if (!seats_.has(seat) || !seats_[seat].bot) return;
    play(seat, nullptr, request, {}, out);
}

std::optional<bots::level> room::bot_to_move() const {
    if (status_ != room_status::playing) return std::nullopt;
    const int seat = game_->to_move();
    if (!seats_.has(seat)) return std::nullopt;
    return seats_[seat].bot;
}

void room::add_bot(const std::shared_ptr<recipient>& link, const protocol::add_bot_request& request,
                   const protocol::request_id& id, outbox& out) {
    auto* adder = find_member(link.get());
    if (!adder || (adder->seat < 0 && adder->who != creator_)) {
        refuse(link, error_code::not_a_player, "only the room's players can add a computer player",
               id, out);
        return;
    }
    if (!bots::parse_seat_level(request.level)) {
        refuse(link, error_code::bad_field, "no level '" + request.level + "'", id, out);
        return;
    }
    if (life_.rated && !life_.rated_bots) {
        refuse(link, error_code::bots_not_rated, "this server rates no games with computer players",
               id, out);
        return;
    }
    room_event event{kind::bot_seated, request.seat.value_or(0), request.level, {}, now()};
    if (auto why = check(event)) {
        refuse(link, std::move(*why), id, out);
        return;
    }
    // One's own seat may go to a computer player; another taken seat may not.
    event.seat = request.seat ? *request.seat : seats_.first_free();
    if (event.seat < 0) {
        refuse(link, error_code::room_full, "every seat is taken", id, out);
        return;
    }
    if (seats_[event.seat].taken() && event.seat != adder->seat) {
        refuse(link, error_code::seat_taken, "seat " + std::to_string(event.seat) + " is taken", id,
               out);
        return;
    }
    (void)record(event);
    record_forced_passes();
    snapshot_changed();
    out.push_back({link, protocol::bot_added_message(id, code_, event.seat)});
    broadcast(out);
}

rules::result<std::string> room::recorded_move(const protocol::move_request& request) {
    const auto legal = game_->legal();
    if (!std::binary_search(legal.begin(), legal.end(), request.move)) {
        if (request.move.find('=') != std::string::npos)
            return rules::refusal{
                "dice are rolled by the server; send the request form (e.g. 'roll')"};
        // The rules' own reason, asked of a copy so the room cannot change on this path.
        auto probe = game_->clone();
        auto applied = probe->apply(request.move);
        return rules::refusal{applied ? "'" + request.move + "' is not a legal request now"
                                      : applied.reason()};
    }
    const int n = game_->dice_needed(request.move);
    if (n <= 0) return request.move;
    dice_buffer_.assign(static_cast<std::size_t>(n), 0);
    dice_->roll(version(), dice_buffer_);
    return game_->with_dice(request.move, dice_buffer_);
}

void room::play(int seat, const std::shared_ptr<recipient>& link,
                const protocol::move_request& request, const protocol::request_id& id,
                outbox& out) {
    if (auto why = check({kind::move, seat, request.move, {}, 0})) {
        refuse(link, std::move(*why), id, out);
        return;
    }
    if (request.version != version()) {
        refuse(link, error_code::stale_version,
               "the game is at version " + std::to_string(version()) + ", not " +
                   std::to_string(request.version),
               id, out);
        return;
    }
    auto recorded = recorded_move(request);
    if (!recorded) {
        refuse(link, error_code::illegal_move, recorded.reason(), id, out);
        return;
    }
    if (auto applied = record({kind::move, seat, std::move(recorded).value(), {}, now()});
        !applied) {
        refuse(link, error_code::illegal_move, applied.reason(), id, out);
        return;
    }
    record_forced_passes();
    snapshot_changed();
    if (link && !std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::moved_message(id, code_, version())});
    broadcast(out);
}

rules::result<void> room::record(room_event event) {
    auto applied = apply(event);
    if (applied) journal_.push_back(std::move(event));
    return applied;
}

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

event_check room::check_claim(const room_event& event) const {
    // `seat` is the claimed seat, `text` the claimer's.
    const int claimer = event.text.empty() ? -1 : std::atoi(event.text.c_str());
    if (auto why = in_game(claimer)) return why;
    if (!seats_.has(event.seat))
        return protocol::error{error_code::bad_field,
                               "this room has seats 0-" + std::to_string(seats_.size() - 1)};
    if (auto why = clock_.check(event)) return why;
    if (event.seat == claimer || !seats_[event.seat].holder || game_->retired(event.seat))
        return protocol::error{error_code::not_allowed,
                               "seat " + std::to_string(event.seat) + " cannot be claimed"};
    return std::nullopt;
}

event_check room::check(const room_event& event) const {
    const bool two_seats = seats_.size() == 2;
    switch (event.what) {
        case kind::seated:
        case kind::unseated:
        case kind::bot_seated:
            return seats_.check(event, status_ != room_status::waiting);
        case kind::move:
        case kind::forced_pass:
            if (!seats_.has(event.seat))
                return protocol::error{error_code::not_a_player,
                                       "no seat " + std::to_string(event.seat)};
            if (status_ == room_status::waiting)
                return protocol::error{error_code::not_started,
                                       "the game starts when every seat is filled"};
            if (status_ == room_status::finished)
                return protocol::error{error_code::game_over, "the game is over"};
            if (game_->to_move() != event.seat)
                return protocol::error{
                    error_code::not_your_turn,
                    "it is seat " + std::to_string(game_->to_move()) + "'s turn"};
            return std::nullopt;
        case kind::resign:
            return in_game(event.seat);
        case kind::timeout:
            if (auto why = in_game(event.seat)) return why;
            return clock_.check(event);
        case kind::claim:
            return check_claim(event);
        case kind::draw_offer:
        case kind::draw_declined:
        case kind::draw_agreed:
            if (auto why = in_game(event.seat)) return why;
            if (event.what == kind::draw_offer && !two_seats)
                return protocol::error{error_code::not_allowed,
                                       "draws are offered in 2-player games only"};
            return draw_.check(event);
        case kind::rematch:
        case kind::rematch_room:
            if (event.what == kind::rematch && !seats_.has(event.seat))
                return protocol::error{error_code::not_a_player,
                                       "no seat " + std::to_string(event.seat)};
            return rematch_.check(event, status_ == room_status::finished);
        case kind::chat:
            return chat_log::check(event, seats_.size());
        case kind::resumed:
            if (status_ != room_status::playing)
                return protocol::error{error_code::not_started, "no game is running"};
            return std::nullopt;
        case kind::expired:
            if (status_ != room_status::waiting)
                return protocol::error{error_code::not_allowed, "only a waiting room expires"};
            return std::nullopt;
    }
    return protocol::error{error_code::bad_field, "an unknown event"};
}

rules::result<void> room::apply(const room_event& event) {
    if (auto why = check(event)) return rules::refusal{why->message};
    switch (event.what) {
        case kind::seated:
        case kind::unseated:
        case kind::bot_seated:
            apply_seating(event);
            break;
        case kind::move:
        case kind::forced_pass:
            if (auto moved = apply_move(event); !moved) return moved;
            break;
        case kind::resign:
        case kind::timeout:
        case kind::claim:
        case kind::draw_agreed:
            if (auto ended = apply_ending(event); !ended) return ended;
            break;
        case kind::draw_offer:
        case kind::draw_declined:
            draw_.apply(event);
            break;
        case kind::rematch:
        case kind::rematch_room:
            rematch_.apply(event);
            summary_changed_ = true;
            return {};
        case kind::chat:
            chat_.apply(event, event.seat >= 0 ? seats_[event.seat].name
                                               : (event.who ? event.who->name() : "?"));
            return {};
        case kind::resumed:
            clock_.resume(event.at_ms);
            return {};
        case kind::expired:
            expired_ = true;
            return {};
    }
    if (event.what != kind::move && event.what != kind::forced_pass)
        summary_changed_ = true;  // the lobby lists seats, not moves
    start_if_full(event.at_ms);
    refresh_status();
    sync_clock(event.at_ms, event.what == kind::move);
    return {};
}

void room::apply_seating(const room_event& event) {
    if (const auto& held = seats_[event.seat]; held.holder && event.what != kind::seated) {
        // Handing one's own seat to a bot: every connection of that identity now watches.
        held.holder->remove_room(code_);
        for (auto& m : members_)
            if (m.who == held.holder) m.seat = -1;
    }
    seats_.apply(event);
    if (event.what != kind::seated) return;
    if (!creator_) creator_ = event.who;
    event.who->add_room(code_);
}

rules::result<void> room::apply_move(const room_event& event) {
    if (auto applied = game_->apply(event.text); !applied) return applied;
    record_.push_back(event.text);
    if (event.what == kind::move) {
        last_move_ = event.text;
        forced_passes_ = 0;
        draw_.apply(event);  // an offer lapses when the offerer's opponent moves instead
    } else {
        ++forced_passes_;
    }
    return {};
}

rules::result<void> room::apply_ending(const room_event& event) {
    if (event.what != kind::draw_agreed && seats_.size() > 2) return retire(event.seat);
    draw_.apply(event);
    result_.apply(event, seats_[event.seat].name);
    finish(event.at_ms);
    return {};
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
    }
    return {};
}

void room::finish(std::int64_t at_ms) {
    status_ = room_status::finished;
    draw_.clear();
    summary_changed_ = true;
    sync_clock(at_ms, false);
}

void room::sync_clock(std::int64_t at_ms, bool moved) {
    const int next = status_ == room_status::playing ? game_->to_move() : -1;
    if (next != clock_.running() || moved) clock_.turn_to(next, at_ms, moved);
}

void room::finish_restore(restore_after why) {
    if (why == restore_after::restart) {
        // Journaled, so that a later replay does not charge the outage either.
        if (clock_.running() >= 0) (void)record({kind::resumed, -1, {}, nullptr, now()});
        seats_.forget_absences();
        refresh_presence();
    }
    snapshot_changed();
}

void room::record_forced_passes() {
    while (status_ == room_status::playing) {
        const auto legal = game_->legal();
        if (legal.size() != 1 || legal.front() != "pass") break;
        if (!record({kind::forced_pass, game_->to_move(), "pass", {}, now()})) break;
    }
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

protocol::message_ptr room::snapshot() {
    if (auto shared = snapshot_.lock()) return shared;
    auto rendered = render_snapshot();
    snapshot_ = rendered;
    return rendered;
}

protocol::message_ptr room::render_snapshot() {
    // Small and bounded by the seat count; rebuilt only when something changed.
    std::vector<protocol::seat_view> views;
    views.reserve(static_cast<std::size_t>(seats_.size()));
    for (int s = 0; s < seats_.size(); ++s) {
        views.push_back(view_of(s));
        seats_.show_claimable(s, views.back().claimable);
    }
    protocol::snapshot_view view;
    view.room = code_;
    view.version = version();
    view.status = status_;
    view.seats = views;
    for (const auto& m : members_) view.spectators += m.seat < 0 ? 1 : 0;
    view.last_move = last_move_;
    view.forced_passes = forced_passes_;
    view.game = game_.get();
    view.clock = clock_.view(now());
    view.result = final_result();
    view.draw_offer = draw_.standing();
    view.rematch_agreed = rematch_.agreed();
    view.rematch_room = rematch_.room();
    view.game_id = dice_->game_id();
    view.commitment = dice_->commitment();
    if (status_ == room_status::finished) view.seed = dice_->seed_hex();
    return protocol::snapshot_message(view);
}

protocol::seat_view room::view_of(int index) const {
    const auto& held = seats_[index];
    protocol::seat_view view;
    view.name = held.name;
    view.taken = held.taken();
    view.retired = held.taken() && game_->retired(index);
    if (held.bot) {
        view.connected = true;
        view.bot = bots::level_name(*held.bot);
        return view;
    }
    view.connected = held.holder && !held.away_since;
    if (status_ == room_status::playing && held.holder) {
        view.away_since = held.away_since;
        view.claimable = claimable(index, now());
    }
    return view;
}

std::optional<std::int64_t> room::claimable_at(int index) const {
    if (status_ != room_status::playing || clock_.enabled() || game_->retired(index))
        return std::nullopt;
    return seats_.claimable_at(index, started_ms_, life_.seat_grace);
}

bool room::claimable(int index, std::int64_t now_ms) const {
    const auto at = claimable_at(index);
    return at && now_ms >= *at;
}

void room::adopt_members(room& old) {
    members_ = std::move(old.members_);
    old.members_.clear();
    for (auto& m : members_) m.seat = seats_.of(m.who.get());
    seats_.keep_absences(old.seats_);
    empty_since_ = old.empty_since_;
    refresh_presence();
    summary_changed_ = true;
    snapshot_changed();
}

void room::broadcast(outbox& out) { tell_members(snapshot(), out); }

void room::tell_members(const protocol::message_ptr& message, outbox& out) const {
    for (const auto& m : members_) out.push_back({m.link, message});
}

protocol::room_summary room::summary() const {
    protocol::room_summary s;
    s.room = code_;
    s.game = std::string(game_->id());
    s.options = game_->settings();
    s.is_public = is_public_;
    s.status = status_;
    for (int i = 0; i < seats_.size(); ++i) s.seats.push_back(view_of(i));
    s.clock = clock_.settings();
    s.rated = life_.rated;
    for (const auto& m : members_) s.spectators += m.seat < 0 ? 1 : 0;
    return s;
}

bool room::take_summary_change() {
    const bool changed = summary_changed_;
    summary_changed_ = false;
    return changed;
}

bool room::abandoned() const {
    if (!members_.empty() || status_ != room_status::playing) return false;
    return !seats_.any_person();
}

}  // namespace quadra::server
