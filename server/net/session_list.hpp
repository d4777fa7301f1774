#pragma once
// Every open WebSocket session, so that a shutdown can tell each one the server is going away.
// Touched when a connection opens or ends, never on the move path.

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace quadra::server {

class websocket_session;

class session_list {
public:
    void add(const websocket_session* key, std::weak_ptr<websocket_session> session) {
        std::lock_guard lock(mutex_);
        sessions_.insert_or_assign(key, std::move(session));
    }
    void remove(const websocket_session* key) {
        std::lock_guard lock(mutex_);
        sessions_.erase(key);
    }
    std::size_t size() const {
        std::lock_guard lock(mutex_);
        return sessions_.size();
    }
    std::vector<std::shared_ptr<websocket_session>> all() const {
        std::lock_guard lock(mutex_);
        std::vector<std::shared_ptr<websocket_session>> out;
        for (const auto& [key, weak] : sessions_)
            if (auto session = weak.lock()) out.push_back(std::move(session));
        return out;
    }

private:
    mutable std::mutex mutex_;
    std::unordered_map<const websocket_session*, std::weak_ptr<websocket_session>> sessions_;
};

// Signs out every connection of `identity` in `sessions` (an account signed out everywhere), or
// only those acting through the session whose token has the hash `session`.
void sign_out_connections(const session_list& sessions, std::uint64_t identity,
                          const std::string& session = {});

}  // namespace quadra::server
