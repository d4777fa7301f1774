#pragma once
// Quick pairing ("Play now"): what a pool of open seeks does, and what its seeks are. seek_pool
// keeps one node's seeks in memory; shared_seek_pool keeps every node's in a shared store. Both
// take a paired group out of the pool in the same step that pairs it, so no seek is ever paired
// twice.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace quadra::server {

class room_host;

// Where a paired seek's seeker now holds `seat`: in `host`'s room, hosted on this node, or in
// room `room` on the node at `url` (PROTOCOL.md "redirect"); neither: no room could be opened.
struct seat_offer {
    std::uint64_t seek = 0;
    int seat = -1;
    std::shared_ptr<room_host> host;
    std::string room;
    std::string url;
};

// One open seek. `listed` is what the lobby shows (its id is set by the pool).
struct seek_entry {
    std::uint64_t identity = 0;
    protocol::seek_summary listed;
    // Tells the seeker where it now holds a seat (the seeker hands this to its own connection's
    // thread).
    std::function<void(const seat_offer& offer)> paired;
};

// Seeks pair only with seeks of the same kind: game, options in force, clock, rated or casual.
std::string seek_kind(const protocol::seek_summary& seek);
// Whether two seeks' rating ranges accept each other's ratings (no range: any rating).
bool ranges_accept(const protocol::seek_summary& a, const protocol::seek_summary& b);
// The positions in `waiting` (oldest first, of `seek`'s kind) of the oldest seeks that accept
// `seek` and each other and fill its game's seats with it; empty when too few do. Never two
// seeks of one identity.
std::vector<std::size_t> complete_group(const seek_entry& seek,
                                        const std::vector<const seek_entry*>& waiting);

class seek_pairing {
public:
    virtual ~seek_pairing() = default;

    struct added {
        std::uint64_t id = 0;  // 0: refused, the pool is full or (`failed`) its store failed
        bool failed = false;
        // The seeks paired with it, the new one included, taken out of the pool: as many as the
        // game has seats, in the order they were opened. Empty: the seek waits.
        std::vector<seek_entry> group;
    };
    // Opens a seek (replacing the identity's open one, if any) and pairs it when enough
    // compatible seeks are open.
    virtual added add(seek_entry entry) = 0;
    // Withdraws seek `id`; false when it is not open (paired, cancelled or replaced).
    virtual bool cancel(std::uint64_t id) = 0;
    // Drops this node's open seeks without telling anyone: at shutdown, while the connections'
    // executors that the seeks' `paired` callbacks hold still exist.
    virtual void clear() = 0;

    // The open seeks, oldest first.
    virtual std::vector<protocol::seek_summary> open() const = 0;
    virtual std::size_t size() const = 0;

    // Told of the open seeks whenever they change, in order (it must only take note, never call
    // back). Set before the server starts.
    virtual void watch(std::function<void(std::vector<protocol::seek_summary>)> changed) = 0;
};

}  // namespace quadra::server
