#include "server/ops/log.hpp"

#include <cstdio>
#include <memory>
#include <vector>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "protocol/log_json.hpp"

namespace quadra::server::log {

namespace {

std::shared_ptr<spdlog::logger>& logger() {
    static std::shared_ptr<spdlog::logger> instance;
    return instance;
}

bool json_format = false;

bool needs_quotes(std::string_view text) {
    if (text.empty()) return true;
    for (unsigned char ch : text)
        if (ch <= ' ' || ch == '"' || ch == '\\' || ch == '=') return true;
    return false;
}

// `name key=value ...`; a value with spaces, quotes or '=' is quoted and escaped.
std::string plain_line(std::string_view name, std::initializer_list<field> fields) {
    std::string line(name);
    for (const auto& f : fields) {
        line.append(" ").append(f.key).append("=");
        line += f.quoted && needs_quotes(f.text) ? protocol::quoted_text(f.text) : f.text;
    }
    return line;
}

std::string json_line(std::string_view name, std::initializer_list<field> fields) {
    std::vector<protocol::log_field> rendered;
    rendered.reserve(fields.size());
    for (const auto& f : fields) rendered.push_back({f.key, f.text, f.quoted});
    return protocol::log_event_fields(name, rendered);
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
    const auto line = json_format ? json_line(name, fields) : plain_line(name, fields);
    out->log(spd_level, "{}", line);
}

}  // namespace quadra::server::log
