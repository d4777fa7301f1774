#pragma once
// Counts open connections per client address and in total, refusing those past the limits.

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace quadra::server {

class connection_limiter;

// One admitted connection; releasing it (by destruction) frees its place.
class connection_ticket {
public:
    connection_ticket() = default;
    connection_ticket(connection_limiter* owner, std::string address)
        : owner_(owner), address_(std::move(address)) {}
    connection_ticket(connection_ticket&& other) noexcept
        : owner_(std::exchange(other.owner_, nullptr)), address_(std::move(other.address_)) {}
    connection_ticket& operator=(connection_ticket&& other) noexcept;
    connection_ticket(const connection_ticket&) = delete;
    connection_ticket& operator=(const connection_ticket&) = delete;
    ~connection_ticket();
    // The client's IP address as text.
    const std::string& address() const { return address_; }

    explicit operator bool() const { return owner_ != nullptr; }

private:
    connection_limiter* owner_ = nullptr;
    std::string address_;
};

class connection_limiter {
public:
    connection_limiter(std::size_t max_total, std::size_t max_per_address)
        : max_total_(max_total), max_per_address_(max_per_address) {}

    // A ticket, or an empty one when the address or the server is at its limit. An address
    // `exempt` from the per-address limit is held only to the total.
    connection_ticket admit(const std::string& address, bool exempt = false);
    std::size_t open() const;

private:
    friend class connection_ticket;
    void release(const std::string& address);

    const std::size_t max_total_;
    const std::size_t max_per_address_;
    mutable std::mutex mutex_;
    std::map<std::string, std::size_t> per_address_;
    std::size_t total_ = 0;
};

}  // namespace quadra::server
