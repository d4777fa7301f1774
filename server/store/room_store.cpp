#include "server/store/room_store.hpp"

#include "protocol/game_json.hpp"
#include "protocol/record.hpp"
#include "rules/registry.hpp"

namespace quadra::server {

namespace {

using kind = room_event::kind;

constexpr std::pair<kind, std::string_view> kind_names[] = {
    {kind::seated, "seated"},
    {kind::unseated, "unseated"},
    {kind::bot_seated, "bot_seated"},
    {kind::move, "move"},
    {kind::forced_pass, "forced_pass"},
    {kind::resign, "resign"},
    {kind::timeout, "timeout"},
    {kind::draw_offer, "draw_offer"},
    {kind::draw_declined, "draw_declined"},
    {kind::draw_agreed, "draw_agreed"},
    {kind::claim, "claim"},
    {kind::rematch, "rematch"},
    {kind::rematch_room, "rematch_room"},
    {kind::chat, "chat"},
    {kind::resumed, "resumed"},
    {kind::expired, "expired"},
};

}  // namespace

std::string_view kind_name(kind what) {
    for (const auto& [k, name] : kind_names)
        if (k == what) return name;
    return "unknown";
}

std::optional<kind> kind_from_name(std::string_view name) {
    for (const auto& [k, known] : kind_names)
        if (known == name) return k;
    return std::nullopt;
}

stored_event to_stored(const room_event& event, const std::string& game_id, std::int64_t seq) {
    return {game_id,    seq,        std::string(kind_name(event.what)),
            event.seat, event.text, event.who ? static_cast<std::int64_t>(event.who->id()) : 0,
            event.at_ms};
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
                                 const identity_registry& identities, room_life life,
                                 restore_after why) {
    auto options = protocol::parse_options(row.options_json);
    if (!options) return rules::refusal{"game " + row.id + ": bad options: " + options.reason()};
    auto game = rules::create_game(row.game, options.value());
    if (!game) return rules::refusal{"game " + row.id + ": " + game.reason()};
    const auto seed = seed_from_hex(row.seed_hex);
    if (!seed) return rules::refusal{"game " + row.id + ": bad seed"};
    const auto settings = protocol::parse_room_settings(row.settings_json);
    if (!settings) return rules::refusal{"game " + row.id + ": bad clock settings"};
    life.clock = settings->clock;
    life.rated = settings->rated;
    room restored(row.room_code, std::move(game).value(), row.is_public,
                  std::make_shared<fair_dice>(row.id, *seed), std::move(life));
    for (const auto& e : events) {
        const auto what = kind_from_name(e.kind);
        if (!what)
            return rules::refusal{"game " + row.id + " event " + std::to_string(e.seq) +
                                  ": unknown kind '" + e.kind + "'"};
        room_event event{*what, e.seat, e.text, nullptr, e.at_ms};
        if (*what == kind::chat && e.identity != 0) {
            event.who = identities.find_id(static_cast<std::uint64_t>(e.identity));
        } else if (*what == kind::seated) {
            event.who = identities.find_id(static_cast<std::uint64_t>(e.identity));
            if (!event.who)
                return rules::refusal{"game " + row.id + " event " + std::to_string(e.seq) +
                                      ": unknown identity " + std::to_string(e.identity)};
        }
        if (auto applied = restored.apply(event); !applied)
            return rules::refusal{"game " + row.id + " event " + std::to_string(e.seq) + " (" +
                                  e.kind + " " + e.text + "): " + applied.reason()};
    }
    (void)restored.take_journal();
    restored.finish_restore(why);
    return restored;
}

std::string result_text(const room& finished) {
    return protocol::result_text(finished.final_result());
}

}  // namespace quadra::server
