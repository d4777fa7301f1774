#pragma once
// The pool of one node's open seeks (a store of one node, SQLite), in memory, by kind.
// Thread-safe: connections on several io threads seek at once; one mutex, and a seek is taken out
// of the pool in the same locked step that pairs it.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/app/seek_pairing.hpp"

namespace quadra::server {

class seek_pool final : public seek_pairing {
public:
    explicit seek_pool(std::size_t max_seeks) : max_(max_seeks) {}

    added add(seek_entry entry) override;
    bool cancel(std::uint64_t id) override;
    void clear() override;
    std::vector<protocol::seek_summary> open() const override;
    std::size_t size() const override;
    // The listings are told under the pool's lock, so that they arrive in order.
    void watch(std::function<void(std::vector<protocol::seek_summary>)> changed) override;

private:
    std::vector<protocol::seek_summary> open_locked() const;
    // Takes seek `id` out of the pool (an empty entry when it is not open).
    seek_entry take_locked(std::uint64_t id);
    void changed_locked() const;

    const std::size_t max_;
    mutable std::mutex mutex_;
    std::uint64_t next_id_ = 0;
    std::map<std::uint64_t, seek_entry> by_id_;                  // ids grow: oldest first
    std::map<std::string, std::vector<std::uint64_t>> by_kind_;  // oldest first
    std::map<std::uint64_t, std::uint64_t> by_identity_;         // identity → its open seek
    std::function<void(std::vector<protocol::seek_summary>)> watcher_;
};

}  // namespace quadra::server
