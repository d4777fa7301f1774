#include "messages.hpp"

#include <array>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

#include "bots/level.hpp"
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

namespace {

error bad_field(std::string message) { return {error_code::bad_field, std::move(message)}; }

// Reads the fields of one request object, remembering the first problem.
class field_reader {
public:
    field_reader(const json& object, std::string_view type) : object_(object), type_(type) {}

    // Refuses any field not in `allowed` (besides `type` and `id`).
    void only(std::initializer_list<std::string_view> allowed) {
        for (const auto& [name, value] : object_.items()) {
            if (name == "type" || name == "id") continue;
            bool known = false;
            for (auto a : allowed) known = known || a == name;
            if (!known) fail("unexpected field '" + name + "' in '" + std::string(type_) + "'");
        }
    }

    std::optional<std::string> text(const char* name, bool required, std::size_t max_bytes) {
        const json* value = find(name, required);
        if (!value) return std::nullopt;
        if (!value->is_string()) return fail(std::string("field '") + name + "' must be a string");
        const auto& s = value->get_ref<const std::string&>();
        if (s.size() > max_bytes)
            return fail(std::string("field '") + name + "' is longer than " +
                        std::to_string(max_bytes) + " bytes");
        return s;
    }

    std::optional<std::int64_t> integer(const char* name, bool required, std::int64_t min,
                                        std::int64_t max) {
        const json* value = find(name, required);
        if (!value) return std::nullopt;
        if (!value->is_number_integer())
            return fail(std::string("field '") + name + "' must be an integer");
        // Unsigned values above int64's range must not wrap into a plausible number.
        if (value->is_number_unsigned() &&
            value->get<std::uint64_t>() > static_cast<std::uint64_t>(max))
            return fail(std::string("field '") + name + "' is out of range");
        const auto n = value->get<std::int64_t>();
        if (n < min || n > max) return fail(std::string("field '") + name + "' is out of range");
        return n;
    }

    std::optional<bool> boolean(const char* name) {
        const json* value = find(name, false);
        if (!value) return std::nullopt;
        if (!value->is_boolean())
            return fail(std::string("field '") + name + "' must be a boolean");
        return value->get<bool>();
    }

    const json* find(const char* name, bool required) {
        auto it = object_.find(name);
        if (it == object_.end()) {
            if (required) fail(std::string("missing field '") + name + "'");
            return nullptr;
        }
        return &*it;
    }

    std::nullopt_t fail(std::string message) {
        if (!failure_) failure_ = bad_field(std::move(message));
        return std::nullopt;
    }

