#pragma once
// What load_gen reads from a snapshot, in protocol 1's form or protocol 2's (PROTOCOL.md), by
// searching the text rather than parsing it: the load generator must stay cheaper than the server
// it measures. Protocol 2 names only the position: the rules give whose turn it is and the legal
// requests, worked out once per position and shared by the room's clients.

#include <charconv>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/registry.hpp"

namespace quadra::bench {

// The value after `key` in `text`, searched from its end or its start.
inline std::string_view field_after(std::string_view text, std::string_view key, bool from_end) {
    const auto at = from_end ? text.rfind(key) : text.find(key);
    if (at == std::string_view::npos) return {};
    return text.substr(at + key.size());
}

// -1 when absent.
inline std::int64_t number_field(std::string_view text, std::string_view key, bool from_end) {
    auto rest = field_after(text, key, from_end);
    std::int64_t value = -1;
    std::from_chars(rest.data(), rest.data() + rest.size(), value);
    return value;
}

inline std::string string_field(std::string_view text, std::string_view key) {
    auto rest = field_after(text, key, false);
    if (rest.empty() || rest.front() != '"') return {};
    const auto end = rest.find('"', 1);
    return std::string(rest.substr(1, end - 1));
}

enum class room_state { waiting, playing, finished };

struct snapshot_fields {
    std::int64_t version = -1;
    std::int64_t forced_passes = 0;
    room_state state = room_state::waiting;
};

// The room's version, forced passes and status. Protocol 1 renders keys in sorted order and
// these come after "state", so searching from the end finds the top-level ones.
inline snapshot_fields read_fields(std::string_view text, int protocol) {
    snapshot_fields out;
    if (protocol == 1) {
        out.version = number_field(text, "\"version\":", true);
        out.forced_passes = number_field(text, "\"forced_passes\":", false);
        const auto status = field_after(text, "\"status\":", true);
        out.state = status.starts_with("\"playing\"")    ? room_state::playing
                    : status.starts_with("\"finished\"") ? room_state::finished
                                                         : room_state::waiting;
        return out;
    }
    out.version = number_field(text, "\"v\":", true);
    out.forced_passes = std::max<std::int64_t>(0, number_field(text, "\"forced\":", false));
    out.state = text.find("\"result\":") != std::string_view::npos          ? room_state::finished
                : text.find("\"st\":\"waiting\"") != std::string_view::npos ? room_state::waiting
                                                                            : room_state::playing;
    return out;
}

// Whose turn it is and the legal requests of one version of a room's game.
class turn_reader {
public:
    // Reads the snapshot of `version` unless this version was read already.
    void read(std::string_view text, std::int64_t version, int protocol) {
        if (version == version_) return;
        version_ = version;
        legal_.clear();
        to_move_ = -1;
        if (protocol == 1) {
            to_move_ = static_cast<int>(number_field(text, "\"to_move\":", false));
            auto rest = field_after(text, "\"legal\":[", false);
            // Tokens never contain quotes or escapes.
            for (std::size_t i = 0; i < rest.size() && rest[i] != ']'; ++i) {
                if (rest[i] != '"') continue;
                const auto end = rest.find('"', i + 1);
                legal_.emplace_back(rest.substr(i + 1, end - i - 1));
                i = end;
            }
            return;
        }
        auto game = rules::from_position(string_field(text, "\"pos\":"));
        if (!game) return;
        to_move_ = game.value()->to_move();
        legal_ = game.value()->legal();
    }
    int to_move() const { return to_move_; }
    const std::vector<std::string>& legal() const { return legal_; }

private:
    std::int64_t version_ = -1;
    int to_move_ = -1;
    std::vector<std::string> legal_;
};

}  // namespace quadra::bench
