#include "server/store/store.hpp"

#include <chrono>

#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_store.hpp"

namespace quadra::server {

std::int64_t unix_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string account_key(std::string_view user_name) {
    std::string key;
    key.reserve(user_name.size());
    for (std::size_t i = 0; i < user_name.size(); ++i) {
        const auto b = static_cast<unsigned char>(user_name[i]);
        if (b >= 'A' && b <= 'Z') {
            key.push_back(static_cast<char>(b + ('a' - 'A')));
            continue;
        }
        // Cyrillic capitals are two bytes, 0xD0 0x80-0xAF: U+0400-U+042F.
        const auto next =
            i + 1 < user_name.size() ? static_cast<unsigned char>(user_name[i + 1]) : 0;
        if (b == 0xD0 && next >= 0x80 && next <= 0xAF) {
            const char32_t upper = 0x400 + (next - 0x80);
            const char32_t lower = upper < 0x410 ? upper + 0x50 : upper + 0x20;
            key.push_back(static_cast<char>(0xC0 | (lower >> 6)));
            key.push_back(static_cast<char>(0x80 | (lower & 0x3F)));
            ++i;
            continue;
        }
        key.push_back(static_cast<char>(b));
    }
    return key;
}

std::string_view action_name(moderation_write::kind what) {
    using kind = moderation_write::kind;
    switch (what) {
        case kind::grant:
            return "grant";
        case kind::revoke:
            return "revoke";
        case kind::ban:
            return "ban";
        case kind::unban:
            return "unban";
        case kind::mute:
            return "mute";
        case kind::unmute:
            return "unmute";
        case kind::unlist:
            return "unlist";
        case kind::relist:
            return "relist";
        case kind::report_acted:
            return "report_acted";
        case kind::report_dismissed:
            return "report_dismissed";
        case kind::block:
            return "block";
        case kind::unblock:
            return "unblock";
        case kind::hide_chat:
            return "hide_chat";
        case kind::close_room:
            return "close_room";
    }
    return "unknown";
}

store_result<std::unique_ptr<store>> open_store(const store_settings& settings) {
    if (settings.backend == "sqlite") {
        auto opened = sqlite_store::open(settings.data_dir);
        if (!opened) return std::move(opened).error();
        return std::unique_ptr<store>(std::move(opened).value());
    }
    if (settings.backend == "postgres") {
        if (settings.database_url.empty())
            return store_error{"", "the postgres store needs a database_url (postgresql://...)"};
        auto opened = postgres_store::open(settings.database_url);
        if (!opened) return std::move(opened).error();
        return std::unique_ptr<store>(std::move(opened).value());
    }
    return store_error{"", "unknown store '" + settings.backend + "' (sqlite or postgres)"};
}

}  // namespace quadra::server
