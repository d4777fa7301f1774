#pragma once
// The WebSocket wire format (PROTOCOL.md): typed client requests parsed strictly from JSON text,
// and server messages rendered once into shared immutable strings.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "protocol/moderation_requests.hpp"
#include "protocol/push_requests.hpp"
#include "protocol/room_settings.hpp"
#include "rules/game.hpp"

namespace quadra::protocol {

// The wire versions a client can choose with hello's `protocol` (PROTOCOL.md): 1, the default,
// and 2, whose snapshots name the position instead of drawing the board.
inline constexpr int first_protocol = 1;
inline constexpr int latest_protocol = 2;

// Bounds on request fields, so that nothing a client sends is unbounded.
inline constexpr std::size_t max_token_length = 64;  // identity tokens
inline constexpr std::size_t max_name_bytes = 256;   // raw display name before sanitising
inline constexpr std::size_t max_word_length = 64;   // game ids, room codes, moves, string ids
inline constexpr std::size_t max_chat_field_bytes = 4096;  // a chat line before the room's limit
inline constexpr std::size_t max_password_bytes = 128;     // account passwords (#17)
inline constexpr std::size_t max_reason_bytes = 500;       // a moderator's reason (#31)
inline constexpr std::int64_t max_mute_minutes = 10 * 366 * 24 * 60;  // ten years at most

// Every error a client can receive; code_name() gives the stable wire name.
enum class error_code {
    bad_json,
    bad_frame,
    unknown_type,
    bad_field,
    too_large,
    rate_limited,
    unsupported_protocol,
    not_identified,
    bad_token,
    unknown_game,
    bad_options,
    server_full,
    no_such_room,
    room_full,
    seat_taken,
    not_in_room,
    not_a_player,
    not_started,
    game_over,
    not_your_turn,
    stale_version,
    illegal_move,
    not_allowed,
    no_draw_offer,
    not_claimable,
    not_finished,
    too_long,
    store_failed,  // the store could not write: the request was not applied
    // Accounts (#17).
    bad_credentials,    // sign_in: no such user or a wrong password (which one is not said)
    name_taken,         // register: another account has this user name in some case
    bad_name,           // register: the user name is not in display-name form
    weak_password,      // register: the password breaks the rule the message states
    too_many_attempts,  // sign_in: too many failures for the account or address; retry_after
    already_account,    // register: this identity is an account already
    not_signed_in,      // sign_out, sign_out_everywhere: this connection is a guest
    // Ratings (#17).
    account_required,  // a rated room seats only players with an account
    bots_not_rated,    // a rated room takes no computer player (setting rated_bots)
    // Quick pairing (#17); a rated seek from a guest is account_required too.
    no_seek,  // cancel_seek without an open seek
    // Moderation (#31).
    muted,            // chat: a moderator muted this account (retry_after: until; none: for good)
    banned,           // sign_in: a moderator banned this account
    no_such_account,  // moderate: no account has this user name
    no_change,        // moderate: the account is already so (banned, not muted, ...)
    no_such_report,   // resolve_report: no report has this id
    no_such_line,     // report: the room's game has no chat line at that time
    address_refused,  // hello (a new guest), register: a moderator refuses them from here
    // Takebacks (#29).
    no_takeback,          // takeback: no move of the sender's is the last one
    no_takeback_request,  // accept/decline_takeback: no request stands for the sender to answer
    // Challenges and correspondence seeks (#29).
    no_such_challenge,    // accept/decline/cancel_challenge: none open for the sender under that id
    too_many_challenges,  // challenge: the sender has the most open challenges allowed
    // Events.
    no_such_event,     // an event request names no event
    event_closed,      // enter/pause/withdraw/cancel_event: the event is finished or cancelled
    event_full,        // enter_event: the event has max_players entries
    already_entered,   // enter_event: entered and active, or withdrawn (withdrawal is for good)
    not_entered,       // pause/withdraw_event: no entry to change
    wrong_entry_code,  // enter_event: a private event's code missing or wrong
    not_eligible,      // enter_event: an entry rule refuses the sender (the message says which)
    too_many_events,   // create_event: the account's daily limit; retry_after
};

std::string_view code_name(error_code code);

// An error for the sender alone: a stable code and a human sentence.
struct error {
    error_code code;
    std::string message;
    // too_many_attempts, too_many_events: when to try again
    std::optional<std::int64_t> retry_after_seconds{};
    // illegal_move or bad_options refused by the rules: their explanation (rules::game::explain
    // of the request, rules::add_refusal of the options' refusal), sent as the error's "reason"
    // code and "details" (its other fields) for a client's words.
    std::optional<rules::view> explained{};
};

// The optional `id` a request carries, echoed verbatim in its reply.
using request_id = std::variant<std::monostate, std::int64_t, std::string>;

enum class role { player, spectator };
enum class room_status { waiting, playing, finished };

std::string_view role_name(role r);
std::string_view status_name(room_status status);

struct hello_request {
    static constexpr std::string_view type = "hello";
    std::optional<std::string> token;
    std::optional<std::string> name;
    int protocol = first_protocol;
};
struct list_rooms_request {
    static constexpr std::string_view type = "list_rooms";
    bool subscribe = false;
};
struct unsubscribe_rooms_request {
    static constexpr std::string_view type = "unsubscribe_rooms";
};
struct create_room_request {
    static constexpr std::string_view type = "create_room";
    std::string game;
    rules::options options;
    bool is_public = true;
    std::optional<int> seat;  // the creator's seat; the first free one when absent
    clock_settings clock;
    bool rated = false;      // ratings change when it ends; every seat needs an account
    bool takebacks = false;  // allowed though rated or 4-player (room_settings)
};
struct join_room_request {
    static constexpr std::string_view type = "join_room";
    std::string room;
    role as = role::player;
    std::optional<int> seat;  // a chosen seat; the first free one when absent
};
struct leave_room_request {
    static constexpr std::string_view type = "leave_room";
    std::string room;
};
struct move_request {
    static constexpr std::string_view type = "move";
    std::string room;
    std::string move;
    std::int64_t version = 0;
};
struct ping_request {
    static constexpr std::string_view type = "ping";
};
// The catalogue of games, for a client to build its create-room form.
struct list_games_request {
    static constexpr std::string_view type = "list_games";
};
// The identity's own games: rooms where it holds a seat, and its latest finished games.
struct my_games_request {
    static constexpr std::string_view type = "my_games";
};
// A computer player for a free seat (or the sender's own) of a room still waiting for players.
struct add_bot_request {
    static constexpr std::string_view type = "add_bot";
    std::string room;
    std::optional<int> seat;  // the first free seat when absent
    std::string level;        // "easy", "medium" or "hard"
};

// Quick pairing ("Play now"): a seek for a game; the server pairs compatible seeks into a room.
// Both bounds are inclusive displayed ratings.
struct rating_range {
    int min = 0;
    int max = 0;
    bool operator==(const rating_range&) const = default;
};
struct seek_request {
    static constexpr std::string_view type = "seek";
    std::string game;
    rules::options options;
    clock_settings clock;
    bool rated = false;
    std::optional<rating_range> range;  // `rating_range`; any rating when absent
};
// Withdraws the connection's open seek.
struct cancel_seek_request {
    static constexpr std::string_view type = "cancel_seek";
};

// Challenges (#29): a game offered to one account by name, or, without `to`, to anyone (an open
// challenge: a correspondence seek, stored until taken, cancelled or a week old).
struct challenge_request {
    static constexpr std::string_view type = "challenge";
    std::optional<std::string> to;  // the challenged account's user name; none: anyone
    std::string game;
    rules::options options;
    clock_settings clock;
    bool rated = false;
    bool takebacks = false;
};
struct accept_challenge_request {
    static constexpr std::string_view type = "accept_challenge";
    std::int64_t challenge = 0;
};
// Why a challenge is declined: one of a short list a client words.
inline constexpr std::string_view decline_reasons[] = {"generic", "later",  "too_fast", "too_slow",
                                                       "rated",   "casual", "game"};
struct decline_challenge_request {
    static constexpr std::string_view type = "decline_challenge";
    std::int64_t challenge = 0;
    std::string reason = "generic";
};
struct cancel_challenge_request {
    static constexpr std::string_view type = "cancel_challenge";
    std::int64_t challenge = 0;
};
struct my_challenges_request {
    static constexpr std::string_view type = "my_challenges";
};
// Which challenges an account takes: "all", "rated" (rated ones only) or "none".
inline constexpr std::string_view challenge_policies[] = {"all", "rated", "none"};
struct challenge_policy_request {
    static constexpr std::string_view type = "challenge_policy";
    std::string accept;
};

// What an event offers: an arena (games for a fixed time, paired in waves) or a Swiss
// tournament (a fixed number of rounds), as the store keeps it (event_terms_text) and the wire
// shows it (without the entry code). Lengths are in characters (UTF-8 code points).
struct event_terms {
    std::string name;  // 1..60 characters, not blank
    std::string kind;  // one of event_kinds
    std::string game;
    rules::options options;
    clock_settings clock;           // arena: a live clock (not none, not correspondence)
    std::int64_t starts_ms = 0;     // 1..2^53-1
    int minutes = 0;                // arena: its length, 10..720; swiss: 0
    int rounds = 0;                 // swiss: 1..50; arena: 0
    int round_pause_minutes = 0;    // swiss: 0..10080 between rounds
    bool organiser_rounds = false;  // swiss: the organiser starts each round (pause ignored)
    bool rated = false;
    bool accounts_only = false;  // rated implies true (set so when a rated event is parsed)
    int min_rating = 0;          // 0: none; else 500..3000 (needs accounts_only)
    int min_rated_games = 0;     // 0..1000
    std::string entry_code;      // "": anyone may enter; else 1..40 characters
    bool bots = false;           // computer players and bot accounts may enter
    int max_players = 0;         // 0: no cap; else 2..10000
    bool operator==(const event_terms&) const = default;
};
inline constexpr std::string_view event_kinds[] = {"arena", "swiss"};
// The terms as JSON text, entry code included (create_event's fields); and back, read as strictly
// as create_event (none when the text is not such terms).
std::string event_terms_text(const event_terms& terms);
std::optional<event_terms> parse_event_terms(std::string_view text);

// Events. Event ids are below 2^53, like challenge ids.
struct create_event_request {
    static constexpr std::string_view type = "create_event";
    event_terms terms;
};
struct enter_event_request {
    static constexpr std::string_view type = "enter_event";
    std::int64_t event = 0;
    std::string code;  // a private event's entry code; "" when none was sent
};
// Stops the sender's pairing in the event until it enters again.
struct pause_event_request {
    static constexpr std::string_view type = "pause_event";
    std::int64_t event = 0;
};
// Leaves the event for good.
struct withdraw_event_request {
    static constexpr std::string_view type = "withdraw_event";
    std::int64_t event = 0;
};
struct cancel_event_request {
    static constexpr std::string_view type = "cancel_event";
    std::int64_t event = 0;
    std::string reason;  // 0..200 characters
};
// A moderator marks an event the server's own (or no longer).
struct feature_event_request {
    static constexpr std::string_view type = "feature_event";
    std::int64_t event = 0;
    bool official = true;
};
struct list_events_request {
    static constexpr std::string_view type = "list_events";
};
struct event_info_request {
    static constexpr std::string_view type = "event_info";
    std::int64_t event = 0;
};

// Room life: requests that name only their room.
struct resign_request {
    static constexpr std::string_view type = "resign";
    std::string room;
};
struct offer_draw_request {
    static constexpr std::string_view type = "offer_draw";
    std::string room;
};
struct accept_draw_request {
    static constexpr std::string_view type = "accept_draw";
    std::string room;
};
struct decline_draw_request {
    static constexpr std::string_view type = "decline_draw";
    std::string room;
};
struct rematch_request {
    static constexpr std::string_view type = "rematch";
    std::string room;
};
// Takebacks by consent (#29): the player who moved last asks; the player to move answers.
struct takeback_request {
    static constexpr std::string_view type = "takeback";
    std::string room;
};
struct accept_takeback_request {
    static constexpr std::string_view type = "accept_takeback";
    std::string room;
};
struct decline_takeback_request {
    static constexpr std::string_view type = "decline_takeback";
    std::string room;
};
// Claims the seat of a player who has been gone longer than the grace period.
struct claim_request {
    static constexpr std::string_view type = "claim";
    std::string room;
    int seat = 0;
};
// A chat line as sent; the room sanitises and bounds it.
struct chat_request {
    static constexpr std::string_view type = "chat";
    std::string room;
    std::string text;
};

// Accounts (#17): the hello'd guest becomes an account and keeps its games and seats.
struct register_request {
    static constexpr std::string_view type = "register";
    std::string name;
    std::string password;
};
// The connection switches to the account's identity with a fresh session token.
struct sign_in_request {
    static constexpr std::string_view type = "sign_in";
    std::string name;
    std::string password;
};
// Ends this connection's session; the connection continues as a fresh guest.
struct sign_out_request {
    static constexpr std::string_view type = "sign_out";
};
// Ends every session of the account, on every device.
struct sign_out_everywhere_request {
    static constexpr std::string_view type = "sign_out_everywhere";
};
// A signed-in account's new password, given its current one (#31); by default the account's
// other sessions end with the old password.
struct change_password_request {
    static constexpr std::string_view type = "change_password";
    std::string password;
    std::string new_password;
    bool end_other_sessions = true;
};

// What an account's owner controls (#31): the case of its user name, its deletion (confirmed by
// its password) and a copy of its data.
struct rename_account_request {
    static constexpr std::string_view type = "rename_account";
    std::string name;
};
struct delete_account_request {
    static constexpr std::string_view type = "delete_account";
    std::string password;
};
struct export_data_request {
    static constexpr std::string_view type = "export_data";
};

// Requests the connection's session answers itself: identity, the lobby, joining and leaving.
using session_request = std::variant<
    hello_request, ping_request, list_games_request, list_rooms_request, unsubscribe_rooms_request,
    create_room_request, join_room_request, leave_room_request, my_games_request, register_request,
    sign_in_request, sign_out_request, sign_out_everywhere_request, change_password_request,
    seek_request, cancel_seek_request, rename_account_request, delete_account_request,
    export_data_request, moderate_request, moderation_request, report_request, my_reports_request,
    resolve_report_request, block_address_request, unblock_address_request, hide_chat_request,
    close_room_request, challenge_request, accept_challenge_request, decline_challenge_request,
    cancel_challenge_request, my_challenges_request, challenge_policy_request,
    push_subscribe_request, push_unsubscribe_request, create_event_request, enter_event_request,
    pause_event_request, withdraw_event_request, cancel_event_request, feature_event_request,
    list_events_request, event_info_request>;
// Requests for one room, which each name in `room`: the session hands them to that room.
using room_request =
    std::variant<move_request, add_bot_request, resign_request, offer_draw_request,
                 accept_draw_request, decline_draw_request, claim_request, rematch_request,
                 chat_request, takeback_request, accept_takeback_request, decline_takeback_request>;

namespace detail {
template <class A, class B>
struct joined_variant;
template <class... A, class... B>
struct joined_variant<std::variant<A...>, std::variant<B...>> {
    using type = std::variant<A..., B...>;
};
template <class T, class V>
inline constexpr bool is_alternative = false;
template <class T, class... A>
inline constexpr bool is_alternative<T, std::variant<A...>> = (std::is_same_v<T, A> || ...);
}  // namespace detail

// Every request: the session's and the rooms', each type listed once above. Each type names
// itself on the wire with its static `type`.
using request_body = detail::joined_variant<session_request, room_request>::type;

// A request type that goes to a room.
template <class T>
concept for_room = detail::is_alternative<T, room_request>;

// The room a room request is for.
inline const std::string& room_of(const room_request& request) {
    return std::visit([](const auto& r) -> const std::string& { return r.room; }, request);
}

// One parsed client request.
struct request {
    request_id id;
    request_body body;
};

// A request, or the precise reason it was refused (with the id when it could be read).
struct parsed_request {
    request_id id;
    std::optional<request_body> body;
    std::optional<error> failure;
};

// Parses one text frame strictly: a JSON object with a known `type` and exactly its fields.
parsed_request parse_request(std::string_view text);

using message_ptr = std::shared_ptr<const std::string>;

// One seat of a room as members see it.
struct seat_view {
    std::string name;  // the holder's display name; empty when the seat is free
    bool taken = false;
    bool connected = false;
    std::string bot;                           // a computer player's level; empty for a person
    bool retired = false;                      // a 4-player seat out of the game (passes)
    std::optional<std::int64_t> away_since{};  // server ms when a playing holder lost connection
    bool claimable = false;                    // away longer than the grace period
};

// A room as the lobby lists it.
struct room_summary {
    std::string room;
    std::string game;
    rules::options options;
    bool is_public = true;
    room_status status = room_status::waiting;
    std::vector<seat_view> seats;
    int spectators = 0;
    clock_settings clock;
    bool rated = false;
    bool takebacks = false;  // allowed though rated or 4-player
};

// An open seek as the lobby lists it: never its seeker's token, only the display name.
struct seek_summary {
    std::uint64_t id = 0;
    std::string game;
    rules::options options;  // every option in force, defaults included
    clock_settings clock;
    bool rated = false;
    std::string name;
    int rating = 1500;
    std::optional<rating_range> range;
    int seat_count = 2;
    bool operator==(const seek_summary&) const = default;
};

// An open seek as a shared store's pool keeps it (its form in the `rooms` listing's `seeks`),
// and read back by other nodes; none when the text is not one.
std::string seek_summary_text(const seek_summary& seek);
std::optional<seek_summary> parse_seek_summary(std::string_view text);

// What a challenge offers (#29), as the store keeps it (challenge_terms_text) and the wire shows
// it.
struct challenge_terms {
    std::string game;
    rules::options options;  // every option in force, defaults included
    clock_settings clock;
    bool rated = false;
    bool takebacks = false;
    bool operator==(const challenge_terms&) const = default;
};
std::string challenge_terms_text(const challenge_terms& terms);
std::optional<challenge_terms> parse_challenge_terms(std::string_view text);

// A challenge as its two players (and, when open to anyone, the lobby) see it.
struct challenge_view {
    std::int64_t id = 0;
    std::string from;  // the challenger's user name
    std::string to;    // the challenged one's; empty: anyone (an open challenge)
    challenge_terms terms;
    std::int64_t created_ms = 0;
    std::int64_t expires_ms = 0;
    std::string status;  // "open", "accepted", "declined", "cancelled" or "expired"
    std::string room;    // accepted: the game's room
    std::string by;      // accepted: who took it
    std::string reason;  // declined: one of decline_reasons
    bool operator==(const challenge_view&) const = default;
};

// An event as anyone sees it: never its entry code, only whether it has one (`private`).
struct event_view {
    std::int64_t id = 0;
    event_terms terms;
    std::string status;  // "scheduled", "running", "finished" or "cancelled"
    bool official = false;
    std::string by;  // the creator's user name
    std::int64_t players = 0;
    std::int64_t ends_ms = 0;  // written when non-zero
    std::string reason;        // cancelled: why; written when non-empty
    bool operator==(const event_view&) const = default;
};
// One player's entry in an event.
struct event_entry_view {
    std::string name;
    std::string status;  // "active", "paused" or "withdrawn"
    bool operator==(const event_entry_view&) const = default;
};

// A room's lobby entry as a shared store's directory keeps it (its form in the `rooms` listing),
// and read back by other nodes; none when the text is not one.
std::string room_summary_text(const room_summary& summary);
std::optional<room_summary> parse_room_summary(std::string_view text);

// The clocks at `server_time`: per seat the ms left (null where a seat has no running account).
struct clock_view {
    clock_settings settings;
    std::vector<std::optional<std::int64_t>> remaining_ms;
    int running = -1;  // the seat whose time runs; -1 for none
    std::int64_t server_time = 0;
};

// How the game ended, whoever ended it: the rules or the room (timeout, resignation, ...).
struct result_view {
    std::vector<int> winners;  // empty: a draw, or no result (closed)
    std::string reason;        // in English, for logs and tools
    std::string by;            // rules, timeout, resign, draw, claim, retired, closed
    // What a client words: the rules' code (docs/rules.md §8) or the room's ("resigned",
    // "timeout", "claimed", "last_left" with the seat's figure, "draw_agreed").
    std::string code;
    std::vector<rules::figure> figures;

