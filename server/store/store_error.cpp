#include "server/store/store_error.hpp"

#include <atomic>

#include "server/ops/log.hpp"

namespace quadra::server {

std::string store_error::describe() const {
    return statement.empty() ? message : message + " (statement " + statement + ")";
}

namespace {

std::atomic<std::uint64_t> failures{0};

}  // namespace

std::uint64_t store_failures() { return failures.load(std::memory_order_relaxed); }

void log_store_error(std::string_view backend, const store_error& error) {
    failures.fetch_add(1, std::memory_order_relaxed);
    log::event(log::level::error, "store_failed",
               {{"backend", backend},
                {"statement", error.statement},
                {"game", error.game},
                {"identity", error.identity},
                {"error", error.message}});
}

}  // namespace quadra::server
