#include "server/rooms/room.hpp"

#include <algorithm>

namespace quadra::server {

using protocol::error_code;
using protocol::role;
using protocol::room_status;

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
      life_(std::move(life)),
      time_(life_.time ? life_.time : system_clock()),
      clock_(life_.clock, game_->seat_count()) {
    seats_.resize(static_cast<std::size_t>(game_->seat_count()));
    empty_since_ = now();
    render_snapshot();
}

room::member* room::find_member(const recipient* link) {
    for (auto& m : members_)
        if (m.link.get() == link) return &m;
    return nullptr;
}

int room::seat_of(const identity* who) const {
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s].holder.get() == who) return static_cast<int>(s);
    return -1;
}

void room::refuse(const std::shared_ptr<recipient>& member, error_code code, std::string message,
                  const protocol::request_id& id, outbox& out) {
    if (!member) return;  // a computer player's refusal goes nowhere
    if (metrics_) metrics_->count_error(code);
    out.push_back({member, protocol::error_message({code, std::move(message)}, id, code_)});
}

void room::join(std::shared_ptr<recipient> link, std::shared_ptr<identity> who,
                const protocol::join_room_request& request, const protocol::request_id& id,
                outbox& out) {
    if (link->gone()) return;
    int seat = seat_of(who.get());
    if (seat < 0 && request.as == role::player) {
        if (request.seat && *request.seat >= static_cast<int>(seats_.size())) {
            out.push_back({link, protocol::error_message(
                                     {error_code::bad_field,
                                      "this room has seats 0-" + std::to_string(seats_.size() - 1)},
                                     id, code_)});
            return;
        }
        if (status_ != room_status::waiting) {
            out.push_back(
                {link, protocol::error_message(
                           {error_code::room_full, "the game has already started"}, id, code_)});
            return;
        }
        if (request.seat) {
            if (seats_[static_cast<std::size_t>(*request.seat)].taken()) {
                out.push_back({link, protocol::error_message(
                                         {error_code::seat_taken,
                                          "seat " + std::to_string(*request.seat) + " is taken"},
                                         id, code_)});
                return;
            }
            seat = *request.seat;
        } else {
            for (std::size_t s = 0; s < seats_.size() && seat < 0; ++s)
                if (!seats_[s].taken()) seat = static_cast<int>(s);
            if (seat < 0) {
                out.push_back(
                    {link, protocol::error_message({error_code::room_full, "every seat is taken"},
                                                   id, code_)});
                return;
            }
        }
        (void)record({room_event::kind::seated, seat, who->name(), who, now()});
    }
    bool fresh = false;
    if (auto* already = find_member(link.get())) {
        // Joining again on one connection only repeats the answer, unless a spectator sat down.
        if (already->seat == seat) {
            out.push_back({link, protocol::joined_message(
                                     id, code_, seat >= 0 ? role::player : role::spectator, seat)});
            out.push_back({link, snapshot_});
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
    render_snapshot();
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
    const auto at = now();
    for (auto& held : seats_) {
        if (!held.holder) {
            held.away_since.reset();
            continue;
        }
        const bool here = std::any_of(members_.begin(), members_.end(),
                                      [&](const member& m) { return m.who == held.holder; });
        if (here)
            held.away_since.reset();
        else if (!held.away_since)
            held.away_since = at;
    }
    if (!members_.empty())
        empty_since_.reset();
    else if (!empty_since_)
        empty_since_ = at;
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
            (void)record({room_event::kind::unseated, seat, {}, {}, now()});
        } else if (status_ == room_status::finished) {
            who->remove_room(code_);
        }
    }
    summary_changed_ = true;
    render_snapshot();
    out.push_back({link, protocol::left_message(id, code_)});
    broadcast(out);
}

void room::disconnect(const recipient* link, outbox& out) {
    if (!find_member(link)) return;
    remove_member(link);
    summary_changed_ = true;
    render_snapshot();
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
    if (seat < 0 || seat >= static_cast<int>(seats_.size()) ||
        !seats_[static_cast<std::size_t>(seat)].bot)
        return;
    play(seat, nullptr, request, {}, out);
}

std::optional<bots::level> room::bot_to_move() const {
    if (status_ != room_status::playing) return std::nullopt;
    const int seat = game_->to_move();
    if (seat < 0 || seat >= static_cast<int>(seats_.size())) return std::nullopt;
    return seats_[static_cast<std::size_t>(seat)].bot;
}

