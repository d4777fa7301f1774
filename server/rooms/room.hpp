#pragma once
// The authoritative room: a coordinator of its parts (seats, game and record, clock, draw offer,
// rematch, chat log, result), its members and its outbox. It takes requests and fills an outbox
// of (recipient, shared message); it knows nothing about sockets or threads and must be driven by
// one writer at a time. Every change to what is played is a room_event: check() decides once
// whether it may happen (with the parts' own checks) and only an event it allowed is applied,
// both live and when a room is restored from its journal (room_events.cpp).

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "bots/level.hpp"
#include "protocol/messages.hpp"
#include "rules/game.hpp"
#include "server/dice/dice.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/metrics.hpp"
#include "server/rooms/account_news.hpp"
#include "server/rooms/chat.hpp"
#include "server/rooms/chat_log.hpp"
#include "server/rooms/draw_offer.hpp"
#include "server/rooms/recipient.hpp"
#include "server/rooms/rematch_agreement.hpp"
#include "server/rooms/room_clock.hpp"
#include "server/rooms/room_event.hpp"
#include "server/rooms/room_result.hpp"
#include "server/rooms/seats.hpp"
#include "server/rooms/takeback.hpp"
#include "server/rooms/time_source.hpp"

namespace quadra::server {

// One message for one recipient.
struct delivery {
    std::shared_ptr<recipient> to;
    protocol::message_ptr message;
};
using outbox = std::vector<delivery>;

// Why a room is rebuilt from its journal: after a restart the downtime is nobody's fault; after a
// failed write the room goes on from its committed events with its clocks and grace periods as
// they were.
enum class restore_after { restart, failed_write };

// How a room runs besides its game: its clock and whether it is rated (chosen at creation), where
// it reads the time, and the server's limits on grace periods, waiting rooms and chat.
struct room_policy {
    protocol::clock_settings clock;
    bool rated = false;       // chosen at creation: every seat needs an account (#17)
    bool takebacks = false;   // chosen at creation: takebacks though rated or 4-player (#29)
    bool rated_bots = false;  // the server's setting: a rated room may seat computer players
    std::shared_ptr<const time_source> time;  // null: the system clock
    std::chrono::milliseconds seat_grace{120000};
    std::chrono::milliseconds waiting_expiry{600000};
    std::size_t max_chat_bytes = 500;
    double chat_per_second = 0.5;
    double chat_burst = 5;
    // A moderator may abort a game of at most this many recorded moves (#31); a longer one is
    // closed with no result. Checked when closing, not on replay, so a changed setting never
    // refuses a stored game.
    std::size_t abortable_moves = 4;
};

class room {
public:
    // `dice` are the game's own (fair dice: a seed per game); the room keeps it alive.
    room(std::string code, std::unique_ptr<rules::game> game, bool is_public,
         std::shared_ptr<dice_source> dice, room_policy policy = {});

    // A connection joins: as the player of the seat its identity holds, else of a chosen or the
    // first free seat, or as a spectator. A reconnect is a join by a seat's identity.
    void join(const std::shared_ptr<recipient>& link, const std::shared_ptr<identity>& who,
              const protocol::join_room_request& request, const protocol::request_id& id,
              outbox& out);
    // Seats `who` in `seat` before any connection of theirs is here: a seeker paired by this
    // node from another node's seek, who comes here by redirect and joins as its seat's identity.
    // False when the seat cannot be taken (the room's checks refused it).
    bool hold_seat(const std::shared_ptr<identity>& who, int seat, outbox& out);
    // The connection leaves; before the game starts its seat is freed.
    void leave(const std::shared_ptr<recipient>& link, const protocol::request_id& id, outbox& out);
    // The connection is gone; seats stay with their identities for a reconnect.
    void disconnect(const recipient* link, outbox& out);
    // A move request: checked, rolled, applied, followed by forced passes, then broadcast.
    void move(const std::shared_ptr<recipient>& link, const protocol::move_request& request,
              const protocol::request_id& id, outbox& out);
    // A player or the creator puts a computer player in a free seat, or in their own seat (the
    // player becomes a spectator), while the room waits for players.
    void add_bot(const std::shared_ptr<recipient>& link, const protocol::add_bot_request& request,
                 const protocol::request_id& id, outbox& out);
    // The level of the computer player to move, when the game waits for one.
    std::optional<bots::level> bot_to_move() const;
    // A computer player's move for `seat`: the same checks as a person's; a refusal is dropped.
    void bot_move(int seat, const protocol::move_request& request, outbox& out);

