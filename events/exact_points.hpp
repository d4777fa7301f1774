#pragma once
// Points counted exactly (docs/rules.md §9): an event's scores and tiebreaks are shares of a
// table's points, means over table-mates and halves of scores, so they are kept as a whole number
// of 1/144 points. 144 is the least common multiple of every denominator the rules produce: tied
// places share by 2, 3 or 4; a Swiss game's share of a table is in halves, quarters or sixths;
// Buchholz and Sonneborn–Berger divide those by 2 or 3 table-mates and halve for a tie (1/144 =
// 1/12 ÷ 2 ÷ 3 · 1/2 … every case divides it). No floating point: equal scores compare equal.

#include <compare>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace quadra::events {

// A number of points, as a count of 1/144 points.
struct exact_points {
    static constexpr std::int64_t per_point = 144;

    std::int64_t units = 0;

    // clang-tidy 14 takes the 0 that a defaulted <=> is compared with for a null pointer.
    // NOLINTNEXTLINE(modernize-use-nullptr)
    friend constexpr auto operator<=>(exact_points, exact_points) = default;
    constexpr exact_points& operator+=(exact_points other) {
        units += other.units;
        return *this;
    }
    friend constexpr exact_points operator+(exact_points a, exact_points b) { return a += b; }
};

// numerator / denominator points. Throws std::invalid_argument when that is not a whole number
// of 1/144 points (a denominator that does not divide 144, in lowest terms) or the denominator
// is not positive.
constexpr exact_points points_of(std::int64_t numerator, std::int64_t denominator = 1) {
    if (denominator <= 0) throw std::invalid_argument("points: the denominator must be positive");
    const std::int64_t scaled = numerator * exact_points::per_point;
    if (scaled % denominator != 0) {
        throw std::invalid_argument("points: not a whole number of 1/144 points");
    }
    return {scaled / denominator};
}

// The points as an organiser writes them: "3", "1/2", "2 1/2", "1 31/36" (whole part, then the
// fraction in lowest terms); negative amounts start with '-'.
std::string to_string(exact_points points);

}  // namespace quadra::events
