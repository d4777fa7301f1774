#include "server/app/seek_pool.hpp"

#include <algorithm>

#include "protocol/game_json.hpp"

namespace quadra::server {

namespace {

bool accepts(const protocol::seek_summary& seeker, int rating) {
    return !seeker.range || (seeker.range->min <= rating && rating <= seeker.range->max);
}

}  // namespace

bool ranges_accept(const protocol::seek_summary& a, const protocol::seek_summary& b) {
    return accepts(a, b.rating) && accepts(b, a.rating);
}

std::string seek_kind(const protocol::seek_summary& seek) {
    return seek.game + '\n' + protocol::options_text(seek.options) + '\n' +
           protocol::clock_settings_text(seek.clock) + '\n' + (seek.rated ? "rated" : "casual");
}

std::vector<std::size_t> complete_group(const seek_entry& seek,
                                        const std::vector<const seek_entry*>& waiting) {
    const auto needed = static_cast<std::size_t>(std::max(seek.listed.seat_count, 2));
    // Before this seek came no such group existed, so a group, if any, must include it.
    std::vector<const seek_entry*> chosen{&seek};
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < waiting.size() && chosen.size() < needed; ++i) {
        const auto& other = *waiting[i];
        const bool fits = std::all_of(chosen.begin(), chosen.end(), [&](const seek_entry* in) {
            return in->identity != other.identity && ranges_accept(in->listed, other.listed);
        });
        if (!fits) continue;
        chosen.push_back(&other);
        positions.push_back(i);
    }
    if (chosen.size() < needed) positions.clear();
    return positions;
}

seek_pool::added seek_pool::add(seek_entry entry) {
    std::lock_guard lock(mutex_);
    // A player has one open seek: a new one replaces it.
    if (auto old = by_identity_.find(entry.identity); old != by_identity_.end())
        take_locked(old->second);
    if (by_id_.size() >= max_) {
        changed_locked();
        return {};
    }
    const auto id = ++next_id_;
    entry.listed.id = id;
    auto& waiting = by_kind_[seek_kind(entry.listed)];
    std::vector<const seek_entry*> candidates;
    for (auto other_id : waiting) candidates.push_back(&by_id_.at(other_id));
    const auto group = complete_group(entry, candidates);
    added out{id, false, {}};
    if (group.empty()) {
        waiting.push_back(id);
        by_identity_[entry.identity] = id;
        by_id_.emplace(id, std::move(entry));
        changed_locked();
        return out;
    }
    // Paired: the waiting ones leave the pool in this same locked step, oldest first.
    std::vector<std::uint64_t> taken;
    taken.reserve(group.size());
    for (auto i : group) taken.push_back(candidates[i]->listed.id);
    out.group.reserve(group.size() + 1);
    for (auto other_id : taken) out.group.push_back(take_locked(other_id));
    out.group.push_back(std::move(entry));
    changed_locked();
    return out;
}

bool seek_pool::cancel(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (!by_id_.contains(id)) return false;
    take_locked(id);
    changed_locked();
    return true;
}

void seek_pool::clear() {
    std::map<std::uint64_t, seek_entry> dropped;  // destroyed after the lock is released
    {
        std::lock_guard lock(mutex_);
        dropped.swap(by_id_);
        by_kind_.clear();
        by_identity_.clear();
    }
}

seek_entry seek_pool::take_locked(std::uint64_t id) {
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return {};
    // Out of the indexes first, while the entry still names its kind and identity.
    if (auto waiting = by_kind_.find(seek_kind(it->second.listed)); waiting != by_kind_.end()) {
        std::erase(waiting->second, id);
        if (waiting->second.empty()) by_kind_.erase(waiting);
    }
    if (auto mine = by_identity_.find(it->second.identity);
        mine != by_identity_.end() && mine->second == id)
        by_identity_.erase(mine);
    return std::move(by_id_.extract(it).mapped());
}

std::vector<protocol::seek_summary> seek_pool::open_locked() const {
    std::vector<protocol::seek_summary> out;
    out.reserve(by_id_.size());
    for (const auto& [id, entry] : by_id_) out.push_back(entry.listed);
    return out;
}

void seek_pool::changed_locked() const {
    if (watcher_) watcher_(open_locked());
}

std::vector<protocol::seek_summary> seek_pool::open() const {
    std::lock_guard lock(mutex_);
    return open_locked();
}

std::size_t seek_pool::size() const {
    std::lock_guard lock(mutex_);
    return by_id_.size();
}

void seek_pool::watch(std::function<void(std::vector<protocol::seek_summary>)> changed) {
    std::lock_guard lock(mutex_);
    watcher_ = std::move(changed);
}

}  // namespace quadra::server
