#pragma once
// A broken precondition: a programming error, never a player's input (those are refusals,
// result.hpp). Natively it throws `Error`, so callers and tests can catch it; in a build without
// exceptions (the WebAssembly module, wasm/) it writes the message to stderr and aborts, which
// traps the module.

#include <cstdio>
#include <cstdlib>
#include <string>

namespace quadra::rules {

template <class Error>
[[noreturn]] void broken_contract(const std::string& what) {
#if defined(__cpp_exceptions)
    throw Error(what);
#else
    std::fprintf(stderr, "%s\n", what.c_str());
    std::abort();
#endif
}

}  // namespace quadra::rules
