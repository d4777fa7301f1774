#include "server/ops/log.hpp"

#include <cstdio>
#include <memory>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace quadra::server::log {

namespace {

std::shared_ptr<spdlog::logger>& logger() {
    static std::shared_ptr<spdlog::logger> instance;
    return instance;
}

bool json_format = false;

// A JSON string literal for `text`; control characters and quotes are escaped, so a value can
// never break a line or forge a field.
void append_quoted(std::string& out, std::string_view text) {
    out += '"';
    for (unsigned char ch : text) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += static_cast<char>(ch);
        } else if (ch < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", ch);
            out += escaped;
        } else {
            out += static_cast<char>(ch);
        }
    }
    out += '"';
}

bool needs_quotes(std::string_view text) {
    if (text.empty()) return true;
    for (unsigned char ch : text)
        if (ch <= ' ' || ch == '"' || ch == '\\' || ch == '=') return true;
    return false;
}

}  // namespace

field::field(std::string_view k, double v) : key(k), quoted(false) {
    char number[32];
    std::snprintf(number, sizeof number, "%.6g", v);
    text = number;
}

void setup(const std::string& level_name, const std::string& format) {
    auto sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    auto made = std::make_shared<spdlog::logger>("quadra", std::move(sink));
    json_format = format == "json";
    // The event and its fields are already formatted (and escaped) in %v.
    made->set_pattern(json_format ? R"({"time":"%Y-%m-%dT%H:%M:%S.%eZ","level":"%l",%v})"
                                  : "%Y-%m-%dT%H:%M:%S.%eZ %l %v",
                      spdlog::pattern_time_type::utc);
    made->set_level(spdlog::level::from_str(level_name));
    made->flush_on(spdlog::level::trace);
    logger() = std::move(made);
}

void event(level severity, std::string_view name, std::initializer_list<field> fields) {
    const auto& out = logger();
    if (!out) return;
    const auto spd_level = severity == level::debug  ? spdlog::level::debug
                           : severity == level::info ? spdlog::level::info
                           : severity == level::warn ? spdlog::level::warn
                                                     : spdlog::level::err;
    if (!out->should_log(spd_level)) return;
    std::string line;
    if (json_format) {
        line = "\"event\":";
        append_quoted(line, name);
        for (const auto& f : fields) {
            line += ',';
            append_quoted(line, f.key);
            line += ':';
            if (f.quoted)
                append_quoted(line, f.text);
            else
                line += f.text;
        }
    } else {
        line = name;
        for (const auto& f : fields) {
            line.append(" ").append(f.key).append("=");
            if (f.quoted && needs_quotes(f.text))
                append_quoted(line, f.text);
            else
                line += f.text;
        }
    }
    out->log(spd_level, "{}", line);
}

}  // namespace quadra::server::log
