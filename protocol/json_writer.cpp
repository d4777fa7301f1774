#include "protocol/detail/json_writer.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <tuple>

#include <nlohmann/json.hpp>

#include "rules/contract.hpp"

namespace quadra::protocol {

json_writer& json_writer::begin_object() {
    open('{');
    return *this;
}

json_writer& json_writer::end_object() {
    close('}');
    return *this;
}

json_writer& json_writer::begin_array() {
    open('[');
    return *this;
}

json_writer& json_writer::end_array() {
    close(']');
    return *this;
}

void json_writer::open(char bracket) {
    if (depth_ == max_depth)
        rules::broken_contract<std::length_error>("JSON nested too deep to write");
    next_value();
    out_ += bracket;
    empty_ = (empty_ << 1) | 1;
    ++depth_;
}

void json_writer::close(char bracket) {
    out_ += bracket;
    empty_ >>= 1;
    --depth_;
}

json_writer& json_writer::key(std::string_view name) {
    next_value();
    escaped(name);
    out_ += ':';
    after_key_ = true;
    return *this;
}

json_writer& json_writer::null() {
    next_value();
    out_ += "null";
    return *this;
}

json_writer& json_writer::value(bool b) {
    next_value();
    out_ += b ? "true" : "false";
    return *this;
}

json_writer& json_writer::value(std::int64_t n) {
    next_value();
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out_.append(digits, end);
    return *this;
}

json_writer& json_writer::value(std::string_view text) {
    next_value();
    escaped(text);
    return *this;
}

json_writer& json_writer::text_or_null(std::string_view text) {
    return text.empty() ? null() : value(text);
}

void json_writer::next_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (depth_ == 0) return;
    if (empty_ & 1)
        empty_ &= ~std::uint64_t{1};
    else
        out_ += ',';
}

namespace {

// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF), as JSON text must be.
bool valid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        // The sequence's length, the smallest code point it may carry, the lead byte's bits.
        const auto [length, lowest, code_bits] =
            (c & 0xE0) == 0xC0   ? std::tuple{std::size_t{2}, 0x80u, c & 0x1Fu}
            : (c & 0xF0) == 0xE0 ? std::tuple{std::size_t{3}, 0x800u, c & 0x0Fu}
            : (c & 0xF8) == 0xF0 ? std::tuple{std::size_t{4}, 0x10000u, c & 0x07u}
                                 : std::tuple{std::size_t{0}, 0u, 0u};
        if (length == 0) return false;
        unsigned code = code_bits;
        if (i + length > text.size()) return false;
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80) return false;
            code = (code << 6) | (next & 0x3F);
        }
        if (code < lowest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
        i += length;
    }
    return true;
}

}  // namespace

void json_writer::escaped(std::string_view text) {
    if (!valid_utf8(text)) {
        // Rare (names and tokens are checked on the way in): nlohmann replaces what is broken.
        out_ += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return;
    }
    static constexpr char hex[] = "0123456789abcdef";
    const auto plain = [](char ch) {
        return ch != '"' && ch != '\\' && static_cast<unsigned char>(ch) >= 0x20;
    };
    out_ += '"';
    auto from = text.begin();
    while (true) {
        // The characters that need no escape go in one append.
        const auto special = std::find_if_not(from, text.end(), plain);
        out_.append(from, special);
        if (special == text.end()) break;
        const auto c = static_cast<unsigned char>(*special);
        switch (*special) {
            case '"':
                out_ += "\\\"";
                break;
            case '\\':
                out_ += "\\\\";
                break;
            case '\b':
                out_ += "\\b";
                break;
            case '\f':
                out_ += "\\f";
                break;
            case '\n':
                out_ += "\\n";
                break;
            case '\r':
                out_ += "\\r";
                break;
            case '\t':
                out_ += "\\t";
                break;
            default:
                out_ += "\\u00";
                out_ += hex[c >> 4];
                out_ += hex[c & 0xF];
        }
        from = special + 1;
    }
    out_ += '"';
}

}  // namespace quadra::protocol
