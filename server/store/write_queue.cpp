#include "server/store/write_queue.hpp"

#include <atomic>
#include <iterator>
#include <utility>

#include <sched.h>

namespace quadra::server {

namespace {

std::atomic<std::size_t> unreported{0};

}  // namespace

std::size_t queued_writes() { return unreported.load(std::memory_order_relaxed); }

write_queue::write_queue(std::string_view backend, transaction write)
    : backend_(backend), write_(std::move(write)), thread_([this] { loop(); }) {}

write_queue::~write_queue() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void write_queue::submit(write_batch batch, std::function<void(write_outcome)> done) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back({std::move(batch), std::move(done)});
        unreported.fetch_add(1, std::memory_order_relaxed);
    }
    wake_.notify_one();
}

void write_queue::drain() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

write_outcome write_queue::write(std::span<const pending> batches) {
    const auto written = write_(batches);
    if (written) return written.value();
    log_store_error(backend_, written.error());
    return write_outcome::failed;
}

void write_queue::loop() {
    // A batch thread: woken by a submit, it does not preempt the thread that submitted. Where
    // both share a core, the network thread then goes on handling moves and the next
    // transaction takes all of them; otherwise every move or two woke the writer at once and
    // paid for its own fsync (3,000 commits a second of 2.6 moves at 10,000 connections).
    sched_param normal{};
    (void)sched_setscheduler(0, SCHED_BATCH, &normal);
    std::vector<pending> items;
    std::vector<write_outcome> outcomes;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            busy_ = false;
            idle_.notify_all();
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping, and everything is written
            busy_ = true;
            items.assign(std::make_move_iterator(queue_.begin()),
                         std::make_move_iterator(queue_.end()));
            queue_.clear();
        }
        const std::span<const pending> all(items);
        if (items.size() == 1) {
            outcomes.assign(1, write(all));
        } else {
            // Failed together: each batch alone, so that the error logged is the batch's own.
            const auto together = write_(all);
            outcomes.assign(items.size(), together ? together.value() : write_outcome::failed);
            if (!together || together.value() != write_outcome::committed)
                for (std::size_t i = 0; i < items.size(); ++i)
                    outcomes[i] = write(all.subspan(i, 1));
        }
        for (std::size_t i = 0; i < items.size(); ++i) {
            // Out of the count before anyone hears of the outcome.
            unreported.fetch_sub(1, std::memory_order_relaxed);
            if (items[i].done) items[i].done(outcomes[i]);
        }
        items.clear();
    }
}

}  // namespace quadra::server
