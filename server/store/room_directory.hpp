#pragma once
// The directory of a store shared by several nodes (README.md "Many nodes"): which nodes
// are alive (leases on the database's clock, never a node's own), which node owns each room and
// in which epoch, and the rooms' lobby entries. Only the PostgreSQL store has one. Every call is
// a synchronous round trip: none is made on a room's move path.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/store.hpp"
#include "server/store/store_error.hpp"

namespace quadra::server {

struct node_entry {
    std::string id;
    std::string public_url;
    bool live = false;  // its lease has not expired
};

// Where a room is, as the directory says.
struct room_location {
    std::string game_id;
    std::string owner;      // empty: nobody owns it (released, or never claimed)
    std::string owner_url;  // the owner's public URL
    bool owner_live = false;
    std::int64_t epoch = 0;
    bool finished = false;
};

// A room's lobby entry: a room summary as JSON text (empty: not listed), set by its owner.
struct room_listing {
    std::string game_id;
    room_owner owner;
    std::string summary_json;
};

class room_directory {
public:
    virtual ~room_directory() = default;

    // Registers `node` or renews its lease until the database's now() + `lease`; false when the
    // database cannot be reached.
    virtual bool renew_lease(const std::string& node, const std::string& public_url,
                             std::chrono::milliseconds lease) = 0;
    // Ends `node`'s lease at once and gives up every room it owns (a graceful shutdown).
    virtual bool retire(const std::string& node) = 0;
    // Every registered node, live or not.
    virtual std::vector<node_entry> nodes() const = 0;

    // The room with this lobby code, or none (never created, or closed); the store error when
    // the database could not be asked.
    virtual store_result<std::optional<room_location>> locate(
        const std::string& room_code) const = 0;
    // Makes `node` the owner of game `game_id` in the next epoch, provided its owner is nobody,
    // a node whose lease has expired, or `node` itself (which no longer hosts it); one winner
    // among racing nodes. The new epoch, or none when the room is not claimable.
    virtual std::optional<std::int64_t> claim(const std::string& game_id,
                                              const std::string& node) = 0;
    // Unfinished rooms that nobody alive owns: the sweep's work (game ids).
    virtual std::vector<std::string> orphans() const = 0;
    // The unfinished games the directory says `node` owns (a finished one comes back on demand).
    virtual std::vector<std::string> owned_by(const std::string& node) const = 0;
    // Gives up game `game_id` if `owner` still owns it (a room handed over).
    virtual bool release(const std::string& game_id, const room_owner& owner) = 0;
    // Takes the room out of the directory if `owner` still owns it (a closed room); its game
    // stays in the store.
    virtual bool remove(const std::string& game_id, const room_owner& owner) = 0;
    // Takes out of the directory every finished room whose owner is gone (its lease expired, or
    // it retired): nobody serves it any more, and its game, record and replay stay in the store.
    // How many rooms went.
    virtual std::size_t remove_finished_orphans() = 0;

    // Sets the lobby entries of rooms a node serves, each if its owner still owns the room, in
    // one round trip. A room whose row another transaction holds (its journal being written) is
    // skipped, for a later pass: waiting for several rows at once could deadlock with that
    // transaction. The game ids of those set.
    virtual std::vector<std::string> list(const std::vector<room_listing>& entries) = 0;
    // Takes away the lobby entry of a room `owner` no longer serves, if it still owns it.
    virtual bool unlist(const std::string& game_id, const room_owner& owner) = 0;
    // The lobby entries of rooms owned by live nodes other than `except_node`.
    virtual std::vector<std::string> listings(const std::string& except_node) const = 0;
};

}  // namespace quadra::server
