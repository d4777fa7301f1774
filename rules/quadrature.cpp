#include "quadrature.hpp"

namespace quadra::rules {

namespace {
result<std::unique_ptr<game>> start(const options&) { return refusal{"not implemented yet"}; }
}  // namespace

const game_type& quadrature_type() {
    static const game_type type{"quadrature", "quadrature", "", {}, &start};
    return type;
}

}  // namespace quadra::rules
