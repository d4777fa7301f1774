// The seek pool alone (quick pairing): which seeks pair, in groups of the game's seat count, and
// that under concurrent seeks no seek is ever paired twice.

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "server/app/seek_pool.hpp"

using namespace quadra::server;
using quadra::protocol::clock_settings;
using quadra::protocol::rating_range;

namespace {

seek_entry seek(std::uint64_t identity, int rating = 1500,
                std::optional<rating_range> range = std::nullopt) {
    seek_entry entry;
    entry.identity = identity;
    entry.listed.game = "kvadratura";
    entry.listed.name = "P" + std::to_string(identity);
    entry.listed.rating = rating;
    entry.listed.range = range;
    entry.listed.seat_count = 2;
    return entry;
}

std::vector<std::uint64_t> identities(const seek_pool::added& added) {
    std::vector<std::uint64_t> out;
    for (const auto& e : added.group) out.push_back(e.identity);
    return out;
}

}  // namespace

TEST_CASE("seek pool: two compatible seeks pair at once, oldest first, and leave the pool") {
    seek_pool pool(100);
    auto first = pool.add(seek(1));
    CHECK(first.id == 1);
    CHECK(first.group.empty());
    CHECK(pool.size() == 1);
    auto second = pool.add(seek(2));
    CHECK(second.id == 2);
    CHECK(identities(second) == std::vector<std::uint64_t>{1, 2});
    CHECK(second.group[0].listed.id == 1);
    CHECK(second.group[1].listed.id == 2);
    CHECK(pool.size() == 0);
    CHECK(pool.open().empty());
    // The paired seeks left every index: the next ones of the same kind pair with each other.
    CHECK(pool.add(seek(3)).group.empty());
    CHECK(identities(pool.add(seek(4))) == std::vector<std::uint64_t>{3, 4});
    CHECK(pool.size() == 0);
}

TEST_CASE("seek pool: other options, clock, game or rated never pair") {
    seek_pool pool(100);
    auto base = seek(1);
    REQUIRE(pool.add(base).group.empty());

    auto other_options = seek(2);
    other_options.listed.options = {{"size", 8}};
    CHECK(pool.add(other_options).group.empty());
    auto other_clock = seek(3);
    other_clock.listed.clock = {clock_settings::kind::bank, 300, 5, 0};
    CHECK(pool.add(other_clock).group.empty());
    auto rated = seek(4);
    rated.listed.rated = true;
    CHECK(pool.add(rated).group.empty());
    auto other_game = seek(5);
    other_game.listed.game = "kvadrat";
    CHECK(pool.add(other_game).group.empty());
    CHECK(pool.size() == 5);

    // Each finds its own match.
    auto casual_match = pool.add(seek(6));
    CHECK(identities(casual_match) == std::vector<std::uint64_t>{1, 6});
    auto rated_match = seek(7);
    rated_match.listed.rated = true;
    CHECK(identities(pool.add(rated_match)) == std::vector<std::uint64_t>{4, 7});
    CHECK(pool.size() == 3);
}

TEST_CASE("seek pool: rating ranges must accept both ratings") {
    seek_pool pool(100);
    REQUIRE(pool.add(seek(1, 1500, rating_range{1400, 1600})).group.empty());
    // 1700 is outside seeker 1's range.
    CHECK(pool.add(seek(2, 1700)).group.empty());
    // Seeker 3 (1550) accepts 1500, but its range 1600-1800 excludes seeker 1 (1500); it fits 2.
    auto third = pool.add(seek(3, 1550, rating_range{1600, 1800}));
    CHECK(identities(third) == std::vector<std::uint64_t>{2, 3});
    // Inclusive bounds: 1600 is inside 1400-1600.
    CHECK(identities(pool.add(seek(4, 1600))) == std::vector<std::uint64_t>{1, 4});
    CHECK(pool.size() == 0);
}