    // Room life (PROTOCOL.md): each checks the request, records its event and tells the members.
    void resign(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                outbox& out);
    void offer_draw(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                    outbox& out);
    // Accepts (`accept`) or declines the opponent's standing draw offer.
    void answer_draw(const std::shared_ptr<recipient>& link, bool accept,
                     const protocol::request_id& id, outbox& out);
    void claim(const std::shared_ptr<recipient>& link, const protocol::claim_request& request,
               const protocol::request_id& id, outbox& out);
    void ask_rematch(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                     outbox& out);
    void chat(const std::shared_ptr<recipient>& link, const protocol::chat_request& request,
              const protocol::request_id& id, outbox& out);
    // Takebacks by consent (#29): the player who moved last asks (a computer player to move
    // accepts at once); the player to move accepts (the move is undone) or declines.
    void ask_takeback(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                      outbox& out);
    void answer_takeback(const std::shared_ptr<recipient>& link, bool accept,
                         const protocol::request_id& id, outbox& out);
    // How many takebacks were accepted: a version can come again after one.
    int takebacks_accepted() const { return takebacks_accepted_; }
    // The account the running game waits for, and when its time runs out (#29): "your turn".
    struct waiting_for {
        std::int64_t identity = 0;
        std::optional<std::int64_t> deadline_ms;
        bool operator==(const waiting_for&) const = default;
    };
    // None when nobody with an account is to move (a guest, a computer player, no game on).
    std::optional<waiting_for> waits_for() const;
    // The accounts that hold a seat (but `except_seat`'s) with no connection in the room (#29):
    // news of the room reaches them elsewhere.
    std::vector<std::int64_t> absent_accounts(int except_seat = -1) const;
    // News the room's deadlines made for accounts away (#29): a bank clock under a tenth of its
    // first time, told once a turn. Taken by the host, which passes it on.
    std::vector<account_news> take_news() { return std::exchange(news_, {}); }
    // A moderator hid the line written at `line_at` (#31): recorded, and every member told.
    void hide_chat(std::int64_t line_at, outbox& out);
    // A moderator (`by`) closes the running game (#31): it ends with no result, or is aborted
    // if it has at most the policy's abortable moves. `link` hears `moderated`, or why not.
    void close(const std::shared_ptr<recipient>& link, const std::shared_ptr<identity>& by,
               const protocol::close_room_request& request, const protocol::request_id& id,
               outbox& out);

    // The next moment something happens by itself (a flag falls, a grace period or a waiting
    // room's time runs out), in the time source's ms; none when nothing is pending.
    std::optional<std::int64_t> next_deadline() const;
    // Acts on every deadline that has passed.
    void check_deadlines(outbox& out);
    // A waiting room nobody was connected to for the waiting expiry: it should close.
    bool expired() const { return expired_; }

    // Every player asked for a rematch and it has not been opened yet.
    bool rematch_ready() const;
    // The rematch as a new room under `code` with its own `dice`: same game, options, clock and
    // flag, seats rotated.
    room make_rematch(std::string code, std::shared_ptr<dice_source> dice);
    // Records that the rematch opened under `code` and tells the members.
    void rematch_opened(const std::string& code, outbox& out);

    // Applies one stored event of the room's journal when the room is rebuilt: checked once, as
    // a live request's event is, and refused (nothing changed) if it contradicts the room.
    rules::result<void> apply(room_event event);
    // After a restore's last apply(): after a restart the running clock and every grace period
    // start again now (downtime is nobody's fault); the snapshot is rendered (apply() does not).
    void finish_restore(restore_after why = restore_after::restart);
    // The events recorded since the last call, oldest first, for the store.
    std::vector<room_event> take_journal() { return std::exchange(journal_, {}); }
    // Takes over the connections of `old`, the same room before it was rebuilt from its
    // committed events; each member sits where its identity now holds a seat, and a seat still
    // held by the same identity keeps the time its holder went away (not in the journal).
    void adopt_members(room& old);
    // Queues the current snapshot for every member.
    void broadcast_snapshot(outbox& out) { broadcast(out); }
    // Queues `message` for every member.
    void tell_members(const protocol::message_ptr& message, outbox& out) const;
    const dice_source& dice() const { return *dice_; }
    const room_policy& policy() const { return policy_; }
    // Who holds each seat (the store rates a finished rated game from it).
    const class seats& seating() const { return seats_; }
    // How the game ended, by the rules or by the room (timeout, resignation, ...); null while on.
    std::optional<protocol::result_view> final_result() const { return result_.of(*game_); }

