#include "server/store/store.hpp"

#include <chrono>

#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_store.hpp"

namespace quadra::server {

std::int64_t unix_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

rules::result<std::unique_ptr<store>> open_store(const store_settings& settings) {
    if (settings.backend == "sqlite") {
        auto opened = sqlite_store::open(settings.data_dir);
        if (!opened) return rules::refusal{opened.reason()};
        return std::unique_ptr<store>(std::move(opened).value());
    }
    if (settings.backend == "postgres") {
        if (settings.database_url.empty())
            return rules::refusal{"the postgres store needs a database_url (postgresql://...)"};
        auto opened = postgres_store::open(settings.database_url);
        if (!opened) return rules::refusal{opened.reason()};
        return std::unique_ptr<store>(std::move(opened).value());
    }
    return rules::refusal{"unknown store '" + settings.backend + "' (sqlite or postgres)"};
}

}  // namespace quadra::server
