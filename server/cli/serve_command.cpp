#include "server/cli/serve_command.hpp"

#include <algorithm>
#include <exception>
#include <ostream>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "rules/golden.hpp"
#include "server/ops/config_loader.hpp"
#include "server/ops/log.hpp"
#include "server/serve/server.hpp"
#include "server/serve/server_state.hpp"

namespace quadra::server {

namespace {

// One malloc arena per network thread. glibc would make up to eight per core, one for each
// thread that allocates (the store's writer, the bots, password hashing too); memory freed in
// one arena is not reused by another, and at 10,000 connections the spare arenas cost half a
// KiB per connection for no measured gain in speed.
void one_arena_per_network_thread(int threads) {
#if defined(__GLIBC__)
    const auto network =
        threads > 0 ? threads : static_cast<int>(std::thread::hardware_concurrency());
    mallopt(M_ARENA_MAX, std::max(1, network));
#else
    (void)threads;
#endif
}

}  // namespace

int run_serve_command(std::span<const std::string> args, std::span<const std::string> environment,
                      std::ostream& out, std::ostream& err) {
    auto loaded = load_config(args, environment);
    if (loaded.help) {
        out << serve_help();
        return 0;
    }
    if (!loaded.config) {
        err << "quadra serve: " << loaded.error << '\n';
        return 2;
    }
    const auto& config = *loaded.config;
    one_arena_per_network_thread(config.threads);
    log::setup(config.log_level, config.log_format);
    for (const auto& warning : loaded.warnings)
        log::event(log::level::warn, "setting_ignored", {{"reason", warning}});
    try {
        server running(config);
        auto& state = running.state();
        const auto failures = rules::check_golden_records();
        state.rules_ok = failures.empty();
        for (const auto& failure : failures)
            log::event(log::level::error, "rules_self_test_failed", {{"record", failure}});
        log::event(
            log::level::info, "started",
            {{"version", QUADRA_VERSION},
             {"address", config.address},
             {"port", running.port()},
             // sqlite:<data dir>, or postgres (a database URL may hold a password)
             {"store", config.store == "sqlite" ? "sqlite:" + config.data_dir : config.store},
             {"rules_self_test", failures.empty() ? "ok" : "failed"}});
        // Announced only once a SIGTERM would be caught: tests and operators stop the server on
        // this line.
        running.run_until_signal([&] {
            out << "quadra: listening on http://" << config.address << ':' << running.port()
                << " (web root " << config.web_root << ")" << std::endl;
        });
    } catch (const std::exception& e) {
        log::event(log::level::error, "failed", {{"reason", e.what()}});
        err << "quadra serve: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace quadra::server
