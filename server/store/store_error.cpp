#include "server/store/store_error.hpp"

#include "server/ops/log.hpp"

namespace quadra::server {

std::string store_error::describe() const {
    return statement.empty() ? message : message + " (statement " + statement + ")";
}

void log_store_error(std::string_view backend, const store_error& error) {
    log::event(log::level::error, "store_failed",
               {{"backend", backend},
                {"statement", error.statement},
                {"game", error.game},
                {"identity", error.identity},
                {"error", error.message}});
}

}  // namespace quadra::server
