// Challenges (#29): a game offered to one account by name, or to anyone (a correspondence seek).
// The store holds every challenge and takes one answer for it; the accepter's node opens the
// room, holds the challenger's seat and seats the accepter. Every change is told to both
// players' tabs, on every node.
#include <algorithm>

#include "protocol/challenge_messages.hpp"
#include "rules/registry.hpp"
#include "server/app/challenge_lists.hpp"
#include "server/app/client_session.hpp"
#include "server/app/random_id.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

using protocol::error_code;

namespace {

constexpr std::int64_t minute_ms = 60 * 1000;
constexpr std::int64_t day_ms = 24 * 60 * minute_ms;

// How long a challenge waits for its answer: a week for one to anyone, three days for a
// correspondence or untimed game, ten minutes for a live clock.
std::int64_t lifetime_ms(const protocol::clock_settings& clock, bool to_anyone) {
    if (to_anyone) return 7 * day_ms;
    if (clock.type == protocol::clock_settings::kind::none || correspondence(clock))
        return 3 * day_ms;
    return 10 * minute_ms;
}

bool open_at(const challenge_row& row, std::int64_t now_ms) {
    return row.status == "open" && row.expires_ms > now_ms;
}

}  // namespace

void client_session::tell_challenges(std::vector<std::int64_t> accounts, bool to_anyone) const {
    const auto* services = services_->challenges;
    if (!services) return;
    accounts.erase(std::remove(accounts.begin(), accounts.end(), 0), accounts.end());
    if (services->changed) services->changed(std::move(accounts));
    if (to_anyone && services->open_changed) services->open_changed();
}

void client_session::push_challenge(std::int64_t account, const challenge_row& row,
                                    const std::string& from, const std::string& room) const {
    const auto* services = services_->challenges;
    if (!services || !services->notify) return;
    const auto terms = protocol::parse_challenge_terms(row.terms);
    protocol::push_news news;
    news.kind = "challenge";
    news.room = room;
    news.game = terms ? terms->game : "";
    news.from = from;
    news.challenge = row.id;
    services->notify(account, news);
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::challenge_request& request) {
    if (!services_->challenges)
        return refuse(me, error_code::not_allowed, "this server takes no challenges", id);
    if (who_->account().empty())
        return refuse(me, error_code::account_required,
                      "challenges are between accounts: sign in first", id);
    auto game = checked_game(me, id, request.game, request.options);
    if (!game) return;
    if (game->seat_count() != 2)
        return refuse(me, error_code::bad_options, "a challenge is a game for two players", id);
    const bool to_anyone = !request.to;
    if (to_anyone && !correspondence(request.clock))
        return refuse(me, error_code::bad_field,
                      "a challenge to anyone is a correspondence seek: it needs a per_move clock "
                      "of a day (86400 seconds) or more",
                      id);
    const auto& records = services_->records;
    const auto me_id = static_cast<std::int64_t>(who_->id());
    std::int64_t challenged = 0;
    std::string challenged_name;
    if (request.to) {
        const auto target = records.find_account(*request.to);
        if (!target)
            return refuse(me, error_code::no_such_account,
                          "no account is named '" + *request.to + "' (guests cannot be challenged)",
                          id);
        if (target->id == me_id)
            return refuse(me, error_code::not_allowed, "you cannot challenge yourself", id);
        const auto policy = records.challenge_policy(target->id);
        if (policy == "none")
            return refuse(me, error_code::not_allowed, target->account + " takes no challenges",
                          id);
        if (policy == "rated" && !request.rated)
            return refuse(me, error_code::not_allowed,
                          target->account + " takes rated challenges only", id);
        challenged = target->id;
        challenged_name = target->account;
    }
    const auto now = unix_ms();
    challenge_row row;
    row.id = new_shared_id();
    row.challenger = me_id;
    row.challenged = challenged;
    row.terms = protocol::challenge_terms_text(
        {request.game, game->settings(), request.clock, request.rated, request.takebacks});
    row.created_ms = now;
    row.expires_ms = now + lifetime_ms(request.clock, to_anyone);
    row.challenger_name = who_->account();
    row.challenged_name = challenged_name;
    write_batch batch;
    const auto max_open = static_cast<std::int64_t>(services_->challenges->max_open);
    batch.challenge = challenge_write{challenge_write::kind::open, row, max_open};
    auto done = [self = shared_from_this(), me, id, row, to_anyone, max_open](bool stored) {
        // The store counts again in the write: requests sent at once cannot pass the limit.
        if (!stored &&
            self->services_->records.open_challenges_by(row.challenger, unix_ms()) >= max_open)
            return self->refuse(me, error_code::too_many_challenges,
                                "you have " + std::to_string(max_open) +
                                    " open challenges, the most allowed: cancel one first",
                                id);
        if (!stored)
            return self->refuse(me, error_code::store_failed,
                                "the challenge could not be stored; try again", id);
        log::event(log::level::info, "challenge",
                   {{"challenge", row.id}, {"player", row.challenger}, {"to", row.challenged}});
        me->deliver(protocol::challenge_sent_message(id, challenge_view_of(row, unix_ms())));
        self->tell_challenges({row.challenger, row.challenged}, to_anyone);
        if (!to_anyone) self->push_challenge(row.challenged, row, row.challenger_name, {});
    };
    store_then(std::move(batch), std::move(done));
}

