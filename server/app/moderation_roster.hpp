#pragma once
// Who holds a role and who is muted or banned (#31), as this node last read it from the store.
// Every change is an audit-log row in the store; each node reads the roster again when the log
// grows (server.cpp), so a change made on any node or at the command line reaches them all
// within a second. Requests check it in memory: moderation is never on the store's path.

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/app/address_range.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

// How far a role reaches: 0 none, 1 moderator, 2 admin. A moderator acts only on accounts of a
// lower rank; only the operator, at the command line, grants roles.
int rank_of(std::string_view role);

class moderation_roster {
public:
    // Replaces what is known with `all`; returns the accounts banned in `all` and not before.
    std::vector<std::uint64_t> replace(std::vector<account_standing> all);

    std::string role_of(std::uint64_t identity) const;  // "" for none
    // Until when the account's chat is muted at `now_ms`; 0: it is not.
    std::int64_t muted_until(std::uint64_t identity, std::int64_t now_ms) const;
    bool banned(std::uint64_t identity) const;
    bool unlisted(std::uint64_t identity) const;
    std::vector<account_standing> all() const;

    // The address blocks in force (#31), replaced as a whole like the standings.
    void replace_blocks(const std::vector<address_block>& blocks);
    // Whether new `who` ("guests" or "accounts") are refused from `address` at `now_ms`.
    bool refuses(std::string_view address, std::string_view who, std::int64_t now_ms) const;
    std::vector<address_block> blocks() const;

private:
    struct refused_range {
        address_range range;
        address_block block;
    };

    mutable std::mutex mutex_;
    std::unordered_map<std::uint64_t, account_standing> by_identity_;
    std::vector<refused_range> blocks_;
};

}  // namespace quadra::server
