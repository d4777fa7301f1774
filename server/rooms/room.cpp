// The room's members, seats, moves and snapshot. Each request builds its event and has it
// checked once (room_events.cpp) before it is recorded.

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
           std::shared_ptr<dice_source> dice, room_policy policy)
    : code_(std::move(code)),
      game_(std::move(game)),
      is_public_(is_public),
      dice_(std::move(dice)),
      seats_(game_->seat_count()),
      policy_(std::move(policy)),
      time_(policy_.time ? policy_.time : system_clock()),
      clock_(policy_.clock, game_->seat_count()) {
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
    refuse(member, protocol::error{code, std::move(message)}, id, out);
}

void room::refuse(const std::shared_ptr<recipient>& member, const protocol::error& why,
                  const protocol::request_id& id, outbox& out) {
    if (!member) return;  // a computer player's refusal goes nowhere
    if (metrics_) metrics_->count_error(why.code);
    out.push_back({member, protocol::error_message(why, id, code_)});
}

std::optional<room::allowed_event> room::seat_for(const std::shared_ptr<recipient>& link,
                                                  const std::shared_ptr<identity>& who,
                                                  const protocol::join_room_request& request,
                                                  const protocol::request_id& id, outbox& out) {
    const int seat = request.seat ? *request.seat : seats_.first_free();
    if (seat < 0) {
        const bool waiting = status_ == room_status::waiting;
        out.push_back({link, protocol::error_message(
                                 {error_code::room_full,
                                  waiting ? "every seat is taken" : "the game has already started"},
                                 id, code_)});
        return std::nullopt;
    }
    // Only a live join is refused for want of an account: a restore replays seats already taken.
    if (policy_.rated && who->account().empty()) {
        out.push_back({link, protocol::error_message(
                                 {error_code::account_required,
                                  "a rated room seats only players signed in to an account"},
                                 id, code_)});
        return std::nullopt;
    }
    auto checked = check({events::seated{seat, who->name(), who}, now()});
    if (auto* why = std::get_if<protocol::error>(&checked)) {
        // Not counted as an error, like every refusal of a join.
        out.push_back({link, protocol::error_message(*why, id, code_)});
        return std::nullopt;
    }
    return std::get<allowed_event>(std::move(checked));
}

bool room::hold_seat(const std::shared_ptr<identity>& who, int seat, outbox& out) {
    auto checked = check({events::seated{seat, who->name(), who}, now()});
    auto* allowed = std::get_if<allowed_event>(&checked);
    if (!allowed || seats_[seat].taken()) return false;
    (void)record(std::move(*allowed));
    summary_changed_ = true;
    record_forced_passes();
    refresh_presence();
    snapshot_changed();
    broadcast(out);
    return true;
}

void room::join(const std::shared_ptr<recipient>& link, const std::shared_ptr<identity>& who,
                const protocol::join_room_request& request, const protocol::request_id& id,
                outbox& out) {
    if (link->gone()) return;
    int seat = seats_.of(who.get());
    if (seat < 0 && request.as == role::player) {
        auto seated = seat_for(link, who, request, id, out);
        if (!seated) return;
        seat = std::get<events::seated>(seated->event().what).seat;
        (void)record(std::move(*seated));
    }
    bool fresh = false;
    if (auto* already = find_member(link.get())) {
        // Joining again on one connection only repeats the answer, unless a spectator sat down.
        if (already->seat == seat) {
            out.push_back({link, joined_message(id, seat)});
            out.push_back({link, snapshot(link->protocol())});
            return;
        }
        already->seat = seat;
    } else {
        members_.push_back({link, who, seat, {policy_.chat_per_second, policy_.chat_burst, now()}});
        fresh = true;
    }
    summary_changed_ = true;
    record_forced_passes();
    refresh_presence();
    snapshot_changed();
    out.push_back({link, joined_message(id, seat)});
    if (fresh && seat < 0)
        spectators_changed(link, out);
    else
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
            (void)record_if_allowed({events::unseated{seat}, now()});
        } else if (status_ == room_status::finished) {
            who->remove_room(code_);
        }
    }
    summary_changed_ = true;
    snapshot_changed();
    out.push_back({link, protocol::left_message(id, code_)});
    if (seat < 0)
        spectators_changed(nullptr, out);
    else
        broadcast(out);
}

