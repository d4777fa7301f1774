#pragma once
// The JSON of the server's log lines: spdlog writes the time and level, this renders the event
// and its fields, escaped so that no value can break a line or forge a field.

#include <span>
#include <string>
#include <string_view>

namespace quadra::protocol {

// One field of a log event: text, or (when not `quoted`) a JSON number written as text.
struct log_field {
    std::string_view key;
    std::string_view text;
    bool quoted = true;
};

// `"event":"<name>","<key>":<value>,...` in the given order, without the surrounding braces, so
// that spdlog's pattern can put the time and level first. A number that is not valid JSON (inf,
// nan) is written as null.
std::string log_event_fields(std::string_view name, std::span<const log_field> fields);

// `text` as a JSON string literal, quotes included.
std::string quoted_text(std::string_view text);

}  // namespace quadra::protocol
