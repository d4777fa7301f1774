#pragma once
// Errors as values: an illegal move or a bad option comes back as a `refusal`, never an exception.

#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "rules/view.hpp"

namespace quadra::rules {

// Why the rules refused an input; `reason` is a short human sentence, `code` the same as a stable
// word and `details` what its words need (e.g. {"option", "size"}), for a client to put in its
// own language (each game lists its codes in its header).
struct refusal {
    std::string reason;
    std::string code = "refused";
    view_fields details{};
};

// A refusal's fields as explain() reports them: "reason" (its code), "message" and its details.
inline void add_refusal(view_fields& fields, const refusal& why) {
    fields.emplace_back("reason", why.code);
    fields.emplace_back("message", why.reason);
    for (const auto& detail : why.details) fields.push_back(detail);
}

// Either a value or a refusal.
template <class T>
class [[nodiscard]] result {
public:
    result(T value) : state_(std::move(value)) {}
    result(refusal why) : state_(std::move(why)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    const std::string& reason() const { return std::get<1>(state_).reason; }
    const std::string& code() const { return std::get<1>(state_).code; }
    // The refusal itself, to pass on as another result's.
    const refusal& why() const { return std::get<1>(state_); }

private:
    std::variant<T, refusal> state_;
};

// Success carries nothing; only the refusal matters. A success builds no refusal: every apply()
// of a playout returns one. Asked on a success, reason() and code() are empty.
template <>
class [[nodiscard]] result<void> {
public:
    result() = default;
    result(refusal why) : why_(std::move(why)) {}

    bool ok() const { return !why_; }
    explicit operator bool() const { return ok(); }
    const std::string& reason() const { return why().reason; }
    const std::string& code() const { return why().code; }
    const refusal& why() const {
        static const refusal none{{}, {}, {}};
        return why_ ? *why_ : none;
    }

private:
    std::optional<refusal> why_;
};

}  // namespace quadra::rules
