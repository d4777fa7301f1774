// Requests parsed strictly from the wire's JSON, each type by one reader (PROTOCOL.md), and the
// stored clock and room settings read back with the same readers.
#include <algorithm>
#include <initializer_list>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

#include "bots/level.hpp"
#include "protocol/detail/json.hpp"
#include "protocol/messages.hpp"

namespace quadra::protocol {

using nlohmann::json;

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
    const auto protocol = in.integer("protocol", false, 0, 1 << 30);
    return {in.text("token", false, max_token_length), in.text("name", false, max_name_bytes),
            static_cast<int>(protocol.value_or(first_protocol))};
}

change_password_request read(field_reader& in, as<change_password_request>) {
    in.only({"password", "new_password", "end_other_sessions"});
    change_password_request out{in.text("password", true, max_password_bytes).value_or(""),
                                in.text("new_password", true, max_password_bytes).value_or("")};
    if (auto end = in.boolean("end_other_sessions")) out.end_other_sessions = *end;
    return out;
}

rename_account_request read(field_reader& in, as<rename_account_request>) {
    in.only({"name"});
    return {in.text("name", true, max_name_bytes).value_or("")};
}

delete_account_request read(field_reader& in, as<delete_account_request>) {
    in.only({"password"});
    return {in.text("password", true, max_password_bytes).value_or("")};
}

