#pragma once
// A fixed set of worker threads that compute bot moves off the network threads, with a bounded
// queue; under load it sheds work by shrinking playout budgets instead of delaying every room.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "bots/level.hpp"
#include "rules/game.hpp"

namespace quadra::server {

class bot_pool {
public:
    // One move to find: a private copy of the position, the seat's strength and where to answer.
    struct job {
        std::unique_ptr<rules::game> game;
        bots::level strength = bots::level::easy;
        std::stop_token stop;
        std::function<void(std::string request)> done;  // called on a worker thread
    };

    // workers 0: max(1, cores - 1).
    explicit bot_pool(int workers = 0, std::size_t max_queue = 1024);
    ~bot_pool();
    bot_pool(const bot_pool&) = delete;
    bot_pool& operator=(const bot_pool&) = delete;

    // Queues a job; false when the queue is full or the pool has shut down (the job is dropped).
    bool submit(job work);
    // Drops queued jobs and joins the workers; afterwards submit() refuses everything.
    void shutdown();

    int workers() const { return static_cast<int>(worker_count_); }

private:
    void work(std::stop_token stop);

    std::size_t max_queue_;
    std::size_t worker_count_;
    std::mutex mutex_;
    std::condition_variable_any ready_;
    std::deque<job> queue_;
    bool closed_ = false;
    std::uint64_t seed_;
    std::vector<std::jthread> threads_;  // last: started after everything they use
};

}  // namespace quadra::server
