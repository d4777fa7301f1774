#include "game.hpp"

#include <algorithm>

namespace quadra::rules {

int game::dice_needed(std::string_view) const { return 0; }

result<std::string> game::with_dice(std::string_view request, std::span<const int> dice) const {
    if (!dice.empty()) return refusal{"'" + std::string(request) + "' takes no dice"};
    return std::string(request);
}

result<void> game::retire(int) { return refusal{"this game cannot go on without a seat"}; }

bool game::retired(int) const { return false; }

view game::explain(std::string_view request) const {
    view_fields fields;
    fields.reserve(4);  // once: growing it trips GCC 12's -Wstringop-overflow
    fields.emplace_back("request", std::string(request));
    const auto requests = legal();
    if (std::binary_search(requests.begin(), requests.end(), request)) {
        fields.emplace_back("legal", true);
        return fields;
    }
    // A recorded token (a roll with its dice) is no request but may still apply.
    auto trial = clone();
    const auto applied = trial->apply(request);
    fields.emplace_back("legal", applied.ok());
    if (!applied) add_refusal(fields, applied.why());
    return fields;
}

}  // namespace quadra::rules
