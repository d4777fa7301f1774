#pragma once
// One client's session, without sockets: who the client is (hello, resume, switching identity),
// the rooms it joined, and where each request goes. The connection hands it parsed requests with
// the recipient that reaches the client; the session answers its own requests (identity, lobby,
// create, join, leave, seek) and hands every room request to that room's host.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/account_messages.hpp"
#include "protocol/messages.hpp"
#include "protocol/push_messages.hpp"
#include "server/app/event_desk.hpp"
#include "server/rooms/recipient.hpp"
#include "server/rooms/room.hpp"
#include "server/rooms/room_journal.hpp"
#include "server/rooms/room_route.hpp"

namespace quadra::server {

class identity;
class identity_registry;
class lobby;
class metrics;
class moderation_roster;
class password_worker;
class push_notifier;
class room_host;
class sign_in_limiter;
class seek_pairing;
struct seat_offer;
struct seek_entry;
class store;
struct report_row;
struct challenge_row;
struct write_batch;

// What accounts need (#17): the Argon2id worker, the count of failed sign-ins, a way to sign out
// every connection of an identity, and one to sign out its connections on every session but one
// (a password changed, #31), after the store ended those sessions.
struct account_services {
    password_worker& passwords;
    sign_in_limiter& sign_ins;
    std::function<void(std::uint64_t identity)> sign_out_everywhere;
    std::function<void(std::uint64_t identity, const std::string& kept_session)> end_other_sessions;
    // How long a deleted account's user name stays reserved (#31).
    std::chrono::milliseconds name_reserved_for = std::chrono::hours(24 * 30);
};

// Moderation (#31): the roster of roles and sanctions, and what follows an action this node
// stored: the roster read again here (a banned account's connections end) and on other nodes.
struct moderation_services {
    moderation_roster& roster;
    std::function<void()> changed;
    std::size_t reports_per_hour = 10;  // how many reports one account may make in an hour
};

// Challenges (#29): how many open challenges an account may have, and what follows a change the
// store committed: the accounts' tabs hear their lists again, and the lobby's open challenges
// are read again, on every node.
struct challenge_services {
    std::size_t max_open = 5;
    std::function<void(std::vector<std::int64_t> accounts)> changed;
    std::function<void()> open_changed;
    // Web Push: news of a challenge for its account's devices (null: none are told).
    std::function<void(std::int64_t account, const protocol::push_news& news)> notify;
};

// What every client session of a server works with: one for the server, shared by all.
struct session_services {
    lobby& rooms;
    identity_registry& identities;
    store& records;  // where identities are stored
    metrics& stats;
    std::size_t max_rooms_per_connection;
    // A new game's fair dice and journal.
    game_starter start_game;
    // The room settings (clock, time, grace periods, chat limits) of a new room with `clock`.
    std::function<room_policy(const protocol::clock_settings& clock)> policy_for;
    // A new room's host, on a strand of its own, and its journal.
    std::function<std::shared_ptr<room_host>(room hosted, std::unique_ptr<room_journal> journal)>
        host_room;
    // Where a room the lobby does not host is: another node, taken over here (a shared store), or
    // a finished room brought back from the store. Null: nowhere.
    std::function<room_route(const std::string& code)> find_elsewhere;
    // Quick pairing: this node's open seeks, or every node's on a shared store.
    seek_pairing& seeks;
    // The displayed rating of an identity under a rating key (rated_games.hpp), which seeks'
    // rating ranges are checked against; none (or no function): unknown, taken as 1500.
    std::function<std::optional<int>(std::uint64_t identity, const std::string& rating_key)>
        rating_of;
    // Null: account requests are refused with not_allowed.
    account_services* accounts = nullptr;
    // Null: nobody holds a role, moderation requests are refused with not_allowed.
    moderation_services* moderation = nullptr;
    // Null: challenges are refused with not_allowed.
    challenge_services* challenges = nullptr;
    // Web Push (#29); null: subscriptions are refused with not_allowed.
    push_notifier* push = nullptr;
    // Events; null: event requests are refused with not_allowed.
    event_services* events = nullptr;
};

// Opens a new room for `game` with these settings (its clock, rated or not) in the lobby, with its
// fair dice and journal; null when the server has no room for more rooms. The one way rooms are
// created: by create_room, and by pairing.
std::shared_ptr<room_host> open_room(const session_services& services,
                                     std::unique_ptr<rules::game> game, bool is_public,
                                     const protocol::room_settings& settings);

class client_session : public std::enable_shared_from_this<client_session> {
public:
    // `post` runs a continuation on the connection's thread (after a store write, say);
    // `address` is the client's IP address (failed sign-ins are counted per address).
    client_session(std::shared_ptr<const session_services> services,
                   std::function<void(std::function<void()>)> post, std::string address = {});

