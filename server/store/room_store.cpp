#include "server/store/room_store.hpp"

#include <charconv>

#include "protocol/game_json.hpp"
#include "protocol/overloaded.hpp"
#include "protocol/record.hpp"
#include "rules/registry.hpp"

namespace quadra::server {

namespace {

using protocol::overloaded;

// The parts of a stored row that an event fills: kind, seat, text and identity.
struct row_fields {
    std::string_view kind;
    int seat = -1;
    std::string text;
    std::int64_t identity = 0;
};

// A row that holds only a seat (-1: none).
row_fields seat_row(std::string_view kind, int seat = -1) { return {kind, seat, {}, 0}; }

std::int64_t id_of(const std::shared_ptr<identity>& who) {
    return who ? static_cast<std::int64_t>(who->id()) : 0;
}

row_fields fields_of(const room_event& event) {
    return std::visit(
        overloaded{
            [](const events::seated& e) -> row_fields {
                return {"seated", e.seat, e.name, id_of(e.who)};
            },
            [](const events::unseated& e) -> row_fields { return seat_row("unseated", e.seat); },
            [](const events::bot_seated& e) -> row_fields {
                return {"bot_seated", e.seat, std::string(bots::level_name(e.level)), 0};
            },
            [](const events::move& e) -> row_fields {
                return {"move", e.seat, e.token, 0};
            },
            [](const events::forced_pass& e) -> row_fields {
                return {"forced_pass", e.seat, "pass", 0};
            },
            [](const events::resign& e) -> row_fields { return seat_row("resign", e.seat); },
            [](const events::timeout& e) -> row_fields { return seat_row("timeout", e.seat); },
            [](const events::draw_offer& e) -> row_fields {
                return seat_row("draw_offer", e.seat);
            },
            [](const events::draw_declined& e) -> row_fields {
                return seat_row("draw_declined", e.seat);
            },
            [](const events::draw_agreed& e) -> row_fields {
                return seat_row("draw_agreed", e.seat);
            },
            // The claimed seat is the row's seat, the claimer's seat its text.
            [](const events::claim& e) -> row_fields {
                return {"claim", e.seat, std::to_string(e.claimer), 0};
            },
            [](const events::rematch& e) -> row_fields { return seat_row("rematch", e.seat); },
            [](const events::rematch_room& e) -> row_fields {
                return {"rematch_room", -1, e.code.text(), 0};
            },
            [](const events::chat& e) -> row_fields {
                return {"chat", e.seat, e.text, id_of(e.who)};
            },
            [](const events::chat_hidden& e) -> row_fields {
                return {"chat_hidden", -1, std::to_string(e.line_at), 0};
            },
            // The text is the ending, a space and the moderator's reason; the identity is theirs.
            [](const events::closed& e) -> row_fields {
                return {"closed", -1, (e.aborted ? "aborted " : "no_result ") + e.reason,
                        id_of(e.by)};
            },
            [](const events::takeback_asked& e) -> row_fields {
                return seat_row("takeback_asked", e.seat);
            },
            [](const events::takeback_declined& e) -> row_fields {
                return seat_row("takeback_declined", e.seat);
            },
            // The answering seat is the row's seat, the record's length it goes back to its text.
            [](const events::takeback_accepted& e) -> row_fields {
                return {"takeback_accepted", e.seat, std::to_string(e.back_to), 0};
            },
            [](const events::resumed&) -> row_fields { return seat_row("resumed"); },
            [](const events::expired&) -> row_fields { return seat_row("expired"); },
        },
        event.what);
}

// The whole of `text` as a seat number, or none.
std::optional<int> seat_number(std::string_view text) {
    int seat = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seat);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return seat;
}

// The event kinds whose row holds only a seat.
template <class Event>
rules::result<room_event::any> seat_only(const stored_event& row) {
    return room_event::any{Event{row.seat}};
}

rules::result<room_event::any> what_of(const stored_event& row,
                                       const identity_registry& identities) {
    const auto& k = row.kind;
    if (k == "seated") {
        auto who = identities.find_id(static_cast<std::uint64_t>(row.identity));
        if (!who) return rules::refusal{"unknown identity " + std::to_string(row.identity)};
        return room_event::any{events::seated{row.seat, row.text, std::move(who)}};
    }
    if (k == "unseated") return seat_only<events::unseated>(row);
    if (k == "bot_seated") {
        const auto level = bots::parse_level(row.text);
        if (!level) return rules::refusal{"no level '" + row.text + "'"};
        return room_event::any{events::bot_seated{row.seat, *level}};
    }
    if (k == "move") return room_event::any{events::move{row.seat, row.text}};
    if (k == "forced_pass") {
        if (row.text != "pass") return rules::refusal{"a forced pass is 'pass'"};
        return seat_only<events::forced_pass>(row);
    }
    if (k == "resign") return seat_only<events::resign>(row);
    if (k == "timeout") return seat_only<events::timeout>(row);
    if (k == "draw_offer") return seat_only<events::draw_offer>(row);
    if (k == "draw_declined") return seat_only<events::draw_declined>(row);
    if (k == "draw_agreed") return seat_only<events::draw_agreed>(row);
    if (k == "claim") {
        const auto claimer = seat_number(row.text);
        if (!claimer) return rules::refusal{"the claimer '" + row.text + "' is not a seat number"};
        return room_event::any{events::claim{row.seat, *claimer}};
    }
    if (k == "rematch") return seat_only<events::rematch>(row);
    if (k == "rematch_room") {
        auto code = room_code::parse(row.text);
        if (!code) return rules::refusal{"'" + row.text + "' is not a room code"};
        return room_event::any{events::rematch_room{std::move(*code)}};
    }
    if (k == "chat") {
        // A writer nobody knows any more is shown as "?".
        auto who = row.identity != 0 ? identities.find_id(static_cast<std::uint64_t>(row.identity))
                                     : nullptr;
        return room_event::any{events::chat{row.seat, row.text, std::move(who)}};
    }
    if (k == "chat_hidden") {
        std::int64_t at = 0;
        const auto* end = row.text.data() + row.text.size();
        const auto [stop, error] = std::from_chars(row.text.data(), end, at);
        if (error != std::errc() || stop != end)
            return rules::refusal{"'" + row.text + "' is not a chat line's time"};
        return room_event::any{events::chat_hidden{at}};
    }
    if (k == "closed") {
        const auto space = row.text.find(' ');
        const auto ending = row.text.substr(0, space);
        if (ending != "aborted" && ending != "no_result")
            return rules::refusal{"'" + row.text + "' does not say how the game was closed"};
        auto by = row.identity != 0 ? identities.find_id(static_cast<std::uint64_t>(row.identity))
                                    : nullptr;
        auto reason = space == std::string::npos ? std::string() : row.text.substr(space + 1);
        return room_event::any{
            events::closed{ending == "aborted", std::move(by), std::move(reason)}};
    }
    if (k == "takeback_asked") return seat_only<events::takeback_asked>(row);
    if (k == "takeback_declined") return seat_only<events::takeback_declined>(row);
    if (k == "takeback_accepted") {
        std::int64_t back_to = 0;
        const auto* end = row.text.data() + row.text.size();
        const auto [stop, error] = std::from_chars(row.text.data(), end, back_to);
        if (error != std::errc() || stop != end || back_to < 0)
            return rules::refusal{"'" + row.text + "' is not a length of the record"};
        return room_event::any{events::takeback_accepted{row.seat, back_to}};
    }
    if (k == "resumed") return room_event::any{events::resumed{}};
    if (k == "expired") return room_event::any{events::expired{}};
    return rules::refusal{"unknown kind '" + k + "'"};
}

}  // namespace

