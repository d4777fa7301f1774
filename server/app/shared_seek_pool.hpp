#pragma once
// The one pool of every node's open seeks, on a store shared by several nodes (seek_board.hpp):
// a seek opened here is paired, in one transaction, with the open seeks of every live node. The
// node that completes a group opens the room. Its own seekers take their seats as with one node;
// it holds the seats of the other nodes' seekers and places their seeks, and their nodes, told by
// a "placed <node>" notice, send them `paired` and a `redirect` to this node. The listing is
// every live node's open seeks, read again on a "seeks" notice and every second.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/app/seek_pairing.hpp"
#include "server/identity/identity.hpp"
#include "server/ops/metrics.hpp"
#include "server/store/cluster_channel.hpp"
#include "server/store/seek_board.hpp"

namespace quadra::server {

struct shared_seek_settings {
    std::string node_id;
    std::string public_url;         // where the other nodes' seekers are sent to take their seats
    std::size_t max_seeks = 10000;  // this node's open seeks
};

class shared_seek_pool final : public seek_pairing {
public:
    // The identity with this id, read from the store if need be; null when there is none.
    using identity_finder = std::function<std::shared_ptr<identity>(std::uint64_t id)>;

    shared_seek_pool(seek_board& board, cluster_channel& channel, metrics& stats,
                     shared_seek_settings settings, identity_finder find_identity);
    ~shared_seek_pool() override;
    shared_seek_pool(const shared_seek_pool&) = delete;
    shared_seek_pool& operator=(const shared_seek_pool&) = delete;

    added add(seek_entry entry) override;
    bool cancel(std::uint64_t id) override;
    void clear() override;
    std::vector<protocol::seek_summary> open() const override;
    std::size_t size() const override;
    void watch(std::function<void(std::vector<protocol::seek_summary>)> changed) override;

    // What the notices also make it do, once a second in case one was missed: tells this node's
    // seekers whose seeks were placed, gives back the claims of dead nodes and reads the listing.
    void repair();

private:
    // The entry of a seek another node opened, taken into a group here: `paired` holds its seat
    // and places it.
    seek_entry remote_entry(const waiting_seek& seek, protocol::seek_summary listed);
    void deliver_placed();
    void read_listing();

    seek_board& board_;
    cluster_channel& channel_;
    metrics& stats_;
    const shared_seek_settings settings_;
    const identity_finder find_identity_;
    int listening_ = 0;

    // Held while a seek of this node is opened and while placed seeks are delivered: a seek is
    // in mine_ before this node can take it into a group or deliver its placing (its row is
    // visible to every node from its commit on).
    std::mutex opening_;
    mutable std::mutex mutex_;                  // guards what follows
    std::map<std::uint64_t, seek_entry> mine_;  // this node's seeks, open or claimed
    std::vector<protocol::seek_summary> listed_;
    std::function<void(std::vector<protocol::seek_summary>)> watcher_;
    std::mutex listing_mutex_;  // one listing read at a time, so listings arrive in order
};

}  // namespace quadra::server
