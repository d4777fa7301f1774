#pragma once
// A room's lobby code: six characters from an alphabet without look-alikes (30 random bits).

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace quadra::server {

class room_code {
public:
    static constexpr std::string_view alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";  // 32
    static constexpr std::size_t length = 6;

    // `text` if it is a room code; none otherwise (e.g. a damaged stored event).
    static std::optional<room_code> parse(std::string_view text) {
        if (text.size() != length) return std::nullopt;
        const bool known = std::all_of(text.begin(), text.end(), [](char c) {
            return alphabet.find(c) != std::string_view::npos;
        });
        if (!known) return std::nullopt;
        return room_code(std::string(text));
    }

    const std::string& text() const { return text_; }
    friend bool operator==(const room_code&, const room_code&) = default;

private:
    explicit room_code(std::string text) : text_(std::move(text)) {}
    std::string text_;
};

}  // namespace quadra::server
