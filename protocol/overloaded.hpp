#pragma once
// A set of handlers for std::visit, one per alternative: a variant alternative that no handler
// takes does not compile, so a new request type cannot be forgotten by a dispatcher.

namespace quadra::protocol {

template <class... Handlers>
struct overloaded : Handlers... {
    using Handlers::operator()...;
};
template <class... Handlers>
overloaded(Handlers...) -> overloaded<Handlers...>;

}  // namespace quadra::protocol
