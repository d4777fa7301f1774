// Exact points: whole counts of 1/144 points, and how an organiser reads them.

#include <doctest/doctest.h>

#include <stdexcept>

#include "events/exact_points.hpp"

using namespace quadra::events;

TEST_CASE("points are whole counts of 1/144 points and compare exactly") {
    CHECK(points_of(1).units == 144);
    CHECK(points_of(7, 3).units == 336);
    CHECK(points_of(41, 144).units == 41);
    // 1/3 + 1/6 is exactly 1/2: no rounding on the way.
    CHECK(points_of(1, 3) + points_of(1, 6) == points_of(1, 2));
    CHECK(points_of(5, 6) < points_of(8, 9));  // 120 < 128
    CHECK_THROWS_AS(points_of(1, 5), std::invalid_argument);
    CHECK_THROWS_AS(points_of(1, 0), std::invalid_argument);
}

TEST_CASE("points print as a whole part and a fraction in lowest terms") {
    CHECK(to_string(points_of(0)) == "0");
    CHECK(to_string(points_of(3)) == "3");
    CHECK(to_string(points_of(1, 2)) == "1/2");
    CHECK(to_string(points_of(5, 2)) == "2 1/2");
    CHECK(to_string(points_of(7, 3)) == "2 1/3");
    CHECK(to_string(points_of(67, 36)) == "1 31/36");
    CHECK(to_string(points_of(-3, 2)) == "-1 1/2");
}
