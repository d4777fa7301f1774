#pragma once
// The server's log: one line per notable event, with a name and fields (room and player ids,
// never tokens), written by spdlog as plain text or as one JSON object per line.

#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>

namespace quadra::server::log {

enum class level { debug, info, warn, error };

// One `key=value` of an event; text is quoted and escaped as needed, numbers are not.
struct field {
    field(std::string_view k, std::string_view v) : key(k), text(v), quoted(true) {}
    field(std::string_view k, const std::string& v) : key(k), text(v), quoted(true) {}
    field(std::string_view k, const char* v) : key(k), text(v), quoted(true) {}
    template <std::integral Number>
    field(std::string_view k, Number v) : key(k), text(std::to_string(v)), quoted(false) {}
    field(std::string_view k, double v);

    std::string_view key;
    std::string text;
    bool quoted;
};

// Sets the level (trace, debug, info, warn, error, off) and format (plain, json) and starts
// logging to stderr. Before it is called nothing is logged, so in-process tests stay quiet.
void setup(const std::string& level_name, const std::string& format);

void event(level severity, std::string_view name, std::initializer_list<field> fields = {});

}  // namespace quadra::server::log