    std::optional<error>& failure() { return failure_; }

private:
    const json& object_;
    std::string_view type_;
    std::optional<error> failure_;
};

// The `clock` of create_room: {"type": "none" | "bank" | "per_move", ...} with bounded fields.
clock_settings read_clock(const json& value, field_reader& in) {
    clock_settings out;
    if (!value.is_object()) {
        in.fail("field 'clock' must be an object");
        return out;
    }
    field_reader clock(value, "clock");
    const auto type = clock.text("type", true, max_word_length);
    if (type == "none") {
        clock.only({"type"});
    } else if (type == "bank") {
        clock.only({"type", "initial_seconds", "increment_seconds"});
        out.type = clock_settings::kind::bank;
        out.initial_seconds = clock.integer("initial_seconds", true, 10, 86400).value_or(0);
        out.increment_seconds = clock.integer("increment_seconds", true, 0, 3600).value_or(0);
    } else if (type == "per_move") {
        clock.only({"type", "seconds"});
        out.type = clock_settings::kind::per_move;
        out.move_seconds = clock.integer("seconds", true, 10, 1209600).value_or(0);
    } else if (type) {
        clock.fail("field 'clock.type' must be \"none\", \"bank\" or \"per_move\"");
    }
    if (clock.failure()) in.fail("field 'clock': " + clock.failure()->message);
    return out;
}

// One reader per request type, chosen by overload: a request type without one does not compile.
template <class T>
using as = std::type_identity<T>;

std::string room_only(field_reader& in) {
    in.only({"room"});
    return in.text("room", true, max_word_length).value_or("");
}

hello_request read(field_reader& in, as<hello_request>) {
    in.only({"protocol", "token", "name"});
    in.integer("protocol", false, 0, 1 << 30);
    return {in.text("token", false, max_token_length), in.text("name", false, max_name_bytes)};
}

// register and sign_in: a user name and a password, both required and bounded.
template <class T>
requires std::is_same_v<T, register_request> || std::is_same_v<T, sign_in_request> T
read(field_reader& in, as<T>) {
    in.only({"name", "password"});
    return {in.text("name", true, max_name_bytes).value_or(""),
            in.text("password", true, max_password_bytes).value_or("")};
}

list_rooms_request read(field_reader& in, as<list_rooms_request>) {
    in.only({"subscribe"});
    return {in.boolean("subscribe").value_or(false)};
}

template <class T>
requires std::is_empty_v<T> T read(field_reader& in, as<T>) {
    in.only({});
    return {};
}

create_room_request read(field_reader& in, as<create_room_request>) {
    in.only({"game", "options", "public", "seat", "clock", "rated"});
    create_room_request out;
    out.game = in.text("game", true, max_word_length).value_or("");
    if (const json* options = in.find("options", false)) {
        auto parsed = options_from_json(*options);
        if (parsed)
            out.options = std::move(parsed).value();
        else
            in.fail("field 'options': " + parsed.reason());
    }
    out.is_public = in.boolean("public").value_or(true);
    if (auto seat = in.integer("seat", false, 0, 63)) out.seat = static_cast<int>(*seat);
    if (const json* clock = in.find("clock", false)) out.clock = read_clock(*clock, in);
    out.rated = in.boolean("rated").value_or(false);
    return out;
}

// `rating_range` of a seek: {"min": m, "max": M} with 0 <= m <= M <= 4000.
std::optional<rating_range> read_rating_range(const json& value, field_reader& in) {
    if (!value.is_object()) return in.fail("field 'rating_range' must be an object");
    field_reader range(value, "rating_range");
    range.only({"min", "max"});
    const auto min = range.integer("min", true, 0, 4000);
    const auto max = range.integer("max", true, 0, 4000);
    if (!range.failure() && *min > *max) range.fail("'min' is above 'max'");
    if (range.failure()) return in.fail("field 'rating_range': " + range.failure()->message);
    return rating_range{static_cast<int>(*min), static_cast<int>(*max)};
}

seek_request read(field_reader& in, as<seek_request>) {
    in.only({"game", "options", "clock", "rated", "rating_range"});
    seek_request out;
    out.game = in.text("game", true, max_word_length).value_or("");
    if (const json* options = in.find("options", false)) {
        auto parsed = options_from_json(*options);
        if (parsed)
            out.options = std::move(parsed).value();
        else
            in.fail("field 'options': " + parsed.reason());
    }
    if (const json* clock = in.find("clock", false)) out.clock = read_clock(*clock, in);
    out.rated = in.boolean("rated").value_or(false);
    if (const json* range = in.find("rating_range", false))
        out.range = read_rating_range(*range, in);
    return out;
}

join_room_request read(field_reader& in, as<join_room_request>) {
    in.only({"room", "as", "seat"});
    join_room_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    if (auto as = in.text("as", false, max_word_length)) {
        if (*as == "spectator")
            out.as = role::spectator;
        else if (*as != "player")
            in.fail("field 'as' must be \"player\" or \"spectator\"");
    }
    if (auto seat = in.integer("seat", false, 0, 63)) out.seat = static_cast<int>(*seat);
    if (out.seat && out.as == role::spectator) in.fail("a spectator takes no seat");
    return out;
}

move_request read(field_reader& in, as<move_request>) {
    in.only({"room", "move", "version"});
    move_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    out.move = in.text("move", true, max_word_length).value_or("");
    out.version = in.integer("version", true, 0, INT64_MAX).value_or(0);
    return out;
}

add_bot_request read(field_reader& in, as<add_bot_request>) {
    in.only({"room", "seat", "level"});
    add_bot_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    if (auto seat = in.integer("seat", false, 0, 63)) out.seat = static_cast<int>(*seat);
    out.level = in.text("level", true, max_word_length).value_or("");
    if (!in.failure() && !bots::parse_seat_level(out.level))
        in.fail("field 'level' must be " + bots::seat_level_names());
    return out;
}

claim_request read(field_reader& in, as<claim_request>) {
    in.only({"room", "seat"});
    claim_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    out.seat = static_cast<int>(in.integer("seat", true, 0, 63).value_or(0));
    return out;
}

chat_request read(field_reader& in, as<chat_request>) {
    in.only({"room", "text"});
    chat_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    out.text = in.text("text", true, max_chat_field_bytes).value_or("");
    return out;
}

// A request whose only field is its room: resign, offer_draw, accept_draw, decline_draw, rematch.
template <class T>
concept names_only_room = std::is_same_v<decltype(T::room), std::string> &&
                          sizeof(T) == sizeof(std::string);

template <names_only_room T>
T read(field_reader& in, as<T>) {
    return {room_only(in)};
}

// The body of a request of wire type `type`, read by that type's reader; none for a type that
// no request has.
template <std::size_t... I>
std::optional<request_body> read_body(std::string_view type, field_reader& in,
                                      std::index_sequence<I...>) {
    std::optional<request_body> out;
    auto try_one = [&]<class T>(as<T>) {
        if (T::type != type) return false;
        out.emplace(read(in, as<T>{}));
        return true;
    };
    (try_one(as<std::variant_alternative_t<I, request_body>>{}) || ...);
    return out;
}

}  // namespace

