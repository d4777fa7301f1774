#include "server/app/shared_seek_pool.hpp"

#include <utility>

#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"

namespace quadra::server {

namespace {

const std::string seeks_notice = "seeks";
const std::string placed_prefix = "placed ";

// A stored summary has no id (the row's is the seek's); none when it is not one.
std::optional<protocol::seek_summary> listed_of(const waiting_seek& seek) {
    auto listed = protocol::parse_seek_summary(seek.summary);
    if (listed) listed->id = static_cast<std::uint64_t>(seek.id);
    return listed;
}

}  // namespace

shared_seek_pool::shared_seek_pool(seek_board& board, cluster_channel& channel, metrics& stats,
                                   shared_seek_settings settings, identity_finder find_identity)
    : board_(board),
      channel_(channel),
      stats_(stats),
      settings_(std::move(settings)),
      find_identity_(std::move(find_identity)) {
    // Seeks this node id had before a restart have no connection any more.
    board_.drop_seeks(settings_.node_id);
    listening_ = channel_.listen([this](const std::string& notice) {
        if (notice.empty() || notice == placed_prefix + settings_.node_id) deliver_placed();
        if (notice.empty() || notice == seeks_notice) read_listing();
    });
}

shared_seek_pool::~shared_seek_pool() { channel_.unlisten(listening_); }

seek_pairing::added shared_seek_pool::add(seek_entry entry) {
    std::lock_guard opening(opening_);
    {
        std::lock_guard lock(mutex_);
        if (mine_.size() >= settings_.max_seeks) return {};
    }
    entry.listed.id = 0;
    // Run inside the transaction, on the waiting seeks it read: the same choice as one node's.
    const auto choose = [&entry](const std::vector<waiting_seek>& waiting) {
        std::vector<seek_entry> parsed;
        std::vector<const seek_entry*> others;
        std::vector<std::int64_t> ids;
        parsed.reserve(waiting.size());  // `others` points into it
        ids.reserve(waiting.size());
        for (const auto& seek : waiting)
            if (auto listed = listed_of(seek)) {
                parsed.push_back({static_cast<std::uint64_t>(seek.identity), *listed, {}});
                ids.push_back(seek.id);
            }
        others.reserve(parsed.size());
        for (const auto& other : parsed) others.push_back(&other);
        const auto group = complete_group(entry, others);
        std::vector<std::int64_t> chosen;
        chosen.reserve(group.size());
        for (auto i : group) chosen.push_back(ids[i]);
        return chosen;
    };
    auto opened = board_.open_seek(settings_.node_id, static_cast<std::int64_t>(entry.identity),
                                   seek_kind(entry.listed),
                                   protocol::seek_summary_text(entry.listed), choose);
    if (!opened) return {0, true, {}};
    const auto id = static_cast<std::uint64_t>(opened.value().id);
    entry.listed.id = id;
    added out{id, false, {}};
    std::lock_guard lock(mutex_);
    if (opened.value().group.empty()) {
        mine_.emplace(id, std::move(entry));
        return out;
    }
    for (const auto& seek : opened.value().group) {
        auto listed = listed_of(seek);
        if (!listed) continue;  // cannot happen: the chooser took only seeks it could read
        if (seek.node != settings_.node_id) {
            out.group.push_back(remote_entry(seek, std::move(*listed)));
            continue;
        }
        const auto own = mine_.find(static_cast<std::uint64_t>(seek.id));
        if (own == mine_.end()) continue;  // cannot happen: it was opened under opening_
        out.group.push_back(std::move(own->second));
        mine_.erase(own);
    }
    out.group.push_back(std::move(entry));
    return out;
}

seek_entry shared_seek_pool::remote_entry(const waiting_seek& seek, protocol::seek_summary listed) {
    seek_entry entry{static_cast<std::uint64_t>(seek.identity), std::move(listed), {}};
    entry.paired = [this, seek](const seat_offer& offer) {
        placed_seek place{seek.id, {}, offer.seat, settings_.public_url};
        if (offer.host) {
            // Held before its seeker is sent here, so that nobody else takes it meanwhile.
            if (auto who = find_identity_(static_cast<std::uint64_t>(seek.identity))) {
                offer.host->hold_seat(std::move(who), offer.seat);
                place.room = offer.host->code();
            }
        }
        if (!board_.place_seek(seek.id, settings_.node_id, place)) return;
        // Counted when a seat was held; else its seeker is told there was no room.
        if (!place.room.empty()) stats_.seeks_paired_remote.fetch_add(1, std::memory_order_relaxed);
        channel_.publish(placed_prefix + seek.node);
    };
    return entry;
}

void shared_seek_pool::deliver_placed() {
    std::lock_guard opening(opening_);
    for (const auto& placed : board_.take_placed(settings_.node_id)) {
        seek_entry entry;
        {
            std::lock_guard lock(mutex_);
            const auto it = mine_.find(static_cast<std::uint64_t>(placed.id));
            if (it == mine_.end()) continue;
            entry = std::move(it->second);
            mine_.erase(it);
        }
        log::event(log::level::info, "paired_elsewhere",
                   {{"seek", placed.id}, {"room", placed.room}, {"url", placed.url}});
        if (entry.paired)
            entry.paired({entry.listed.id, placed.seat, nullptr, placed.room, placed.url});
    }
}

bool shared_seek_pool::cancel(std::uint64_t id) {
    {
        std::lock_guard lock(mutex_);
        if (!mine_.contains(id)) return false;
    }
    // Not withdrawn: another node took it into a group, and its placing is on its way.
    if (!board_.withdraw_seek(static_cast<std::int64_t>(id), settings_.node_id)) return false;
    std::lock_guard lock(mutex_);
    mine_.erase(id);
    return true;
}

void shared_seek_pool::clear() {
    std::map<std::uint64_t, seek_entry> dropped;  // destroyed after the lock is released
    {
        std::lock_guard lock(mutex_);
        dropped.swap(mine_);
    }
    board_.drop_seeks(settings_.node_id);
}

void shared_seek_pool::read_listing() {
    std::lock_guard serial(listing_mutex_);
    std::vector<protocol::seek_summary> listed;
    for (const auto& seek : board_.open_seeks())
        if (auto summary = listed_of(seek)) listed.push_back(std::move(*summary));
    std::lock_guard lock(mutex_);
    if (listed == listed_) return;
    listed_ = listed;
    if (watcher_) watcher_(std::move(listed));
}

void shared_seek_pool::repair() {
    board_.repair_seeks();
    deliver_placed();
    read_listing();
}

std::vector<protocol::seek_summary> shared_seek_pool::open() const {
    std::lock_guard lock(mutex_);
    return listed_;
}

std::size_t shared_seek_pool::size() const {
    std::lock_guard lock(mutex_);
    return listed_.size();
}

void shared_seek_pool::watch(std::function<void(std::vector<protocol::seek_summary>)> changed) {
    std::lock_guard lock(mutex_);
    watcher_ = std::move(changed);
}

}  // namespace quadra::server
