#include "room.hpp"

#include <algorithm>
#include <chrono>

namespace quadra::server {

using protocol::error_code;
using protocol::role;
using protocol::room_status;

namespace {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

room::room(std::string code, std::unique_ptr<rules::game> game, bool is_public,
           std::shared_ptr<dice_source> dice)
    : code_(std::move(code)),
      game_(std::move(game)),
      is_public_(is_public),
      dice_(std::move(dice)) {
    seats_.resize(static_cast<std::size_t>(game_->seat_count()));
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
        (void)record({room_event::kind::seated, seat, who->name(), who, now_ms()});
    }
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
        members_.push_back({link, who, seat});
    }
    summary_changed_ = true;
    record_forced_passes();
    render_snapshot();
    out.push_back({link, protocol::joined_message(
                             id, code_, seat >= 0 ? role::player : role::spectator, seat)});
    broadcast(out);
}

void room::remove_member(const recipient* link) {
    std::erase_if(members_, [&](const member& m) { return m.link.get() == link; });
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
            (void)record({room_event::kind::unseated, seat, {}, {}, now_ms()});
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
    (void)record({room_event::kind::bot_seated, seat, request.level, {}, now_ms()});
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
    if (auto applied = record({room_event::kind::move, seat, std::move(recorded), {}, now_ms()});
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
    if (event.seat < 0 || event.seat >= seat_count)
        return rules::refusal{"no seat " + std::to_string(event.seat)};
    auto& held = seats_[static_cast<std::size_t>(event.seat)];
    switch (event.what) {
        case room_event::kind::seated:
            if (!event.who || status_ != room_status::waiting) return rules::refusal{"cannot seat"};
            held = {event.who, event.text, {}};
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
            } else {
                ++forced_passes_;
            }
            break;
    }
    if (event.what != room_event::kind::move && event.what != room_event::kind::forced_pass)
        summary_changed_ = true;  // the lobby lists seats, not moves
    start_if_full();
    refresh_status();
    return {};
}

void room::record_forced_passes() {
    while (status_ == room_status::playing) {
        const auto legal = game_->legal();
        if (legal.size() != 1 || legal.front() != "pass") break;
        if (!record({room_event::kind::forced_pass, game_->to_move(), "pass", {}, now_ms()})) break;
    }
}

void room::start_if_full() {
    if (status_ != room_status::waiting) return;
    for (const auto& s : seats_)
        if (!s.taken()) return;
    status_ = room_status::playing;
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
    for (const auto& held : seats_) seats.push_back(view_of(held));
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
    view.game_id = dice_->game_id();
    view.commitment = dice_->commitment();
    if (status_ == room_status::finished) view.seed = dice_->seed_hex();
    snapshot_ = protocol::snapshot_message(view);
}

protocol::seat_view room::view_of(const seat& held) const {
    if (held.bot) return {held.name, true, true, std::string(bots::level_name(*held.bot))};
    bool connected = false;
    for (const auto& m : members_) connected = connected || (held.holder && m.who == held.holder);
    return {held.name, held.holder != nullptr, connected, {}};
}

void room::adopt_members(room& old) {
    members_ = std::move(old.members_);
    old.members_.clear();
    for (auto& m : members_) m.seat = seat_of(m.who.get());
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
    for (const auto& held : seats_) s.seats.push_back(view_of(held));
    for (const auto& m : members_) s.spectators += m.seat < 0 ? 1 : 0;
    return s;
}

bool room::take_summary_change() {
    const bool changed = summary_changed_;
    summary_changed_ = false;
    return changed;
}

bool room::abandoned() const {
    if (!members_.empty()) return false;
    if (status_ == room_status::finished) return true;
    return std::none_of(seats_.begin(), seats_.end(), [](const seat& s) { return s.holder; });
}

}  // namespace quadra::server
