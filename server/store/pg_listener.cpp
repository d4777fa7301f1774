#include "server/store/pg_listener.hpp"

#include <poll.h>

#include <chrono>
#include <condition_variable>
#include <optional>
#include <utility>

#include "server/ops/log.hpp"
#include "server/store/pg_connection.hpp"

namespace quadra::server {

namespace {

using namespace std::chrono_literals;

// How long one wait on the socket lasts: a stop is noticed within it.
constexpr int wait_ms = 200;

void sleep_for(std::stop_token stop, std::chrono::milliseconds how_long) {
    std::mutex mutex;
    std::condition_variable_any woken;
    std::unique_lock lock(mutex);
    woken.wait_for(lock, stop, how_long, [] { return false; });
}

}  // namespace

pg_listener::pg_listener(std::string database_url, std::string channel)
    : database_url_(std::move(database_url)), channel_(std::move(channel)) {}

pg_listener::~pg_listener() {
    worker_.request_stop();
    if (worker_.joinable()) worker_.join();
}

int pg_listener::add(cluster_channel::handler on_notice) {
    std::lock_guard lock(mutex_);
    handlers_.emplace(++next_id_, std::move(on_notice));
    if (!worker_.joinable()) worker_ = std::jthread([this](std::stop_token stop) { run(stop); });
    return next_id_;
}

void pg_listener::remove(int id) {
    std::lock_guard lock(mutex_);
    handlers_.erase(id);
}

void pg_listener::tell(const std::string& notice) {
    std::lock_guard lock(mutex_);
    for (const auto& [id, handler] : handlers_) handler(notice);
}

void pg_listener::run(std::stop_token stop) {
    while (!stop.stop_requested()) {
        auto opened = pg_connection::open(database_url_);
        if (!opened || !opened.value().exec("listen", "LISTEN " + channel_)) {
            sleep_for(stop, 1s);
            continue;
        }
        auto& db = opened.value();
        tell({});  // listening (again): what was sent before is read on the timer or now
        while (!stop.stop_requested()) {
            pollfd waiting{db.socket(), POLLIN, 0};
            if (::poll(&waiting, 1, wait_ms) < 0) continue;  // a signal: wait again
            const auto notices = db.notifications();
            if (!notices) break;
            for (const auto& notice : *notices) tell(notice);
        }
        if (!stop.stop_requested())
            log::event(log::level::warn, "channel_lost", {{"channel", channel_}});
    }
}

}  // namespace quadra::server
