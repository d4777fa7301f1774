#include "server/cluster/cluster_node.hpp"

#include <algorithm>
#include <condition_variable>
#include <latch>
#include <utility>

#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"

namespace quadra::server {

namespace {

using namespace std::chrono_literals;

std::int64_t steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// How often lobby entries are written, and read when a "lobby" notice said another node wrote
// some; the sweep and a full read of the other nodes' entries (in case a notice was missed):
// every fifth time (a second).
constexpr auto tick = 200ms;
constexpr int ticks_per_second = 5;

const std::string lobby_notice = "lobby";

// How often the lease is renewed: every second, but at least three times per lease, so that a
// short lease (0.5 or 1 s) never lapses between two renewals of a live node (the database
// round trips of a pass come on top of the second).
std::chrono::milliseconds renewal_period(std::chrono::milliseconds lease) {
    return std::clamp(std::chrono::milliseconds(lease / 3), std::chrono::milliseconds(tick),
                      std::chrono::milliseconds(1000ms));
}

}  // namespace

cluster_node::cluster_node(room_directory& directory, store& records, lobby& rooms, metrics& stats,
                           cluster_settings settings, adopter adopt)
    : directory_(directory),
      records_(records),
      rooms_(rooms),
      stats_(stats),
      channel_(records.channel()),
      settings_(std::move(settings)),
      adopt_(std::move(adopt)) {
    rooms_.watch({
        [this](const protocol::room_summary& summary) {
            const bool listed =
                summary.is_public && summary.status != protocol::room_status::finished;
            std::lock_guard lock(mutex_);
            entries_[summary.room] = listed ? protocol::room_summary_text(summary) : std::string();
        },
        [this](const std::string& code, bool ended) {
            std::lock_guard lock(mutex_);
            entries_.erase(code);
            closed_.push_back({code, ended});
            const auto it = owned_.find(code);
            if (ended && it != owned_.end()) ended_.insert(it->second.game_id);
        },
    });
}

cluster_node::~cluster_node() {
    worker_.request_stop();
    if (worker_.joinable()) worker_.join();
    if (channel_) channel_->unlisten(listening_);
    rooms_.watch({});
}

bool cluster_node::start() {
    renew_lease();
    if (renewed_ms_ < 0) return false;
    when_told(lobby_notice, [this] { read_entries(); });
    if (channel_)
        listening_ = channel_->listen([this](const std::string& notice) {
            if (!notice.empty() && !on_notice_.contains(notice)) return;
            std::lock_guard lock(mutex_);
            if (notice.empty())  // the channel (re)connected: anything may have been missed
                for (const auto& [name, task] : on_notice_) told_.insert(name);
            else
                told_.insert(notice);
        });
    worker_ = std::jthread([this](std::stop_token stop) { run(stop); });
    return true;
}

game_starter cluster_node::owning(game_starter start_game) {
    return [this, start_game = std::move(start_game)](const std::string& code,
                                                      const rules::game& game, bool is_public,
                                                      const protocol::room_settings& settings) {
        auto made = start_game(code, game, is_public, settings);
        std::lock_guard lock(mutex_);
        owned_[code] = {std::string(made.dice->game_id()), 1};
        return made;
    };
}

void cluster_node::run(std::stop_token stop) {
    std::mutex sleep_mutex;
    std::condition_variable_any woken;
    const auto renew_every = renewal_period(settings_.lease);
    auto renewed = std::chrono::steady_clock::now();  // start() took the lease
    for (int count = 0; !stop.stop_requested(); ++count) {
        if (std::chrono::steady_clock::now() - renewed >= renew_every || count == 0) {
            renewed = std::chrono::steady_clock::now();
            renew_lease();
        }
        if (count % ticks_per_second == 0) {
            sweep();
            read_entries();
            if (every_second_) every_second_();
        }
        std::set<std::string> told;
        {
            std::lock_guard lock(mutex_);
            told.swap(told_);
        }
        for (const auto& notice : told) on_notice_.at(notice)();
        publish_entries();
        std::unique_lock lock(sleep_mutex);
        woken.wait_for(lock, stop, tick, [] { return false; });
    }
}

void cluster_node::renew_lease() {
    const auto began = std::chrono::steady_clock::now();
    if (!directory_.renew_lease(settings_.node_id, settings_.public_url, settings_.lease)) {
        stats_.lease_renewal_failures.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    stats_.lease_renewal_latency.observe(std::chrono::steady_clock::now() - began);
    stats_.lease_renewals.fetch_add(1, std::memory_order_relaxed);
    const auto now = steady_ms();
    if (lease_state() == "lost") held_since_ms_ = now;  // a new lease, not a renewal
    renewed_ms_ = now;
}

std::string cluster_node::lease_state() const {
    const auto renewed = renewed_ms_.load();
    return renewed >= 0 && steady_ms() - renewed < settings_.lease.count() ? "held" : "lost";
}

std::chrono::milliseconds cluster_node::since_renewal() const {
    const auto renewed = renewed_ms_.load();
    return std::chrono::milliseconds(renewed < 0 ? 0 : steady_ms() - renewed);
}

std::size_t cluster_node::rooms_owned() const {
    std::lock_guard lock(mutex_);
    return owned_.size();
}

std::optional<cluster_node::owned_room> cluster_node::owned(const std::string& code) const {
    std::lock_guard lock(mutex_);
    const auto it = owned_.find(code);
    if (it == owned_.end()) return std::nullopt;
    return it->second;
}

void cluster_node::sweep() {
    // Only after a whole lease held: when the database comes back after an outage, every lease
    // has run out, and the other nodes must first get the chance to renew theirs.
    if (steady_ms() - held_since_ms_ < settings_.lease.count()) return;
    // Rooms nobody alive owns, and rooms the directory says are this node's but that it does not
    // serve (dropped after a failed write, or owned by this node id before a restart).
    auto candidates = directory_.orphans();
    for (auto& game_id : directory_.owned_by(settings_.node_id)) {
        std::lock_guard lock(mutex_);
        bool served = false;
        for (const auto& [code, room] : owned_) served = served || room.game_id == game_id;
        if (!served) candidates.push_back(std::move(game_id));
    }
    for (const auto& game_id : candidates) take_over(game_id);
    // Finished rooms of nodes that are gone: nobody serves them again (their games stay).
    if (const auto removed = directory_.remove_finished_orphans(); removed > 0)
        log::event(log::level::info, "finished_rooms_removed", {{"rooms", removed}});
}

std::shared_ptr<room_host> cluster_node::take_over(const std::string& game_id) {
    std::lock_guard serial(takeover_mutex_);
    {
        // Closed for good here a moment ago, and still in the directory as this node's until the
        // next lobby pass removes it: a join now must not bring it back.
        std::lock_guard lock(mutex_);
        if (ended_.contains(game_id)) return nullptr;
    }
    const auto row = records_.find_game(game_id);
    if (!row) return nullptr;
    if (auto host = rooms_.find(row->room_code)) return host;  // taken over meanwhile
    const auto epoch = directory_.claim(game_id, settings_.node_id);
    if (!epoch) return nullptr;  // another node was faster, or the owner lives after all
    // Read after the claim: the old owner's writes are fenced from here on, so these are all.
    const auto events = records_.events_of(game_id);
    const room_owner owner{settings_.node_id, *epoch};
    {
        std::lock_guard lock(mutex_);
        owned_[row->room_code] = {game_id, *epoch};
    }
    auto host = adopt_(*row, events, owner);
    if (!host) {
        std::lock_guard lock(mutex_);
        owned_.erase(row->room_code);
        directory_.remove(game_id, owner);  // nobody can come back to it
        return nullptr;
    }
    stats_.takeovers.fetch_add(1, std::memory_order_relaxed);
    log::event(log::level::info, "room_taken_over",
               {{"room", row->room_code},
                {"game", game_id},
                {"epoch", *epoch},
                {"events", events.size()}});
    return host;
}

room_route cluster_node::locate(const std::string& code) {
    if (auto host = rooms_.find(code)) return {host, std::nullopt};
    for (int attempt = 0;; ++attempt) {
        const auto where = directory_.locate(code);
        if (!where) return {nullptr, std::nullopt, true};
        if (!where.value()) return {};
        const auto& room = *where.value();
        if (room.owner_live && room.owner != settings_.node_id) return {nullptr, room.owner_url};
        // Once more if the takeover fails: another node may have been faster (then its URL).
        // The second time, the room is closed for good or nobody could come back to it.
        if (attempt == 1) return {};
        if (auto host = take_over(room.game_id)) return {std::move(host), std::nullopt};
    }
}

std::string cluster_node::new_home(const std::string& code) const {
    const auto where = directory_.locate(code);
    if (!where || !where.value()) return {};
    const auto& room = *where.value();
    return room.owner_live && room.owner != settings_.node_id ? room.owner_url : std::string();
}

void cluster_node::publish_entries() {
    std::map<std::string, std::string> entries;
    std::vector<closed_room> closed;
    {
        std::lock_guard lock(mutex_);
        entries.swap(entries_);
        closed.swap(closed_);
    }
    bool wrote = false;
    for (const auto& [code, ended] : closed) {
        const auto room = owned(code);
        if (!room) continue;
        const room_owner owner{settings_.node_id, room->epoch};
        // Over for good: out of the directory. Only not served here: its entry goes, and the
        // sweep takes it over again if it is still this node's.
        wrote = (ended ? directory_.remove(room->game_id, owner)
                       : directory_.unlist(room->game_id, owner)) ||
                wrote;
        std::lock_guard lock(mutex_);
        owned_.erase(code);
        ended_.erase(room->game_id);
    }
    // After the closed rooms, which are no longer owned here: none is listed again.
    std::vector<room_listing> listings;
    for (auto& [code, text] : entries)
        if (const auto room = owned(code))
            listings.push_back({room->game_id, {settings_.node_id, room->epoch}, text});
    const auto listed = directory_.list(listings);
    wrote = wrote || !listed.empty();
    {
        // Not set: a new room's directory row comes with its first write, which may not have
        // committed yet; the row was being written; or the database is away. The entry waits
        // for the next pass rather than being lost, unless the room closed or a newer entry
        // came meanwhile.
        std::lock_guard lock(mutex_);
        for (auto& [code, text] : entries) {
            const auto room = owned_.find(code);
            if (room != owned_.end() &&
                std::find(listed.begin(), listed.end(), room->second.game_id) == listed.end())
                entries_.try_emplace(code, std::move(text));
        }
    }
    if (wrote && channel_) channel_->publish(lobby_notice);
}

void cluster_node::read_entries() {
    auto texts = directory_.listings(settings_.node_id);
    if (texts == remote_entries_) return;
    remote_entries_ = std::move(texts);
    std::vector<protocol::room_summary> rooms;
    for (const auto& text : remote_entries_)
        if (auto summary = protocol::parse_room_summary(text)) rooms.push_back(std::move(*summary));
    rooms_.show_remote(std::move(rooms));
}

std::string cluster_node::any_other_live_node() const {
    for (const auto& node : directory_.nodes())
        if (node.live && node.id != settings_.node_id) return node.public_url;
    return {};
}

void cluster_node::leave(const std::vector<std::shared_ptr<room_host>>& hosts) {
    worker_.request_stop();
    if (worker_.joinable()) worker_.join();
    publish_entries();
    const auto elsewhere = any_other_live_node();
    std::latch stopped(std::ssize(hosts));
    for (const auto& host : hosts)
        host->stop_serving(elsewhere, [&stopped] { stopped.count_down(); });
    stopped.wait();
    records_.drain();  // every write already made commits, and is delivered, before the handover
    directory_.retire(settings_.node_id);
    std::latch sent(std::ssize(hosts));
    for (const auto& host : hosts) host->send_members_away([&sent] { sent.count_down(); });
    sent.wait();
    log::event(log::level::info, "node_left",
               {{"node", settings_.node_id}, {"rooms", hosts.size()}, {"sent_to", elsewhere}});
}

}  // namespace quadra::server
