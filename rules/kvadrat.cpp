#include "kvadrat.hpp"

namespace quadra::rules {

namespace {
result<std::unique_ptr<game>> start(const options&) { return refusal{"not implemented yet"}; }
}  // namespace

const game_type& kvadrat_type() {
    static const game_type type{"kvadrat", "kvadrat", "", {}, &start};
    return type;
}

}  // namespace quadra::rules
