#pragma once
// Quick pairing: the open seeks of this node, grouped by what they ask for (game, options in
// force, clock, rated or casual), and the pairing of compatible ones. Thread-safe: connections on
// several io threads seek at once; one mutex, and a seek is taken out of the pool in the same
// locked step that pairs it, so no seek is ever paired twice. Seeks are local to the node.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace quadra::server {

class room_host;

// One open seek. `listed` is what the lobby shows (its id is set by the pool).
struct seek_entry {
    std::uint64_t identity = 0;
    protocol::seek_summary listed;
    // Tells the seeker (it hands this to its own connection's thread) that seek `seek` holds
    // `seat` of `host`'s room; a null host: the pairing found no room on the server.
    std::function<void(const std::shared_ptr<room_host>& host, std::uint64_t seek, int seat)>
        paired;
};

// Whether two seeks' rating ranges accept each other's ratings (no range: any rating).
bool ranges_accept(const protocol::seek_summary& a, const protocol::seek_summary& b);

class seek_pool {
public:
    explicit seek_pool(std::size_t max_seeks) : max_(max_seeks) {}

    struct added {
        std::uint64_t id = 0;  // 0: refused, the pool is full
        // The seeks paired with it, the new one included, taken out of the pool: as many as the
        // game has seats, in the order they were opened. Empty: the seek waits.
        std::vector<seek_entry> group;
    };
    // Opens a seek (replacing the identity's open one, if any) and pairs it when enough
    // compatible seeks are open.
    added add(seek_entry entry);
    // Withdraws seek `id`; false when it is not open (paired, cancelled or replaced).
    bool cancel(std::uint64_t id);
    // Drops every open seek without telling anyone: at shutdown, while the connections' executors
    // that the seeks' `paired` callbacks hold still exist.
    void clear();

    // The open seeks, oldest first.
    std::vector<protocol::seek_summary> open() const;
    std::size_t size() const;

    // Told of the open seeks whenever they change, under the pool's lock so that listings arrive
    // in order (it must only take note, never call back). Set before the server starts.
    void watch(std::function<void(std::vector<protocol::seek_summary>)> changed);

private:
    // Seeks pair only with seeks of the same key.
    static std::string key_of(const protocol::seek_summary& seek);
    std::vector<protocol::seek_summary> open_locked() const;
    // Takes seek `id` out of the pool (an empty entry when it is not open).
    seek_entry take_locked(std::uint64_t id);
    void changed_locked() const;

    const std::size_t max_;
    mutable std::mutex mutex_;
    std::uint64_t next_id_ = 0;
    std::map<std::uint64_t, seek_entry> by_id_;                 // ids grow: oldest first
    std::map<std::string, std::vector<std::uint64_t>> by_key_;  // oldest first
    std::map<std::uint64_t, std::uint64_t> by_identity_;        // identity → its open seek
    std::function<void(std::vector<protocol::seek_summary>)> watcher_;
};

}  // namespace quadra::server
