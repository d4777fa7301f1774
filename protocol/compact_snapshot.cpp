// Protocol 2's snapshot (PROTOCOL.md "Protocol 2"): the room's state as protocol 1's shows it,
// in a quarter of the bytes. The game is its position notation (docs/rules.md §6), from which a
// client's rules derive the board and the legal requests; what never changes in a room came in
// `joined`, and the revealed dice seed is in the game's record; keys are short, and a value at
// its default is left out.
#include <string>

#include "protocol/detail/json.hpp"
#include "protocol/detail/json_writer.hpp"
#include "protocol/messages.hpp"

namespace quadra::protocol {

namespace {

// A free seat is null; a taken one names its holder and adds only what is not the usual:
// its bot level, and "away" (ms), "claim", "off" (not connected) and "out" (retired).
void write_seats(json_writer& out, std::span<const seat_view> seats) {
    out.begin_array();
    for (const auto& seat : seats) {
        if (!seat.taken) {
            out.null();
            continue;
        }
        out.begin_object();
        if (seat.away_since) out.key("away").value(*seat.away_since);
        if (!seat.bot.empty()) out.key("bot").value(seat.bot);
        if (seat.claimable) out.key("claim").value(1);
        out.key("name").value(seat.name);
        if (!seat.connected) out.key("off").value(1);
        if (seat.retired) out.key("out").value(1);
        out.end_object();
    }
    out.end_array();
}

// Each seat's time left as the snapshot leaves (a client counts down from its arrival) and whose
// time runs; the settings came in `joined`.
void write_clock(json_writer& out, const clock_view& clock) {
    out.begin_object();
    out.key("left").begin_array();
    for (const auto& left : clock.remaining_ms) left ? out.value(*left) : out.null();
    out.end_array();
    if (clock.running >= 0) out.key("run").value(clock.running);
    out.end_object();
}

// The result's code (protocol 1's `code`; its coarse `by` and English `reason` are left out),
// its figures and winners.
void write_result(json_writer& out, const result_view& result) {
    out.begin_object();
    out.key("by").value(result.code);
    if (!result.figures.empty()) {
        out.key("fig");
        write_figures(out, result.figures);
    }
    out.key("win").array_of(result.winners);
    out.end_object();
}

}  // namespace

message_ptr compact_snapshot_message(const snapshot_view& snapshot) {
    const bool over = snapshot.result.has_value();
    thread_local std::string buffer;
    json_writer out(std::move(buffer));
    out.begin_object();
    if (snapshot.clock.settings.type != clock_settings::kind::none) {
        out.key("clock");
        write_clock(out, snapshot.clock);
    }
    if (snapshot.draw_offer >= 0) out.key("draw").value(snapshot.draw_offer);
    if (snapshot.forced_passes > 0) out.key("forced").value(snapshot.forced_passes);
    if (!snapshot.last_move.empty()) out.key("last").value(snapshot.last_move);
    // How many requests the rules allow the seat to move: a client derives them from the
    // position, and checks its rules against this count. None once the game is over.
    if (!over) {
        if (const auto legal = snapshot.game->legal().size(); legal > 0)
            out.key("legal").value(static_cast<std::int64_t>(legal));
    }
    out.key("pos").value(snapshot.game->position());
    if (!snapshot.rematch_agreed.empty() || !snapshot.rematch_room.empty()) {
        out.key("rematch").begin_object();
        out.key("agreed").array_of(snapshot.rematch_agreed);
        if (!snapshot.rematch_room.empty()) out.key("room").value(snapshot.rematch_room);
        out.end_object();
    }
    if (over) {
        out.key("result");
        write_result(out, *snapshot.result);
    }
    out.key("room").value(snapshot.room);
    out.key("seats");
    write_seats(out, snapshot.seats);
    // Said only before the game starts: a finished game has its result.
    if (snapshot.status == room_status::waiting) out.key("st").value(status_name(snapshot.status));
    if (snapshot.takeback >= 0) out.key("tb").value(snapshot.takeback);
    out.key("type").value("snapshot");
    out.key("v").value(snapshot.version);
    if (snapshot.spectators > 0) out.key("watch").value(snapshot.spectators);
    out.end_object();
    auto message = std::make_shared<const std::string>(out.text());
    buffer = out.take();
    return message;
}

}  // namespace quadra::protocol
