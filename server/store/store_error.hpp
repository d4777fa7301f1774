#pragma once
// A failure of the store's database, a value of its own (the rules' `refusal` is for moves): the
// statement that failed, in the backend's own words, and what it was about — ids only, never user
// data. It is logged once, where it is handled (log_store_error), and where it reaches a client
// it becomes the protocol's store_failed as before.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace quadra::server {

struct store_error {
    std::string statement;  // its name ("insert_event"), or the step of opening ("migrate")
    std::string message;    // SQLite's or libpq's words (never a parameter's value), or ours
    // What it was about, ids only; empty or 0 when none.
    std::string game{};
    std::int64_t identity = 0;

    // "message (statement name)": for a start-up error or a log line's reason.
    std::string describe() const;
};

// Either a value or the store error that kept it from being read or written.
template <class T>
class [[nodiscard]] store_result {
public:
    store_result(T value) : state_(std::move(value)) {}
    store_result(store_error error) : state_(std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    const store_error& error() const& { return std::get<1>(state_); }
    store_error&& error() && { return std::get<1>(std::move(state_)); }

private:
    std::variant<T, store_error> state_;
};

template <>
class [[nodiscard]] store_result<void> {
public:
    store_result() = default;
    store_result(store_error error) : error_(std::move(error)) {}

    bool ok() const { return !error_; }
    explicit operator bool() const { return ok(); }
    const store_error& error() const& { return *error_; }
    store_error&& error() && { return std::move(*error_); }

private:
    std::optional<store_error> error_;
};

// The one log line of a store failure (`store_failed`, an error): backend, statement, ids and the
// backend's message.
void log_store_error(std::string_view backend, const store_error& error);
// How many store errors log_store_error logged in this process (one store per server).
std::uint64_t store_failures();

}  // namespace quadra::server
