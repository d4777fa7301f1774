#pragma once
// The composition root: what the connections share (connection_state) and everything the server
// is made of, the lobby, identities, the store, the cluster node, seeks and accounts. Each part
// guards itself; none of it is on the move path.

#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "server/app/client_session.hpp"
#include "server/app/moderation_roster.hpp"
#include "server/app/password_worker.hpp"
#include "server/app/push_notifier.hpp"
#include "server/app/seek_pool.hpp"
#include "server/app/sign_in_limiter.hpp"
#include "server/cluster/cluster_node.hpp"
#include "server/identity/identity.hpp"
#include "server/net/connection_state.hpp"
#include "server/ops/config.hpp"
#include "server/ops/metrics.hpp"
#include "server/rooms/bot_pool.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room.hpp"
#include "server/rooms/room_route.hpp"
#include "server/rooms/room_services.hpp"
#include "server/rooms/time_source.hpp"
#include "server/store/store.hpp"
#include "server/store/store_journal.hpp"

namespace quadra::server {

struct server_state : connection_state {
    explicit server_state(server_config settings, std::shared_ptr<const time_source> clock = {})
        : connection_state(std::move(settings)),
          time(clock ? std::move(clock) : std::make_shared<const system_time>()),
          games(open_configured_store(config)),
          lobby_(config.max_rooms),
          identities(config.max_identities, games.get(), config.store == "postgres"),
          sign_ins(config.sign_in_failures_per_account, config.sign_in_failures_per_address,
                   std::chrono::duration_cast<std::chrono::seconds>(config.sign_in_window)) {
        pair_with(std::make_unique<seek_pool>(config.max_seeks));
        moderation.reports_per_hour = config.reports_per_hour;
        challenges.max_open = config.max_open_challenges;
        events.per_day = config.events_per_day;
        push = push_notifier::open(*games, {config.push_contact, config.push_ca_file});
        accounts.name_reserved_for =
            std::chrono::hours(24 * static_cast<std::int64_t>(config.deleted_name_days));
        rating_of = [this](std::uint64_t identity, const std::string& key) -> std::optional<int> {
            for (const auto& r : games->ratings_of(static_cast<std::int64_t>(identity)))
                if (r.key == key) return static_cast<int>(std::lround(r.rating));
            return std::nullopt;
        };
    }

    // Quick pairing through `pool` (before the server starts), its open seeks shown with the
    // lobby's rooms.
    void pair_with(std::unique_ptr<seek_pairing> pool) {
        seeks = std::move(pool);
        seeks->watch([this](std::vector<protocol::seek_summary> open) {
            lobby_.show_seeks(std::move(open));
        });
    }

    // The room settings for a new or restored room with `clock`.
    room_policy room_policy_for(protocol::clock_settings clock = {}) const {
        room_policy policy;
        policy.clock = clock;
        policy.rated_bots = config.rated_bots == "yes";
        policy.time = time;
        policy.seat_grace = config.seat_grace;
        policy.waiting_expiry = config.waiting_expiry;
        policy.max_chat_bytes = config.max_chat_bytes;
        policy.chat_per_second = config.chat_per_second;
        policy.chat_burst = config.chat_burst;
        policy.abortable_moves = config.abortable_moves;
        // A player of a per-move clock may be away for a whole move (days, in correspondence):
        // the clock, not presence, ends an abandoned game.
        if (clock.type == protocol::clock_settings::kind::per_move)
            policy.seat_grace =
                std::max(policy.seat_grace, std::chrono::duration_cast<decltype(policy.seat_grace)>(
                                                std::chrono::seconds(clock.move_seconds)));
        return policy;
    }

    // What room hosts work with; every new game keeps its journal in the store (with a shared
    // store: owned by this node).
    room_services for_rooms() {
        if (!cluster)
            return {lobby_, bots,          stats,    store_game_starter(*games, identities),
                    {},     turns_changed, room_news};
        return {
            lobby_,
            bots,
            stats,
            cluster->owning(store_game_starter(*games, identities, cluster->settings().node_id)),
            [node = cluster.get()](const std::string& code) { return node->new_home(code); },
            turns_changed,
            room_news};
    }