void room::add_bot(const std::shared_ptr<recipient>& link, const protocol::add_bot_request& request,
                   const protocol::request_id& id, outbox& out) {
    auto* adder = find_member(link.get());
    if (!adder || (adder->seat < 0 && adder->who != creator_)) {
        refuse(link, error_code::not_a_player, "only the room's players can add a computer player",
               id, out);
        return;
    }
    const auto strength = bots::parse_level(request.level);
    if (!strength || *strength == bots::level::random) {
        refuse(link, error_code::bad_field, "no level '" + request.level + "'", id, out);
        return;
    }
    if (request.seat && *request.seat >= static_cast<int>(seats_.size())) {
        refuse(link, error_code::bad_field,
               "this room has seats 0-" + std::to_string(seats_.size() - 1), id, out);
        return;
    }
    if (status_ != room_status::waiting) {
        refuse(link, error_code::room_full, "the game has already started", id, out);
        return;
    }
    int seat = -1;
    if (request.seat) {
        seat = *request.seat;
        if (seats_[static_cast<std::size_t>(seat)].taken() && seat != adder->seat) {
            refuse(link, error_code::seat_taken, "seat " + std::to_string(seat) + " is taken", id,
                   out);
            return;
        }
    } else {
        for (std::size_t s = 0; s < seats_.size() && seat < 0; ++s)
            if (!seats_[s].taken()) seat = static_cast<int>(s);
        if (seat < 0) {
            refuse(link, error_code::room_full, "every seat is taken", id, out);
            return;
        }
    }
    (void)record({room_event::kind::bot_seated, seat, request.level, {}, now()});
    record_forced_passes();
    render_snapshot();
    out.push_back({link, protocol::bot_added_message(id, code_, seat)});
    broadcast(out);
}

void room::play(int seat, const std::shared_ptr<recipient>& link,
                const protocol::move_request& request, const protocol::request_id& id,
                outbox& out) {
    if (status_ == room_status::waiting) {
        refuse(link, error_code::not_started, "the game starts when every seat is filled", id, out);
        return;
    }
    if (status_ == room_status::finished) {
        refuse(link, error_code::game_over, "the game is over", id, out);
        return;
    }
    if (game_->to_move() != seat) {
        refuse(link, error_code::not_your_turn,
               "it is seat " + std::to_string(game_->to_move()) + "'s turn", id, out);
        return;
    }
    if (request.version != version()) {
        refuse(link, error_code::stale_version,
               "the game is at version " + std::to_string(version()) + ", not " +
                   std::to_string(request.version),
               id, out);
        return;
    }
    const auto legal = game_->legal();
    if (!std::binary_search(legal.begin(), legal.end(), request.move)) {
        std::string reason;
        if (request.move.find('=') != std::string::npos) {
            reason = "dice are rolled by the server; send the request form (e.g. 'roll')";
        } else {
            // The rules' own reason, asked of a copy so the room cannot change on this path.
            auto probe = game_->clone();
            auto applied = probe->apply(request.move);
            reason =
                applied ? "'" + request.move + "' is not a legal request now" : applied.reason();
        }
        refuse(link, error_code::illegal_move, std::move(reason), id, out);
        return;
    }
    std::string recorded = request.move;
    if (const int n = game_->dice_needed(request.move); n > 0) {
        dice_buffer_.assign(static_cast<std::size_t>(n), 0);
        dice_->roll(version(), dice_buffer_);
        auto with = game_->with_dice(request.move, dice_buffer_);
        if (!with) {
            refuse(link, error_code::illegal_move, with.reason(), id, out);
            return;
        }
        recorded = std::move(with).value();
    }
    if (auto applied = record({room_event::kind::move, seat, std::move(recorded), {}, now()});
        !applied) {
        refuse(link, error_code::illegal_move, applied.reason(), id, out);
        return;
    }
    record_forced_passes();
    render_snapshot();
    if (link && !std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::moved_message(id, code_, version())});
    broadcast(out);
}

rules::result<void> room::record(room_event event) {
    auto applied = apply(event);
    if (applied) journal_.push_back(std::move(event));
    return applied;
}

