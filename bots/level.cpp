#include "level.hpp"

#include <array>

namespace quadra::bots {

namespace {

struct level_entry {
    level strength;
    std::string_view name;
    int playouts;
};

constexpr std::array<level_entry, 4> levels{{
    {level::random, "random", 0},
    {level::easy, "easy", 100},
    {level::medium, "medium", 800},
    {level::hard, "hard", 3000},
}};

}  // namespace

std::optional<level> parse_level(std::string_view name) {
    for (const auto& entry : levels)
        if (entry.name == name) return entry.strength;
    return std::nullopt;
}

std::string_view level_name(level strength) {
    return levels[static_cast<std::size_t>(strength)].name;
}

int level_playouts(level strength) { return levels[static_cast<std::size_t>(strength)].playouts; }

}  // namespace quadra::bots