    // One request from the client that `me` reaches; every reply goes to `me`.
    void handle(protocol::request request, const std::shared_ptr<recipient>& me);
    // The connection is gone: the lobby and every joined room forget `me`; later requests are
    // ignored.
    void disconnect(const std::shared_ptr<recipient>& me);

    // Another connection signed `identity` out everywhere, or ended its session whose token has
    // the hash `session` (empty: every session): if this connection acts through it, it leaves
    // its rooms and is told (signed_out); it must hello again.
    void signed_out_elsewhere(std::uint64_t identity, const std::string& session,
                              const std::shared_ptr<recipient>& me);

    // The identity's id, for logs; 0 before hello.
    std::uint64_t player_id() const;
    // For logs: the codes of the joined rooms, comma-separated, and whether the lobby is watched.
    std::string room_codes() const;
    bool watches_lobby() const { return subscribed_; }

private:
    struct joined_room {
        std::string code;
        std::shared_ptr<room_host> host;
    };
    using recipient_ptr = std::shared_ptr<recipient>;

    void hello(const recipient_ptr& me, const protocol::request_id& id,
               protocol::hello_request& greeting);
    // `version`: the protocol the guest speaks from its welcome on.
    void welcome_guest(const recipient_ptr& me, const protocol::request_id& id,
                       const std::shared_ptr<identity>& guest, int version);
    void resume(const recipient_ptr& me, const protocol::request_id& id, const std::string& token,
                std::shared_ptr<identity> found);
    // The requests that need an identity, one overload each (room requests: a template).
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::list_rooms_request& list);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::unsubscribe_rooms_request& unsubscribe);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::create_room_request& create);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::join_room_request& join);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::leave_room_request& leave);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::my_games_request& mine);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::seek_request& seek);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::cancel_seek_request& cancel);
    void route(const recipient_ptr& me, const protocol::request_id& id,
               protocol::room_request request);
    // Who this connection is, and where an answer to request `id` goes, as a desk sees them.
    event_asker asker() const;
    desk_reply reply_to(const recipient_ptr& me, const protocol::request_id& id);

    // Accounts (#17), in client_session_accounts.cpp.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::register_request& registration);
    void sign_in(const recipient_ptr& me, const protocol::request_id& id,
                 protocol::sign_in_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::sign_out_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::sign_out_everywhere_request& request);
    // A new password (#31): the current one checked, the new one hashed, then stored.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::change_password_request& request);
    // Checks `password` against this account's (on the password worker, counted like
    // sign-ins); `then` runs on the connection when it matches, with account_busy_ still set.
    void confirm_password(const recipient_ptr& me, const protocol::request_id& id,
                          std::string password, std::function<void()> then);
    void store_password(const recipient_ptr& me, const protocol::request_id& id,
                        const std::string& encoded, bool end_other_sessions);
    void registered(const recipient_ptr& me, const protocol::request_id& id,
                    const std::shared_ptr<identity>& who, const std::string& user_name,
                    const std::string& encoded);
    void verified(const recipient_ptr& me, const protocol::request_id& id, const std::string& key,
                  std::int64_t account, bool match, bool banned);
    // Ends this connection's session(s) in the store, then continues as a fresh guest.
    void sign_out(const recipient_ptr& me, const protocol::request_id& id, bool everywhere);
    // What the owner of an account controls (#31), in client_session_ownership.cpp.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::rename_account_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::delete_account_request& request);
    void delete_account(const recipient_ptr& me, const protocol::request_id& id);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::export_data_request& request);
    // Moderation (#31), in client_session_moderation.cpp: a moderator's action, the moderation
    // page's view, and the role this connection's identity holds ("" for none).
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::moderate_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::moderation_request& request);
    std::string role() const;
    // Address blocks (#31): refusing new guests or accounts from a range, and lifting it.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::block_address_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::unblock_address_request& request);
    // `block`: a block (of `refuses` until `until_ms`); else its lifting.
    void store_block(const recipient_ptr& me, const protocol::request_id& id, bool block,
                     const std::string& address, std::string refuses, std::int64_t until_ms,
                     std::string reason);
    // A chat line hidden: audited, then recorded by its room's host.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::hide_chat_request& request);
    // A game closed: its room's host records the closing and its audit entry together.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::close_room_request& request);
    // Challenges (#29), in client_session_challenges.cpp.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::challenge_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::accept_challenge_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::decline_challenge_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::cancel_challenge_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::my_challenges_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::challenge_policy_request& request);
    // Challenge `challenge` while it is open, as an account answers it; none after refusing.
    std::optional<challenge_row> open_challenge(const recipient_ptr& me,
                                                const protocol::request_id& id,
                                                std::int64_t challenge);
    // A declined or cancelled challenge stored, then told to both players.
    void close_challenge(const recipient_ptr& me, const protocol::request_id& id,
                         challenge_row row);
    // An accepted challenge stored: the challenger's seat held, the accepter seated in `host`.
    void start_challenge_game(const recipient_ptr& me, const protocol::request_id& id,
                              const challenge_row& row, const std::shared_ptr<room_host>& host);
    // The store refused an answer: another came first (no_such_challenge), or it failed.
    void refused_answer(const recipient_ptr& me, const protocol::request_id& id,
                        std::int64_t challenge);
    // The accounts' tabs on every node hear their lists again (and the lobby its open
    // challenges, when one `to_anyone` changed).
    void tell_challenges(std::vector<std::int64_t> accounts, bool to_anyone) const;
    // Web Push: `account`'s devices hear of challenge `row`, from `from` (accepted into `room`,
    // when there is one).
    void push_challenge(std::int64_t account, const challenge_row& row, const std::string& from,
                        const std::string& room) const;
    // Web Push (#29), in client_session_push.cpp.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::push_subscribe_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::push_unsubscribe_request& request);
    // Submits `batch`; `then` runs on the connection with whether it was committed.
    void store_then(write_batch batch, std::function<void(bool stored)> then);
    // Whether new `who` ("guests", "accounts") are refused from this connection's address.
    bool refused_here(std::string_view who) const;
    // Reports (#31), in client_session_reports.cpp.
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::report_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::my_reports_request& request);
    void answer(const recipient_ptr& me, const protocol::request_id& id,
                protocol::resolve_report_request& request);
    // Fills in what `request` reports (its target, game, quoted line) from the store; the
    // refusal when there is no such thing, or it is the reporter itself.
    std::optional<protocol::error> reported_thing(const protocol::report_request& request,
                                                  report_row& report) const;
    // Reports as their reporter (with_reporter false) or the moderators see them.
    static std::vector<protocol::report_view> report_views(const std::vector<report_row>& reports,
                                                           bool with_reporter);
    // A chat line from a muted account is refused (muted); true when it was.
    bool refused_muted(const recipient_ptr& me, const protocol::request_id& id,
                       const protocol::room_request& request);
    // Why an account request cannot start now; none: it may.
    std::optional<std::pair<protocol::error_code, std::string>> account_request_refusal() const;

    // The game `game_id` with `options` as the rules start it; null after refusing the request
    // (unknown_game, bad_options), as create_room and seek both answer.
    std::unique_ptr<rules::game> checked_game(const recipient_ptr& me,
                                              const protocol::request_id& id,
                                              const std::string& game_id,
                                              const rules::options& options);
    // Seats the seekers of `group` (paired with this connection's new seek) in a new room.
    void open_paired_room(std::vector<seek_entry> group, std::unique_ptr<rules::game> game,
                          const protocol::seek_request& terms);
    // On this connection's thread: seek `seek` was paired into `host` (null: no room could be
    // opened) at `seat`; joins it as that seat's player.
    void take_paired_seat(const recipient_ptr& me, std::uint64_t identity_id,
                          const seat_offer& offer);
    // Withdraws this connection's open seek, if any.
    void withdraw_seek();

    // Stores (or renames) an identity; `then` runs on the connection once the write is done.
    void persist_identity(const std::shared_ptr<identity>& who, std::string hash,
                          std::function<void(bool stored)> then);
    // The connection is no longer identified (signed out from elsewhere, its account deleted):
    // it leaves its rooms and the lobby, and must hello again.
    void forget_identity(const recipient_ptr& me);
    // Leaves every joined room and withdraws the open seek (the connection switches identity or
    // closes).
    void leave_all(const recipient_ptr& me);
    void refuse(const recipient_ptr& me, protocol::error_code code, std::string message,
                const protocol::request_id& id);
    void refuse(const recipient_ptr& me, const protocol::error& failure,
                const protocol::request_id& id);
    // The host of room `code`: joined, hosted here, or taken over here; else, with a shared store,
    // the URL of the node that serves it.
    room_route room_for(const std::string& code) const;
    // Refuses a request for a room that is not here: a redirect or no_such_room.
    void not_here(const recipient_ptr& me, const room_route& where, const std::string& code,
                  const protocol::request_id& id);
    bool remember(std::shared_ptr<room_host> host);

    std::shared_ptr<const session_services> services_;
    std::function<void(std::function<void()>)> post_;
    std::shared_ptr<identity> who_;
    std::string token_;  // the token `who_` was reached with: a guest's, or an account session's
    std::string address_;
    bool account_busy_ = false;  // an account request waits for the password worker or the store
    std::vector<joined_room> rooms_;
    bool subscribed_ = false;
    bool closed_ = false;
    std::uint64_t seek_ = 0;            // this connection's open seek; 0: none
    std::optional<event_desk> events_;  // none: this server holds no events
};

}  // namespace quadra::server
