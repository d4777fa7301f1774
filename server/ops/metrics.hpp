#pragma once
// The server's counters and histograms for GET /metrics: atomics only, so observing takes no
// lock on the move path. Rendered in the Prometheus text exposition format.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"

namespace quadra::server {

// A latency histogram with fixed buckets (seconds), Prometheus style.
class histogram {
public:
    static constexpr std::array<double, 13> bounds = {
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1};
    void observe(std::chrono::nanoseconds elapsed);
    std::uint64_t count() const { return count_.load(std::memory_order_relaxed); }
    void render(std::string& out, std::string_view name, std::string_view help) const;

private:
    std::array<std::atomic<std::uint64_t>, bounds.size() + 1> buckets_{};  // +Inf last
    std::atomic<std::uint64_t> count_{0};
    std::atomic<std::uint64_t> sum_ns_{0};
};

// How many rooms of one game are in one state, as the lobby counts them.
struct room_census {
    std::string game;
    protocol::room_status status;
    std::size_t count;
};

// This node's lease in a shared store, as /metrics shows it.
struct lease_view {
    bool held = false;
    std::chrono::milliseconds since_renewal{0};
};

// What /metrics reads from the rest of the server when it renders.
struct metrics_view {
    std::size_t connections = 0;
    std::span<const room_census> rooms;
    std::size_t rooms_owned = 0;
    std::size_t queued_writes = 0;     // store batches submitted and not yet reported
    std::uint64_t store_failures = 0;  // store errors logged as store_failed
    std::optional<lease_view> lease;   // with a shared store only
};

class metrics {
public:
    metrics();  // one move counter per registered game

    // The counter of accepted moves for a game id; stable for the server's life, null for an
    // unknown id.
    std::atomic<std::uint64_t>* moves_of(std::string_view game);
    // The counter of passes the rules forced (a side with no move), by game; null as above.
    std::atomic<std::uint64_t>* forced_passes_of(std::string_view game);
    void count_error(protocol::error_code code);
    std::uint64_t errors(protocol::error_code code) const;

    std::atomic<std::uint64_t> slow_readers{0};  // connections cut for not reading their messages
    histogram move_latency;         // a move request reaching its room until it is applied
    histogram store_write_latency;  // observed by the store around each write
    // Many nodes on one shared store (#14).
    std::atomic<std::uint64_t> takeovers{0};       // rooms this node claimed and replayed
    std::atomic<std::uint64_t> fenced_writes{0};   // writes refused: another node owned the room
    std::atomic<std::uint64_t> lease_renewals{0};  // renewals the database accepted
    std::atomic<std::uint64_t> lease_renewal_failures{0};  // renewals that failed
    std::atomic<std::uint64_t> seeks_paired_remote{0};     // other nodes' seeks paired here
    histogram lease_renewal_latency;                       // the round trip of each renewal

    std::string render(const metrics_view& now) const;

private:
    struct game_counter {
        std::string game;
        std::atomic<std::uint64_t> moves{0};
        std::atomic<std::uint64_t> forced_passes{0};
    };
    std::vector<std::unique_ptr<game_counter>> moves_;
    // Indexed by error code; room for codes added later without touching this file.
    std::array<std::atomic<std::uint64_t>, 64> errors_{};
};

}  // namespace quadra::server
