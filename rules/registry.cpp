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
    if (auto checked = check_options(type->options, given); !checked) return checked.why();
    return type->start(given);
}

result<std::unique_ptr<game>> from_position(std::string_view notation) {
    for (std::size_t at = 0; at < notation.size(); ++at) {
        const auto byte = static_cast<unsigned char>(notation[at]);
        if (byte <= ' ' || byte > '~')
            return refusal{
                "a position notation is one line of printable ASCII without spaces; "
                "byte " +
                std::to_string(at + 1) + " is " + std::to_string(byte)};
    }
    const auto colon = notation.find(':');
    const auto id = notation.substr(0, colon);
    const auto* type = find_game_type(id);
    if (!type || colon == std::string_view::npos) {
        std::string ids;
        for (const auto* each : game_types()) ids += (ids.empty() ? "" : ", ") + each->id;
        return refusal{"field 'game': expected one of " + ids + " followed by ':', not \"" +
                       std::string(id) + "\""};
    }
    return type->from_position(notation.substr(colon + 1));
}

}  // namespace quadra::rules
