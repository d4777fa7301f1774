#pragma once
// The one pool of open seeks of every node on a store shared by several nodes (README.md "Many
// nodes"). A seek is a row: open (waiting), then either withdrawn (its row deleted) or taken into
// a group by the node that completed the group. A taken seek of another node is claimed by the
// pairing node and then placed (the room and seat its seeker now holds, and that node's URL); the
// seeker's node takes its placed seeks out and tells their seekers. Seeks of a node whose lease
// ran out are no longer listed or paired, and a claim by such a node is given back. Only the
// PostgreSQL store has one; every call is a synchronous round trip.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/store/store_error.hpp"

namespace quadra::server {

struct waiting_seek {
    std::int64_t id = 0;
    std::string node;  // the node of the seeker's connection
    std::int64_t identity = 0;
    std::string summary;  // as protocol::seek_summary_text writes it, id 0
};

// A seek of this node that a group took on another node.
struct placed_seek {
    std::int64_t id = 0;
    std::string room;
    int seat = -1;
    std::string url;  // the public URL of the node that hosts the room
};

class seek_board {
public:
    // Picks from the open seeks of the new one's kind (oldest first, never the seeker's own)
    // those that complete a group with it; none: the new one waits.
    using chooser = std::function<std::vector<std::int64_t>(const std::vector<waiting_seek>&)>;
    struct opened {
        std::int64_t id = 0;              // the new seek's
        std::vector<waiting_seek> group;  // the seeks taken with it, oldest first; empty: it waits
    };

    virtual ~seek_board() = default;

    // In one transaction, one at a time per `kind`: withdraws the open seek of `identity`, if
    // any, adds the new one, and when `choose` completes a group takes it out of the pool — the
    // new seek and `node`'s own deleted, the other nodes' claimed by `node`.
    virtual store_result<opened> open_seek(const std::string& node, std::int64_t identity,
                                           const std::string& kind, const std::string& summary,
                                           const chooser& choose) = 0;
    // Withdraws seek `id` of `node`; false when it is no longer open (taken, or gone).
    virtual bool withdraw_seek(std::int64_t id, const std::string& node) = 0;
    // Tells the node of seek `id`, claimed by `node`, where its seeker holds a seat.
    virtual bool place_seek(std::int64_t id, const std::string& node, const placed_seek& place) = 0;
    // Takes `node`'s placed seeks out of the pool.
    virtual std::vector<placed_seek> take_placed(const std::string& node) = 0;
    // The open seeks of live nodes, oldest first.
    virtual std::vector<waiting_seek> open_seeks() const = 0;
    // Deletes `node`'s seeks: at start, the seeks it had before a restart have no connection.
    virtual void drop_seeks(const std::string& node) = 0;
    // Deletes the seeks of nodes whose lease ran out and gives their claims back.
    virtual void repair_seeks() = 0;
};

}  // namespace quadra::server
