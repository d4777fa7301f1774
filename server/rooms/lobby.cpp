#include "server/rooms/lobby.hpp"

#include <algorithm>
#include <array>

#include "server/dice/os_random.hpp"
#include "server/rooms/room_code.hpp"

namespace quadra::server {

std::string new_room_code() {
    std::array<std::byte, room_code::length> raw{};
    fill_os_random(raw);
    std::string code;
    for (auto b : raw) code.push_back(room_code::alphabet[static_cast<unsigned>(b) & 31]);
    return code;
}

std::shared_ptr<room_host> lobby::open(
    const std::function<std::shared_ptr<room_host>(const std::string& code)>& make) {
    std::string code;
    {
        std::lock_guard lock(mutex_);
        if (rooms_.size() >= max_rooms_) return nullptr;
        do code = new_room_code();
        while (rooms_.contains(code));
        rooms_.emplace(code, nullptr);  // reserved while the room is built outside the lock
    }
    auto host = make(code);
    std::lock_guard lock(mutex_);
    if (host)
        rooms_[code] = host;
    else
        rooms_.erase(code);
    return host;
}

bool lobby::restore(const std::string& code, std::shared_ptr<room_host> host) {
    std::lock_guard lock(mutex_);
    return rooms_.emplace(code, std::move(host)).second;
}

std::shared_ptr<room_host> lobby::find(std::string_view code) const {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(code);
    return it == rooms_.end() ? nullptr : it->second;
}

void lobby::close(std::string_view code, bool ended) {
    std::unique_lock lock(mutex_);
    if (auto it = rooms_.find(code); it != rooms_.end()) {
        rooms_.erase(it);
        if (watcher_.closed) watcher_.closed(std::string(code), ended);
    }
    if (auto it = kinds_.find(code); it != kinds_.end()) kinds_.erase(it);
    if (auto it = listed_.find(code); it != listed_.end()) {
        listed_.erase(it);
        push(lock);
    }
}

void lobby::publish(protocol::room_summary summary) {
    std::unique_lock lock(mutex_);
    if (!rooms_.contains(summary.room)) return;  // closed meanwhile
    if (watcher_.changed) watcher_.changed(summary);
    kinds_.insert_or_assign(summary.room, std::pair{summary.game, summary.status});
    if (!summary.is_public) return;
    if (summary.status == protocol::room_status::finished) {
        // A finished room stays open for its players and readers but leaves the live listing.
        if (listed_.erase(summary.room) > 0) push(lock);
        return;
    }
    listed_.insert_or_assign(summary.room, std::move(summary));
    push(lock);
}

void lobby::watch(watcher observer) {
    std::lock_guard lock(mutex_);
    watcher_ = std::move(observer);
}

void lobby::show_remote(std::vector<protocol::room_summary> rooms) {
    std::unique_lock lock(mutex_);
    remote_ = std::move(rooms);
    push(lock);
}

void lobby::show_seeks(std::vector<protocol::seek_summary> seeks) {
    std::unique_lock lock(mutex_);
    seeks_ = std::move(seeks);
    push(lock);
}

void lobby::show_open_challenges(std::vector<protocol::challenge_view> challenges) {
    std::unique_lock lock(mutex_);
    if (challenges == open_challenges_) return;
    open_challenges_ = std::move(challenges);
    push(lock);
}

std::vector<const protocol::room_summary*> lobby::listed_locked() const {
    std::vector<const protocol::room_summary*> rooms;
    rooms.reserve(listed_.size() + remote_.size());
    for (const auto& [code, summary] : listed_) rooms.push_back(&summary);
    // A room just taken over here may still be listed by the directory as another node's.
    for (const auto& summary : remote_)
        if (!rooms_.contains(summary.room)) rooms.push_back(&summary);
    return rooms;
}

protocol::message_ptr lobby::listing_locked(const protocol::request_id& id) const {
    return protocol::rooms_message(id, listed_locked(), seeks_, open_challenges_);
}

void lobby::push(std::unique_lock<std::mutex>& lock) {
    // Rendering is skipped entirely while nobody watches, which is the common case under load.
    if (subscribers_.empty()) return;
    // Delivered under the lock so that listings arrive in the order they were made; deliver()
    // only queues, so this never waits on a socket.
    auto message = listing_locked({});
    for (const auto& r : subscribers_) r->deliver(message);
    (void)lock;
}

protocol::message_ptr lobby::listing(const protocol::request_id& id) const {
    std::lock_guard lock(mutex_);
    return listing_locked(id);
}

std::vector<protocol::room_summary> lobby::listed() const {
    std::lock_guard lock(mutex_);
    std::vector<protocol::room_summary> rooms;
    for (const auto* summary : listed_locked()) rooms.push_back(*summary);
    return rooms;
}

protocol::message_ptr lobby::subscribe(std::shared_ptr<recipient> who,
                                       const protocol::request_id& id) {
    std::lock_guard lock(mutex_);
    if (std::find(subscribers_.begin(), subscribers_.end(), who) == subscribers_.end())
        subscribers_.push_back(std::move(who));
    return listing_locked(id);
}

void lobby::unsubscribe(const recipient* who) {
    std::lock_guard lock(mutex_);
    std::erase_if(subscribers_, [&](const auto& r) { return r.get() == who; });
}

std::vector<std::shared_ptr<room_host>> lobby::hosts() const {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<room_host>> out;
    for (const auto& [code, host] : rooms_)
        if (host) out.push_back(host);
    return out;
}

std::size_t lobby::room_count() const {
    std::lock_guard lock(mutex_);
    return rooms_.size();
}

std::vector<std::shared_ptr<room_host>> lobby::clear() {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<room_host>> hosts;
    for (auto& [code, host] : rooms_)
        if (host) hosts.push_back(std::move(host));
    rooms_.clear();
    listed_.clear();
    kinds_.clear();
    subscribers_.clear();
    seeks_.clear();
    open_challenges_.clear();
    return hosts;
}

std::optional<protocol::room_status> lobby::status_of(std::string_view code) const {
    std::lock_guard lock(mutex_);
    const auto it = kinds_.find(code);
    if (it == kinds_.end()) return std::nullopt;
    return it->second.second;
}

std::vector<room_census> lobby::census() const {
    std::map<std::pair<std::string, protocol::room_status>, std::size_t> counted;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [code, kind] : kinds_) ++counted[kind];
    }
    std::vector<room_census> out;
    out.reserve(counted.size());
    for (const auto& [kind, count] : counted) out.push_back({kind.first, kind.second, count});
    return out;
}

}  // namespace quadra::server
