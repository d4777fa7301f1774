#include "server/identity/identity.hpp"

#include <algorithm>
#include <array>
#include <span>

#include <openssl/sha.h>

#include "server/dice/fair_dice.hpp"
#include "server/dice/os_random.hpp"

namespace quadra::server {

namespace {

// Decodes one UTF-8 code point at `i`; returns its length, or 0 when the bytes are invalid.
std::size_t utf8_length(std::string_view s, std::size_t i, char32_t& cp) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        const auto c = static_cast<unsigned char>(s[i + k]);
        if ((c >> 6) != 2) return 0;
        cp = (cp << 6) | (c & 0x3F);
    }
    // Overlong forms, surrogates and values past Unicode are refused.
    static constexpr char32_t min_for_length[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_for_length[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

bool invisible_or_control(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) ||  // C0, DEL, C1
           (cp >= 0x200B && cp <= 0x200F) ||          // zero-width and direction marks
           (cp >= 0x202A && cp <= 0x202E) ||          // bidi embeddings and overrides
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF;
}

bool space(char32_t cp) { return cp == ' ' || cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200A); }

}  // namespace

std::string sanitize_name(std::string_view raw) {
    std::string out;
    std::size_t characters = 0;
    bool pending_space = false;
    for (std::size_t i = 0; i < raw.size() && characters < max_name_characters;) {
        char32_t cp = 0;
        const auto n = utf8_length(raw, i, cp);
        if (n == 0) {  // skip one invalid byte
            ++i;
            continue;
        }
        const auto bytes = raw.substr(i, n);
        i += n;
        if (space(cp) || cp == '\t' || cp == '\n' || cp == '\r') {
            pending_space = !out.empty();
            continue;
        }
        if (invisible_or_control(cp)) continue;
        if (pending_space && characters + 1 < max_name_characters) {
            out.push_back(' ');
            ++characters;
        }
        pending_space = false;
        out.append(bytes);
        ++characters;
    }
    return out;
}

std::string identity::name() const {
    std::lock_guard lock(mutex_);
    return name_;
}

void identity::rename(std::string name) {
    std::lock_guard lock(mutex_);
    name_ = std::move(name);
}

std::string identity::account() const {
    std::lock_guard lock(mutex_);
    return account_;
}

void identity::set_account(std::string user_name) {
    std::lock_guard lock(mutex_);
    account_ = std::move(user_name);
}

std::vector<std::string> identity::rooms() const {
    std::lock_guard lock(mutex_);
    return rooms_;
}

void identity::add_room(const std::string& code) {
    std::lock_guard lock(mutex_);
    if (std::find(rooms_.begin(), rooms_.end(), code) == rooms_.end()) rooms_.push_back(code);
}

void identity::remove_room(std::string_view code) {
    std::lock_guard lock(mutex_);
    std::erase(rooms_, code);
}

std::string token_hash(std::string_view token) {
    std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
    SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(), digest.data());
    return to_hex(digest);
}

namespace {

// A random identity id below 2^53, so that it survives JSON numbers everywhere.
std::uint64_t random_id() {
    std::uint64_t id = 0;
    while (id == 0) {
        fill_os_random(std::as_writable_bytes(std::span(&id, 1)));
        id &= (std::uint64_t{1} << 53) - 1;
    }
    return id;
}

}  // namespace

std::shared_ptr<identity> identity_registry::create(std::string_view requested_name) {
    auto name = sanitize_name(requested_name);
    std::lock_guard lock(mutex_);
    if (by_hash_.size() >= max_) return nullptr;
    for (;;) {
        auto token = random_hex(16);  // 128 bits
        auto hash = token_hash(token);
        const auto id = random_id();
        if (by_hash_.contains(hash) || by_id_.contains(id)) continue;
        if (name.empty()) name = "Guest " + std::to_string(id % 10000);
        auto made = std::make_shared<identity>(id, token, std::move(name));
        by_hash_.emplace(std::move(hash), made);
        by_id_.emplace(id, made);
        return made;
    }
}

std::shared_ptr<identity> identity_registry::remember(const identity_row& row) const {
    const auto id = static_cast<std::uint64_t>(row.id);
    std::lock_guard lock(mutex_);
    if (auto known = by_id_.find(id); known != by_id_.end()) {
        // Known as a guest here, but made an account (maybe on another node) since.
        if (!row.account.empty()) known->second->set_account(row.account);
        return known->second;
    }
    auto made = std::make_shared<identity>(id, std::string(), row.name);
    made->set_account(row.account);
    by_hash_.insert_or_assign(row.token_hash, made);
    by_id_.insert_or_assign(id, made);
    return made;
}

std::shared_ptr<identity> identity_registry::find(std::string_view token) const {
    const auto hash = token_hash(token);
    std::shared_ptr<identity> known;
    {
        std::lock_guard lock(mutex_);
        if (auto it = by_hash_.find(hash); it != by_hash_.end()) known = it->second;
    }
    if (known && (!records_ || (known->account().empty() && !shared_))) return known;
    const auto row = records_ ? records_->find_identity(hash) : std::nullopt;
    if (row) return remember(*row);
    if (known && known->account().empty()) {
        // Not found by its token: a guest that became an account elsewhere (its token is no
        // session now), or a store that cannot answer (then the guest stays as it is).
        const auto now = records_->find_identity(static_cast<std::int64_t>(known->id()));
        if (!now || now->account.empty()) return known;
    }
    if (known) {  // a revoked session leaves the cache
        std::lock_guard lock(mutex_);
        by_hash_.erase(hash);
    }
    return nullptr;
}

void identity_registry::add_session(const std::string& hash, const std::shared_ptr<identity>& who) {
    std::lock_guard lock(mutex_);
    by_hash_.insert_or_assign(hash, who);
    by_id_.insert_or_assign(who->id(), who);
}

void identity_registry::forget_session(const std::string& hash) {
    std::lock_guard lock(mutex_);
    by_hash_.erase(hash);
}

void identity_registry::forget_sessions(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    std::erase_if(by_hash_, [id](const auto& entry) { return entry.second->id() == id; });
}

std::vector<std::pair<std::string, std::uint64_t>> identity_registry::account_sessions() const {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<std::string, std::uint64_t>> sessions;
    for (const auto& [hash, who] : by_hash_)
        if (!who->account().empty()) sessions.emplace_back(hash, who->id());
    return sessions;
}

std::shared_ptr<identity> identity_registry::find_id(std::uint64_t id) const {
    {
        std::lock_guard lock(mutex_);
        if (auto it = by_id_.find(id); it != by_id_.end()) return it->second;
    }
    const auto row =
        records_ ? records_->find_identity(static_cast<std::int64_t>(id)) : std::nullopt;
    return row ? remember(*row) : nullptr;
}

std::size_t identity_registry::size() const {
    std::lock_guard lock(mutex_);
    return by_hash_.size();
}

}  // namespace quadra::server
