#include "server/app/client_session.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>

#include "protocol/overloaded.hpp"
#include "protocol/record.hpp"
#include "rules/registry.hpp"
#include "server/api/game_api.hpp"
#include "server/app/challenge_lists.hpp"
#include "server/app/game_check.hpp"
#include "server/app/seek_pairing.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/ops/metrics.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room_host.hpp"
#include "server/store/rated_games.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

client_session::client_session(std::shared_ptr<const session_services> services,
                               std::function<void(std::function<void()>)> post, std::string address)
    : services_(std::move(services)), post_(std::move(post)), address_(std::move(address)) {
    if (services_->events) events_.emplace(*services_->events, post_);
}

std::uint64_t client_session::player_id() const { return who_ ? who_->id() : 0; }

std::string client_session::room_codes() const {
    std::string codes;
    for (const auto& joined : rooms_) codes += (codes.empty() ? "" : ",") + joined.code;
    return codes;
}

void client_session::handle(protocol::request request, const std::shared_ptr<recipient>& me) {
    if (closed_) return;
    const auto& id = request.id;
    std::visit(protocol::overloaded{
                   [&](protocol::hello_request& greeting) { hello(me, id, greeting); },
                   [&](protocol::ping_request&) { me->deliver(protocol::pong_message(id)); },
                   [&](protocol::list_games_request&) { me->deliver(protocol::games_message(id)); },
                   // Signing in needs no hello: it switches to the account's identity.
                   [&](protocol::sign_in_request& request) { sign_in(me, id, request); },
                   // Everything else needs an identity.
                   [&]<class Request>(Request& body) {
                       if (!who_)
                           return refuse(me, error_code::not_identified, "send 'hello' first", id);
                       if constexpr (protocol::for_room<Request>)
                           route(me, id, protocol::room_request(std::move(body)));
                       else if constexpr (for_event_desk<Request>) {
                           if (!events_)
                               return refuse(me, error_code::not_allowed,
                                             "this server holds no events", id);
                           events_->answer(asker(), reply_to(me, id), body);
                       } else
                           answer(me, id, body);
                   },
               },
               request.body);
}

event_asker client_session::asker() const {
    return {static_cast<std::int64_t>(who_->id()), who_->account(), role()};
}

desk_reply client_session::reply_to(const recipient_ptr& me, const protocol::request_id& id) {
    return {me, id, [self = shared_from_this(), me, id](const protocol::error& refusal) {
                self->refuse(me, refusal, id);
            }};
}

void client_session::refuse(const recipient_ptr& me, error_code code, std::string message,
                            const protocol::request_id& id) {
    refuse(me, protocol::error{code, std::move(message)}, id);
}

void client_session::refuse(const recipient_ptr& me, const protocol::error& failure,
                            const protocol::request_id& id) {
    services_->stats.count_error(failure.code);
    log::event(log::level::debug, "refused",
               {{"code", protocol::code_name(failure.code)}, {"player", player_id()}});
    me->deliver(protocol::error_message(failure, id));
}

room_route client_session::room_for(const std::string& code) const {
    for (const auto& r : rooms_)
        if (r.code == code) return {r.host, std::nullopt};
    if (auto host = services_->rooms.find(code)) return {std::move(host), std::nullopt};
    if (services_->find_elsewhere) return services_->find_elsewhere(code);
    return {};
}

void client_session::not_here(const recipient_ptr& me, const room_route& where,
                              const std::string& code, const protocol::request_id& id) {
    if (where.url) return me->deliver(protocol::redirect_message(id, code, *where.url));
    if (where.unavailable)
        return refuse(me, error_code::store_failed,
                      "the server cannot reach its database just now; please retry", id);
    refuse(me, error_code::no_such_room, "no room " + code, id);
}

bool client_session::remember(std::shared_ptr<room_host> host) {
    for (const auto& r : rooms_)
        if (r.host == host) return true;
    if (rooms_.size() >= services_->max_rooms_per_connection) return false;
    rooms_.push_back({host->code(), std::move(host)});
    return true;
}

void client_session::leave_all(const recipient_ptr& me) {
    withdraw_seek();
    for (auto& r : rooms_) r.host->disconnect(me);
    rooms_.clear();
}