stored_event to_stored(const room_event& event, const std::string& game_id, std::int64_t seq) {
    auto fields = fields_of(event);
    return {
        game_id,         seq,        std::string(fields.kind), fields.seat, std::move(fields.text),
        fields.identity, event.at_ms};
}

rules::result<room_event> from_stored(const stored_event& row,
                                      const identity_registry& identities) {
    auto what = what_of(row, identities);
    if (!what) return rules::refusal{what.reason()};
    return room_event{std::move(what).value(), row.at_ms};
}

new_game make_new_game(const std::string& room_code, const rules::game& game, bool is_public,
                       const protocol::room_settings& settings) {
    new_game made;
    made.dice = std::make_shared<fair_dice>(new_game_id(), new_dice_seed());
    auto& row = made.row;
    row.id = std::string(made.dice->game_id());
    row.room_code = room_code;
    row.game = std::string(game.id());
    row.options_json = protocol::options_text(game.settings());
    row.is_public = is_public;
    row.settings_json = protocol::room_settings_text(settings);
    row.seed_hex = std::string(made.dice->seed_hex());
    row.commitment = std::string(made.dice->commitment());
    row.created_ms = unix_ms();
    return made;
}

rules::result<room> restore_room(const game_row& row, const std::vector<stored_event>& events,
                                 const identity_registry& identities, room_policy policy,
                                 restore_after why) {
    auto options = protocol::parse_options(row.options_json);
    if (!options) return rules::refusal{"game " + row.id + ": bad options: " + options.reason()};
    auto game = rules::create_game(row.game, options.value());
    if (!game) return rules::refusal{"game " + row.id + ": " + game.reason()};
    const auto seed = seed_from_hex(row.seed_hex);
    if (!seed) return rules::refusal{"game " + row.id + ": bad seed"};
    const auto settings = protocol::parse_room_settings(row.settings_json);
    if (!settings) return rules::refusal{"game " + row.id + ": bad clock settings"};
    policy.clock = settings->clock;
    policy.rated = settings->rated;
    policy.takebacks = settings->takebacks;
    room restored(row.room_code, std::move(game).value(), row.is_public,
                  std::make_shared<fair_dice>(row.id, *seed), std::move(policy));
    for (const auto& e : events) {
        const auto refused = [&](const std::string& reason) {
            return rules::refusal{"game " + row.id + " event " + std::to_string(e.seq) + " (" +
                                  e.kind + " " + e.text + "): " + reason};
        };
        auto event = from_stored(e, identities);
        if (!event) return refused(event.reason());
        if (auto applied = restored.apply(std::move(event).value()); !applied)
            return refused(applied.reason());
    }
    (void)restored.take_journal();
    restored.finish_restore(why);
    return restored;
}

std::string result_text(const room& finished) {
    return protocol::result_text(finished.final_result());
}

}  // namespace quadra::server
