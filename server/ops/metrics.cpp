#include "server/ops/metrics.hpp"

#include <cstdio>
#include <map>

#include "rules/registry.hpp"

namespace quadra::server {

namespace {

void line(std::string& out, std::string_view name, std::string_view labels, double value) {
    char number[64];
    std::snprintf(number, sizeof number, "%.17g", value);
    out += name;
    if (!labels.empty()) out.append("{").append(labels).append("}");
    out.append(" ").append(number).append("\n");
}

void header(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
    out.append("# HELP ").append(name).append(" ").append(help).append("\n");
    out.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

}  // namespace

void histogram::observe(std::chrono::nanoseconds elapsed) {
    const double seconds = std::chrono::duration<double>(elapsed).count();
    std::size_t bucket = 0;
    while (bucket < bounds.size() && seconds > bounds[bucket]) ++bucket;
    buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
    sum_ns_.fetch_add(static_cast<std::uint64_t>(elapsed.count()), std::memory_order_relaxed);
    count_.fetch_add(1, std::memory_order_relaxed);
}

void histogram::render(std::string& out, std::string_view name, std::string_view help) const {
    header(out, name, "histogram", help);
    const std::string bucket = std::string(name) + "_bucket";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= bounds.size(); ++i) {
        cumulative += buckets_[i].load(std::memory_order_relaxed);
        char le[48];
        if (i < bounds.size())
            std::snprintf(le, sizeof le, "le=\"%g\"", bounds[i]);
        else
            std::snprintf(le, sizeof le, "le=\"+Inf\"");
        line(out, bucket, le, static_cast<double>(cumulative));
    }
    line(out, std::string(name) + "_sum", {},
         static_cast<double>(sum_ns_.load(std::memory_order_relaxed)) / 1e9);
    // The count is the +Inf bucket, so the two always agree even while others observe.
    line(out, std::string(name) + "_count", {}, static_cast<double>(cumulative));
}

metrics::metrics() {
    for (const auto* type : rules::game_types()) {
        moves_.push_back(std::make_unique<game_counter>());
        moves_.back()->game = type->id;
    }
}

std::atomic<std::uint64_t>* metrics::moves_of(std::string_view game) {
    for (auto& counter : moves_)
        if (counter->game == game) return &counter->moves;
    return nullptr;
}

std::atomic<std::uint64_t>* metrics::forced_passes_of(std::string_view game) {
    for (auto& counter : moves_)
        if (counter->game == game) return &counter->forced_passes;
    return nullptr;
}

void metrics::count_error(protocol::error_code code) {
    const auto index = static_cast<std::size_t>(code);
    if (index < errors_.size()) errors_[index].fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t metrics::errors(protocol::error_code code) const {
    const auto index = static_cast<std::size_t>(code);
    return index < errors_.size() ? errors_[index].load(std::memory_order_relaxed) : 0;
}

std::string metrics::render(const metrics_view& now) const {
    std::string out;
    header(out, "quadra_connections", "gauge", "Open WebSocket connections.");
    line(out, "quadra_connections", {}, static_cast<double>(now.connections));

    header(out, "quadra_rooms", "gauge", "Open rooms by game and state.");
    std::map<std::pair<std::string, protocol::room_status>, std::size_t> counted;
    for (const auto& counter : moves_)
        for (auto status : {protocol::room_status::waiting, protocol::room_status::playing,
                            protocol::room_status::finished})
            counted[{counter->game, status}] = 0;
    for (const auto& r : now.rooms) counted[{r.game, r.status}] += r.count;
    for (const auto& [key, count] : counted)
        line(out, "quadra_rooms",
             "game=\"" + key.first + "\",state=\"" +
                 std::string(protocol::status_name(key.second)) + "\"",
             static_cast<double>(count));

    header(out, "quadra_moves_total", "counter", "Moves accepted, by game.");
    for (const auto& counter : moves_)
        line(out, "quadra_moves_total", "game=\"" + counter->game + "\"",
             static_cast<double>(counter->moves.load(std::memory_order_relaxed)));
    header(out, "quadra_forced_passes_total", "counter",
           "Passes the rules forced on a side with no move, by game (not in quadra_moves_total).");
    for (const auto& counter : moves_)
        line(out, "quadra_forced_passes_total", "game=\"" + counter->game + "\"",
             static_cast<double>(counter->forced_passes.load(std::memory_order_relaxed)));

    move_latency.render(out, "quadra_move_latency_seconds",
                        "From a move request reaching its room to the move being applied.");

    header(out, "quadra_errors_total", "counter", "Errors sent to clients, by code.");
    for (std::size_t i = 0; i < errors_.size(); ++i) {
        const auto count = errors_[i].load(std::memory_order_relaxed);
        if (count == 0) continue;  // only codes that occurred: the enum may grow
        line(out, "quadra_errors_total",
             "code=\"" + std::string(protocol::code_name(static_cast<protocol::error_code>(i))) +
                 "\"",
             static_cast<double>(count));
    }

    store_write_latency.render(out, "quadra_store_write_latency_seconds",
                               "Time of one store write (a move, a room, an identity).");

    header(out, "quadra_store_write_queue", "gauge",
           "Store write batches submitted and not yet committed or refused.");
    line(out, "quadra_store_write_queue", {}, static_cast<double>(now.queued_writes));
    header(out, "quadra_store_failures_total", "counter",
           "Store reads and writes that failed (each logged once as store_failed).");
    line(out, "quadra_store_failures_total", {}, static_cast<double>(now.store_failures));

    header(out, "quadra_slow_readers_total", "counter",
           "Connections cut because too many messages or bytes waited for them to read.");
    line(out, "quadra_slow_readers_total", {}, static_cast<double>(slow_readers.load()));

    header(out, "quadra_rooms_owned", "gauge", "Rooms this node serves (owns, with many nodes).");
    line(out, "quadra_rooms_owned", {}, static_cast<double>(now.rooms_owned));
    header(out, "quadra_takeovers_total", "counter",
           "Rooms this node took over from a node whose lease expired, by replaying them.");
    line(out, "quadra_takeovers_total", {}, static_cast<double>(takeovers.load()));
    header(out, "quadra_fenced_writes_total", "counter",
           "Writes refused because another node owned the room by then.");
    line(out, "quadra_fenced_writes_total", {}, static_cast<double>(fenced_writes.load()));
    header(out, "quadra_seeks_paired_remote_total", "counter",
           "Seeks of other nodes that this node paired into a room it hosts.");
    line(out, "quadra_seeks_paired_remote_total", {},
         static_cast<double>(seeks_paired_remote.load()));
    if (!now.lease) return out;  // one node: no lease
    header(out, "quadra_lease_held", "gauge",
           "1 while this node's lease was renewed within its length, else 0 (lost).");
    line(out, "quadra_lease_held", {}, now.lease->held ? 1.0 : 0.0);
    header(out, "quadra_lease_renewal_age_seconds", "gauge",
           "Time since this node's lease was last renewed.");
    line(out, "quadra_lease_renewal_age_seconds", {},
         std::chrono::duration<double>(now.lease->since_renewal).count());
    header(out, "quadra_lease_renewals_total", "counter", "Lease renewals the database accepted.");
    line(out, "quadra_lease_renewals_total", {}, static_cast<double>(lease_renewals.load()));
    header(out, "quadra_lease_renewal_failures_total", "counter",
           "Lease renewals that failed (the database could not be reached or refused).");
    line(out, "quadra_lease_renewal_failures_total", {},
         static_cast<double>(lease_renewal_failures.load()));
    lease_renewal_latency.render(out, "quadra_lease_renewal_latency_seconds",
                                 "The database round trip of each successful lease renewal.");
    return out;
}

}  // namespace quadra::server
