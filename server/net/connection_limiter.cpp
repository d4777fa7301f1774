#include "server/net/connection_limiter.hpp"

namespace quadra::server {

connection_ticket& connection_ticket::operator=(connection_ticket&& other) noexcept {
    if (this != &other) {
        if (owner_) owner_->release(address_);
        owner_ = std::exchange(other.owner_, nullptr);
        address_ = std::move(other.address_);
    }
    return *this;
}

connection_ticket::~connection_ticket() {
    if (owner_) owner_->release(address_);
}

connection_ticket connection_limiter::admit(const std::string& address, bool exempt) {
    std::lock_guard lock(mutex_);
    auto& count = per_address_[address];
    if (total_ >= max_total_ || (count >= max_per_address_ && !exempt)) {
        if (count == 0) per_address_.erase(address);
        return {};
    }
    ++count;
    ++total_;
    return {this, address};
}

void connection_limiter::release(const std::string& address) {
    std::lock_guard lock(mutex_);
    auto it = per_address_.find(address);
    if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
    --total_;
}

std::size_t connection_limiter::open() const {
    std::lock_guard lock(mutex_);
    return total_;
}

}  // namespace quadra::server