    // A moderator closed the game (#31): it has no result, not even a draw, and is never rated.
    bool no_result() const { return by == "closed"; }
    bool draw() const { return winners.empty() && !no_result(); }
};

// Everything a snapshot shows; the game is rendered with state_json.
struct snapshot_view {
    std::string_view room;
    std::int64_t version = 0;
    room_status status = room_status::waiting;
    std::span<const seat_view> seats;
    int spectators = 0;
    std::string_view last_move;  // the last player's recorded token; empty before the first
    int forced_passes = 0;       // passes the server applied right after it
    const rules::game* game = nullptr;
    clock_view clock;
    std::optional<result_view> result;
    int draw_offer = -1;                  // the seat whose draw offer stands; -1 for none
    int takeback = -1;                    // the seat whose takeback request stands; -1: none
    std::span<const int> rematch_agreed;  // seats that asked for a rematch
    std::string_view rematch_room;        // the rematch's room code once it exists
    // Fair dice (PROTOCOL.md): the game's id and commitment in every snapshot, the seed once the
    // game is finished (empty before: sent as null).
    std::string_view game_id;
    std::string_view commitment;
    std::string_view seed;
};

// One chat line as every recipient sees it.
struct chat_view {
    std::string_view room;
    bool spectators_channel = false;
    int seat = -1;  // -1: a spectator
    std::string_view name;
    std::string_view text;
    std::int64_t at_ms = 0;
};

message_ptr error_message(const error& failure, const request_id& id, std::string_view room = {});
// `account`: the user name when the identity is an account (null on the wire for a guest);
// `role`: a moderator's or admin's role (#31), left out for everyone else.
message_ptr welcome_message(const request_id& id, std::string_view token, std::string_view name,
                            bool resumed, std::string_view account = {},
                            int protocol = first_protocol, std::string_view role = {});
// To the other connections of an account that signed out everywhere: they are guests no more
// and must send hello again. `banned`: a moderator banned the account (#31).
message_ptr signed_out_message(bool banned = false);
// How many running games wait for the account's move (#29), pushed to each of its connections.
message_ptr turns_message(std::int64_t count);
// The answer to change_password: the new password holds (and the other sessions ended when asked).
message_ptr password_changed_message(const request_id& id);
// What never changes in a room, told in `joined`: protocol 2's snapshots leave it out.
struct room_constants {
    std::string_view game_id;
    std::string_view commitment;  // fair dice (PROTOCOL.md); empty: the room has none
    clock_settings clock;
    bool takebacks = false;  // the room allows takebacks (#29)
};
message_ptr joined_message(const request_id& id, std::string_view room, role as, int seat,
                           const room_constants& constants);
message_ptr left_message(const request_id& id, std::string_view room);
message_ptr bot_added_message(const request_id& id, std::string_view room, int seat);
message_ptr moved_message(const request_id& id, std::string_view room, std::int64_t version);
message_ptr pong_message(const request_id& id);
// Sends the client to the node that serves `room` now (PROTOCOL.md `redirect`): the answer to a
// request for a room owned by another node, or (no id) to the members of a room this node no
// longer serves. An empty `url`: reconnect to the same server and join again.
message_ptr redirect_message(const request_id& id, std::string_view room, std::string_view url);
message_ptr done_message(const request_id& id, std::string_view room);
message_ptr chat_message(const chat_view& line);
// To every member of `room`: the chat line written at `at` was hidden by a moderator (#31).
message_ptr chat_hidden_message(std::string_view room, std::int64_t at);
// The lobby: public rooms, open seeks (`seeks`) and open challenges (`open_challenges`, #29).
message_ptr rooms_message(const request_id& id, std::span<const room_summary* const> rooms,
                          std::span<const seek_summary> seeks = {},
                          std::span<const challenge_view> open_challenges = {});
// The answer to `seek`: the seek is open under `seek` (a pairing may follow at once).
message_ptr seeking_message(const request_id& id, std::uint64_t seek);
// The answer to `cancel_seek`.
message_ptr seek_cancelled_message(const request_id& id, std::uint64_t seek);
// A seek was paired: the seeker holds `seat` of the new room `room`; `joined` and a snapshot
// follow.
message_ptr paired_message(std::uint64_t seek, std::string_view room, int seat);
// The snapshot in the form of `protocol`: 1 draws the game's state in full, 2 names its position.
// Every member speaking one protocol gets the same bytes.
message_ptr snapshot_message(const snapshot_view& snapshot, int protocol = first_protocol);
// Every registered game with its seat counts and options (from the rules registry).
message_ptr games_message(const request_id& id);
struct game_export;   // protocol/record.hpp
struct running_game;  // protocol/record.hpp
// The answer to `my_games`: the identity's rooms still on, and its latest finished games; for an
// account, how many games wait for its move (`your_turn`, #29).
message_ptr my_games_message(const request_id& id, std::span<const running_game> running,
                             std::span<const game_export> finished,
                             std::optional<std::int64_t> your_turn = std::nullopt);

}  // namespace quadra::protocol