void client_session::hello(const recipient_ptr& me, const protocol::request_id& id,
                           protocol::hello_request& greeting) {
    if (!greeting.token) {
        if (refused_here("guests")) {
            me->speak(greeting.protocol);  // a sign-in may follow on this connection
            return refuse(me, error_code::address_refused,
                          "new guests are not accepted from your address", id);
        }
        auto guest = services_->identities.create(greeting.name.value_or(""));
        if (!guest) return refuse(me, error_code::server_full, "no room for new guests", id);
        return welcome_guest(me, id, guest, greeting.protocol);
    }
    auto found = services_->identities.find(*greeting.token);
    if (!found) return refuse(me, error_code::bad_token, "unknown token", id);
    if (greeting.name) {
        auto name = sanitize_name(*greeting.name);
        if (!name.empty()) found->rename(std::move(name));
        persist_identity(found, token_hash(*greeting.token), nullptr);
    }
    me->speak(greeting.protocol);
    resume(me, id, *greeting.token, std::move(found));
}

void client_session::welcome_guest(const recipient_ptr& me, const protocol::request_id& id,
                                   const std::shared_ptr<identity>& guest, int version) {
    if (who_) leave_all(me);
    who_ = guest;
    token_ = guest->token();
    // The token is handed out only once its hash is stored, so it survives a restart.
    auto welcome = [self = shared_from_this(), me, guest, id, version](bool stored) {
        if (!stored) {
            if (self->who_ == guest) self->who_ = nullptr;
            return self->refuse(me, error_code::store_failed,
                                "the server could not store the new identity", id);
        }
        me->speak(version);
        me->deliver(
            protocol::welcome_message(id, guest->token(), guest->name(), false, {}, version));
    };
    persist_identity(guest, token_hash(guest->token()), std::move(welcome));
}

void client_session::resume(const recipient_ptr& me, const protocol::request_id& id,
                            const std::string& token, std::shared_ptr<identity> found) {
    // Switching identity on one connection: leave the old identity's rooms first.
    if (who_ && who_ != found) leave_all(me);
    who_ = std::move(found);
    token_ = token;
    me->deliver(protocol::welcome_message(id, token, who_->name(), true, who_->account(),
                                          me->protocol(), role()));
    // A reconnect: the identity's seats come back on this connection, with their snapshots.
    for (const auto& code : who_->rooms()) {
        auto host = services_->rooms.find(code);
        if (host && remember(host)) host->join(me, who_, {code, protocol::role::spectator, {}}, {});
    }
}

void client_session::persist_identity(const std::shared_ptr<identity>& who, std::string hash,
                                      std::function<void(bool)> then) {
    write_batch batch;
    batch.identity = identity_row{static_cast<std::int64_t>(who->id()), std::move(hash),
                                  who->name(), unix_ms(), who->account()};
    auto done = [post = post_, then = std::move(then)](write_outcome outcome) {
        const bool stored = outcome == write_outcome::committed;
        if (then) post([then, stored] { then(stored); });
    };
    services_->records.submit(std::move(batch), std::move(done));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::list_rooms_request& list) {
    if (!list.subscribe) return me->deliver(services_->rooms.listing(id));
    subscribed_ = true;
    me->deliver(services_->rooms.subscribe(me, id));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::unsubscribe_rooms_request&) {
    if (subscribed_) services_->rooms.unsubscribe(me.get());
    subscribed_ = false;
    me->deliver(protocol::pong_message(id));
}

std::unique_ptr<rules::game> client_session::checked_game(const recipient_ptr& me,
                                                          const protocol::request_id& id,
                                                          const std::string& game_id,
                                                          const rules::options& options) {
    auto checked = check_game(game_id, options);
    if (checked.refusal) refuse(me, *checked.refusal, id);
    return std::move(checked.game);
}

