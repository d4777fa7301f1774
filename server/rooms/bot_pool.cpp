#include "server/rooms/bot_pool.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>

#include "bots/search.hpp"
#include "server/dice/os_random.hpp"

namespace quadra::server {

namespace {

// splitmix64: spreads consecutive counters into unrelated seeds.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// A bound on any one move, so that a slow machine cannot stall a room for long.
constexpr auto max_think = std::chrono::seconds(2);

}  // namespace

bot_pool::bot_pool(int workers, std::size_t max_queue) : max_queue_(max_queue) {
    std::byte bytes[8];
    fill_os_random(bytes);
    seed_ = 0;
    for (auto b : bytes) seed_ = (seed_ << 8) | static_cast<std::uint64_t>(b);
    if (workers <= 0)
        workers = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
    worker_count_ = static_cast<std::size_t>(workers);
    for (int i = 0; i < workers; ++i)
        threads_.emplace_back([this](std::stop_token stop) { work(stop); });
}

bot_pool::~bot_pool() { shutdown(); }

bool bot_pool::submit(job work) {
    {
        std::lock_guard lock(mutex_);
        if (closed_ || queue_.size() >= max_queue_) return false;
        queue_.push_back(std::move(work));
    }
    ready_.notify_one();
    return true;
}

void bot_pool::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (closed_) return;
        closed_ = true;
        queue_.clear();
    }
    for (auto& t : threads_) t.request_stop();
    for (auto& t : threads_)
        if (t.joinable()) t.join();
}

void bot_pool::work(std::stop_token stop) {
    for (;;) {
        job next;
        std::uint64_t seed = 0;
        std::size_t waiting = 0;
        {
            std::unique_lock lock(mutex_);
            if (!ready_.wait(lock, stop, [&] { return !queue_.empty(); })) return;
            next = std::move(queue_.front());
            queue_.pop_front();
            waiting = queue_.size();
            seed = mix(seed_++);
        }
        auto limits = bots::level_budget(next.strength);
        // Shedding: with more jobs waiting than workers, every move gets proportionally fewer
        // playouts, so that all rooms keep moving rather than queueing behind strong bots.
        const auto n = worker_count_;
        if (waiting > n)
            limits.playouts = std::max(
                1, static_cast<int>(static_cast<std::size_t>(limits.playouts) * n / waiting));
        limits.deadline = std::chrono::steady_clock::now() + max_think;
        if (next.stop.stop_requested()) continue;
        std::atomic<bool> stopped = false;
        const std::stop_callback on_stop(next.stop, [&stopped] { stopped = true; });
        limits.stop = &stopped;
        try {
            auto decision = bots::choose_move(*next.game, limits, seed);
            next.done(std::move(decision.request));
        } catch (const std::exception&) {
            // A finished game has no move to find; the room simply gets no answer.
        }
    }
}

}  // namespace quadra::server