void client_session::store_then(write_batch batch, std::function<void(bool stored)> then) {
    services_->records.submit(std::move(batch),
                              [post = post_, then = std::move(then)](write_outcome outcome) {
                                  const bool stored = outcome == write_outcome::committed;
                                  post([then, stored] { then(stored); });
                              });
}

std::optional<challenge_row> client_session::open_challenge(const recipient_ptr& me,
                                                            const protocol::request_id& id,
                                                            std::int64_t challenge) {
    if (!services_->challenges) {
        refuse(me, error_code::not_allowed, "this server takes no challenges", id);
        return std::nullopt;
    }
    if (who_->account().empty()) {
        refuse(me, error_code::account_required, "challenges are between accounts: sign in first",
               id);
        return std::nullopt;
    }
    auto row = services_->records.find_challenge(challenge);
    if (!row || !open_at(*row, unix_ms())) {
        refuse(me, error_code::no_such_challenge,
               "no open challenge " + std::to_string(challenge) +
                   " (it was answered, cancelled or has expired)",
               id);
        return std::nullopt;
    }
    return row;
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::accept_challenge_request& request) {
    auto row = open_challenge(me, id, request.challenge);
    if (!row) return;
    const auto me_id = static_cast<std::int64_t>(who_->id());
    if (row->challenger == me_id)
        return refuse(me, error_code::not_allowed, "you cannot accept your own challenge", id);
    if (row->challenged != 0 && row->challenged != me_id)
        return refuse(me, error_code::no_such_challenge,
                      "challenge " + std::to_string(row->id) + " is not yours to answer", id);
    const auto terms = protocol::parse_challenge_terms(row->terms);
    std::unique_ptr<rules::game> game;
    if (terms)
        if (auto made = rules::create_game(terms->game, terms->options))
            game = std::move(made).value();
    if (!game)
        return refuse(me, error_code::store_failed, "the challenge's game cannot be started", id);
    if (rooms_.size() >= services_->max_rooms_per_connection)
        return refuse(me, error_code::server_full, "too many rooms on one connection", id);
    // A private room: nobody can take a seat in it before the answer is stored.
    auto host = open_room(*services_, std::move(game), false,
                          {terms->clock, terms->rated, terms->takebacks});
    if (!host)
        return refuse(me, error_code::server_full, "the server has no room for more rooms", id);
    row->status = "accepted";
    row->answered_ms = unix_ms();
    row->taker = me_id;
    row->taker_name = who_->account();
    row->room = host->code();
    write_batch batch;
    batch.challenge = challenge_write{challenge_write::kind::answer, *row};
    auto done = [self = shared_from_this(), me, id, row = *row, host](bool stored) {
        // Not stored: another answer came first (the room, left empty, expires unseen).
        if (!stored) return self->refused_answer(me, id, row.id);
        self->start_challenge_game(me, id, row, host);
    };
    store_then(std::move(batch), std::move(done));
}

