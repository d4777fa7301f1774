#pragma once
// What a fuzz target does when a property it checks fails: say which, then abort, so libFuzzer
// reports a crash and keeps the input.

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace quadra::fuzzing {

inline void require(bool holds, std::string_view property) {
    if (holds) return;
    std::fprintf(stderr, "property broken: %.*s\n", static_cast<int>(property.size()),
                 property.data());
    std::abort();
}

}  // namespace quadra::fuzzing
