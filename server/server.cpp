#include "server.hpp"

#include <csignal>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include "listener.hpp"
#include "room_host.hpp"
#include "server_state.hpp"

namespace quadra::server {

namespace asio = boost::asio;

struct server::impl {
    impl(server_config config, std::shared_ptr<const time_source> time)
        : state(std::move(config), std::move(time)) {
        const auto threads =
            state.config.threads > 0
                ? state.config.threads
                : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        thread_count = threads;
        const asio::ip::tcp::endpoint endpoint(asio::ip::make_address(state.config.address),
                                               state.config.port);
        accept = std::make_shared<listener>(io, endpoint, state);
    }

    server_state state;
    int thread_count = 1;
    asio::io_context io;
    std::shared_ptr<listener> accept;
    std::vector<std::thread> threads;
    bool stopped = false;
};

server::server(server_config config) : server(std::move(config), nullptr) {}

server::server(server_config config, std::shared_ptr<const time_source> time)
    : impl_(std::make_unique<impl>(std::move(config), std::move(time))) {}

void server::check_deadlines() {
    for (auto& host : impl_->state.lobby_.hosts()) host->check_deadlines();
}

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
    // Rooms and connections hold each other; the cycles are broken here, while the io_context
    // that their sockets and strands belong to still exists.
    for (auto& host : impl_->state.lobby_.clear()) host->release_members();
}

}  // namespace quadra::server