std::shared_ptr<room_host> open_room(const session_services& services,
                                     std::unique_ptr<rules::game> game, bool is_public,
                                     const protocol::room_settings& settings) {
    return services.rooms.open([&](const std::string& code) {
        // Every game has its own fair dice and journal, written with its first events.
        auto made = services.start_game(code, *game, is_public, settings);
        auto policy = services.policy_for(settings.clock);
        policy.rated = settings.rated;
        policy.takebacks = settings.takebacks;
        return services.host_room(
            room(code, std::move(game), is_public, std::move(made.dice), std::move(policy)),
            std::move(made.journal));
    });
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::create_room_request& create) {
    auto game = checked_game(me, id, create.game, create.options);
    if (!game) return;
    if (create.seat && *create.seat >= game->seat_count())
        return refuse(me, error_code::bad_field,
                      "this game has seats 0-" + std::to_string(game->seat_count() - 1), id);
    if (create.rated && who_->account().empty())
        return refuse(me, error_code::account_required,
                      "only a player signed in to an account can create a rated room", id);
    if (rooms_.size() >= services_->max_rooms_per_connection)
        return refuse(me, error_code::server_full, "too many rooms on one connection", id);
    auto host = open_room(*services_, std::move(game), create.is_public,
                          {create.clock, create.rated, create.takebacks});
    if (!host)
        return refuse(me, error_code::server_full, "the server has no room for more rooms", id);
    remember(host);
    log::event(log::level::info, "room_created",
               {{"room", host->code()}, {"game", create.game}, {"player", who_->id()}});
    host->join(me, who_, {host->code(), protocol::role::player, create.seat}, id);
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::seek_request& seek) {
    // A correspondence seek waits for days: it is stored, as an open challenge (#29).
    if (correspondence(seek.clock)) {
        if (seek.range)
            return refuse(me, error_code::bad_field, "a correspondence seek takes no rating_range",
                          id);
        protocol::challenge_request open{std::nullopt, seek.game,  seek.options,
                                         seek.clock,   seek.rated, false};
        return answer(me, id, open);
    }
    auto game = checked_game(me, id, seek.game, seek.options);
    if (!game) return;
    if (seek.rated && who_->account().empty())
        return refuse(me, error_code::account_required,
                      "a rated game needs an account: sign in first", id);
    if (rooms_.size() >= services_->max_rooms_per_connection)
        return refuse(me, error_code::server_full, "too many rooms on one connection", id);
    const auto rating = services_->rating_of
                            ? services_->rating_of(
                                  who_->id(), rating_key(seek.game, game->seat_count(), seek.clock))
                            : std::nullopt;
    seek_entry entry;
    entry.identity = who_->id();
    entry.listed = {0,
                    seek.game,
                    game->settings(),
                    seek.clock,
                    seek.rated,
                    who_->name(),
                    rating.value_or(1500),
                    seek.range,
                    game->seat_count()};
    // The pairing may be made by another connection's thread: the seat is taken on this one's.
    entry.paired = [weak = weak_from_this(), weak_me = std::weak_ptr<recipient>(me), post = post_,
                    identity_id = who_->id()](const seat_offer& offer) {
        post([weak, weak_me, identity_id, offer] {
            auto self = weak.lock();
            auto me = weak_me.lock();
            if (self && me) self->take_paired_seat(me, identity_id, offer);
        });
    };
    // The pool replaces this player's open seek, if any.
    auto added = services_->seeks.add(std::move(entry));
    if (added.failed)
        return refuse(me, error_code::store_failed, "the seek could not be stored; try again", id);
    if (added.id == 0)
        return refuse(me, error_code::server_full, "too many open seeks; try again later", id);
    seek_ = added.id;
    log::event(log::level::info, "seek",
               {{"seek", added.id}, {"game", seek.game}, {"player", who_->id()}});
    me->deliver(protocol::seeking_message(id, added.id));
    if (!added.group.empty()) open_paired_room(std::move(added.group), std::move(game), seek);
}

void client_session::open_paired_room(std::vector<seek_entry> group,
                                      std::unique_ptr<rules::game> game,
                                      const protocol::seek_request& terms) {
    // Seats in a random order: who opened a seek first says nothing about who moves first.
    std::vector<int> seats(group.size());
    std::iota(seats.begin(), seats.end(), 0);
    thread_local std::mt19937 shuffler{std::random_device{}()};
    std::shuffle(seats.begin(), seats.end(), shuffler);
    auto host = open_room(*services_, std::move(game), true, {terms.clock, terms.rated});
    if (host)
        log::event(log::level::info, "paired", {{"room", host->code()}, {"seeks", group.size()}});
    for (std::size_t i = 0; i < group.size(); ++i)
        group[i].paired({group[i].listed.id, seats[i], host, {}, {}});
}

void client_session::take_paired_seat(const recipient_ptr& me, std::uint64_t identity_id,
                                      const seat_offer& offer) {
    if (seek_ == offer.seek) seek_ = 0;
    // The connection closed or switched identity meanwhile: the seat stays free until the room
    // expires like any waiting room (held, when the room is on another node).
    if (closed_ || !who_ || who_->id() != identity_id) return;
    if (!offer.host && offer.room.empty())
        return refuse(me, error_code::server_full,
                      "the server has no room for more rooms; seek again later", {});
    if (!offer.host) {
        // Paired by another node, which holds the seat: the seeker takes it there.
        me->deliver(protocol::paired_message(offer.seek, offer.room, offer.seat));
        me->deliver(protocol::redirect_message({}, offer.room, offer.url));
        return;
    }
    const auto& host = offer.host;
    if (!remember(host))
        return refuse(me, error_code::server_full, "too many rooms on one connection", {});
    me->deliver(protocol::paired_message(offer.seek, host->code(), offer.seat));
    host->join(me, who_, {host->code(), protocol::role::player, offer.seat}, {});
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::cancel_seek_request&) {
    const auto open = seek_;
    seek_ = 0;
    if (open == 0 || !services_->seeks.cancel(open))
        return refuse(me, error_code::no_seek, "you have no open seek", id);
    me->deliver(protocol::seek_cancelled_message(id, open));
}

