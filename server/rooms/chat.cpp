#include "server/rooms/chat.hpp"

#include <algorithm>

namespace quadra::server {

namespace {

bool hidden(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) ||  // C0, DEL, C1
           (cp >= 0x200B && cp <= 0x200F) ||          // zero-width and direction marks
           (cp >= 0x202A && cp <= 0x202E) ||          // bidi embeddings and overrides
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF;
}

}  // namespace

std::string sanitize_chat(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size();) {
        const auto b = static_cast<unsigned char>(raw[i]);
        const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : 4;
        if (i + n > raw.size()) break;
        char32_t cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
        for (std::size_t k = 1; k < n; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(raw[i + k]) & 0x3F);
        if (cp == '\t' || cp == '\n' || cp == '\r')
            out.push_back(' ');
        else if (!hidden(cp))
            out.append(raw.substr(i, n));
        i += n;
    }
    const auto first = out.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    out.erase(out.find_last_not_of(' ') + 1);
    out.erase(0, first);
    return out;
}

bool chat_bucket::admit(std::int64_t now_ms) {
    const auto elapsed = std::max<std::int64_t>(0, now_ms - refilled_ms_);
    refilled_ms_ = std::max(refilled_ms_, now_ms);
    tokens_ = std::min(burst_, tokens_ + static_cast<double>(elapsed) / 1000.0 * per_second_);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

}  // namespace quadra::server
