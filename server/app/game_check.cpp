#include "server/app/game_check.hpp"

#include "rules/registry.hpp"
#include "rules/result.hpp"

namespace quadra::server {

checked_game check_game(const std::string& game_id, const rules::options& options) {
    if (!rules::find_game_type(game_id))
        return {nullptr,
                protocol::error{protocol::error_code::unknown_game, "no game '" + game_id + "'"}};
    auto game = rules::create_game(game_id, options);
    if (!game) {
        protocol::error why{protocol::error_code::bad_options, game.reason()};
        rules::view_fields explained;
        rules::add_refusal(explained, game.why());
        why.explained = rules::view(std::move(explained));
        return {nullptr, std::move(why)};
    }
    return {std::move(game).value(), std::nullopt};
}

}  // namespace quadra::server