    const std::string& code() const { return code_; }
    std::int64_t now_ms() const { return now(); }
    std::int64_t version() const { return static_cast<std::int64_t>(record_.size()); }
    const rules::game& game() const { return *game_; }
    const std::vector<std::string>& record() const { return record_; }
    protocol::room_status status() const { return status_; }
    bool is_public() const { return is_public_; }
    std::size_t member_count() const { return members_.size(); }

    // The latest snapshot in the form of protocol `form`, rendered once per change and shared by
    // every recipient speaking it. The room does not keep it once every recipient's copy is
    // written (idle rooms kept 1.8 KB each): a later repeat (joining again) renders it anew, the
    // same but for the clock's reading.
    protocol::message_ptr snapshot(int form = protocol::first_protocol);
    protocol::room_summary summary() const;
    // True once since the last call if what the lobby lists about this room changed.
    bool take_summary_change();
    // Refusals are counted by code there (for /metrics); null: not counted.
    void report_errors_to(metrics* stats) { metrics_ = stats; }
    // Forgets every member connection, for server shutdown.
    void clear_members() { members_.clear(); }
    // A game under way that nobody is here for and no person holds a seat of (bots only): nobody
    // can come back to it. A waiting room left empty stays joinable until it expires instead.
    bool abandoned() const;

private:
    // An event check() allowed. Only check() makes one and only an allowed event is applied, so
    // each event is checked once, for live requests and restores alike.
    class allowed_event {
    public:
        const room_event& event() const { return event_; }

    private:
        friend class room;
        explicit allowed_event(room_event event) : event_(std::move(event)) {}
        room_event event_;
    };
    using checked_event = std::variant<protocol::error, allowed_event>;

    struct member {
        std::shared_ptr<recipient> link;
        std::shared_ptr<identity> who;
        int seat = -1;  // -1: spectator
        chat_bucket chat_rate;
    };

    member* find_member(const recipient* link);
    void remove_member(const recipient* link);
    // The seat a joining player takes (chosen, or the first free one), allowed, or none after
    // refusing.
    std::optional<allowed_event> seat_for(const std::shared_ptr<recipient>& link,
                                          const std::shared_ptr<identity>& who,
                                          const protocol::join_room_request& request,
                                          const protocol::request_id& id, outbox& out);
    void play(int seat, const std::shared_ptr<recipient>& link,
              const protocol::move_request& request, const protocol::request_id& id, outbox& out);
    // The recorded form of a legal request (dice rolled), or a refusal with the reason.
    rules::result<std::string> recorded_move(const protocol::move_request& request);
    protocol::seat_view view_of(int index) const;
    std::int64_t now() const { return time_->now_ms(); }