void client_session::start_challenge_game(const recipient_ptr& me, const protocol::request_id& id,
                                          const challenge_row& row,
                                          const std::shared_ptr<room_host>& host) {
    log::event(log::level::info, "challenge_accepted",
               {{"challenge", row.id}, {"room", row.room}, {"player", row.taker}});
    // Seats in a random order: who challenged says nothing about who moves first.
    thread_local std::mt19937 coin{std::random_device{}()};
    const int challenger_seat = static_cast<int>(coin() % 2);
    if (auto challenger = services_->identities.find_id(static_cast<std::uint64_t>(row.challenger)))
        host->hold_seat(std::move(challenger), challenger_seat);
    me->deliver(protocol::challenge_updated_message(id, challenge_view_of(row, unix_ms())));
    tell_challenges({row.challenger, row.taker}, row.challenged == 0);
    push_challenge(row.challenger, row, row.taker_name, row.room);
    if (closed_ || !who_ || static_cast<std::int64_t>(who_->id()) != row.taker) return;
    if (!remember(host))
        return refuse(me, error_code::server_full, "too many rooms on one connection", id);
    host->join(me, who_, {host->code(), protocol::role::player, 1 - challenger_seat}, id);
}

void client_session::refused_answer(const recipient_ptr& me, const protocol::request_id& id,
                                    std::int64_t challenge) {
    const auto now = services_->records.find_challenge(challenge);
    if (now && open_at(*now, unix_ms()))
        return refuse(me, error_code::store_failed, "the answer could not be stored; try again",
                      id);
    refuse(me, error_code::no_such_challenge,
           "challenge " + std::to_string(challenge) + " was answered or cancelled meanwhile", id);
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::decline_challenge_request& request) {
    auto row = open_challenge(me, id, request.challenge);
    if (!row) return;
    if (row->challenged != static_cast<std::int64_t>(who_->id()))
        return refuse(me, error_code::no_such_challenge,
                      "challenge " + std::to_string(row->id) + " is not one to you", id);
    row->status = "declined";
    row->reason = request.reason;
    close_challenge(me, id, std::move(*row));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::cancel_challenge_request& request) {
    auto row = open_challenge(me, id, request.challenge);
    if (!row) return;
    if (row->challenger != static_cast<std::int64_t>(who_->id()))
        return refuse(me, error_code::no_such_challenge,
                      "challenge " + std::to_string(row->id) + " is not yours to cancel", id);
    row->status = "cancelled";
    close_challenge(me, id, std::move(*row));
}

void client_session::close_challenge(const recipient_ptr& me, const protocol::request_id& id,
                                     challenge_row row) {
    row.answered_ms = unix_ms();
    write_batch batch;
    batch.challenge = challenge_write{challenge_write::kind::answer, row};
    auto done = [self = shared_from_this(), me, id, row](bool stored) {
        if (!stored) return self->refused_answer(me, id, row.id);
        log::event(log::level::info, "challenge_" + row.status,
                   {{"challenge", row.id}, {"player", self->player_id()}});
        me->deliver(protocol::challenge_updated_message(id, challenge_view_of(row, unix_ms())));
        self->tell_challenges({row.challenger, row.challenged}, row.challenged == 0);
    };
    store_then(std::move(batch), std::move(done));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::my_challenges_request&) {
    if (who_->account().empty())
        return refuse(me, error_code::account_required,
                      "challenges are between accounts: sign in first", id);
    me->deliver(
        challenges_of(services_->records, static_cast<std::int64_t>(who_->id()), id, unix_ms()));
}

void client_session::answer(const recipient_ptr& me, const protocol::request_id& id,
                            protocol::challenge_policy_request& request) {
    if (who_->account().empty())
        return refuse(me, error_code::account_required,
                      "challenges are between accounts: sign in first", id);
    const auto me_id = static_cast<std::int64_t>(who_->id());
    write_batch batch;
    batch.challenge_policy = challenge_policy_write{me_id, request.accept};
    auto done = [self = shared_from_this(), me, id, me_id](bool stored) {
        if (!stored)
            return self->refuse(me, error_code::store_failed,
                                "the setting could not be stored; try again", id);
        me->deliver(challenges_of(self->services_->records, me_id, id, unix_ms()));
        self->tell_challenges({me_id}, false);
    };
    store_then(std::move(batch), std::move(done));
}

}  // namespace quadra::server
