#pragma once
// Identities: guests known by a secret token, with a display name and the rooms where they hold
// seats, so that a reconnect on any connection restores them.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/identity/identity_records.hpp"

namespace quadra::server {

inline constexpr std::size_t max_name_characters = 24;

// A display name made safe to show: valid UTF-8, no control characters, whitespace collapsed,
// trimmed, at most max_name_characters code points; empty when nothing printable remains.
std::string sanitize_name(std::string_view raw);

// One person as the server knows them. Thread-safe: rooms on several strands update it.
class identity {
public:
    identity(std::uint64_t id, std::string token, std::string name)
        : id_(id), token_(std::move(token)), name_(std::move(name)) {}

    std::uint64_t id() const { return id_; }
    // The token, for the welcome of a new guest; empty for an identity restored from the store.
    const std::string& token() const { return token_; }

    std::string name() const;
    void rename(std::string name);

    // The account's user name; empty for a guest. Rated rooms and rated seeks need one.
    std::string account() const;
    void set_account(std::string user_name);

    // The rooms where this identity holds a seat, for reconnecting.
    std::vector<std::string> rooms() const;
    void add_room(const std::string& code);
    void remove_room(std::string_view code);

private:
    const std::uint64_t id_;
    const std::string token_;
    mutable std::mutex mutex_;
    std::string name_;
    std::string account_;
    std::vector<std::string> rooms_;
};

// SHA-256 of a token as 64 lowercase hex digits: what the store keeps instead of the token.
std::string token_hash(std::string_view token);

// The identities known in memory, by the hash of their token and by id. One not in memory is
// read from the store when first asked for: it may have been made before a restart, or on
// another node. Only hello and restoring rooms touch it, never the move path.
class identity_registry {
public:
    // `records` (may be null: nothing is stored) is where identities are looked up; `shared`:
    // other nodes write it too, so a guest known here may have become an account there.
    identity_registry(std::size_t max_identities, const identity_records* records,
                      bool shared = false)
        : max_(max_identities), records_(records), shared_(shared) {}

    // A new guest with a fresh 128-bit token from the OS CSPRNG and a random id (ids are made by
    // every node, so they are not counted); null when the registry is full.
    std::shared_ptr<identity> create(std::string_view requested_name);
    // The identity holding `token`, or null: only the token's holder can act for it. An account
    // found in memory is checked against the store again: its session may have been revoked
    // (signed out everywhere, maybe on another node); with a shared store, a guest too (it may
    // have registered on another node). A store that cannot answer keeps a guest as it is.
    std::shared_ptr<identity> find(std::string_view token) const;
    // Accounts (#17): a new session of `who` (its token's hash), and sessions that ended.
    void add_session(const std::string& hash, const std::shared_ptr<identity>& who);
    void forget_session(const std::string& hash);
    void forget_sessions(std::uint64_t id);
    // The accounts' sessions known here, by token hash: what a node of a shared store checks
    // against the store for sessions ended on other nodes.
    std::vector<std::pair<std::string, std::uint64_t>> account_sessions() const;
    // The identity with the id `id`, or null (restoring seats).
    std::shared_ptr<identity> find_id(std::uint64_t id) const;
    std::size_t size() const;

private:
    // Keeps a stored identity in memory (its token is known only by its hash).
    std::shared_ptr<identity> remember(const identity_row& row) const;

    const std::size_t max_;
    const identity_records* records_;
    const bool shared_;
    mutable std::mutex mutex_;
    // A cache of the store, hence mutable.
    mutable std::unordered_map<std::string, std::shared_ptr<identity>> by_hash_;
    mutable std::unordered_map<std::uint64_t, std::shared_ptr<identity>> by_id_;
};

}  // namespace quadra::server
