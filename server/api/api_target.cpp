#include "server/api/api_target.hpp"

#include <charconv>

namespace quadra::server {

std::string_view query_value(std::string_view query, std::string_view key) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        const auto pair = query.substr(0, amp);
        if (pair.size() > key.size() && pair.substr(0, key.size()) == key &&
            pair[key.size()] == '=')
            return pair.substr(key.size() + 1);
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return {};
}

namespace {

std::optional<std::size_t> whole_number(std::string_view text) {
    std::size_t number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return number;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A path segment with its %XX escapes decoded (a user name may hold spaces and non-ASCII
// letters, which a client percent-encodes); none when an escape is malformed.
std::optional<std::string> percent_decoded(std::string_view segment) {
    std::string out;
    out.reserve(segment.size());
    for (std::size_t i = 0; i < segment.size(); ++i) {
        if (segment[i] != '%') {
            out.push_back(segment[i]);
            continue;
        }
        if (i + 2 >= segment.size()) return std::nullopt;
        const int high = hex_value(segment[i + 1]);
        const int low = hex_value(segment[i + 2]);
        if (high < 0 || low < 0) return std::nullopt;
        out.push_back(static_cast<char>(high * 16 + low));
        i += 2;
    }
    return out;
}

// `rest` is what follows /api/games/: an id, then nothing or /position.
api_target game_target(std::string_view rest, std::string_view query) {
    const auto slash = rest.find('/');
    const auto what = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
    if (!what.empty() && what != "/position") return {api_target::kind::not_found, {}, {}};
    std::string id(rest.substr(0, slash));
    if (what.empty()) return {api_target::kind::game, std::move(id), {}};
    return {api_target::kind::position, std::move(id), whole_number(query_value(query, "ply"))};
}

}  // namespace

api_target parse_api_target(std::string_view target) {
    const auto question = target.find('?');
    const auto path = target.substr(0, question);
    const auto query =
        question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
    if (path == "/api/rooms") return {api_target::kind::rooms, {}, {}};
    if (path == "/api/events") return {api_target::kind::events, {}, {}};
    constexpr std::string_view games_prefix = "/api/games/";
    if (path.starts_with(games_prefix)) return game_target(path.substr(games_prefix.size()), query);
    // One path segment each: a user's name, a rating key or an event's id, never empty.
    for (const auto& [prefix, what] :
         {std::pair{std::string_view("/api/users/"), api_target::kind::user},
          std::pair{std::string_view("/api/leaderboard/"), api_target::kind::leaderboard},
          std::pair{std::string_view("/api/events/"), api_target::kind::event}}) {
        if (!path.starts_with(prefix)) continue;
        const auto rest = path.substr(prefix.size());
        if (rest.empty() || rest.find('/') != std::string_view::npos) break;
        auto segment = percent_decoded(rest);
        if (!segment || segment->empty()) break;
        std::optional<std::size_t> limit;
        if (what == api_target::kind::leaderboard)
            limit = whole_number(query_value(query, "limit"));
        return {what, std::move(*segment), limit};
    }
    if (path.starts_with("/api/")) return {api_target::kind::not_found, {}, {}};
    return {};
}

}  // namespace quadra::server
