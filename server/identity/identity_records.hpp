#pragma once
// Where identities are kept across restarts and nodes, as identity_registry reads them. The store
// implements it (store/store.hpp): identity/ sits below rooms/ and store/ and includes neither.

#include <cstdint>
#include <optional>
#include <string>

namespace quadra::server {

// One person: the SHA-256 of the token (hex), never the token.
struct identity_row {
    std::int64_t id = 0;
    std::string token_hash;
    std::string name;
    std::int64_t created_ms = 0;
    std::string account;  // the account's user name; empty for a guest (#17)
};

class identity_records {
public:
    virtual ~identity_records() = default;

    // A guest by its token's hash, or an account by one of its sessions' (then token_hash is the
    // session's).
    virtual std::optional<identity_row> find_identity(const std::string& token_hash) const = 0;
    virtual std::optional<identity_row> find_identity(std::int64_t id) const = 0;
};

}  // namespace quadra::server