TEST_CASE("seek pool: four seeks for a 4-seat game make one group of four") {
    seek_pool pool(100);
    auto four = [](std::uint64_t identity) {
        auto entry = seek(identity);
        entry.listed.game = "kvadrat";
        entry.listed.options = {{"players", 4}};
        entry.listed.seat_count = 4;
        return entry;
    };
    CHECK(pool.add(four(1)).group.empty());
    CHECK(pool.add(four(2)).group.empty());
    CHECK(pool.add(seek(9)).group.empty());  // a 2-seat seek waits apart
    CHECK(pool.add(four(3)).group.empty());
    auto last = pool.add(four(4));
    CHECK(identities(last) == std::vector<std::uint64_t>{1, 2, 3, 4});
    CHECK(pool.size() == 1);
}

TEST_CASE("seek pool: one open seek per identity, never paired with itself") {
    seek_pool pool(100);
    auto first = pool.add(seek(1));
    auto again = pool.add(seek(1));  // replaces the first
    CHECK(again.group.empty());
    CHECK(pool.size() == 1);
    CHECK(pool.open()[0].id == again.id);
    CHECK_FALSE(pool.cancel(first.id));
    CHECK(identities(pool.add(seek(2))) == std::vector<std::uint64_t>{1, 2});
}

TEST_CASE("seek pool: a cancelled seek is not paired, and the cap refuses and changes nothing") {
    seek_pool pool(2);
    std::vector<std::size_t> shown;
    pool.watch([&](const std::vector<quadra::protocol::seek_summary>& open) {
        shown.push_back(open.size());
    });
    auto first = pool.add(seek(1));
    CHECK(pool.cancel(first.id));
    CHECK_FALSE(pool.cancel(first.id));
    CHECK(pool.add(seek(2)).group.empty());  // not paired with the cancelled seek
    auto other_game = seek(3);
    other_game.listed.game = "kvadrat";
    CHECK(pool.add(other_game).group.empty());
    auto refused = pool.add(seek(4, 1500, rating_range{0, 1}));
    CHECK(refused.id == 0);
    CHECK(refused.group.empty());
    CHECK(pool.size() == 2);
    CHECK(shown == std::vector<std::size_t>{1, 0, 1, 2, 2});
}

TEST_CASE("seek pool: 8 threads x 100 concurrent seeks pair every seek exactly once") {
    seek_pool pool(100000);
    constexpr int threads = 8;
    constexpr int per_thread = 100;
    std::mutex mutex;
    std::vector<std::vector<std::uint64_t>> groups;
    std::atomic<int> paired_callbacks{0};
    std::atomic<int> refused{0};
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < per_thread; ++i) {
                auto entry = seek(static_cast<std::uint64_t>(t * per_thread + i + 1));
                entry.paired = [&](const seat_offer&) { ++paired_callbacks; };
                auto added = pool.add(std::move(entry));
                if (added.id == 0) ++refused;
                if (added.group.empty()) continue;
                std::vector<std::uint64_t> ids;
                for (auto& e : added.group) {
                    ids.push_back(e.listed.id);
                    e.paired({e.listed.id, 0, nullptr, {}, {}});
                }
                std::lock_guard lock(mutex);
                groups.push_back(ids);
            }
        });
    }
    for (auto& w : workers) w.join();
    CHECK(refused == 0);
    // 800 seeks of one kind: 400 disjoint pairs, nothing left over.
    CHECK(groups.size() == threads * per_thread / 2);
    std::set<std::uint64_t> seen;
    for (const auto& g : groups) {
        CHECK(g.size() == 2);
        for (auto id : g) CHECK(seen.insert(id).second);
    }
    CHECK(seen.size() == threads * per_thread);
    CHECK(*seen.begin() == 1);
    CHECK(*seen.rbegin() == threads * per_thread);
    CHECK(paired_callbacks == threads * per_thread);
    CHECK(pool.size() == 0);
}