parsed_request parse_request(std::string_view text) {
    parsed_request out;
    auto document = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
        out.failure = error{error_code::bad_json, "the message is not valid JSON"};
        return out;
    }
    if (!document.is_object()) {
        out.failure = error{error_code::bad_json, "a message must be a JSON object"};
        return out;
    }
    // The id first, so that even a refusal can echo it.
    if (auto id = document.find("id"); id != document.end()) {
        if (id->is_number_integer() && !id->is_number_unsigned())
            out.id = id->get<std::int64_t>();
        else if (id->is_number_unsigned() && id->get<std::uint64_t>() <= INT64_MAX)
            out.id = id->get<std::int64_t>();
        else if (id->is_string() && id->get_ref<const std::string&>().size() <= max_word_length)
            out.id = id->get<std::string>();
        else {
            out.failure = bad_field("field 'id' must be an integer or a string of at most " +
                                    std::to_string(max_word_length) + " bytes");
            return out;
        }
    }
    auto type = document.find("type");
    if (type == document.end()) {
        out.failure = bad_field("missing field 'type'");
        return out;
    }
    if (!type->is_string()) {
        out.failure = bad_field("field 'type' must be a string");
        return out;
    }
    const auto& type_name = type->get_ref<const std::string&>();
    field_reader in(document, type_name);
    auto body =
        read_body(type_name, in, std::make_index_sequence<std::variant_size_v<request_body>>{});
    if (!body) {
        std::string shown = type_name.substr(0, max_word_length);
        out.failure = error{error_code::unknown_type, "unknown message type '" + shown + "'"};
        return out;
    }
    if (in.failure()) {
        out.failure = std::move(in.failure());
        return out;
    }
    if (std::holds_alternative<hello_request>(*body)) {
        if (auto version = document.find("protocol");
            version != document.end() && *version != protocol_version) {
            out.failure = error{error_code::unsupported_protocol,
                                "this server speaks protocol " + std::to_string(protocol_version)};
            return out;
        }
    }
    out.body = std::move(body);
    return out;
}

