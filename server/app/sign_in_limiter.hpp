#pragma once
// Failed sign-ins counted per account and per remote address over a sliding window (#17), so
// that guessing a password is slow however it is spread. Thread-safe: every io thread asks.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>

namespace quadra::server {

class sign_in_limiter {
public:
    using clock = std::chrono::steady_clock;

    sign_in_limiter(std::size_t per_account, std::size_t per_address, std::chrono::seconds window,
                    std::function<clock::time_point()> now = clock::now);

    // Whole seconds until `account_key` may be tried again from `address`; 0: now.
    std::int64_t retry_after(const std::string& account_key, const std::string& address);
    void failed(const std::string& account_key, const std::string& address);
    // A correct password clears the account's failures (not the address's).
    void succeeded(const std::string& account_key);

private:
    using failures = std::unordered_map<std::string, std::deque<clock::time_point>>;
    // Seconds until the oldest failure leaves the window when `limit` are in it; 0 otherwise.
    std::int64_t wait(failures& counted, const std::string& key, std::size_t limit,
                      clock::time_point now);
    void forget_expired(failures& counted, clock::time_point now);

    const std::size_t per_account_;
    const std::size_t per_address_;
    const std::chrono::seconds window_;
    const std::function<clock::time_point()> now_;
    std::mutex mutex_;
    failures by_account_;
    failures by_address_;
};

}  // namespace quadra::server