void room::disconnect(const recipient* link, outbox& out) {
    const auto* gone = find_member(link);
    if (!gone) return;
    const bool spectator = gone->seat < 0;
    remove_member(link);
    summary_changed_ = true;
    snapshot_changed();
    if (spectator)
        spectators_changed(nullptr, out);
    else
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
    const auto level = bots::parse_seat_level(request.level);
    if (!level) {
        refuse(link, error_code::bad_field, "no level '" + request.level + "'", id, out);
        return;
    }
    if (policy_.rated && !policy_.rated_bots) {
        refuse(link, error_code::bots_not_rated, "this server rates no games with computer players",
               id, out);
        return;
    }
    // Without a chosen seat the first free one (none once the game started: the check says so).
    const int first_free = seats_.first_free();
    const int seat = request.seat ? *request.seat : std::max(first_free, 0);
    auto checked = check({events::bot_seated{seat, *level}, now()});
    auto* allowed = allowed_or_refuse(checked, link, id, out);
    if (!allowed) return;
    if (!request.seat && first_free < 0) {
        refuse(link, error_code::room_full, "every seat is taken", id, out);
        return;
    }
    // One's own seat may go to a computer player; another taken seat may not.
    if (seats_[seat].taken() && seat != adder->seat) {
        refuse(link, error_code::seat_taken, "seat " + std::to_string(seat) + " is taken", id, out);
        return;
    }
    (void)record(std::move(*allowed));
    record_forced_passes();
    snapshot_changed();
    out.push_back({link, protocol::bot_added_message(id, code_, seat)});
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
    // The room checks whose turn it is; the token's legality is the rules' (recorded_move).
    auto checked = check({events::move{seat, {}}, now()});
    auto* allowed = allowed_or_refuse(checked, link, id, out);
    if (!allowed) return;
    if (request.version != version()) {
        refuse(link, error_code::stale_version,
               "the game is at version " + std::to_string(version()) + ", not " +
                   std::to_string(request.version),
               id, out);
        return;
    }
    auto recorded = recorded_move(request);
    if (!recorded) {
        protocol::error why{error_code::illegal_move, recorded.reason()};
        // The rules' code and details for a client's words; none for a token that carried dice.
        if (request.move.find('=') == std::string::npos)
            why.explained = game_->explain(request.move);
        refuse(link, why, id, out);
        return;
    }
    std::get<events::move>(allowed->event_.what).token = std::move(recorded).value();
    if (auto applied = record(std::move(*allowed)); !applied) {
        refuse(link, error_code::illegal_move, applied.reason(), id, out);
        return;
    }
    record_forced_passes();
    snapshot_changed();
    if (link && !std::holds_alternative<std::monostate>(id))
        out.push_back({link, protocol::moved_message(id, code_, version())});
    broadcast(out);
}

void room::finish_restore(restore_after why) {
    if (why == restore_after::restart) {
        // Journaled, so that a later replay does not charge the outage either.
        if (clock_.running() >= 0) (void)record_if_allowed({events::resumed{}, now()});
        seats_.forget_absences();
        refresh_presence();
    }
    snapshot_changed();
}

protocol::message_ptr room::joined_message(const protocol::request_id& id, int seat) const {
    const protocol::room_constants constants{dice_->game_id(), dice_->commitment(),
                                             clock_.settings(), !check_takebacks_allowed()};
    return protocol::joined_message(id, code_, seat >= 0 ? role::player : role::spectator, seat,
                                    constants);
}

protocol::message_ptr room::snapshot(int form) {
    auto& kept = snapshots_.at(static_cast<std::size_t>(form - protocol::first_protocol));
    if (auto shared = kept.lock()) return shared;
    auto rendered = render_snapshot(form);
    kept = rendered;
    return rendered;
}

protocol::message_ptr room::render_snapshot(int form) {
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
    view.takeback = takeback_.standing();
    view.rematch_agreed = rematch_.agreed();
    view.rematch_room = rematch_.room();
    view.game_id = dice_->game_id();
    view.commitment = dice_->commitment();
    if (status_ == room_status::finished) view.seed = dice_->seed_hex();
    return protocol::snapshot_message(view, form);
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
    return seats_.claimable_at(index, started_ms_, policy_.seat_grace);
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

void room::broadcast(outbox& out) {
    crowd_news_at_.reset();
    for (const auto& m : members_) out.push_back({m.link, snapshot(m.link->protocol())});
}

void room::spectators_changed(const std::shared_ptr<recipient>& joiner, outbox& out) {
    // Told at once, a featured game's thousand spectators arriving would cost a million
    // snapshots; a small room tells everybody at once.
    constexpr std::size_t crowd = 32;
    if (members_.size() <= crowd) return broadcast(out);
    if (joiner) out.push_back({joiner, snapshot(joiner->protocol())});
    if (!crowd_news_at_) crowd_news_at_ = now() + 1000;
}

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
    s.rated = policy_.rated;
    s.takebacks = policy_.takebacks;
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