namespace {

void put_id(json& message, const request_id& id) {
    if (const auto* n = std::get_if<std::int64_t>(&id))
        message["id"] = *n;
    else if (const auto* s = std::get_if<std::string>(&id))
        message["id"] = *s;
}

message_ptr share(const json& message) {
    return std::make_shared<const std::string>(message.dump());
}

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

json clock_json(const clock_settings& clock) {
    json_writer out;
    write_clock(out, clock);
    return json::parse(out.take());
}

}  // namespace

std::string clock_settings_text(const clock_settings& clock) { return clock_json(clock).dump(); }

std::optional<clock_settings> parse_clock_settings(std::string_view text) {
    const auto value = json::parse(text, nullptr, false);
    const json holder = {{"clock", value}};
    field_reader in(holder, "clock");
    auto clock = read_clock(value, in);
    if (value.is_discarded() || in.failure()) return std::nullopt;
    return clock;
}

std::string room_settings_text(const room_settings& settings) {
    json value = clock_json(settings.clock);
    if (settings.rated) value["rated"] = true;
    return value.dump();
}

std::optional<room_settings> parse_room_settings(std::string_view text) {
    auto value = json::parse(text, nullptr, false);
    if (!value.is_object()) return std::nullopt;
    room_settings settings;
    if (auto rated = value.find("rated"); rated != value.end()) {
        if (!rated->is_boolean()) return std::nullopt;
        settings.rated = rated->get<bool>();
        value.erase("rated");
    }
    const auto clock = parse_clock_settings(value.dump());
    if (!clock) return std::nullopt;
    settings.clock = *clock;
    return settings;
}

message_ptr error_message(const error& failure, const request_id& id, std::string_view room) {
    json message = {
        {"type", "error"}, {"code", code_name(failure.code)}, {"message", failure.message}};
    if (failure.retry_after_seconds) message["retry_after"] = *failure.retry_after_seconds;
    put_id(message, id);
    if (!room.empty()) message["room"] = room;
    return share(message);
}

message_ptr welcome_message(const request_id& id, std::string_view token, std::string_view name,
                            bool resumed, std::string_view account) {
    json message = {
        {"type", "welcome"},  {"protocol", protocol_version},
        {"token", token},     {"name", name},
        {"resumed", resumed}, {"account", account.empty() ? json(nullptr) : json(account)}};
    put_id(message, id);
    return share(message);
}

message_ptr signed_out_message() { return share({{"type", "signed_out"}}); }

message_ptr joined_message(const request_id& id, std::string_view room, role as, int seat) {
    json message = {{"type", "joined"}, {"room", room}, {"as", role_name(as)}};
    message["seat"] = as == role::player ? json(seat) : json(nullptr);
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

message_ptr rooms_message(const request_id& id, std::span<const room_summary* const> rooms,
                          std::span<const seek_summary> seeks) {
    json open = json::array();
    for (const auto& seek : seeks) open.push_back(seek_json(seek));
    json message = {{"type", "rooms"}, {"rooms", rooms_json(rooms)}, {"seeks", std::move(open)}};
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

message_ptr snapshot_message(const snapshot_view& snapshot) {
    json_writer out;  // members in name order, as every other message prints them
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
    out.key("type").value("snapshot");
    out.key("version").value(snapshot.version);
    out.end_object();
    return std::make_shared<const std::string>(out.take());
}

message_ptr my_games_message(const request_id& id, std::span<const running_game> running,
                             std::span<const game_export> finished) {
    json on = json::array();
    for (const auto& r : running) {
        json entry = summary_json(r.game);
        entry["options"] = to_json(r.game.record.options);
        entry["status"] = r.status ? json(status_name(*r.status)) : json(nullptr);
        on.push_back(std::move(entry));
    }
    json done = json::array();
    for (const auto& game : finished) done.push_back(summary_json(game));
    json message = {
        {"type", "my_games"}, {"running", std::move(on)}, {"finished", std::move(done)}};
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
