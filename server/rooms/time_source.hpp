#pragma once
// Where rooms read the time: wall-clock milliseconds since the Unix epoch. The server uses the
// system clock; tests use a manual one they move forward, so clocks and grace periods of minutes
// pass in no time.

#include <atomic>
#include <chrono>
#include <cstdint>

namespace quadra::server {

class time_source {
public:
    virtual ~time_source() = default;
    virtual std::int64_t now_ms() const = 0;
};

// The system's wall clock.
class system_time final : public time_source {
public:
    std::int64_t now_ms() const override {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
            .count();
    }
};

// A clock that stands still until told to move; safe to read from any thread.
class manual_time final : public time_source {
public:
    explicit manual_time(std::int64_t start_ms = 1'764'000'000'000) : now_(start_ms) {}
    std::int64_t now_ms() const override { return now_.load(std::memory_order_acquire); }
    void advance(std::chrono::milliseconds by) {
        now_.fetch_add(by.count(), std::memory_order_acq_rel);
    }

private:
    std::atomic<std::int64_t> now_;
};

}  // namespace quadra::server
