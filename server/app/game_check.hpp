#pragma once
// A game a request names, started by the rules with the request's options, or the refusal the
// request gets: unknown_game, or bad_options with the rules' explanation. What create_room, seek,
// challenge and create_event all check first.

#include <memory>
#include <optional>
#include <string>

#include "protocol/messages.hpp"
#include "rules/game.hpp"

namespace quadra::server {

struct checked_game {
    std::unique_ptr<rules::game> game;  // null when refused
    std::optional<protocol::error> refusal;
};
checked_game check_game(const std::string& game_id, const rules::options& options);

}  // namespace quadra::server
