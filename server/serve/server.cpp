#include "server/serve/server.hpp"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include <unistd.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/app/challenge_lists.hpp"
#include "server/app/shared_seek_pool.hpp"
#include "server/dice/os_random.hpp"
#include "server/net/listener.hpp"
#include "server/net/websocket_session.hpp"
#include "server/ops/log.hpp"
#include "server/rooms/room_host.hpp"
#include "server/serve/http_answers.hpp"
#include "server/serve/server_state.hpp"
#include "server/store/room_store.hpp"
#include "server/store/store_journal.hpp"

namespace quadra::server {

namespace asio = boost::asio;

namespace {

// Where clients reach a node that was not told its public URL: its address, or the host's name
// when it listens on every address.
std::string default_public_url(const std::string& address, unsigned short port) {
    std::string host = address;
    if (address == "0.0.0.0" || address == "::") {
        char name[256] = {};
        host = gethostname(name, sizeof name - 1) == 0 ? name : "localhost";
    }
    return "http://" + host + ":" + std::to_string(port);
}

// The nodes' notice that an account's sessions ended (a sign-out everywhere).
const std::string sessions_notice = "sessions";
// The nodes' notice that a node stored a moderator's action (#31): read the roster again now.
const std::string moderation_notice = "moderation";
// The nodes' notices about one account (#29): "turns <account>", its count of turns changed;
// "challenges <account>", its challenges did.
const std::string turns_notice = "turns ";
const std::string challenges_notice = "challenges ";
// The nodes' notice that the open challenges to anyone changed (#29).
const std::string open_challenges_notice = "open_challenges";

}  // namespace

struct server::impl {
    impl(server_config config, std::shared_ptr<const time_source> time)
        : state(std::move(config), std::move(time)) {
        state.answer = [this](std::string_view target) { return answer_http(state, target); };
        const auto threads =
            state.config.threads > 0
                ? state.config.threads
                : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        thread_count = threads;
        const asio::ip::tcp::endpoint endpoint(asio::ip::make_address(state.config.address),
                                               state.config.port);
        accept = std::make_shared<listener>(io, endpoint, state);
        state.moderation.changed = [this] { refresh_standings(); };
        state.turns_changed = [this](std::vector<std::int64_t> accounts) {
            tell_accounts(turns_notice, std::move(accounts));
        };
        state.challenges.changed = [this](std::vector<std::int64_t> accounts) {
            tell_accounts(challenges_notice, std::move(accounts));
        };
        // Web Push: off the writer thread, which tells of the news after a commit.
        state.room_news = [this](std::vector<account_news> news) {
            if (!state.push) return;
            boost::asio::post(io, [this, news = std::move(news)] {
                for (const auto& item : news) state.push->notify(item.account, item.news);
            });
        };
        state.challenges.notify = [this](std::int64_t account, const protocol::push_news& news) {
            if (state.push) state.push->notify(account, news);
        };
        state.challenges.open_changed = [this] {
            if (auto* channel = state.games->channel())
                return channel->publish(open_challenges_notice);
            boost::asio::post(io, [this] { refresh_open_challenges(); });
        };
        refresh_open_challenges();
        refresh_standings();
        if (auto* directory = state.games->directory())
            join_cluster(*directory);
        else
            restore_all();
    }

    // Moderation (#31): the roster read again when the audit log grew, here or on any node or
    // at the command line; the connections of an account banned since are signed out, and its
    // sessions forgotten (the ban deleted them from the store).
    void refresh_standings() {
        std::lock_guard one_at_a_time(refreshing);
        const auto count = state.games->audit_count();
        if (count < 0 || count == audit_rows_seen) return;
        auto standings = state.games->standings();
        const auto blocks = state.games->address_blocks(unix_ms());
        if (!standings || !blocks) return;
        audit_rows_seen = count;
        state.standings.replace_blocks(*blocks);
        for (const auto identity : state.standings.replace(std::move(*standings))) {
            state.identities.forget_sessions(identity);
            sign_out_connections(state.sessions, identity);
            log::event(log::level::info, "banned_signed_out", {{"player", identity}});
        }
    }

