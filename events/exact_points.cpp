#include "events/exact_points.hpp"

#include <numeric>

namespace quadra::events {

std::string to_string(exact_points points) {
    const bool negative = points.units < 0;
    const std::int64_t units = negative ? -points.units : points.units;
    const std::int64_t whole = units / exact_points::per_point;
    std::int64_t numerator = units % exact_points::per_point;
    std::int64_t denominator = exact_points::per_point;
    const std::int64_t common = std::gcd(numerator, denominator);
    numerator /= common;
    denominator /= common;

    std::string text = negative ? "-" : "";
    if (whole != 0 || numerator == 0) text += std::to_string(whole);
    if (numerator != 0) {
        if (whole != 0) text += ' ';
        text += std::to_string(numerator) + '/' + std::to_string(denominator);
    }
    return text;
}

}  // namespace quadra::events