void client_session::withdraw_seek() {
    if (seek_ != 0) services_->seeks.cancel(seek_);
    seek_ = 0;
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::join_room_request& join) {
    const auto where = room_for(join.room);
    if (!where.host) return not_here(me, where, join.room, id);
    auto host = where.host;
    if (!remember(host))
        return refuse(me, error_code::server_full, "too many rooms on one connection", id);
    host->join(me, who_, std::move(join), id);
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::leave_room_request& leave) {
    auto it = std::find_if(rooms_.begin(), rooms_.end(),
                           [&](const joined_room& r) { return r.code == leave.room; });
    if (it == rooms_.end())
        return refuse(me, error_code::not_in_room, "you are not in room " + leave.room, id);
    auto host = std::move(it->host);
    rooms_.erase(it);
    host->leave(me, id);
}

void client_session::route(const recipient_ptr& me, const protocol::request_id& id,
                           protocol::room_request request) {
    const auto& code = protocol::room_of(request);
    const auto where = room_for(code);
    if (!where.host) return not_here(me, where, code, id);
    if (refused_muted(me, id, request)) return;
    where.host->handle(me, std::move(request), id);
}

void client_session::disconnect(const recipient_ptr& me) {
    if (closed_) return;
    closed_ = true;
    if (who_)
        log::event(log::level::info, "disconnected",
                   {{"player", who_->id()}, {"rooms", rooms_.size()}});
    if (subscribed_) services_->rooms.unsubscribe(me.get());
    subscribed_ = false;
    leave_all(me);
}

// "Your games": the rooms where the identity holds a seat and whose game is still on (from the
// identity, so a room it left is not listed), then its latest finished games from the store, so
// they are there after a restart too. Read on the connection's thread: a few indexed queries.
void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::my_games_request&) {
    constexpr int finished_listed = 10;
    const auto& records = services_->records;
    // An account's turns, from the store (#29): every node's games, the soonest deadline first.
    std::optional<std::vector<waiting_turn>> turns;
    if (!who_->account().empty()) turns = records.turns_of(static_cast<std::int64_t>(who_->id()));
    const auto turn_of = [&](const std::string& game_id) -> const waiting_turn* {
        if (!turns) return nullptr;
        for (const auto& t : *turns)
            if (t.game_id == game_id) return &t;
        return nullptr;
    };
    std::vector<protocol::running_game> running;
    for (const auto& code : who_->rooms()) {
        const auto row = records.find_game_in_room(code);
        if (!row || row->finished_ms) continue;
        auto game = export_game(records, row->id);
        if (!game) continue;
        const auto* turn = turn_of(row->id);
        running.push_back({std::move(*game), services_->rooms.status_of(code), turn != nullptr,
                           turn ? turn->deadline_ms : std::nullopt});
    }
    // The games waiting for the player's move first, in the store's order (soonest deadline).
    const auto rank = [&](const protocol::running_game& r) {
        if (!r.your_turn) return std::ptrdiff_t{-1};
        return turn_of(r.game.id) - turns->data();
    };
    std::stable_sort(running.begin(), running.end(), [&](const auto& a, const auto& b) {
        const auto ra = rank(a), rb = rank(b);
        return ra >= 0 && (rb < 0 || ra < rb);
    });
    // Rows are cheap, exports read events: a wide window of rows (unfinished ones, such as rooms
    // that expired waiting, are skipped), then only the finished games listed are exported.
    constexpr int rows_read = 200;
    std::vector<protocol::game_export> finished;
    for (const auto& row : records.games_of(static_cast<std::int64_t>(who_->id()), rows_read)) {
        if (!row.finished_ms) continue;
        if (auto game = export_game(records, row.id)) finished.push_back(std::move(*game));
        if (finished.size() == finished_listed) break;
    }
    std::optional<std::int64_t> your_turn;
    if (turns) your_turn = static_cast<std::int64_t>(turns->size());
    me->deliver(protocol::my_games_message(id, running, finished, your_turn));
}

}  // namespace quadra::server