    // "Your turn" and challenges (#29): each account's connections hear its news; with a shared
    // store every node's, through the channel (this node's too, so it is one path).
    void tell_accounts(const std::string& notice, std::vector<std::int64_t> accounts) {
        if (auto* channel = state.games->channel()) {
            for (const auto account : accounts) channel->publish(notice + std::to_string(account));
            return;
        }
        boost::asio::post(io, [this, notice, accounts = std::move(accounts)] {
            for (const auto account : accounts) deliver(notice, account);
        });
    }

    // Scans this node's connections: fine for news of accounts, which comes at the pace of
    // people's moves and challenges; guests' games never come here.
    void deliver(const std::string& notice, std::int64_t account) {
        const auto message = notice == turns_notice
                                 ? protocol::turns_message(static_cast<std::int64_t>(
                                       state.games->turns_of(account).size()))
                                 : challenges_of(*state.games, account, {}, unix_ms());
        for (const auto& connection : state.sessions.all())
            connection->tell(static_cast<std::uint64_t>(account), message);
    }

    // The lobby's open challenges (correspondence seeks), read again: after a change anywhere,
    // and every second, so that expired ones leave the list.
    void refresh_open_challenges() {
        state.lobby_.show_open_challenges(open_challenge_views(*state.games, unix_ms()));
    }

    // A shared store: "turns <account>" and "challenges <account>" from any node, this one
    // included, and "open_challenges".
    void listen_for_accounts(cluster_channel& channel) {
        accounts_listening = channel.listen([this](const std::string& notice) {
            if (notice == open_challenges_notice)
                return boost::asio::post(io, [this] { refresh_open_challenges(); });
            for (const auto& prefix : {turns_notice, challenges_notice}) {
                if (!notice.starts_with(prefix)) continue;
                std::int64_t account = 0;
                const auto digits = std::string_view(notice).substr(prefix.size());
                const auto [end, error] =
                    std::from_chars(digits.data(), digits.data() + digits.size(), account);
                if (error != std::errc() || end != digits.data() + digits.size()) return;
                boost::asio::post(io, [this, prefix, account] { deliver(prefix, account); });
            }
        });
    }

    // One node: the roster is read again every second (the command line may have changed it),
    // and the open challenges (some expire).
    void watch_standings() {
        standings_timer.expires_after(std::chrono::seconds(1));
        standings_timer.async_wait([this](boost::system::error_code ec) {
            if (ec) return;
            refresh_standings();
            refresh_open_challenges();
            watch_standings();
        });
    }

    // One node: every unfinished game replayed from its events, under its old code; a finished
    // one when it is asked for.
    void restore_all() {
        for (const auto& row : state.games->unfinished_games())
            adopt(row, state.games->events_of(row.id), std::nullopt);
        state.locate_room = [this](const std::string& code) { return reopen(code); };
    }

    // A finished room that left memory (room_host::unload_if_idle), or was not restored at
    // start-up, replayed from the store under its code.
    room_route reopen(const std::string& code) {
        const auto row = state.games->find_game_in_room(code);
        if (!row || !row->finished_ms) return {};
        std::lock_guard one_at_a_time(reopening);  // two joins must not both replay it
        if (auto host = state.lobby_.find(code)) return {std::move(host), std::nullopt};
        return {adopt(*row, state.games->events_of(row->id), std::nullopt), std::nullopt};
    }

