#include "protocol/log_json.hpp"

#include "protocol/detail/json.hpp"

namespace quadra::protocol {

using nlohmann::ordered_json;

namespace {

std::string dump_ordered(const ordered_json& value) {
    return value.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace

std::string log_event_fields(std::string_view name, std::span<const log_field> fields) {
    ordered_json line = ordered_json::object();
    line["event"] = name;
    for (const auto& field : fields) {
        const std::string key(field.key);
        if (field.quoted) {
            line[key] = field.text;
            continue;
        }
        auto number = ordered_json::parse(field.text, nullptr, /*allow_exceptions=*/false);
        line[key] = number.is_number() ? std::move(number) : ordered_json(nullptr);
    }
    auto text = dump_ordered(line);
    return text.substr(1, text.size() - 2);
}

std::string quoted_text(std::string_view text) { return dump_ordered(ordered_json(text)); }

}  // namespace quadra::protocol
