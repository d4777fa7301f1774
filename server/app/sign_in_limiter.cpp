#include "server/app/sign_in_limiter.hpp"

#include <algorithm>

namespace quadra::server {

namespace {

// Beyond this many names or addresses, expired entries are dropped before another is added.
constexpr std::size_t prune_above = 100000;

}  // namespace

sign_in_limiter::sign_in_limiter(std::size_t per_account, std::size_t per_address,
                                 std::chrono::seconds window,
                                 std::function<clock::time_point()> now)
    : per_account_(per_account), per_address_(per_address), window_(window), now_(std::move(now)) {}

std::int64_t sign_in_limiter::wait(failures& counted, const std::string& key, std::size_t limit,
                                   clock::time_point now) {
    const auto it = counted.find(key);
    if (it == counted.end()) return 0;
    auto& times = it->second;
    while (!times.empty() && times.front() + window_ <= now) times.pop_front();
    if (times.empty()) {
        counted.erase(it);
        return 0;
    }
    if (times.size() < limit) return 0;
    const auto left = times[times.size() - limit] + window_ - now;
    // Rounded up: retrying after that many seconds is allowed.
    return std::max<std::int64_t>(1, std::chrono::ceil<std::chrono::seconds>(left).count());
}

std::int64_t sign_in_limiter::retry_after(const std::string& account_key,
                                          const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto now = now_();
    return std::max(wait(by_account_, account_key, per_account_, now),
                    wait(by_address_, address, per_address_, now));
}

void sign_in_limiter::forget_expired(failures& counted, clock::time_point now) {
    if (counted.size() < prune_above) return;
    std::erase_if(counted, [&](const auto& entry) {
        return entry.second.empty() || entry.second.back() + window_ <= now;
    });
}

void sign_in_limiter::failed(const std::string& account_key, const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto now = now_();
    forget_expired(by_account_, now);
    forget_expired(by_address_, now);
    // Only the last `limit` failures matter; older ones are dropped so a key stays bounded.
    auto add = [now](std::deque<clock::time_point>& times, std::size_t limit) {
        times.push_back(now);
        while (times.size() > limit) times.pop_front();
    };
    add(by_account_[account_key], per_account_);
    add(by_address_[address], per_address_);
}

void sign_in_limiter::succeeded(const std::string& account_key) {
    std::lock_guard lock(mutex_);
    by_account_.erase(account_key);
}

}  // namespace quadra::server