// A reason that is one of `allowed`, or a failure naming them.
void check_one_of(field_reader& in, const char* field, const std::string& value,
                  std::span<const std::string_view> allowed) {
    if (in.failure() || std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return;
    std::string names;
    for (const auto a : allowed) names += (names.empty() ? "\"" : ", \"") + std::string(a) + "\"";
    in.fail("field '" + std::string(field) + "' must be one of " + names);
}

// A moderator's reason: required, not blank.
std::string reason_of(field_reader& in) {
    auto reason = in.text("reason", true, max_reason_bytes).value_or("");
    if (!in.failure() && reason.find_first_not_of(" \t\n") == std::string::npos)
        in.fail("field 'reason' must say why");
    return reason;
}

moderate_request read(field_reader& in, as<moderate_request>) {
    in.only({"action", "name", "reason", "minutes"});
    moderate_request out;
    out.action = in.text("action", true, max_word_length).value_or("");
    constexpr std::string_view actions[] = {"ban", "unban", "mute", "unmute", "unlist", "relist"};
    check_one_of(in, "action", out.action, actions);
    out.name = in.text("name", true, max_name_bytes).value_or("");
    out.reason = reason_of(in);
    out.minutes = in.integer("minutes", false, 1, max_mute_minutes);
    if (out.minutes && out.action != "mute") in.fail("field 'minutes' is only for \"mute\"");
    return out;
}

report_request read(field_reader& in, as<report_request>) {
    in.only({"about", "name", "room", "at", "reason", "words"});
    report_request out;
    out.about = in.text("about", true, max_word_length).value_or("");
    constexpr std::string_view kinds[] = {"player", "game", "chat"};
    check_one_of(in, "about", out.about, kinds);
    // Each kind names what it reports, and nothing else.
    const bool player = out.about == "player";
    const bool chat = out.about == "chat";
    out.name = in.text("name", player, max_name_bytes).value_or("");
    out.room = in.text("room", !player, max_word_length).value_or("");
    out.at = in.integer("at", chat, 0, std::numeric_limits<std::int64_t>::max()).value_or(0);
    if (!in.failure() &&
        ((!player && !out.name.empty()) || (player && !out.room.empty()) || (!chat && out.at != 0)))
        in.fail("field 'about': \"" + out.about + "\" takes " +
                (player ? "'name'"
                 : chat ? "'room' and 'at'"
                        : "'room'") +
                " only");
    out.reason = in.text("reason", true, max_word_length).value_or("");
    check_one_of(in, "reason", out.reason, report_reasons);
    out.words = in.text("words", false, max_reason_bytes).value_or("");
    return out;
}

resolve_report_request read(field_reader& in, as<resolve_report_request>) {
    in.only({"report", "outcome", "reason"});
    resolve_report_request out;
    out.report =
        in.integer("report", true, 1, std::numeric_limits<std::int64_t>::max()).value_or(0);
    out.outcome = in.text("outcome", true, max_word_length).value_or("");
    constexpr std::string_view outcomes[] = {"acted", "dismissed"};
    check_one_of(in, "outcome", out.outcome, outcomes);
    out.reason = reason_of(in);
    return out;
}

block_address_request read(field_reader& in, as<block_address_request>) {
    in.only({"address", "refuse", "minutes", "reason"});
    block_address_request out;
    out.address = in.text("address", true, max_word_length).value_or("");
    out.refuse = in.text("refuse", true, max_word_length).value_or("");
    constexpr std::string_view refusals[] = {"guests", "accounts", "both"};
    check_one_of(in, "refuse", out.refuse, refusals);
    out.minutes = in.integer("minutes", false, 1, max_mute_minutes);
    out.reason = reason_of(in);
    return out;
}

unblock_address_request read(field_reader& in, as<unblock_address_request>) {
    in.only({"address", "reason"});
    unblock_address_request out;
    out.address = in.text("address", true, max_word_length).value_or("");
    out.reason = reason_of(in);
    return out;
}

hide_chat_request read(field_reader& in, as<hide_chat_request>) {
    in.only({"room", "at", "reason"});
    hide_chat_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    out.at = in.integer("at", true, 0, std::numeric_limits<std::int64_t>::max()).value_or(0);
    out.reason = reason_of(in);
    return out;
}

close_room_request read(field_reader& in, as<close_room_request>) {
    in.only({"room", "ending", "reason"});
    close_room_request out;
    out.room = in.text("room", true, max_word_length).value_or("");
    out.ending = in.text("ending", true, max_word_length).value_or("");
    constexpr std::string_view endings[] = {"no_result", "aborted"};
    check_one_of(in, "ending", out.ending, endings);
    out.reason = reason_of(in);
    return out;
}

moderation_request read(field_reader& in, as<moderation_request>) {
    in.only({"limit"});
    return {static_cast<int>(in.integer("limit", false, 1, 500).value_or(50))};
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

// A new game's `options` (none: the game's defaults), for create_room and seek alike.
rules::options read_options(field_reader& in) {
    const json* options = in.find("options", false);
    if (!options) return {};
    auto parsed = options_from_json(*options);
    if (!parsed) {
        in.fail("field 'options': " + parsed.reason());
        return {};
    }
    return std::move(parsed).value();
}

create_room_request read(field_reader& in, as<create_room_request>) {
    in.only({"game", "options", "public", "seat", "clock", "rated", "takebacks"});
    create_room_request out;
    out.game = in.text("game", true, max_word_length).value_or("");
    out.options = read_options(in);
    out.is_public = in.boolean("public").value_or(true);
    if (auto seat = in.integer("seat", false, 0, 63)) out.seat = static_cast<int>(*seat);
    if (const json* clock = in.find("clock", false)) out.clock = read_clock(*clock, in);
    out.rated = in.boolean("rated").value_or(false);
    out.takebacks = in.boolean("takebacks").value_or(false);
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
    out.options = read_options(in);
    if (const json* clock = in.find("clock", false)) out.clock = read_clock(*clock, in);
    out.rated = in.boolean("rated").value_or(false);
    if (const json* range = in.find("rating_range", false))
        out.range = read_rating_range(*range, in);
    return out;
}

// Challenges (#29). Ids are below 2^53, so a browser reads them exactly.
constexpr std::int64_t max_challenge_id = (std::int64_t{1} << 53) - 1;

challenge_request read(field_reader& in, as<challenge_request>) {
    in.only({"to", "game", "options", "clock", "rated", "takebacks"});
    challenge_request out;
    out.to = in.text("to", false, max_name_bytes);
    out.game = in.text("game", true, max_word_length).value_or("");
    out.options = read_options(in);
    if (const json* clock = in.find("clock", false)) out.clock = read_clock(*clock, in);
    out.rated = in.boolean("rated").value_or(false);
    out.takebacks = in.boolean("takebacks").value_or(false);
    return out;
}

std::int64_t challenge_id(field_reader& in) {
    return in.integer("challenge", true, 1, max_challenge_id).value_or(0);
}

template <class T>
requires std::is_same_v<T, accept_challenge_request> || std::is_same_v<T, cancel_challenge_request>
    T read(field_reader& in, as<T>) {
    in.only({"challenge"});
    return {challenge_id(in)};
}

decline_challenge_request read(field_reader& in, as<decline_challenge_request>) {
    in.only({"challenge", "reason"});
    decline_challenge_request out;
    out.challenge = challenge_id(in);
    out.reason = in.text("reason", false, max_word_length).value_or("generic");
    check_one_of(in, "reason", out.reason, decline_reasons);
    return out;
}

challenge_policy_request read(field_reader& in, as<challenge_policy_request>) {
    in.only({"accept"});
    challenge_policy_request out{in.text("accept", true, max_word_length).value_or("")};
    check_one_of(in, "accept", out.accept, challenge_policies);
    return out;
}

// Events. Ids and start times are below 2^53 too.
constexpr std::int64_t max_event_id = max_challenge_id;

// A text of `min` to `max` characters: UTF-8 code points, which the JSON parser has checked.
std::optional<std::string> characters(field_reader& in, const char* name, bool required,
                                      std::size_t min, std::size_t max) {
    auto text = in.text(name, required, 4 * max);
    if (!text) return text;
    const auto count =
        static_cast<std::size_t>(std::count_if(text->begin(), text->end(), [](char c) {
            return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        }));
    if (count >= min && count <= max) return text;
    return in.fail("field '" + std::string(name) + "' must be " +
                   (min == 0 ? "at most " + std::to_string(max)
                             : std::to_string(min) + " to " + std::to_string(max)) +
                   " characters");
}

// A live clock: a time bank, or less than a day a move (a day or more is correspondence).
bool live(const clock_settings& clock) {
    return clock.type == clock_settings::kind::bank ||
           (clock.type == clock_settings::kind::per_move && clock.move_seconds < 86400);
}

// An event's `entry` rules; `terms.rated` is read already, and makes the event accounts only.
void read_entry(const json& value, field_reader& in, event_terms& terms) {
    if (!value.is_object()) {
        in.fail("field 'entry' must be an object");
        return;
    }
    field_reader entry(value, "entry");
    entry.only({"accounts_only", "min_rating", "min_rated_games", "code"});
    terms.accounts_only = entry.boolean("accounts_only").value_or(false) || terms.rated;
    terms.min_rating = static_cast<int>(entry.integer("min_rating", false, 0, 3000).value_or(0));
    if (!entry.failure() && terms.min_rating != 0 && terms.min_rating < 500)
        entry.fail("field 'min_rating' must be 0 (none) or 500 to 3000");
    if (!entry.failure() && terms.min_rating != 0 && !terms.accounts_only)
        entry.fail("field 'min_rating' needs 'accounts_only' (a guest has no rating)");
    terms.min_rated_games =
        static_cast<int>(entry.integer("min_rated_games", false, 0, 1000).value_or(0));
    terms.entry_code = characters(entry, "code", false, 1, 40).value_or("");
    if (entry.failure()) in.fail("field 'entry': " + entry.failure()->message);
}

// create_event's fields, which are also the stored terms (event_terms_text).
event_terms read_event_terms(field_reader& in) {
    in.only({"name", "kind", "game", "options", "clock", "starts_ms", "minutes", "rounds",
             "round_pause_minutes", "organiser_rounds", "rated", "entry", "bots", "max_players"});
    event_terms out;
    out.name = characters(in, "name", true, 1, 60).value_or("");
    // A name is shown on one line in every list of events.
    if (std::any_of(out.name.begin(), out.name.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        in.fail("field 'name' must not hold control characters");
    if (out.name.find_first_not_of(' ') == std::string::npos)
        in.fail("field 'name' must not be blank");
    out.kind = in.text("kind", true, max_word_length).value_or("");
    check_one_of(in, "kind", out.kind, event_kinds);
    out.game = in.text("game", true, max_word_length).value_or("");
    out.options = read_options(in);
    if (const json* clock = in.find("clock", false)) out.clock = read_clock(*clock, in);
    out.starts_ms = in.integer("starts_ms", true, 1, max_event_id).value_or(0);
    // Each kind has its own schedule and takes none of the other's fields.
    if (out.kind == "arena") {
        out.minutes = static_cast<int>(in.integer("minutes", true, 10, 720).value_or(0));
        for (const char* swiss_only : {"rounds", "round_pause_minutes", "organiser_rounds"})
            if (in.find(swiss_only, false))
                in.fail("field '" + std::string(swiss_only) + "' is only for a swiss event");
        if (!in.failure() && !live(out.clock))
            in.fail("field 'clock': an arena needs a live clock (a bank, or under a day a move)");
    } else if (out.kind == "swiss") {
        out.rounds = static_cast<int>(in.integer("rounds", true, 1, 50).value_or(0));
        out.round_pause_minutes =
            static_cast<int>(in.integer("round_pause_minutes", false, 0, 10080).value_or(0));
        out.organiser_rounds = in.boolean("organiser_rounds").value_or(false);
        if (in.find("minutes", false)) in.fail("field 'minutes' is only for an arena");
    }
    out.rated = in.boolean("rated").value_or(false);
    out.accounts_only = out.rated;
    if (const json* entry = in.find("entry", false)) read_entry(*entry, in, out);
    out.bots = in.boolean("bots").value_or(false);
    out.max_players = static_cast<int>(in.integer("max_players", false, 0, 10000).value_or(0));
    if (!in.failure() && out.max_players == 1)
        in.fail("field 'max_players' must be 0 (no cap) or 2 to 10000");
    return out;
}

create_event_request read(field_reader& in, as<create_event_request>) {
    return {read_event_terms(in)};
}

std::int64_t event_id(field_reader& in) {
    return in.integer("event", true, 1, max_event_id).value_or(0);
}

template <class T>
requires std::is_same_v<T, pause_event_request> || std::is_same_v<T, withdraw_event_request> ||
    std::is_same_v<T, event_info_request>
        T read(field_reader& in, as<T>) {
    in.only({"event"});
    return {event_id(in)};
}

enter_event_request read(field_reader& in, as<enter_event_request>) {
    in.only({"event", "code"});
    enter_event_request out;
    out.event = event_id(in);
    out.code = characters(in, "code", false, 0, 40).value_or("");
    return out;
}

cancel_event_request read(field_reader& in, as<cancel_event_request>) {
    in.only({"event", "reason"});
    cancel_event_request out;
    out.event = event_id(in);
    out.reason = characters(in, "reason", false, 0, 200).value_or("");
    return out;
}

feature_event_request read(field_reader& in, as<feature_event_request>) {
    in.only({"event", "official"});
    feature_event_request out;
    out.event = event_id(in);
    out.official = in.boolean("official").value_or(true);
    return out;
}

// Web Push (#29): the endpoint must be https; the keys' sizes are the session's to check.
std::string push_endpoint(field_reader& in) {
    auto endpoint = in.text("endpoint", true, max_endpoint_bytes).value_or("");
    if (!in.failure() && (!endpoint.starts_with("https://") || endpoint.size() <= 8))
        in.fail("field 'endpoint' must be an https URL");
    return endpoint;
}

// The kinds of news a subscription asks for: one to four known ones, each once.
std::vector<std::string> push_kinds_of(field_reader& in) {
    std::vector<std::string> out;
    const json* kinds = in.find("kinds", true);
    if (!kinds) return out;
    if (!kinds->is_array() || kinds->empty() || kinds->size() > std::size(push_kinds)) {
        in.fail("field 'kinds' must be a list of one to four kinds");
        return out;
    }
    for (const auto& kind : *kinds) {
        const auto* name = kind.is_string() ? &kind.get_ref<const std::string&>() : nullptr;
        if (!name || std::find(std::begin(push_kinds), std::end(push_kinds), *name) ==
                         std::end(push_kinds)) {
            in.fail(R"(field 'kinds' holds only "your_turn", "challenge", "offer" and "game_end")");
            return {};
        }
        if (std::find(out.begin(), out.end(), *name) == out.end()) out.push_back(*name);
    }
    return out;
}

push_subscribe_request read(field_reader& in, as<push_subscribe_request>) {
    in.only({"endpoint", "keys", "kinds"});
    push_subscribe_request out;
    out.endpoint = push_endpoint(in);
    if (const json* keys = in.find("keys", true); keys && !keys->is_object()) {
        in.fail("field 'keys' must be an object");
    } else if (keys) {
        field_reader key(*keys, "keys");
        key.only({"p256dh", "auth"});
        out.p256dh = key.text("p256dh", true, 128).value_or("");
        out.auth = key.text("auth", true, 64).value_or("");
        if (key.failure()) in.fail("field 'keys': " + key.failure()->message);
    }
    out.kinds = push_kinds_of(in);
    return out;
}

push_unsubscribe_request read(field_reader& in, as<push_unsubscribe_request>) {
    in.only({"endpoint"});
    return {push_endpoint(in)};
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

// A request whose only field is its room: resign, the draw and takeback requests, rematch.
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
        if ((id->is_number_integer() && !id->is_number_unsigned()) ||
            (id->is_number_unsigned() && id->get<std::uint64_t>() <= INT64_MAX))
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
    if (const auto* hello = std::get_if<hello_request>(&*body);
        hello && (hello->protocol < first_protocol || hello->protocol > latest_protocol)) {
        out.failure = error{error_code::unsupported_protocol,
                            "this server speaks protocols " + std::to_string(first_protocol) +
                                " to " + std::to_string(latest_protocol)};
        return out;
    }
    out.body = std::move(body);
    return out;
}

std::optional<clock_settings> parse_clock_settings(std::string_view text) {
    const auto value = json::parse(text, nullptr, false);
    const json holder = {{"clock", value}};
    field_reader in(holder, "clock");
    auto clock = read_clock(value, in);
    if (value.is_discarded() || in.failure()) return std::nullopt;
    return clock;
}

std::optional<event_terms> parse_event_terms(std::string_view text) {
    const auto value = json::parse(text, nullptr, false);
    if (!value.is_object()) return std::nullopt;
    field_reader in(value, "event terms");
    auto terms = read_event_terms(in);
    if (in.failure()) return std::nullopt;
    return terms;
}

std::optional<room_settings> parse_room_settings(std::string_view text) {
    auto value = json::parse(text, nullptr, false);
    if (!value.is_object()) return std::nullopt;
    room_settings settings;
    for (auto [key, flag] :
         {std::pair{"rated", &settings.rated}, {"takebacks", &settings.takebacks}})
        if (auto found = value.find(key); found != value.end()) {
            if (!found->is_boolean()) return std::nullopt;
            *flag = found->get<bool>();
            value.erase(found);
        }
    const auto clock = parse_clock_settings(value.dump());
    if (!clock) return std::nullopt;
    settings.clock = *clock;
    return settings;
}

}  // namespace quadra::protocol