    // A shared store: rooms are taken over as their owners go, by the cluster node.
    void join_cluster(room_directory& directory) {
        cluster_settings settings{state.config.node_id, state.config.public_url,
                                  state.config.lease};
        if (settings.node_id.empty()) settings.node_id = "node-" + random_hex(4);
        if (settings.public_url.empty())
            settings.public_url = default_public_url(state.config.address, accept->port());
        state.cluster = std::make_unique<cluster_node>(
            directory, *state.games, state.lobby_, state.stats, std::move(settings),
            [this](const game_row& row, const std::vector<stored_event>& events,
                   const room_owner& owner) { return adopt(row, events, owner); });
        state.locate_room = [node = state.cluster.get()](const std::string& code) {
            return node->locate(code);
        };
        // One pool of every node's seeks.
        auto seeks = std::make_unique<shared_seek_pool>(
            *state.games->shared_seeks(), *state.games->channel(), state.stats,
            shared_seek_settings{state.cluster->settings().node_id,
                                 state.cluster->settings().public_url, state.config.max_seeks},
            [this](std::uint64_t id) { return state.identities.find_id(id); });
        auto* shared = seeks.get();
        state.pair_with(std::move(seeks));
        state.cluster->every_second([this, shared] {
            end_sessions_ended_elsewhere();
            shared->repair();
            refresh_standings();
            refresh_open_challenges();
        });
        state.cluster->when_told(moderation_notice, [this] { refresh_standings(); });
        listen_for_accounts(*state.games->channel());
        state.moderation.changed = [this, channel = state.games->channel()] {
            refresh_standings();
            channel->publish(moderation_notice);
        };
        // A sign-out everywhere reaches the other nodes' connections at once, not within a second.
        state.cluster->when_told(sessions_notice, [this] { end_sessions_ended_elsewhere(); });
        state.accounts.sign_out_everywhere =
            [this, channel = state.games->channel()](std::uint64_t identity) {
                sign_out_connections(state.sessions, identity);
                channel->publish(sessions_notice);
            };
        // This node's connections as on one node, then the others through the same notice.
        state.accounts.end_other_sessions = [channel = state.games->channel(),
                                             here = std::move(state.accounts.end_other_sessions)](
                                                std::uint64_t identity, const std::string& kept) {
            here(identity, kept);
            channel->publish(sessions_notice);
        };
        if (!state.cluster->start())
            throw std::runtime_error("the database refused this node's lease");
        log::event(log::level::info, "node_joined",
                   {{"node", state.cluster->settings().node_id},
                    {"public_url", state.cluster->settings().public_url}});
    }

    // Game `row` replayed from its `events` and hosted under its old code, written as `owner`
    // in a shared store; null when nobody could come back to it or it cannot be replayed.
    std::shared_ptr<room_host> adopt(const game_row& row, const std::vector<stored_event>& events,
                                     std::optional<room_owner> owner) {
        auto restored = restore_room(row, events, state.identities, state.room_policy_for(),
                                     restore_after::restart);
        if (!restored) {
            log::event(log::level::error, "restore_failed", {{"reason", restored.reason()}});
            return nullptr;
        }
        // Nobody can come back to it, or its time ran out before.
        if (restored.value().abandoned() || restored.value().expired()) return nullptr;
        auto host = std::make_shared<room_host>(
            io.get_executor(), state.for_rooms(), std::move(restored).value(),
            std::make_unique<store_journal>(*state.games, state.identities, row.id,
                                            std::ssize(events), std::move(owner)));
        if (!state.lobby_.restore(row.room_code, host)) {
            log::event(log::level::error, "restore_failed",
                       {{"game", row.id}, {"reason", "room code " + row.room_code + " is taken"}});
            return nullptr;
        }
        host->start();  // lists the room again, journals the clock's restart, arms clocks and bots
        return host;
    }

    // An account signed out on another node: its ended sessions leave the registry, and this
    // node's connections acting through one of them are signed out, within a second or so.
    void end_sessions_ended_elsewhere() {
        const auto known = state.identities.account_sessions();
        if (known.empty()) return;
        std::vector<std::string> hashes;
        hashes.reserve(known.size());
        for (const auto& [hash, id] : known) hashes.push_back(hash);
        // The ended ones come back in the order asked: one walk pairs them with their accounts.
        const auto ended = state.games->ended_sessions(hashes);
        if (ended.empty()) return;
        // A ban ends every session of the account in its own transaction: the roster read after
        // the sessions knows it, so those connections are told why (signed_out "banned").
        refresh_standings();
        auto next = ended.begin();
        for (const auto& [hash, id] : known) {
            if (next == ended.end() || *next != hash) continue;
            ++next;
            state.identities.forget_session(hash);
            sign_out_connections(state.sessions, id, hash);
        }
    }

    // What every client session works with, made once the hooks in `state` are set. New rooms
    // run on strands of the io_context, as restored ones do.
    std::shared_ptr<const session_services> services_for_clients() {
        return std::make_shared<const session_services>(session_services{
            state.lobby_, state.identities, *state.games, state.stats,
            state.config.max_rooms_per_connection, state.for_rooms().start_game,
            [this](const protocol::clock_settings& clock) { return state.room_policy_for(clock); },
            [this](room hosted, std::unique_ptr<room_journal> journal) {
                return std::make_shared<room_host>(io.get_executor(), state.for_rooms(),
                                                   std::move(hosted), std::move(journal));
            },
            state.locate_room, *state.seeks, state.rating_of, &state.accounts, &state.moderation,
            &state.challenges, state.push.get(), &state.events});
    }

