#pragma once
// The read-only HTTP API over rooms and stored games (PROTOCOL.md "HTTP"): GET /api/rooms,
// GET /api/games/{id} and GET /api/games/{id}/position?ply=K. No Asio here: the HTTP session
// asks for an answer and writes it.

#include <optional>
#include <string>
#include <string_view>

#include "protocol/api_json.hpp"
#include "protocol/record.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

class lobby;
class store;

// A JSON answer and its HTTP status.
struct api_answer {
    unsigned status = 200;
    std::string body;
};

// The answer for `target` (path and query) when it names the API, else nullopt.
std::optional<api_answer> answer_api(std::string_view target, const lobby& rooms,
                                     const store& games);

// A player's profile (#17): ratings, recent rated games newest first, wins/draws/losses per game.
protocol::user_view user_profile(const store& games, const identity_row& who);

// A stored game as exported (record, players, times, commitment, seed once finished).
std::optional<protocol::game_export> export_game(const store& games, const std::string& id);

}  // namespace quadra::server
