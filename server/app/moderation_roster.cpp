#include "server/app/moderation_roster.hpp"

#include <algorithm>
#include <utility>

namespace quadra::server {

int rank_of(std::string_view role) {
    if (role == "admin") return 2;
    if (role == "moderator") return 1;
    return 0;
}

std::vector<std::uint64_t> moderation_roster::replace(std::vector<account_standing> all) {
    std::unordered_map<std::uint64_t, account_standing> next;
    for (auto& standing : all) {
        const auto id = static_cast<std::uint64_t>(standing.identity);
        next.emplace(id, std::move(standing));
    }
    std::lock_guard lock(mutex_);
    std::vector<std::uint64_t> newly_banned;
    for (const auto& [id, standing] : next)
        if (standing.banned && !(by_identity_.contains(id) && by_identity_.at(id).banned))
            newly_banned.push_back(id);
    by_identity_ = std::move(next);
    std::sort(newly_banned.begin(), newly_banned.end());
    return newly_banned;
}

std::string moderation_roster::role_of(std::uint64_t identity) const {
    std::lock_guard lock(mutex_);
    const auto found = by_identity_.find(identity);
    return found == by_identity_.end() ? std::string() : found->second.role;
}

std::int64_t moderation_roster::muted_until(std::uint64_t identity, std::int64_t now_ms) const {
    std::lock_guard lock(mutex_);
    const auto found = by_identity_.find(identity);
    if (found == by_identity_.end() || found->second.muted_until_ms <= now_ms) return 0;
    return found->second.muted_until_ms;
}

bool moderation_roster::banned(std::uint64_t identity) const {
    std::lock_guard lock(mutex_);
    const auto found = by_identity_.find(identity);
    return found != by_identity_.end() && found->second.banned;
}

bool moderation_roster::unlisted(std::uint64_t identity) const {
    std::lock_guard lock(mutex_);
    const auto found = by_identity_.find(identity);
    return found != by_identity_.end() && found->second.unlisted;
}

void moderation_roster::replace_blocks(const std::vector<address_block>& blocks) {
    std::vector<refused_range> next;
    for (const auto& block : blocks)
        if (const auto range = address_range::parse(block.cidr)) next.push_back({*range, block});
    std::lock_guard lock(mutex_);
    blocks_ = std::move(next);
}

bool moderation_roster::refuses(std::string_view address, std::string_view who,
                                std::int64_t now_ms) const {
    std::lock_guard lock(mutex_);
    for (const auto& [range, block] : blocks_)
        if (block.until_ms > now_ms && (block.refuses == "both" || block.refuses == who) &&
            range.contains(address))
            return true;
    return false;
}

std::vector<address_block> moderation_roster::blocks() const {
    std::lock_guard lock(mutex_);
    std::vector<address_block> copy;
    copy.reserve(blocks_.size());
    for (const auto& refused : blocks_) copy.push_back(refused.block);
    return copy;
}

std::vector<account_standing> moderation_roster::all() const {
    std::lock_guard lock(mutex_);
    std::vector<account_standing> copy;
    copy.reserve(by_identity_.size());
    for (const auto& [id, standing] : by_identity_) copy.push_back(standing);
    std::sort(copy.begin(), copy.end(),
              [](const auto& a, const auto& b) { return a.account < b.account; });
    return copy;
}

}  // namespace quadra::server
