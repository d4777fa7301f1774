#include "server/store/pg_arrays.hpp"

namespace quadra::server {

void array_text::add(std::string_view text) {
    next();
    out_ += '"';
    for (const char c : text) {
        if (c == '"' || c == '\\') out_ += '\\';
        out_ += c;
    }
    out_ += '"';
}

void array_text::add(std::int64_t number) {
    next();
    out_ += std::to_string(number);
}

void array_text::add(bool yes) {
    next();
    out_ += yes ? "true" : "false";
}

void array_text::add(const std::optional<std::int64_t>& number) {
    if (number) return add(*number);
    next();
    out_ += "NULL";
}

std::vector<std::string> array_rows::arrays() const {
    std::vector<std::string> texts;
    texts.reserve(columns_.size());
    for (const auto& column : columns_) texts.push_back(column.done());
    return texts;
}

}  // namespace quadra::server
