#include "server.hpp"

#include <csignal>
#include <iostream>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include "listener.hpp"
#include "room_host.hpp"
#include "room_store.hpp"
#include "server_state.hpp"

namespace quadra::server {

namespace asio = boost::asio;

struct server::impl {
    explicit impl(server_config config) : state(std::move(config)) {
        const auto threads =
            state.config.threads > 0
                ? state.config.threads
                : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        thread_count = threads;
        const asio::ip::tcp::endpoint endpoint(asio::ip::make_address(state.config.address),
                                               state.config.port);
        accept = std::make_shared<listener>(io, endpoint, state);
        restore();
    }

    // Every identity, and every unfinished game replayed from its events, under its old code.
    void restore() {
        for (auto& who : state.games->identities())
            state.identities.restore(static_cast<std::uint64_t>(who.id), std::move(who.token_hash),
                                     std::move(who.name));
        for (const auto& row : state.games->unfinished_games()) {
            const auto events = state.games->events_of(row.id);
            auto restored = restore_room(row, events, state.identities);
            if (!restored) {
                std::cerr << "quadra: cannot restore " << restored.reason() << '\n';
                continue;
            }
            if (restored.value().abandoned()) continue;  // nobody holds a seat: nothing to resume
            restored.value().resume_clocks(unix_ms());
            auto summary = restored.value().summary();
            auto host = std::make_shared<room_host>(
                io.get_executor(), state.lobby_, state.bots, *state.games, state.identities,
                std::move(restored).value(), row.id, std::nullopt,
                static_cast<std::int64_t>(events.size()));
            if (state.lobby_.restore(row.room_code, host))
                state.lobby_.publish(std::move(summary));
            else
                std::cerr << "quadra: cannot restore game " << row.id << ": room code "
                          << row.room_code << " is taken\n";
        }
    }

    server_state state;
    int thread_count = 1;
    asio::io_context io;
    std::shared_ptr<listener> accept;
    std::vector<std::thread> threads;
    bool stopped = false;
};

server::server(server_config config) : impl_(std::make_unique<impl>(std::move(config))) {}

server::~server() { stop(); }

unsigned short server::port() const { return impl_->accept->port(); }

server_state& server::state() { return impl_->state; }

void server::start() {
    impl_->accept->run();
    for (int i = 0; i < impl_->thread_count; ++i)
        impl_->threads.emplace_back([this] { impl_->io.run(); });
}

void server::run_until_signal() {
    asio::signal_set signals(impl_->io, SIGINT, SIGTERM);
    signals.async_wait([this](boost::system::error_code, int) {
        impl_->accept->stop();
        impl_->io.stop();
    });
    impl_->accept->run();
    for (int i = 1; i < impl_->thread_count; ++i)
        impl_->threads.emplace_back([this] { impl_->io.run(); });
    impl_->io.run();
    stop();
}

void server::stop() {
    if (impl_->stopped) return;
    impl_->stopped = true;
    // Bot workers post to room strands, so they end before the io_context does.
    impl_->state.bots.shutdown();
    impl_->io.stop();
    for (auto& t : impl_->threads)
        if (t.joinable()) t.join();
    impl_->threads.clear();
    // Writes still queued are committed now; their completions post to the stopped io_context,
    // which still exists and simply never runs them.
    impl_->state.games->drain();
    // Rooms and connections hold each other; the cycles are broken here, while the io_context
    // that their sockets and strands belong to still exists.
    for (auto& host : impl_->state.lobby_.clear()) host->release_members();
}

}  // namespace quadra::server
