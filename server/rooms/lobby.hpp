#pragma once
// The lobby: the directory of rooms by code, the public listing (and the open seeks), and the
// recipients subscribed to it. Touched when rooms open, fill, start, finish or close, never on
// the move path.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"
#include "server/ops/metrics.hpp"
#include "server/rooms/recipient.hpp"

namespace quadra::server {

class room_host;

// A fresh room code (see room_code).
std::string new_room_code();

class lobby {
public:
    explicit lobby(std::size_t max_rooms) : max_rooms_(max_rooms) {}

    // Registers the room `make(code)` builds under a fresh code; null when the lobby is full.
    std::shared_ptr<room_host> open(
        const std::function<std::shared_ptr<room_host>(const std::string& code)>& make);
    // Registers a room restored at start-up under the code it had; false when the code is taken.
    bool restore(const std::string& code, std::shared_ptr<room_host> host);
    std::shared_ptr<room_host> find(std::string_view code) const;
    // Forgets a room; it disappears from the listing. `ended`: the room is over for good
    // (abandoned or expired), not only no longer served here.
    void close(std::string_view code, bool ended = false);

    // Records how a room now looks; subscribers get the new listing when a public room changed.
    void publish(protocol::room_summary summary);

    // With a shared store: told of every published summary and every closed room (under the
    // lobby's lock: they must only take note), so that other nodes can list them too. Set
    // before the server starts.
    struct watcher {
        std::function<void(const protocol::room_summary& summary)> changed;
        std::function<void(const std::string& code, bool ended)> closed;
    };
    void watch(watcher observer);
    // The public rooms that other nodes serve, listed after this node's own.
    void show_remote(std::vector<protocol::room_summary> rooms);

    // The open seeks of this node (quick pairing), listed after the rooms; pushed to subscribers.
    void show_seeks(std::vector<protocol::seek_summary> seeks);
    // The open challenges to anyone (correspondence seeks, #29), every node's, from the store;
    // pushed to subscribers when they changed.
    void show_open_challenges(std::vector<protocol::challenge_view> challenges);

    // The current listing, with the request's id.
    protocol::message_ptr listing(const protocol::request_id& id) const;
    // The public rooms of the listing, in its order.
    std::vector<protocol::room_summary> listed() const;
    // Adds a subscriber and returns the listing it starts from.
    protocol::message_ptr subscribe(std::shared_ptr<recipient> who, const protocol::request_id& id);
    void unsubscribe(const recipient* who);

    std::size_t room_count() const;
    // The status of a room served here, public or not; none for a room this node does not serve.
    std::optional<protocol::room_status> status_of(std::string_view code) const;
    // Every open room.
    std::vector<std::shared_ptr<room_host>> hosts() const;
    // How many rooms, public or not, of each game are in each state (for /metrics).
    std::vector<room_census> census() const;

    // Empties the directory and the subscriber list, returning the rooms (for server shutdown).
    std::vector<std::shared_ptr<room_host>> clear();

private:
    std::vector<const protocol::room_summary*> listed_locked() const;
    protocol::message_ptr listing_locked(const protocol::request_id& id) const;
    void push(std::unique_lock<std::mutex>& lock);

    const std::size_t max_rooms_;
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<room_host>, std::less<>> rooms_;
    std::map<std::string, protocol::room_summary, std::less<>> listed_;  // public rooms only
    // Every published room's game and state, for the census.
    std::map<std::string, std::pair<std::string, protocol::room_status>, std::less<>> kinds_;
    std::vector<std::shared_ptr<recipient>> subscribers_;
    std::vector<protocol::room_summary> remote_;
    std::vector<protocol::seek_summary> seeks_;
    std::vector<protocol::challenge_view> open_challenges_;
    watcher watcher_;
};

}  // namespace quadra::server
