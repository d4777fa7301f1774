// Failed sign-ins per account and per address over a sliding window, on a clock the test moves.

#include <doctest/doctest.h>

#include "server/app/sign_in_limiter.hpp"

using namespace quadra::server;
using namespace std::chrono_literals;

TEST_CASE("sign-in limiter: the window slides and a success clears the account") {
    auto now = sign_in_limiter::clock::time_point{} + 1000s;
    sign_in_limiter limits(2, 3, 900s, [&now] { return now; });
    CHECK(limits.retry_after("ann", "a1") == 0);
    limits.failed("ann", "a1");
    now += 100s;
    limits.failed("ann", "a2");
    CHECK(limits.retry_after("ann", "a3") == 800);  // the first failure leaves the window then
    CHECK(limits.retry_after("bob", "a3") == 0);
    now += 799s;
    CHECK(limits.retry_after("ann", "a3") == 1);
    now += 1s;
    CHECK(limits.retry_after("ann", "a3") == 0);
    limits.succeeded("ann");
    now += 1s;
    limits.failed("ann", "a1");
    CHECK(limits.retry_after("ann", "a9") == 0);  // one failure since the success
    // The address: a1's failure at 1000 has left the window; three more now fill it.
    limits.failed("cy", "a1");
    CHECK(limits.retry_after("dan", "a1") == 0);
    limits.failed("eve", "a1");
    CHECK(limits.retry_after("dan", "a1") == 900);
    CHECK(limits.retry_after("dan", "a2") == 0);
}