    const std::shared_ptr<const time_source> time;  // what rooms read the time from
    const std::unique_ptr<store> games;             // never null
    // With a shared store: this node's lease, rooms and takeovers; null with one node. Set before
    // the server starts.
    std::unique_ptr<cluster_node> cluster;
    // A room the lobby does not host: with a shared store, the cluster node's answer (another
    // node's URL, or taken over here); with one node, a finished room brought back from the
    // store. Set before the server starts; empty: no such room.
    std::function<room_route(const std::string& code)> locate_room;
    // The displayed rating a seek's rating range is checked against (quick pairing): the store's,
    // under the seek's rating key; none when the identity has no rating there (1500 is assumed).
    std::function<std::optional<int>(std::uint64_t identity, const std::string& rating_key)>
        rating_of;
    lobby lobby_;  // NOLINT(readability-identifier-naming): `lobby` names the type
    identity_registry identities;
    // Quick pairing: this node's seeks (seek_pool), or every node's (shared_seek_pool). Never
    // null.
    std::unique_ptr<seek_pairing> seeks;
    bot_pool bots;  // shut down by server::stop() while the io_context still exists
    // Accounts (#17): Argon2id off the io threads (shut down like bots), failed sign-ins.
    password_worker passwords;
    sign_in_limiter sign_ins;
    account_services accounts{
        passwords, sign_ins,
        [this](std::uint64_t identity) { sign_out_connections(sessions, identity); },
        [this](std::uint64_t identity, const std::string& kept_session) {
            for (const auto& [hash, id] : identities.account_sessions()) {
                if (id != identity || hash == kept_session) continue;
                identities.forget_session(hash);
                sign_out_connections(sessions, identity, hash);
            }
        }};

    // "Your turn" (#29): the server's (server.cpp), set before it starts: the accounts whose
    // turns changed are told their count on every connection of every node.
    room_journal::turn_listener turns_changed;
    // Web Push (#29): null when the store could not keep the VAPID key. `room_news` (the
    // server's) takes the rooms' news for accounts away to their devices.
    std::unique_ptr<push_notifier> push;
    room_journal::news_listener room_news;

    // Challenges (#29): the limit from the configuration; what follows a change is the
    // server's (server.cpp), set before it starts.
    challenge_services challenges;

    // Events: the daily limit from the configuration; an identity's rating and rated
    // games under a key, for an event's entry rules.
    event_services events{
        *games, 5,
        [this](std::int64_t identity,
               const std::string& key) -> std::optional<event_services::standing> {
            for (const auto& r : games->ratings_of(identity))
                if (r.key == key)
                    return event_services::standing{static_cast<int>(std::lround(r.rating)),
                                                    r.games};
            return std::nullopt;
        }};

    // Moderation (#31): roles and sanctions as last read from the store; `changed` is the
    // server's (server.cpp), set before it starts.
    moderation_roster standings;
    moderation_services moderation{standings, {}};

    // Operations: the probes behind /healthz. The hooks are set before the server starts and
    // never change while it runs.
    const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::function<bool()> store_ok = [this] { return games->healthy(); };
    std::atomic<bool> rules_ok{true};  // the rules self-test's verdict, set at start-up
    // Called once at graceful shutdown, after clients were told and before the threads end: the
    // store flushes its pending writes here.
    std::function<void()> drain = [this] { games->drain(); };

private:
    // The server cannot run without its store: the reason becomes the start-up error.
    static std::unique_ptr<store> open_configured_store(const server_config& config) {
        auto opened = open_store({config.store, config.data_dir, config.database_url});
        if (!opened) throw std::runtime_error(opened.error().describe());
        return std::move(opened).value();
    }
};

}  // namespace quadra::server