rules::result<void> room::apply(const room_event& event) {
    const auto seat_count = static_cast<int>(seats_.size());
    const bool by_spectator = event.what == room_event::kind::chat && event.seat == -1;
    const bool room_wide = by_spectator || event.what == room_event::kind::rematch_room;
    if (!room_wide && (event.seat < 0 || event.seat >= seat_count))
        return rules::refusal{"no seat " + std::to_string(event.seat)};
    if (by_spectator) {
        chat_.push_back({-1, event.who ? event.who->name() : "?", event.text, event.at_ms});
        if (chat_.size() > chat_history) chat_.pop_front();
        return {};
    }
    if (event.what == room_event::kind::rematch_room) {
        if (status_ != room_status::finished || event.text.empty())
            return rules::refusal{"no rematch"};
        rematch_room_ = event.text;
        summary_changed_ = true;
        return {};
    }
    auto& held = seats_[static_cast<std::size_t>(event.seat)];
    const bool playing = status_ == room_status::playing;
    const bool in_game = playing && !game_->retired(event.seat);
    switch (event.what) {
        case room_event::kind::seated:
            if (!event.who || status_ != room_status::waiting) return rules::refusal{"cannot seat"};
            // Away until a connection of the holder joins (a rematch or a restored room).
            held = {event.who, event.text, {}, event.at_ms};
            if (!creator_) creator_ = event.who;
            event.who->add_room(code_);
            break;
        case room_event::kind::unseated:
            if (status_ != room_status::waiting) return rules::refusal{"the game has started"};
            if (held.holder) held.holder->remove_room(code_);
            held = {};
            break;
        case room_event::kind::bot_seated: {
            const auto strength = bots::parse_level(event.text);
            if (!strength || status_ != room_status::waiting) return rules::refusal{"cannot seat"};
            if (held.holder) {
                // Handing one's own seat to a bot: every connection of that identity now watches.
                held.holder->remove_room(code_);
                for (auto& m : members_)
                    if (m.who == held.holder) m.seat = -1;
            }
            held = {nullptr, "Computer (" + event.text + ")", strength};
            break;
        }
        case room_event::kind::move:
        case room_event::kind::forced_pass:
            if (status_ != room_status::playing || game_->to_move() != event.seat)
                return rules::refusal{"not seat " + std::to_string(event.seat) + "'s turn"};
            if (auto applied = game_->apply(event.text); !applied) return applied;
            record_.push_back(event.text);
            if (event.what == room_event::kind::move) {
                last_move_ = event.text;
                forced_passes_ = 0;
                // An offer lapses when the offerer's opponent moves instead of answering.
                if (draw_offer_ >= 0 && draw_offer_ != event.seat) draw_offer_ = -1;
            } else {
                ++forced_passes_;
            }
            break;
        case room_event::kind::resign:
        case room_event::kind::timeout:
        case room_event::kind::claim: {
            if (!in_game) return rules::refusal{"seat " + std::to_string(event.seat) + " is out"};
            if (event.what == room_event::kind::timeout && clock_.running() != event.seat)
                return rules::refusal{"seat " + std::to_string(event.seat) +
                                      "'s time is not running"};
            if (seat_count > 2) {
                if (auto retired = retire(event.seat, event.at_ms); !retired) return retired;
                break;
            }
            const int other = 1 - event.seat;
            if (event.what == room_event::kind::resign)
                finish({other}, held.name + " resigned", "resign", event.at_ms);
            else if (event.what == room_event::kind::timeout)
                finish({other}, held.name + " ran out of time", "timeout", event.at_ms);
            else
                finish({other}, "win claimed: " + held.name + " left", "claim", event.at_ms);
            break;
        }
        case room_event::kind::draw_offer:
            if (!in_game || seat_count != 2 || draw_offer_ >= 0)
                return rules::refusal{"no draw offer now"};
            draw_offer_ = event.seat;
            break;
        case room_event::kind::draw_declined:
        case room_event::kind::draw_agreed:
            if (!in_game || draw_offer_ < 0 || draw_offer_ == event.seat)
                return rules::refusal{"no draw offer to answer"};
            draw_offer_ = -1;
            if (event.what == room_event::kind::draw_agreed)
                finish({}, "draw agreed", "draw", event.at_ms);
            break;
        case room_event::kind::rematch:
            if (status_ != room_status::finished) return rules::refusal{"the game is not over"};
            if (std::find(rematch_agreed_.begin(), rematch_agreed_.end(), event.seat) ==
                rematch_agreed_.end()) {
                rematch_agreed_.push_back(event.seat);
                std::sort(rematch_agreed_.begin(), rematch_agreed_.end());
            }
            break;
        case room_event::kind::rematch_room:
            return rules::refusal{"not for a seat"};
        case room_event::kind::chat:
            chat_.push_back({event.seat, held.name, event.text, event.at_ms});
            if (chat_.size() > chat_history) chat_.pop_front();
            return {};
    }
    if (event.what != room_event::kind::move && event.what != room_event::kind::forced_pass)
        summary_changed_ = true;  // the lobby lists seats, not moves
    start_if_full(event.at_ms);
    refresh_status();
    sync_clock(event.at_ms, event.what == room_event::kind::move);
    return {};
}

rules::result<void> room::retire(int seat, std::int64_t at_ms) {
    if (auto retired = game_->retire(seat); !retired) return retired;
    int left = -1, count = 0;
    for (int s = 0; s < static_cast<int>(seats_.size()); ++s) {
        if (game_->retired(s)) continue;
        left = s;
        ++count;
    }
    if (count == 1 && !game_->current_outcome().finished())
        finish({left}, seats_[static_cast<std::size_t>(left)].name + " is the last player left",
               "retired", at_ms);
    return {};
}

void room::finish(std::vector<int> winners, std::string reason, std::string by,
                  std::int64_t at_ms) {
    result_ = protocol::result_view{std::move(winners), std::move(reason), std::move(by)};
    status_ = room_status::finished;
    draw_offer_ = -1;
    summary_changed_ = true;
    sync_clock(at_ms, false);
}

