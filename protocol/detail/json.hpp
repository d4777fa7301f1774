#pragma once
// The nlohmann values behind protocol's text functions, shared by protocol's own files only:
// no header outside protocol/detail/ includes this one, and nothing outside protocol/ may.

#include <span>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "protocol/record.hpp"
#include "rules/game.hpp"

namespace quadra::protocol {

nlohmann::json to_json(const rules::options& options);

// The one options reader: a JSON object whose values are integers or strings; the reason names
// the option.
rules::result<rules::options> options_from_json(const nlohmann::json& object);

class json_writer;
// Everything a client needs to show a game: game, options, seats (names), to_move, legal,
// status, result, scores, board (the game's own view) and position (its notation, docs/rules.md
// §6), and `ply` when given. When the room
// ended the game (`ended_by_room`: a resignation, a timeout, an agreed draw, a claim), the state
// is the effective one: status "finished", no legal requests, nobody to move; `result` stays the
// rules' own. Written without a tree: it is in every snapshot.
void write_state(json_writer& out, const rules::game& game, bool ended_by_room = false,
                 std::optional<std::size_t> ply = std::nullopt);

// A result's figures as an object of integers, members sorted by name as nlohmann prints them.
void write_figures(json_writer& out, std::span<const rules::figure> figures);
nlohmann::json figures_json(std::span<const rules::figure> figures);

// Every registered game: id, title, summary, seat counts and options (PROTOCOL.md `games`).
nlohmann::json games_json();

// A clock as create_room writes it.
nlohmann::json clock_json(const clock_settings& clock);
// Challenges as the `challenges` message and the lobby's `open_challenges` list them (#29).
nlohmann::json challenges_json(std::span<const challenge_view> challenges);
// Events as the `event` and `events` messages and GET /api/events list them.
nlohmann::json event_json(const event_view& event);
nlohmann::json event_entries_json(std::span<const event_entry_view> entries);
// {"upcoming": [...], "running": [...], "finished": [...]}.
nlohmann::json event_lists_json(std::span<const event_view> upcoming,
                                std::span<const event_view> running,
                                std::span<const event_view> finished);

// The public rooms as the `rooms` message and GET /api/rooms list them.
nlohmann::json rooms_json(std::span<const room_summary* const> rooms);

rules::result<game_record> record_from_json(const nlohmann::json& record);
nlohmann::json to_json(const game_record& record);
nlohmann::json to_json(const game_export& exported);
// The short form for listings: id, room, game, players, result, created_at, finished_at.
nlohmann::json summary_json(const game_export& exported);

// A room's result as stored and exported: {"winners", "draw", "reason", "by", "code",
// "figures"}; "by" is left out when empty (a result read from the rules alone), "code" and
// "figures" when there is no code (a result stored before codes). null when there is none.
nlohmann::json to_json(const std::optional<result_view>& result);

// Protocol 2's snapshot (compact_snapshot.cpp); snapshot_message chooses it.
message_ptr compact_snapshot_message(const snapshot_view& snapshot);

// Text of `value`, invalid UTF-8 replaced rather than thrown on.
std::string dump_text(const nlohmann::json& value, int indent = -1);

// A message's `id`, echoed from its request when it had one.
void put_id(nlohmann::json& message, const request_id& id);
// A message rendered once, to share among its recipients; text that is not UTF-8 is replaced,
// never thrown on: a bad string costs a character, not the server.
message_ptr share(const nlohmann::json& message);

}  // namespace quadra::protocol
