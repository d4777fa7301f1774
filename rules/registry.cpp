#include "registry.hpp"

#include <array>

#include "kvadrat.hpp"
#include "kvadratura.hpp"
#include "quadrature.hpp"
#include "quadwrangle.hpp"

namespace quadra::rules {

std::span<const game_type* const> game_types() {
    static const std::array<const game_type*, 4> types{
        &quadrature_type(),
        &quadwrangle_type(),
        &kvadrat_type(),
        &kvadratura_type(),
    };
    return types;
}

const game_type* find_game_type(std::string_view id) {
    for (const auto* type : game_types())
        if (type->id == id) return type;
    return nullptr;
}

result<std::unique_ptr<game>> create_game(std::string_view id, const options& given) {
    const auto* type = find_game_type(id);
    if (!type) return refusal{"unknown game '" + std::string(id) + "'"};
    if (auto checked = check_options(type->options, given); !checked)
        return refusal{checked.reason()};
    return type->start(given);
}

}  // namespace quadra::rules