    // `event`, allowed, or why it may not happen now: each part checks what it owns.
    checked_event check(room_event event) const;
    // Whether `seat` is a player still in a running game.
    event_check in_game(int seat) const;
    // Whether `seat` is to move in a running game.
    event_check on_turn(int seat) const;
    event_check check_claim(const events::claim& claim) const;
    // Whether the room allows takebacks: a casual 2-player room, or one created allowing them.
    event_check check_takebacks_allowed() const;
    // The seat that answers the standing takeback request: the player to move, or after the
    // asker when the others were passed.
    int takeback_answerer() const;
    // Puts the room back as it was before the last move (an accepted takeback).
    rules::result<void> take_back(std::int64_t at_ms);
    // The allowed event of `checked`, or null after refusing it to `link`.
    allowed_event* allowed_or_refuse(checked_event& checked, const std::shared_ptr<recipient>& link,
                                     const protocol::request_id& id, outbox& out);
    // Applies an allowed event; refused only by the rules (a stored move they do not accept).
    rules::result<void> apply_allowed(const allowed_event& allowed);
    void take_seat(const events::seated& event, std::int64_t at_ms);
    // A person's seat goes (freed, or handed to a bot): every connection of theirs now watches.
    void release_seat(int seat);
    rules::result<void> play_token(const std::string& token);
    // The seat or draw agreement that ends the game: in a 4-player game a seat only retires.
    template <class Ending>
    rules::result<void> end_by(const Ending& ending, std::int64_t at_ms);
    // After a change to the game's course: it may start or end, the turn may pass (`moved`:
    // after a move), and unless only a move was made the lobby's listing changed.
    void settle(std::int64_t at_ms, bool moved, bool listed);
    // The seated, still playing sender of a room-life request, or -1 after refusing it.
    int playing_seat(const std::shared_ptr<recipient>& link, const protocol::request_id& id,
                     outbox& out);
    // Checks and records a room-life event with its follow-up passes, then tells everybody.
    void record_and_tell(room_event event, const std::shared_ptr<recipient>& link,
                         const protocol::request_id& id, outbox& out);
    void record_and_tell(allowed_event allowed, const std::shared_ptr<recipient>& link,
                         const protocol::request_id& id, outbox& out);
    // Takes a seat out of a 4-player game; the last seat left wins.
    rules::result<void> retire(int seat);
    // The game is over: no offer stands, no time runs.
    void finish(std::int64_t at_ms);
    void sync_clock(std::int64_t at_ms, bool moved);
    std::optional<std::int64_t> claimable_at(int index) const;
    bool claimable(int index, std::int64_t now_ms) const;
    // Notes who is connected: when a seat's holder went away, when the room became empty.
    void refresh_presence();
    bool sees(const member& m, int chat_seat) const;
    void send_chat_history(const std::shared_ptr<recipient>& link, const member& m, outbox& out);
    // Applies and journals an allowed event.
    rules::result<void> record(allowed_event allowed);
    // Checks, applies and journals an event the room makes itself; false if it was refused.
    bool record_if_allowed(room_event event);
    // Records the passes forced on sides with no move.
    void record_forced_passes();
    // Records the flags that fell by `at_ms`; true if one did.
    bool record_timeouts(std::int64_t at_ms);
    void start_if_full(std::int64_t at_ms);
    void refresh_status();
    void snapshot_changed() { snapshots_ = {}; }
    protocol::message_ptr render_snapshot(int form);
    // The room's constants for `joined`.
    protocol::message_ptr joined_message(const protocol::request_id& id, int seat) const;
    // Everybody gets the current snapshot.
    void broadcast(outbox& out);
    // A spectator came (`joiner`, who gets the snapshot now) or went. In a crowd the others
    // hear of the new count with the next snapshot, a second later at the latest.
    void spectators_changed(const std::shared_ptr<recipient>& joiner, outbox& out);
    void refuse(const std::shared_ptr<recipient>& member, protocol::error_code code,
                std::string message, const protocol::request_id& id, outbox& out);
    void refuse(const std::shared_ptr<recipient>& member, const protocol::error& why,
                const protocol::request_id& id, outbox& out);

    std::string code_;
    std::unique_ptr<rules::game> game_;
    bool is_public_;
    std::shared_ptr<dice_source> dice_;
    seats seats_;
    std::vector<member> members_;
    std::shared_ptr<identity> creator_;  // the first player; may add bots even after sitting out
    std::vector<std::string> record_;    // recorded tokens, so the room can be replayed
    std::string last_move_;
    int forced_passes_ = 0;
    protocol::room_status status_ = protocol::room_status::waiting;
    // Per protocol, from the first.
    std::array<std::weak_ptr<const std::string>, protocol::latest_protocol> snapshots_;
    bool summary_changed_ = true;
    std::vector<int> dice_buffer_;
    std::vector<room_event> journal_;  // recorded, not yet taken by the store

    room_policy policy_;
    std::shared_ptr<const time_source> time_;
    room_clock clock_;
    room_result result_;
    std::int64_t started_ms_ = 0;
    draw_offer draw_;
    takeback takeback_;
    int takebacks_accepted_ = 0;
    rematch_agreement rematch_;
    chat_log chat_;
    std::optional<std::int64_t> empty_since_;
    std::optional<std::int64_t> crowd_news_at_;  // when the crowd hears of spectators come or gone
    // Low time (#29): when the running bank falls under a tenth of its first time, unless told
    // already for the turn that ends at `low_time_told_`.
    std::optional<std::int64_t> low_time_at() const;
    std::optional<std::int64_t> low_time_told_;
    std::vector<account_news> news_;
    bool expired_ = false;
    metrics* metrics_ = nullptr;
};

}  // namespace quadra::server
