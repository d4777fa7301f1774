#include "server/store/rated_games.hpp"

#include <algorithm>
#include <tuple>

namespace quadra::server {

namespace {

using clock_kind = protocol::clock_settings::kind;

std::string class_of_duration(std::int64_t seconds) {
    if (seconds < 180) return "bullet";
    if (seconds < 480) return "blitz";
    if (seconds < 1500) return "rapid";
    return "classical";
}

}  // namespace

std::string speed_class(const protocol::clock_settings& clock) {
    switch (clock.type) {
        case clock_kind::none:
            break;
        case clock_kind::bank:
            return class_of_duration(clock.initial_seconds + 40 * clock.increment_seconds);
        case clock_kind::per_move:
            if (clock.move_seconds >= 86400) return "correspondence";
            return class_of_duration(40 * clock.move_seconds);
    }
    return "untimed";
}

std::string rating_key(const std::string& game, int seat_count,
                       const protocol::clock_settings& clock) {
    return game + "." + (seat_count > 2 ? std::string("4p") : speed_class(clock));
}

std::int64_t bot_rating_identity(bots::level strength) {
    return -1 - static_cast<std::int64_t>(strength);
}

std::optional<bots::level> bot_of_rating_identity(std::int64_t identity) {
    for (const auto strength : bots::all_levels())
        if (bot_rating_identity(strength) == identity) return strength;
    return std::nullopt;
}

std::optional<rated_game> rated_game_of(const room& finished) {
    const auto result = finished.final_result();
    if (!finished.policy().rated || !result || result->no_result()) return std::nullopt;
    const auto& game = finished.game();
    const auto& seating = finished.seating();
    const int n = seating.size();
    rated_game rated;
    rated.key = rating_key(std::string(game.id()), n, finished.policy().clock);
    rated.system = n > 2 ? rating_system::weng_lin : rating_system::glicko2;
    const auto scores = game.current_outcome().scores;
    // Better is larger: a winner, still in the game, more points. The seats that retired are
    // tied, whatever they held when they left.
    std::vector<std::tuple<bool, bool, int>> standing;
    for (int s = 0; s < n; ++s) {
        const bool winner =
            std::find(result->winners.begin(), result->winners.end(), s) != result->winners.end();
        const bool still_in = n == 2 || !game.retired(s);
        const int score = n > 2 && still_in && static_cast<std::size_t>(s) < scores.size()
                              ? scores[static_cast<std::size_t>(s)]
                              : 0;
        standing.emplace_back(winner, still_in, score);
        const auto& held = seating[s];
        if (held.holder)
            rated.players.push_back({static_cast<std::int64_t>(held.holder->id()), 0});
        else if (held.bot)
            rated.players.push_back({bot_rating_identity(*held.bot), 0});
        else
            return std::nullopt;
    }
    for (int s = 0; s < n; ++s) {
        for (int other = 0; other < n; ++other)
            if (standing[static_cast<std::size_t>(other)] > standing[static_cast<std::size_t>(s)])
                ++rated.players[static_cast<std::size_t>(s)].place;
        for (int other = 0; other < s; ++other)
            if (rated.players[static_cast<std::size_t>(other)].identity ==
                rated.players[static_cast<std::size_t>(s)].identity)
                return std::nullopt;  // one player in two seats rates against nobody
    }
    return rated;
}

}  // namespace quadra::server
