#include "kvadratura.hpp"

namespace quadra::rules {

namespace {
result<std::unique_ptr<game>> start(const options&) { return refusal{"not implemented yet"}; }
}  // namespace

const game_type& kvadratura_type() {
    static const game_type type{"kvadratura", "kvadratura", "", {}, &start};
    return type;
}

}  // namespace quadra::rules