void room::sync_clock(std::int64_t at_ms, bool moved) {
    const int next = status_ == room_status::playing ? game_->to_move() : -1;
    if (next != clock_.running() || moved) clock_.turn_to(next, at_ms, moved);
}

void room::finish_restore(restore_after why) {
    if (why == restore_after::restart) {
        clock_.resume(now());
        for (auto& held : seats_) held.away_since.reset();
        refresh_presence();
    }
    render_snapshot();
}

void room::record_forced_passes() {
    while (status_ == room_status::playing) {
        const auto legal = game_->legal();
        if (legal.size() != 1 || legal.front() != "pass") break;
        if (!record({room_event::kind::forced_pass, game_->to_move(), "pass", {}, now()})) break;
    }
}

void room::start_if_full(std::int64_t at_ms) {
    if (status_ != room_status::waiting) return;
    for (const auto& s : seats_)
        if (!s.taken()) return;
    status_ = room_status::playing;
    started_ms_ = at_ms;
}

void room::refresh_status() {
    if (status_ == room_status::playing && game_->current_outcome().finished()) {
        status_ = room_status::finished;
        summary_changed_ = true;
    }
}

void room::render_snapshot() {
    // Small and bounded by the seat count; rebuilt only when something changed.
    std::vector<protocol::seat_view> seats;
    seats.reserve(seats_.size());
    int spectators = 0;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        seats.push_back(view_of(seats_[s], static_cast<int>(s)));
        seats_[s].claim_shown = seats.back().claimable;
    }
    for (const auto& m : members_) spectators += m.seat < 0 ? 1 : 0;
    protocol::snapshot_view view;
    view.room = code_;
    view.version = version();
    view.status = status_;
    view.seats = seats;
    view.spectators = spectators;
    view.last_move = last_move_;
    view.forced_passes = forced_passes_;
    view.game = game_.get();
    view.clock = clock_.view(now());
    view.result = final_result();
    view.draw_offer = draw_offer_;
    view.rematch_agreed = rematch_agreed_;
    view.rematch_room = rematch_room_;
    view.game_id = dice_->game_id();
    view.commitment = dice_->commitment();
    if (status_ == room_status::finished) view.seed = dice_->seed_hex();
    snapshot_ = protocol::snapshot_message(view);
}

std::optional<protocol::result_view> room::final_result() const {
    if (result_) return result_;
    if (const auto outcome = game_->current_outcome(); outcome.finished())
        return protocol::result_view{outcome.winners, outcome.reason, "rules"};
    return std::nullopt;
}

protocol::seat_view room::view_of(const seat& held, int index) const {
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
        view.claimable = claimable(held, index, now());
    }
    return view;
}

std::optional<std::int64_t> room::claimable_at(const seat& held, int index) const {
    if (status_ != room_status::playing || clock_.enabled() || !held.holder || !held.away_since ||
        game_->retired(index))
        return std::nullopt;
    return std::max(*held.away_since, started_ms_) + life_.seat_grace.count();
}

bool room::claimable(const seat& held, int index, std::int64_t now_ms) const {
    const auto at = claimable_at(held, index);
    return at && now_ms >= *at;
}

void room::adopt_members(room& old) {
    members_ = std::move(old.members_);
    old.members_.clear();
    for (auto& m : members_) m.seat = seat_of(m.who.get());
    for (std::size_t s = 0; s < seats_.size() && s < old.seats_.size(); ++s)
        if (seats_[s].holder && seats_[s].holder == old.seats_[s].holder)
            seats_[s].away_since = old.seats_[s].away_since;
    empty_since_ = old.empty_since_;
    refresh_presence();
    summary_changed_ = true;
    render_snapshot();
}

void room::broadcast(outbox& out) const {
    for (const auto& m : members_) out.push_back({m.link, snapshot_});
}

protocol::room_summary room::summary() const {
    protocol::room_summary s;
    s.room = code_;
    s.game = std::string(game_->id());
    s.options = game_->settings();
    s.is_public = is_public_;
    s.status = status_;
    for (std::size_t i = 0; i < seats_.size(); ++i)
        s.seats.push_back(view_of(seats_[i], static_cast<int>(i)));
    s.clock = clock_.settings();
    for (const auto& m : members_) s.spectators += m.seat < 0 ? 1 : 0;
    return s;
}

bool room::take_summary_change() {
    const bool changed = summary_changed_;
    summary_changed_ = false;
    return changed;
}

bool room::abandoned() const {
    if (!members_.empty() || status_ == room_status::finished) return false;
    return std::none_of(seats_.begin(), seats_.end(), [](const seat& s) { return s.holder; });
}

}  // namespace quadra::server
