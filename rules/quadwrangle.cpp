#include "quadwrangle.hpp"

namespace quadra::rules {

namespace {
result<std::unique_ptr<game>> start(const options&) { return refusal{"not implemented yet"}; }
}  // namespace

const game_type& quadwrangle_type() {
    static const game_type type{"quadwrangle", "quadwrangle", "", {}, &start};
    return type;
}

}  // namespace quadra::rules