    server_state state;
    std::mutex reopening;
    std::mutex refreshing;                  // one reading of the roster at a time
    std::optional<int> accounts_listening;  // the channel's listener of account news (#29)
    std::int64_t audit_rows_seen = -1;      // the audit log's size when the roster was last read
    int thread_count = 1;
    asio::io_context io;
    // Keeps the io threads running while nothing else is queued: a drain on SIGTERM with no
    // connection and no armed timer left still needs them to run the rooms' hand-over.
    std::optional<asio::executor_work_guard<asio::io_context::executor_type>> keep_running;
    std::shared_ptr<listener> accept;
    asio::steady_timer standings_timer{io};
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
    impl_->state.client_services = impl_->services_for_clients();
    impl_->accept->run();
    impl_->keep_running.emplace(impl_->io.get_executor());
    if (!impl_->state.cluster) impl_->watch_standings();
    for (int i = 0; i < impl_->thread_count; ++i)
        impl_->threads.emplace_back([this] { impl_->io.run(); });
}

void server::run_until_signal(const std::function<void()>& ready) {
    std::mutex mutex;
    std::condition_variable woken;
    int signal_number = 0;
    asio::signal_set signals(impl_->io, SIGINT, SIGTERM);
    signals.async_wait([&](boost::system::error_code ec, int number) {
        if (ec) return;
        std::lock_guard lock(mutex);
        signal_number = number;
        woken.notify_all();
    });
    start();
    ready();
    {
        std::unique_lock lock(mutex);
        woken.wait(lock, [&] { return signal_number != 0; });
    }
    log::event(log::level::info, "shutting_down",
               {{"signal", signal_number == SIGTERM ? "SIGTERM" : "SIGINT"},
                {"connections", impl_->state.websockets.load()}});
    shutdown(impl_->state.config.shutdown_timeout);
}

void server::shutdown(std::chrono::milliseconds timeout) {
    const auto began = std::chrono::steady_clock::now();
    impl_->accept->stop();
    // With a shared store the rooms go to other nodes first; their members are sent there.
    if (auto& cluster = impl_->state.cluster) cluster->leave(impl_->state.lobby_.hosts());
    auto& sessions = impl_->state.sessions;
    const auto wait_for_sessions = [&](std::chrono::steady_clock::time_point until) {
        while (sessions.size() > 0 && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    };
    for (auto& session : sessions.all()) session->going_away();
    wait_for_sessions(began + timeout);
    // Peers that never answered the close are cut, so each session ends through the one path
    // that takes it out of its rooms (a session left pending would outlive the server).
    const auto left = sessions.size();
    for (auto& session : sessions.all()) session->cut();
    wait_for_sessions(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    if (impl_->state.drain) impl_->state.drain();
    stop();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - began;
    log::event(log::level::info, "stopped",
               {{"seconds", took.count()}, {"unclosed_connections", left}});
}

void server::stop() {
    if (impl_->stopped) return;
    impl_->stopped = true;
    // Bot workers post to room strands, so they end before the io_context does.
    impl_->state.bots.shutdown();
    impl_->state.passwords.shutdown();
    impl_->keep_running.reset();
    impl_->io.stop();
    for (auto& t : impl_->threads)
        if (t.joinable()) t.join();
    impl_->threads.clear();
    if (impl_->accounts_listening)
        impl_->state.games->channel()->unlisten(*impl_->accounts_listening);
    impl_->state.cluster.reset();  // its thread may adopt rooms: ended while the lobby exists
    // Writes still queued are committed now; their completions post to the stopped io_context,
    // which still exists and simply never runs them.
    impl_->state.games->drain();
    impl_->state.seeks->clear();
    // Rooms and connections hold each other; the cycles are broken here, while the io_context
    // that their sockets and strands belong to still exists.
    for (auto& host : impl_->state.lobby_.clear()) host->release_members();
}

}  // namespace quadra::server
