#pragma once
// A game-neutral description of a position for display: a small tree of fields, lists and
// scalars. Each game documents its own fields; protocol/ turns the tree into JSON unchanged, so a
// new game needs no protocol code.

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace quadra::rules {

struct view;
using view_list = std::vector<view>;
using view_fields = std::vector<std::pair<std::string, view>>;

struct view {
    std::variant<std::monostate, bool, std::int64_t, std::string, view_list, view_fields> value;

    view() = default;
    view(bool b) : value(b) {}
    view(int n) : value(std::int64_t{n}) {}
    view(std::int64_t n) : value(n) {}
    view(const char* s) : value(std::string(s)) {}
    view(std::string s) : value(std::move(s)) {}
    view(view_list list) : value(std::move(list)) {}
    view(view_fields fields) : value(std::move(fields)) {}

    bool operator==(const view&) const = default;
};

// A list of views built from any range of convertible values.
template <class Range>
view_list to_view_list(const Range& items) {
    view_list list;
    for (const auto& item : items) list.emplace_back(item);
    return list;
}

}  // namespace quadra::rules
