#pragma once
// One server's shared parts without a network, for the tests of client sessions and their desks:
// clients are sessions with recorders, rooms run on an io_context the test drives itself, and
// the store is SQLite in memory.

#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "server/app/client_session.hpp"
#include "server/rooms/room_host.hpp"
#include "server/serve/server_state.hpp"
#include "tests/server/support/recorder.hpp"

namespace quadra::testing {

namespace server = quadra::server;
using nlohmann::json;

inline server::server_config in_memory() {
    server::server_config config;
    config.data_dir = ":memory:";
    config.max_rooms_per_connection = 2;
    return config;
}

// One server's shared parts and an io_context for its rooms; clients are sessions + recorders.
// Sessions have moderation (roles read from the store) and events; no accounts' sign-in,
// challenges or Web Push.
struct session_fixture {
    boost::asio::io_context io;
    std::shared_ptr<server::manual_time> time =
        std::make_shared<server::manual_time>();  // moved by hand
    server::server_state state{in_memory(), time};
    // Where rooms not hosted here are, as a shared store's directory would say.
    std::function<server::room_route(const std::string& code)> elsewhere;
    // Ratings as the rated games' store would give them (seeks' rating ranges).
    std::function<std::optional<int>(std::uint64_t, const std::string&)> rating_of;

    struct client {
        std::shared_ptr<server::client_session> session;
        std::shared_ptr<recorder> out = std::make_shared<recorder>();
    };

    client connect() {
        auto services = std::make_shared<const server::session_services>(server::session_services{
            state.lobby_, state.identities, *state.games, state.stats,
            state.config.max_rooms_per_connection, state.for_rooms().start_game,
            [this](const quadra::protocol::clock_settings& clock) {
                return state.room_policy_for(clock);
            },
            [this](server::room hosted, std::unique_ptr<server::room_journal> journal) {
                return std::make_shared<server::room_host>(io.get_executor(), state.for_rooms(),
                                                           std::move(hosted), std::move(journal));
            },
            elsewhere, *state.seeks, rating_of, nullptr, &state.moderation, nullptr, nullptr,
            &state.events});
        auto post = [this](std::function<void()> then) { boost::asio::post(io, std::move(then)); };
        return {std::make_shared<server::client_session>(std::move(services), post)};
    }

    void send(client& c, const json& request) {
        auto parsed = quadra::protocol::parse_request(request.dump());
        REQUIRE_FALSE(parsed.failure);
        c.session->handle({parsed.id, std::move(*parsed.body)}, c.out);
    }

    // Runs the rooms (and the store's answers) until `c` has received a message; the first one.
    json receive(client& c) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (c.out->got.empty() && std::chrono::steady_clock::now() < until) {
            io.restart();
            if (io.poll() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        REQUIRE_FALSE(c.out->got.empty());
        auto first = c.out->got.front();
        c.out->got.pop_front();
        return first;
    }
    json receive(client& c, std::string_view type) {
        auto message = receive(c);
        REQUIRE(message["type"] == type);
        return message;
    }
    // Lets everything pending run, then tells whether `c` received nothing.
    bool quiet(client& c) {
        for (int i = 0; i < 50; ++i) {
            io.restart();
            io.poll();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return c.out->got.empty();
    }

    // A guest with an account (as the accounts' sign-in makes one, in memory and in the store)
    // and its identity.
    struct signed_in {
        client c;
        std::shared_ptr<server::identity> who;
    };
    signed_in member(const std::string& name, const std::string& user) {
        auto c = connect();
        send(c, {{"type", "hello"}, {"name", name}});
        auto welcome = receive(c, "welcome");
        auto who = state.identities.find(welcome["token"].get<std::string>());
        REQUIRE(who);
        who->set_account(user);
        server::write_batch registering;
        registering.account = server::account_write{server::account_write::kind::register_account,
                                                    static_cast<std::int64_t>(who->id()),
                                                    "session of " + user,
                                                    user,
                                                    "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA",
                                                    server::unix_ms()};
        REQUIRE(stored(std::move(registering)));
        return {std::move(c), std::move(who)};
    }

    // Writes `batch` and waits for the outcome: whether it was committed.
    bool stored(server::write_batch batch) {
        auto outcome = std::make_shared<server::write_outcome>(server::write_outcome::failed);
        state.games->submit(std::move(batch),
                            [outcome](server::write_outcome result) { *outcome = result; });
        state.games->drain();
        return *outcome == server::write_outcome::committed;
    }
    // `who` becomes a moderator, in the store and in the roster sessions read roles from.
    void make_moderator(const server::identity& who) {
        server::write_batch grant;
        grant.moderation.emplace();
        grant.moderation->what = server::moderation_write::kind::grant;
        grant.moderation->target = static_cast<std::int64_t>(who.id());
        grant.moderation->target_name = who.account();
        grant.moderation->role = "moderator";
        grant.moderation->reason = "test";
        grant.moderation->at_ms = server::unix_ms();
        REQUIRE(stored(std::move(grant)));
        auto standings = state.games->standings();
        REQUIRE(standings);
        state.standings.replace(std::move(*standings));
    }

    client guest(const std::string& name) {
        auto c = connect();
        send(c, {{"type", "hello"}, {"name", name}});
        auto welcome = receive(c, "welcome");
        REQUIRE(welcome["resumed"] == false);
        return c;
    }
    // Creates a Kvadratura room; returns its code after the creator's joined and snapshot.
    std::string create(client& c) {
        send(c, {{"type", "create_room"}, {"game", "kvadratura"}});
        auto joined = receive(c, "joined");
        CHECK(joined["seat"] == 0);
        receive(c, "snapshot");
        return joined["room"];
    }
};

}  // namespace quadra::testing
