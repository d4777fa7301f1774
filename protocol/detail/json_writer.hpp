#pragma once
// JSON text written straight into one string, for the message sent most often (the snapshot,
// to every member after every move): no tree of nodes to allocate and free. Keys are written in
// the order the caller gives; callers give them sorted, as nlohmann's objects print theirs, so
// a message reads the same whichever way it was made.

#include <cstdint>
#include <string>
#include <string_view>

namespace quadra::protocol {

class json_writer {
public:
    json_writer() = default;
    // Writes into `buffer`'s storage (its text is dropped): a caller that writes often keeps
    // one buffer and takes it back with take().
    explicit json_writer(std::string buffer) : out_(std::move(buffer)) { out_.clear(); }

    json_writer& begin_object();
    json_writer& end_object();
    json_writer& begin_array();
    json_writer& end_array();
    // The next value is the member `name` of the open object.
    json_writer& key(std::string_view name);

    json_writer& null();
    json_writer& value(bool b);
    json_writer& value(std::int64_t n);
    json_writer& value(int n) { return value(std::int64_t{n}); }
    json_writer& value(std::string_view text);
    json_writer& value(const char* text) { return value(std::string_view(text)); }
    json_writer& value(const std::string& text) { return value(std::string_view(text)); }
    // A string, or null when it is empty.
    json_writer& text_or_null(std::string_view text);
    template <typename Range>
    json_writer& array_of(const Range& values) {
        begin_array();
        for (const auto& v : values) value(v);
        return end_array();
    }

    const std::string& text() const { return out_; }
    std::string take() { return std::move(out_); }

private:
    // A comma before every value but the first of its container and one that follows its key.
    void next_value();
    void open(char bracket);
    void close(char bracket);
    void escaped(std::string_view text);

    std::string out_;
    // Per open container, innermost in the lowest bit: nothing written in it yet. A snapshot
    // nests a few levels; deeper than max_depth is a programming error (std::length_error).
    static constexpr int max_depth = 64;
    std::uint64_t empty_ = 0;
    int depth_ = 0;
    bool after_key_ = false;
};

}  // namespace quadra::protocol
