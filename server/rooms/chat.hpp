#pragma once
// Chat lines: how a line is cleaned before anyone sees it, and the per-member rate limit.

#include <cstdint>
#include <string>
#include <string_view>

namespace quadra::server {

// The line as shown: control and invisible characters (bidi overrides, zero-width marks)
// removed, tabs and line breaks turned into spaces, outer spaces trimmed. Markup is left as it
// is: it is text, and clients show it as text. The input is valid UTF-8 (the JSON parser checks).
std::string sanitize_chat(std::string_view raw);

// A token bucket on a millisecond clock: `burst` lines at once, then `per_second`.
class chat_bucket {
public:
    chat_bucket() = default;
    chat_bucket(double per_second, double burst, std::int64_t now_ms)
        : per_second_(per_second), burst_(burst), tokens_(burst), refilled_ms_(now_ms) {}

    // Takes one line's token if there is one.
    bool admit(std::int64_t now_ms);

private:
    double per_second_ = 0;
    double burst_ = 0;
    double tokens_ = 0;
    std::int64_t refilled_ms_ = 0;
};

}  // namespace quadra::server
