#pragma once
// This node's part in a store shared by several nodes (README.md "Many nodes"): its
// lease, renewed every second (a short lease: three times per lease) on the database's clock; the
// rooms it owns and in which epoch; taking over rooms whose owner's lease expired (claim, replay,
// serve), on demand and by a sweep; the lobby entries of its rooms for the other nodes, and theirs
// for its lobby (read when a notice says they changed, and every second); the other notices the
// server asks it to act on; and handing its rooms over when it leaves. The directory is only
// called here, never on a room's move path.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "server/ops/metrics.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room_journal.hpp"
#include "server/rooms/room_route.hpp"
#include "server/store/cluster_channel.hpp"
#include "server/store/room_directory.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

struct cluster_settings {
    std::string node_id;
    std::string public_url;
    std::chrono::milliseconds lease{5000};
};

class cluster_node {
public:
    // Restores game `row` from its `events` and hosts it, writing as `owner`; null when nobody
    // could come back to it (no seat held).
    using adopter = std::function<std::shared_ptr<room_host>(
        const game_row& row, const std::vector<stored_event>& events, const room_owner& owner)>;

    cluster_node(room_directory& directory, store& records, lobby& rooms, metrics& stats,
                 cluster_settings settings, adopter adopt);
    // Stops the background work (leave() first for a graceful end).
    ~cluster_node();
    cluster_node(const cluster_node&) = delete;
    cluster_node& operator=(const cluster_node&) = delete;

    const cluster_settings& settings() const { return settings_; }
    // Runs `task` on the background thread once a second (set before start()).
    void every_second(std::function<void()> task) { every_second_ = std::move(task); }
    // Runs `task` on the background thread within a tick (0.2 s) of `notice` on the nodes'
    // channel (set before start()). A notice can be missed: what it asks for is also done on
    // the timer.
    void when_told(const std::string& notice, std::function<void()> task) {
        on_notice_[notice] = std::move(task);
    }
    // Takes the lease, then renews it, sweeps orphaned rooms and mirrors the lobby in the
    // background; false when the database refused the lease.
    bool start();
    // `start_game` with each new game noted as this node's (epoch 1, written with its first
    // events).
    game_starter owning(game_starter start_game);

    // A room this node does not host (client sessions ask): another live node's URL, or the
    // room taken over here when its owner is gone.
    room_route locate(const std::string& code);
    // Where the members of a room that was fenced here go: its owner's URL if it lives, else ""
    // (the same server again, which takes the room over on their join).
    std::string new_home(const std::string& code) const;

    // "held" while the lease was renewed within its length, else "lost".
    std::string lease_state() const;
    // Since the lease was last renewed (or taken).
    std::chrono::milliseconds since_renewal() const;
    std::size_t rooms_owned() const;

    // A graceful end: every room stops writing, the pending writes finish, the rooms and the
    // lease are given up in the directory, and then the members are sent to another live node.
    void leave(const std::vector<std::shared_ptr<room_host>>& hosts);

private:
    struct owned_room {
        std::string game_id;
        std::int64_t epoch = 0;
    };
    struct closed_room {
        std::string code;
        bool ended = false;
    };

    void run(std::stop_token stop);
    void renew_lease();
    void sweep();
    // Writes the lobby entries of this node's rooms that changed, and forgets closed rooms.
    void publish_entries();
    // Reads the other nodes' lobby entries into the lobby.
    void read_entries();
    std::shared_ptr<room_host> take_over(const std::string& game_id);
    std::optional<owned_room> owned(const std::string& code) const;
    std::string any_other_live_node() const;

    room_directory& directory_;
    store& records_;
    lobby& rooms_;
    metrics& stats_;
    cluster_channel* const channel_;  // the nodes' notices; null without one
    const cluster_settings settings_;
    std::function<void()> every_second_;
    std::map<std::string, std::function<void()>> on_notice_;
    const adopter adopt_;

    mutable std::mutex mutex_;                    // guards what follows
    std::map<std::string, owned_room> owned_;     // by room code
    std::map<std::string, std::string> entries_;  // lobby entries to write, by room code
    std::vector<closed_room> closed_;             // rooms closed since the last publish
    std::set<std::string> ended_;  // game ids of rooms closed for good, until out of the directory
    std::vector<std::string> remote_entries_;  // the other nodes' entries, as last read
    std::set<std::string> told_;               // notices heard since the last tick
    std::mutex takeover_mutex_;  // one takeover at a time, so a room is claimed once here
    int listening_ = 0;          // this node's handler on the channel
    std::atomic<std::int64_t> renewed_ms_{-1};  // steady time of the last renewal; -1: never
    std::int64_t held_since_ms_ = 0;            // since when the lease has been held unbroken
    std::jthread worker_;                       // last: stops before the members it uses go
};

}  // namespace quadra::server
