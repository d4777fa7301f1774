#include "level.hpp"

#include <array>
#include <vector>

namespace quadra::bots {

namespace {

struct level_entry {
    level strength;
    std::string_view name;
    int playouts;
    bool seatable;  // offered to rooms
};

constexpr std::array<level_entry, 5> levels{{
    {level::random, "random", 0, false},
    {level::easy, "easy", 100, true},
    {level::medium, "medium", 800, true},
    {level::hard, "hard", 3000, true},
    {level::expert, "expert", 25000, true},
}};

constexpr std::array<level, levels.size()> strengths{level::random, level::easy, level::medium,
                                                     level::hard, level::expert};

}  // namespace

std::span<const level> all_levels() { return strengths; }

std::optional<level> parse_level(std::string_view name) {
    for (const auto& entry : levels)
        if (entry.name == name) return entry.strength;
    return std::nullopt;
}

std::optional<level> parse_seat_level(std::string_view name) {
    for (const auto& entry : levels)
        if (entry.seatable && entry.name == name) return entry.strength;
    return std::nullopt;
}

std::string seat_level_names() {
    std::vector<std::string_view> names;
    for (const auto& entry : levels)
        if (entry.seatable) names.push_back(entry.name);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
        out += '"' + std::string(names[i]) + '"';
    }
    return out;
}

std::string_view level_name(level strength) {
    return levels[static_cast<std::size_t>(strength)].name;
}

int level_playouts(level strength) { return levels[static_cast<std::size_t>(strength)].playouts; }

}  // namespace quadra::bots
