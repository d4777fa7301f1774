// Every message the server sends, rendered (PROTOCOL.md); requests are parsed in requests.cpp.
#include "messages.hpp"

#include <utility>

#include <nlohmann/json.hpp>

#include "protocol/detail/json.hpp"
#include "protocol/detail/json_writer.hpp"
#include "protocol/game_json.hpp"

namespace quadra::protocol {

using nlohmann::json;

std::string_view code_name(error_code code) {
    switch (code) {
        case error_code::bad_json:
            return "bad_json";
        case error_code::bad_frame:
            return "bad_frame";
        case error_code::unknown_type:
            return "unknown_type";
        case error_code::bad_field:
            return "bad_field";
        case error_code::too_large:
            return "too_large";
        case error_code::rate_limited:
            return "rate_limited";
        case error_code::unsupported_protocol:
            return "unsupported_protocol";
        case error_code::not_identified:
            return "not_identified";
        case error_code::bad_token:
            return "bad_token";
        case error_code::unknown_game:
            return "unknown_game";
        case error_code::bad_options:
            return "bad_options";
        case error_code::server_full:
            return "server_full";
        case error_code::no_such_room:
            return "no_such_room";
        case error_code::room_full:
            return "room_full";
        case error_code::seat_taken:
            return "seat_taken";
        case error_code::not_in_room:
            return "not_in_room";
        case error_code::not_a_player:
            return "not_a_player";
        case error_code::not_started:
            return "not_started";
        case error_code::game_over:
            return "game_over";
        case error_code::not_your_turn:
            return "not_your_turn";
        case error_code::stale_version:
            return "stale_version";
        case error_code::illegal_move:
            return "illegal_move";
        case error_code::not_allowed:
            return "not_allowed";
        case error_code::no_draw_offer:
            return "no_draw_offer";
        case error_code::not_claimable:
            return "not_claimable";
        case error_code::not_finished:
            return "not_finished";
        case error_code::too_long:
            return "too_long";
        case error_code::store_failed:
            return "store_failed";
        case error_code::bad_credentials:
            return "bad_credentials";
        case error_code::name_taken:
            return "name_taken";
        case error_code::bad_name:
            return "bad_name";
        case error_code::weak_password:
            return "weak_password";
        case error_code::too_many_attempts:
            return "too_many_attempts";
        case error_code::already_account:
            return "already_account";
        case error_code::not_signed_in:
            return "not_signed_in";
        case error_code::account_required:
            return "account_required";
        case error_code::bots_not_rated:
            return "bots_not_rated";
        case error_code::no_seek:
            return "no_seek";
        case error_code::muted:
            return "muted";
        case error_code::banned:
            return "banned";
        case error_code::no_such_account:
            return "no_such_account";
        case error_code::no_change:
            return "no_change";
        case error_code::no_such_report:
            return "no_such_report";
        case error_code::no_such_line:
            return "no_such_line";
        case error_code::no_takeback:
            return "no_takeback";
        case error_code::no_takeback_request:
            return "no_takeback_request";
        case error_code::no_such_challenge:
            return "no_such_challenge";
        case error_code::too_many_challenges:
            return "too_many_challenges";
        case error_code::address_refused:
            return "address_refused";
        case error_code::no_such_event:
            return "no_such_event";
        case error_code::event_closed:
            return "event_closed";
        case error_code::event_full:
            return "event_full";
        case error_code::already_entered:
            return "already_entered";
        case error_code::not_entered:
            return "not_entered";
        case error_code::wrong_entry_code:
            return "wrong_entry_code";
        case error_code::not_eligible:
            return "not_eligible";
        case error_code::too_many_events:
            return "too_many_events";
    }
    return "unknown";
}

std::string_view role_name(role r) { return r == role::player ? "player" : "spectator"; }

std::string_view status_name(room_status status) {
    switch (status) {
        case room_status::waiting:
            return "waiting";
        case room_status::playing:
            return "playing";
        case room_status::finished:
            return "finished";
    }
    return "waiting";
}

void put_id(json& message, const request_id& id) {
    if (const auto* n = std::get_if<std::int64_t>(&id))
        message["id"] = *n;
    else if (const auto* s = std::get_if<std::string>(&id))
        message["id"] = *s;
}

message_ptr share(const json& message) {
    return std::make_shared<const std::string>(dump_text(message));
}

namespace {

void write_seats(json_writer& out, std::span<const seat_view> seats) {
    out.begin_array();
    for (const auto& seat : seats) {
        if (!seat.taken) {
            out.null();
            continue;
        }
        out.begin_object();
        if (seat.away_since) out.key("away_since").value(*seat.away_since);
        if (!seat.bot.empty()) out.key("bot").value(seat.bot);
        if (seat.claimable) out.key("claimable").value(true);
        out.key("connected").value(seat.connected);
        out.key("name").value(seat.name);
        if (seat.retired) out.key("retired").value(true);
        out.end_object();
    }
    out.end_array();
}

// The clock's settings; a snapshot's `live` clock adds what is left and whose time runs.
void write_clock(json_writer& out, const clock_settings& clock, const clock_view* live = nullptr) {
    using kind = clock_settings::kind;
    out.begin_object();
    if (clock.type == kind::bank) {
        out.key("increment_seconds").value(clock.increment_seconds);
        out.key("initial_seconds").value(clock.initial_seconds);
    }
    if (live && clock.type != kind::none) {
        out.key("remaining_ms").begin_array();
        for (const auto& left : live->remaining_ms) left ? out.value(*left) : out.null();
        out.end_array();
        out.key("running");
        live->running >= 0 ? out.value(live->running) : out.null();
    }
    if (clock.type == kind::per_move) out.key("seconds").value(clock.move_seconds);
    if (live && clock.type != kind::none) out.key("server_time").value(live->server_time);
    out.key("type").value(clock.type == kind::bank       ? "bank"
                          : clock.type == kind::per_move ? "per_move"
                                                         : "none");
    out.end_object();
}

// The tree forms, for the messages still built as trees (the lobby's), written by the same code.
json seats_json(std::span<const seat_view> seats) {
    json_writer out;
    write_seats(out, seats);
    return json::parse(out.take());
}

}  // namespace

json clock_json(const clock_settings& clock) {
    json_writer out;
    write_clock(out, clock);
    return json::parse(out.take());
}

std::string clock_settings_text(const clock_settings& clock) { return clock_json(clock).dump(); }

std::string room_settings_text(const room_settings& settings) {
    json value = clock_json(settings.clock);
    if (settings.rated) value["rated"] = true;
    if (settings.takebacks) value["takebacks"] = true;
    return value.dump();
}

message_ptr error_message(const error& failure, const request_id& id, std::string_view room) {
    json message = {
        {"type", "error"}, {"code", code_name(failure.code)}, {"message", failure.message}};
    if (failure.retry_after_seconds) message["retry_after"] = *failure.retry_after_seconds;
    if (failure.explained) {
        auto details = json::parse(view_text(*failure.explained));
        if (details.is_object() && details.contains("reason")) {
            message["reason"] = details["reason"];
            // "message" is the error's own; "legal" is false by definition.
            for (const char* known : {"legal", "message", "reason"}) details.erase(known);
            message["details"] = std::move(details);
        }
    }
    put_id(message, id);
    if (!room.empty()) message["room"] = room;
    return share(message);
}

message_ptr welcome_message(const request_id& id, std::string_view token, std::string_view name,
                            bool resumed, std::string_view account, int protocol,
                            std::string_view role) {
    json message = {
        {"type", "welcome"},  {"protocol", protocol},
        {"token", token},     {"name", name},
        {"resumed", resumed}, {"account", account.empty() ? json(nullptr) : json(account)}};
    if (!role.empty()) message["role"] = role;
    put_id(message, id);
    return share(message);
}

message_ptr signed_out_message(bool banned) {
    json message = {{"type", "signed_out"}};
    if (banned) message["reason"] = "banned";
    return share(message);
}

message_ptr turns_message(std::int64_t count) {
    return share({{"type", "turns"}, {"count", count}});
}

message_ptr password_changed_message(const request_id& id) {
    json message = {{"type", "password_changed"}};
    put_id(message, id);
    return share(message);
}

message_ptr joined_message(const request_id& id, std::string_view room, role as, int seat,
                           const room_constants& constants) {
    json message = {{"type", "joined"},
                    {"room", room},
                    {"as", role_name(as)},
                    {"clock", clock_json(constants.clock)}};
    message["seat"] = as == role::player ? json(seat) : json(nullptr);
    if (!constants.game_id.empty()) message["game_id"] = constants.game_id;
    if (!constants.commitment.empty()) message["commitment"] = constants.commitment;
    if (constants.takebacks) message["takebacks"] = true;
    put_id(message, id);
    return share(message);
}

message_ptr left_message(const request_id& id, std::string_view room) {
    json message = {{"type", "left"}, {"room", room}};
    put_id(message, id);
    return share(message);
}

message_ptr bot_added_message(const request_id& id, std::string_view room, int seat) {
    json message = {{"type", "bot_added"}, {"room", room}, {"seat", seat}};
    put_id(message, id);
    return share(message);
}

message_ptr moved_message(const request_id& id, std::string_view room, std::int64_t version) {
    json message = {{"type", "moved"}, {"room", room}, {"version", version}};
    put_id(message, id);
    return share(message);
}

message_ptr done_message(const request_id& id, std::string_view room) {
    json message = {{"type", "done"}, {"room", room}};
    put_id(message, id);
    return share(message);
}

message_ptr chat_message(const chat_view& line) {
    json message = {{"type", "chat"},
                    {"room", line.room},
                    {"channel", line.spectators_channel ? "spectators" : "players"},
                    {"seat", line.seat >= 0 ? json(line.seat) : json(nullptr)},
                    {"name", line.name},
                    {"text", line.text},
                    {"at", line.at_ms}};
    return share(message);
}

message_ptr chat_hidden_message(std::string_view room, std::int64_t at) {
    return share({{"type", "chat_hidden"}, {"room", room}, {"at", at}});
}

message_ptr redirect_message(const request_id& id, std::string_view room, std::string_view url) {
    json message = {{"type", "redirect"}, {"room", room}, {"url", url}};
    put_id(message, id);
    return share(message);
}

message_ptr pong_message(const request_id& id) {
    json message = {{"type", "pong"}};
    put_id(message, id);
    return share(message);
}

namespace {

json summary_json(const room_summary& room) {
    int taken = 0;
    for (const auto& seat : room.seats) taken += seat.taken ? 1 : 0;
    json summary = {{"room", room.room},
                    {"game", room.game},
                    {"options", to_json(room.options)},
                    {"status", status_name(room.status)},
                    {"seat_count", room.seats.size()},
                    {"seats_taken", taken},
                    {"seats", seats_json(room.seats)},
                    {"spectators", room.spectators},
                    {"clock", clock_json(room.clock)}};
    if (room.rated) summary["rated"] = true;
    if (room.takebacks) summary["takebacks"] = true;
    return summary;
}

std::optional<room_status> status_named(std::string_view name) {
    for (auto status : {room_status::waiting, room_status::playing, room_status::finished})
        if (status_name(status) == name) return status;
    return std::nullopt;
}

std::optional<seat_view> seat_from_json(const json& held) {
    if (held.is_null()) return seat_view{};
    if (!held.is_object() || !held.contains("name") || !held["name"].is_string()) return {};
    seat_view seat;
    seat.taken = true;
    seat.name = held["name"];
    seat.connected = held.value("connected", false);
    seat.bot = held.value("bot", "");
    seat.retired = held.value("retired", false);
    if (held.contains("away_since")) seat.away_since = held.value("away_since", std::int64_t{0});
    seat.claimable = held.value("claimable", false);
    return seat;
}

}  // namespace

json rooms_json(std::span<const room_summary* const> rooms) {
    json list = json::array();
    for (const auto* room : rooms) list.push_back(summary_json(*room));
    return list;
}

std::string room_summary_text(const room_summary& summary) {
    return dump_text(summary_json(summary));
}

std::optional<room_summary> parse_room_summary(std::string_view text) {
    const auto value = json::parse(text, nullptr, false);
    if (!value.is_object() || !value.contains("seats") || !value["seats"].is_array()) return {};
    room_summary summary;
    summary.room = value.value("room", "");
    summary.game = value.value("game", "");
    const auto status = status_named(value.value("status", ""));
    auto options = options_from_json(value.value("options", json::object()));
    const auto clock = parse_clock_settings(value.contains("clock") ? value["clock"].dump() : "");
    if (summary.room.empty() || !status || !options || !clock) return {};
    summary.status = *status;
    summary.options = std::move(options).value();
    summary.clock = *clock;
    summary.spectators = value.value("spectators", 0);
    summary.rated = value.value("rated", false);
    summary.takebacks = value.value("takebacks", false);
    for (const auto& held : value["seats"]) {
        auto seat = seat_from_json(held);
        if (!seat) return {};
        summary.seats.push_back(std::move(*seat));
    }
    return summary;
}

namespace {

json seek_json(const seek_summary& seek) {
    json out = {{"seek", seek.id},
                {"game", seek.game},
                {"options", to_json(seek.options)},
                {"clock", clock_json(seek.clock)},
                {"rated", seek.rated},
                {"name", seek.name},
                {"rating", seek.rating},
                {"seat_count", seek.seat_count}};
    out["rating_range"] =
        seek.range ? json{{"min", seek.range->min}, {"max", seek.range->max}} : json(nullptr);
    return out;
}

}  // namespace

std::string seek_summary_text(const seek_summary& seek) { return dump_text(seek_json(seek)); }

std::optional<seek_summary> parse_seek_summary(std::string_view text) {
    const auto value = json::parse(text, nullptr, false);
    if (!value.is_object() || !value.contains("seek") || !value["seek"].is_number_unsigned())
        return {};
    seek_summary seek;
    seek.id = value["seek"];
    seek.game = value.value("game", "");
    auto options = options_from_json(value.value("options", json::object()));
    const auto clock = parse_clock_settings(value.contains("clock") ? value["clock"].dump() : "");
    if (seek.game.empty() || !options || !clock) return {};
    seek.options = std::move(options).value();
    seek.clock = *clock;
    seek.rated = value.value("rated", false);
    seek.name = value.value("name", "");
    seek.rating = value.value("rating", 1500);
    seek.seat_count = value.value("seat_count", 2);
    if (const auto range = value.find("rating_range"); range != value.end() && range->is_object())
        seek.range = rating_range{range->value("min", 0), range->value("max", 0)};
    return seek;
}

message_ptr rooms_message(const request_id& id, std::span<const room_summary* const> rooms,
                          std::span<const seek_summary> seeks,
                          std::span<const challenge_view> open_challenges) {
    json open = json::array();
    for (const auto& seek : seeks) open.push_back(seek_json(seek));
    json message = {{"type", "rooms"},
                    {"rooms", rooms_json(rooms)},
                    {"seeks", std::move(open)},
                    {"open_challenges", challenges_json(open_challenges)}};
    put_id(message, id);
    return share(message);
}

message_ptr seeking_message(const request_id& id, std::uint64_t seek) {
    json message = {{"type", "seeking"}, {"seek", seek}};
    put_id(message, id);
    return share(message);
}

message_ptr seek_cancelled_message(const request_id& id, std::uint64_t seek) {
    json message = {{"type", "seek_cancelled"}, {"seek", seek}};
    put_id(message, id);
    return share(message);
}

message_ptr paired_message(std::uint64_t seek, std::string_view room, int seat) {
    return share({{"type", "paired"}, {"seek", seek}, {"room", room}, {"seat", seat}});
}

message_ptr snapshot_message(const snapshot_view& snapshot, int protocol) {
    if (protocol >= 2) return compact_snapshot_message(snapshot);
    // Written in a buffer the thread keeps (a snapshot follows every move), then copied once
    // at its size. Members in name order, as every other message prints them.
    thread_local std::string buffer;
    json_writer out(std::move(buffer));
    out.begin_object();
    out.key("clock");
    write_clock(out, snapshot.clock.settings, &snapshot.clock);
    if (!snapshot.commitment.empty()) out.key("commitment").value(snapshot.commitment);
    out.key("draw_offer");
    snapshot.draw_offer >= 0 ? out.value(snapshot.draw_offer) : out.null();
    out.key("forced_passes").value(snapshot.forced_passes);
    if (!snapshot.commitment.empty()) out.key("game_id").value(snapshot.game_id);
    out.key("last_move").text_or_null(snapshot.last_move);
    out.key("rematch").begin_object();
    out.key("agreed").array_of(snapshot.rematch_agreed);
    out.key("room").text_or_null(snapshot.rematch_room);
    out.end_object();
    out.key("result");
    if (snapshot.result) {
        out.begin_object();
        out.key("by").value(snapshot.result->by);
        out.key("code").value(snapshot.result->code);
        out.key("figures");
        write_figures(out, snapshot.result->figures);
        out.key("reason").value(snapshot.result->reason);
        out.key("status").value("finished");
        out.key("winners").array_of(snapshot.result->winners);
        out.end_object();
    } else {
        out.null();
    }
    out.key("room").value(snapshot.room);
    out.key("seats");
    write_seats(out, snapshot.seats);
    if (!snapshot.commitment.empty()) out.key("seed").text_or_null(snapshot.seed);
    out.key("spectators").value(snapshot.spectators);
    out.key("state");
    write_state(out, *snapshot.game, snapshot.result.has_value());
    out.key("status").value(status_name(snapshot.status));
    // Only while a request stands, so a snapshot of a room without one is as before #29.
    if (snapshot.takeback >= 0) out.key("takeback").value(snapshot.takeback);
    out.key("type").value("snapshot");
    out.key("version").value(snapshot.version);
    out.end_object();
    auto message = std::make_shared<const std::string>(out.text());
    buffer = out.take();
    return message;
}

message_ptr my_games_message(const request_id& id, std::span<const running_game> running,
                             std::span<const game_export> finished,
                             std::optional<std::int64_t> your_turn) {
    json on = json::array();
    for (const auto& r : running) {
        json entry = summary_json(r.game);
        entry["options"] = to_json(r.game.record.options);
        entry["status"] = r.status ? json(status_name(*r.status)) : json(nullptr);
        if (r.your_turn) {
            entry["your_turn"] = true;
            entry["deadline"] = r.deadline_ms ? json(*r.deadline_ms) : json(nullptr);
        }
        on.push_back(std::move(entry));
    }
    json done = json::array();
    for (const auto& game : finished) done.push_back(summary_json(game));
    json message = {
        {"type", "my_games"}, {"running", std::move(on)}, {"finished", std::move(done)}};
    if (your_turn) message["your_turn"] = *your_turn;
    put_id(message, id);
    return share(message);
}

message_ptr games_message(const request_id& id) {
    // The catalogue never changes while the server runs, so it is built once.
    static const json catalogue = games_json();
    json message = {{"type", "games"}, {"games", catalogue}};
    put_id(message, id);
    return share(message);
}

}  // namespace quadra::protocol
