// Accounts through the client session, without sockets (#17): register keeps the guest's seats,
// sign_in on another connection reaches the same identity, and every refusal (bad_name,
// weak_password, name_taken, already_account, bad_credentials, too_many_attempts,
// not_signed_in) is sent with nothing changed. Passwords are hashed for real (Argon2id).

#include <doctest/doctest.h>

#include <chrono>
#include <deque>
#include <functional>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/app/client_session.hpp"
#include "server/rooms/room_host.hpp"
#include "server/serve/server_state.hpp"
#include "tests/server/support/recorder.hpp"

using namespace quadra::server;
using nlohmann::json;
using quadra::testing::recorder;

namespace {

server_config limits(std::size_t per_account, std::size_t per_address) {
    server_config config;
    config.data_dir = ":memory:";
    config.sign_in_failures_per_account = per_account;
    config.sign_in_failures_per_address = per_address;
    return config;
}

struct client {
    std::shared_ptr<client_session> session;
    std::shared_ptr<recorder> out = std::make_shared<recorder>();
    std::string token{};  // from the guest's welcome
};

struct accounts_fixture {
    explicit accounts_fixture(server_config config = limits(5, 20))
        : state(std::move(config), time) {}

    boost::asio::io_context io;
    std::shared_ptr<manual_time> time = std::make_shared<manual_time>();
    server_state state;
    std::deque<client> clients;  // references stay valid as clients are added
    // Signing out everywhere reaches this fixture's clients, as it reaches a node's connections.
    // A password changed: the other sessions end as the node's would end them.
    account_services accounts{
        state.passwords, state.sign_ins,
        [this](std::uint64_t identity) {
            for (auto& c : clients) c.session->signed_out_elsewhere(identity, {}, c.out);
        },
        [this](std::uint64_t identity, const std::string& kept) {
            for (const auto& [hash, id] : state.identities.account_sessions()) {
                if (id != identity || hash == kept) continue;
                state.identities.forget_session(hash);
                for (auto& c : clients) c.session->signed_out_elsewhere(identity, hash, c.out);
            }
        }};

    client& connect(const std::string& address = "192.0.2.1") {
        auto services = std::make_shared<const session_services>(session_services{
            state.lobby_,
            state.identities,
            *state.games,
            state.stats,
            state.config.max_rooms_per_connection,
            state.for_rooms().start_game,
            [this](const quadra::protocol::clock_settings& clock) {
                return state.room_policy_for(clock);
            },
            [this](room hosted, std::unique_ptr<room_journal> journal) {
                return std::make_shared<room_host>(io.get_executor(), state.for_rooms(),
                                                   std::move(hosted), std::move(journal));
            },
            {},
            *state.seeks,
            {},
            &accounts});
        auto post = [this](std::function<void()> then) { boost::asio::post(io, std::move(then)); };
        clients.push_back({std::make_shared<client_session>(std::move(services), post, address)});
        return clients.back();
    }

    void send(client& c, const json& request) {
        auto parsed = quadra::protocol::parse_request(request.dump());
        REQUIRE_FALSE(parsed.failure);
        c.session->handle({parsed.id, std::move(*parsed.body)}, c.out);
    }

    // The next message to `c`; Argon2id on a busy machine may take a while.
    json receive(client& c) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
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
        REQUIRE_MESSAGE(message["type"] == type, message.dump());
        return message;
    }
    // Skips messages until one of `type`.
    json receive_until(client& c, std::string_view type) {
        for (int i = 0; i < 10; ++i)
            if (auto message = receive(c); message["type"] == type) return message;
        FAIL("no " << type);
        return {};
    }
    // The error code answering `request`.
    std::string refusal(client& c, const json& request) {
        send(c, request);
        return receive(c, "error")["code"];
    }

    client& guest(const std::string& name) {
        auto& c = connect();
        send(c, {{"type", "hello"}, {"name", name}});
        auto welcome = receive(c, "welcome");
        CHECK(welcome["account"].is_null());
        c.token = welcome["token"];
        return c;
    }
    std::string create(client& c) {
        send(c, {{"type", "create_room"}, {"game", "kvadratura"}});
        auto joined = receive(c, "joined");
        receive(c, "snapshot");
        return joined["room"];
    }
    // Registers `c` (a guest) and returns the welcome.
    json register_as(client& c, const std::string& name, const std::string& password) {
        send(c, {{"type", "register"}, {"name", name}, {"password", password}, {"id", 5}});
        return receive(c, "welcome");
    }
    // Ann, registered (password "correct horse") on her laptop and signed in on her phone.
    struct two_devices {
        client& laptop;
        client& phone;
        std::string laptop_session;
        std::string phone_session;
    };
    two_devices ann_on_two_devices() {
        auto& laptop = guest("Ann");
        const std::string first = register_as(laptop, "Ann", "correct horse")["token"];
        auto& phone = connect("198.51.100.7");
        send(phone, {{"type", "sign_in"}, {"name", "Ann"}, {"password", "correct horse"}});
        const std::string second = receive(phone, "welcome")["token"];
        return {laptop, phone, first, second};
    }
    const identity_row row_of(const std::string& token) {
        auto row = state.games->find_identity(token_hash(token));
        REQUIRE(row.has_value());
        return *row;
    }
};

json reg(const std::string& name, const std::string& password) {
    return {{"type", "register"}, {"name", name}, {"password", password}};
}
json sign_in(const std::string& name, const std::string& password) {
    return {{"type", "sign_in"}, {"name", name}, {"password", password}};
}
json change_password(const std::string& current, const std::string& next) {
    return {{"type", "change_password"}, {"password", current}, {"new_password", next}};
}

}  // namespace

TEST_CASE("accounts: register keeps the guest's identity and seat and bad input changes nothing") {
    accounts_fixture f;
    auto& before_hello = f.connect();
    CHECK(f.refusal(before_hello, reg("Ann", "correct horse")) == "not_identified");

    auto& ann = f.guest("Ann");
    const std::string token = ann.token;
    f.create(ann);
    for (const char* bad :
         {" Ann", "Ann ", "An  n", "A\x07nn", "\u200bAnn", "abcdefghijklmnopqrstuvwxy"})
        CHECK(f.refusal(ann, reg(bad, "correct horse")) == "bad_name");
    CHECK(f.refusal(ann, reg("Ann", "short")) == "weak_password");
    CHECK(f.refusal(ann, reg("Ann-Marie", "ANN-MARIE")) == "weak_password");
    CHECK(f.row_of(token).account.empty());
    CHECK_FALSE(f.state.games->find_account("Ann").has_value());

    const auto welcome = f.register_as(ann, "Ann", "correct horse");
    CHECK(welcome["id"] == 5);
    CHECK(welcome["account"] == "Ann");
    CHECK(welcome["token"] == token);  // this device stays signed in
    CHECK(welcome["name"] == "Ann");
    const auto row = f.row_of(token);
    CHECK(row.account == "Ann");
    REQUIRE(f.state.games->find_account("aNN").has_value());
    CHECK(f.state.games->find_account("aNN")->id == row.id);
    CHECK(f.state.games->find_login("ann")->password_hash.rfind("$argon2id$", 0) == 0);

    CHECK(f.refusal(ann, reg("Ann2", "correct horse")) == "already_account");
    auto& bob = f.guest("Bob");
    CHECK(f.refusal(bob, reg("aNN", "battery staple")) == "name_taken");
    CHECK(f.refusal(bob, reg("ANN", "battery staple")) == "name_taken");
    CHECK(f.state.games->find_account("ann")->id == row.id);
    CHECK_FALSE(f.state.games->find_account("Ann2").has_value());
}

TEST_CASE(
    "accounts: sign_in elsewhere reaches the same identity and seat and a wrong password answers "
    "as an unknown user") {
    accounts_fixture f;
    auto& ann = f.guest("Ann");
    const auto code = f.create(ann);
    f.register_as(ann, "Ann", "correct horse");

    auto& phone = f.connect("198.51.100.7");
    f.send(phone, sign_in("Ann", "wrong horse"));
    const auto wrong = f.receive(phone, "error");
    f.send(phone, sign_in("Nobody", "correct horse"));
    const auto unknown = f.receive(phone, "error");
    CHECK(wrong["code"] == "bad_credentials");
    CHECK(unknown["code"] == "bad_credentials");
    CHECK(wrong["message"] == unknown["message"]);
    CHECK(f.refusal(phone, {{"type", "list_rooms"}}) == "not_identified");  // still nobody

    f.send(phone, sign_in("aNn", "correct horse"));
    const auto welcome = f.receive(phone, "welcome");
    CHECK(welcome["account"] == "Ann");
    CHECK(welcome["resumed"] == true);
    const std::string session = welcome["token"];
    CHECK(session.size() == 32);
    CHECK(f.row_of(session).id == ann.session->player_id());
    CHECK(phone.session->player_id() == ann.session->player_id());
    // The seat comes back on this connection, as on a reconnect.
    const auto snapshot = f.receive_until(phone, "snapshot");
    CHECK(snapshot["room"] == code);
    CHECK(snapshot["seats"][0]["name"] == "Ann");
}

TEST_CASE("accounts: too many failed sign-ins per account or per address wait with retry_after") {
    accounts_fixture f(limits(2, 3));
    auto& ann = f.guest("Ann");
    f.register_as(ann, "Ann", "correct horse");

    auto& thief = f.connect("203.0.113.9");
    CHECK(f.refusal(thief, sign_in("Ann", "guess one")) == "bad_credentials");
    CHECK(f.refusal(thief, sign_in("ann", "guess two")) == "bad_credentials");
    f.send(thief, sign_in("Ann", "correct horse"));  // right, but too late
    const auto waiting = f.receive(thief, "error");
    CHECK(waiting["code"] == "too_many_attempts");
    CHECK(waiting["retry_after"].get<int>() > 0);
    CHECK(waiting["retry_after"].get<int>() <= 900);
    CHECK(thief.session->player_id() == 0);
    // From another address too: the account waits.
    auto& other = f.connect("203.0.113.10");
    CHECK(f.refusal(other, sign_in("ANN", "correct horse")) == "too_many_attempts");

    // The address: a third failure on another name, then every name waits from there.
    CHECK(f.refusal(thief, sign_in("Zed", "guess three")) == "bad_credentials");
    CHECK(f.refusal(thief, sign_in("Yan", "guess four")) == "too_many_attempts");
    CHECK(f.refusal(other, sign_in("Yan", "guess four")) == "bad_credentials");
}

TEST_CASE("accounts: sign_out continues as a fresh guest and its session cannot act any more") {
    accounts_fixture f;
    auto& ann = f.guest("Ann");
    CHECK(f.refusal(ann, {{"type", "sign_out"}}) == "not_signed_in");
    CHECK(f.refusal(ann, {{"type", "sign_out_everywhere"}}) == "not_signed_in");
    const auto registered = f.register_as(ann, "Ann", "correct horse");
    const std::string old_token = registered["token"];
    const auto account_id = ann.session->player_id();

    f.send(ann, {{"type", "sign_out"}, {"id", 9}});
    const auto guest = f.receive(ann, "welcome");
    CHECK(guest["id"] == 9);
    CHECK(guest["account"].is_null());
    CHECK(guest["resumed"] == false);
    CHECK(guest["token"] != old_token);
    CHECK(ann.session->player_id() != account_id);

    auto& again = f.connect();
    f.send(again, {{"type", "hello"}, {"token", old_token}});
    CHECK(f.receive(again, "error")["code"] == "bad_token");
    CHECK(f.state.games->find_account("Ann").has_value());  // the account stays
}

TEST_CASE("accounts: sign_out_everywhere signs out every connection and revokes every session") {
    accounts_fixture f;
    auto [ann, phone, first, second] = f.ann_on_two_devices();

    f.send(ann, {{"type", "sign_out_everywhere"}});
    CHECK(f.receive(ann, "welcome")["account"].is_null());
    f.receive(phone, "signed_out");
    CHECK(phone.session->player_id() == 0);
    CHECK(f.refusal(phone, {{"type", "list_rooms"}}) == "not_identified");
    for (const auto& token : {first, second}) {
        auto& later = f.connect();
        f.send(later, {{"type", "hello"}, {"token", token}});
        CHECK(f.receive(later, "error")["code"] == "bad_token");
        CHECK_FALSE(f.state.games->find_identity(token_hash(token)).has_value());
    }
    // Signing in again opens a new session.
    f.send(phone, sign_in("Ann", "correct horse"));
    CHECK(f.receive(phone, "welcome")["account"] == "Ann");
}

TEST_CASE("accounts: a changed password signs in, the old one not, and other sessions end") {
    accounts_fixture f;
    auto [ann, phone, kept, other] = f.ann_on_two_devices();

    auto request = change_password("correct horse", "battery staple");
    request["id"] = 9;
    f.send(ann, request);
    CHECK(f.receive(ann, "password_changed") == json{{"type", "password_changed"}, {"id", 9}});
    f.receive(phone, "signed_out");
    CHECK(phone.session->player_id() == 0);
    CHECK_FALSE(f.state.games->find_identity(token_hash(other)).has_value());
    // This device stays signed in with its session.
    CHECK(f.row_of(kept).account == "Ann");
    CHECK(f.refusal(ann, reg("Ann2", "correct horse")) == "already_account");

    auto& later = f.connect();
    f.send(later, sign_in("Ann", "correct horse"));
    CHECK(f.receive(later, "error")["code"] == "bad_credentials");
    f.send(later, sign_in("Ann", "battery staple"));
    CHECK(f.receive(later, "welcome")["account"] == "Ann");
}

TEST_CASE("accounts: a password change may keep the other sessions") {
    accounts_fixture f;
    auto [ann, phone, kept, other] = f.ann_on_two_devices();
    auto request = change_password("correct horse", "battery staple");
    request["end_other_sessions"] = false;
    f.send(ann, request);
    f.receive(ann, "password_changed");
    CHECK(phone.out->got.empty());
    CHECK(f.row_of(other).account == "Ann");
}

TEST_CASE("accounts: a refused password change changes nothing") {
    accounts_fixture f(limits(3, 20));
    auto& guest = f.guest("Bob");
    CHECK(f.refusal(guest, change_password("correct horse", "battery staple")) == "not_signed_in");
    auto& ann = f.guest("Ann");
    f.register_as(ann, "Ann", "correct horse");
    const auto hash = f.state.games->find_login("Ann")->password_hash;
    CHECK(f.refusal(ann, change_password("correct horse", "short")) == "weak_password");
    CHECK(f.refusal(ann, change_password("correct horse", "ANN")) == "weak_password");
    for (int attempt = 0; attempt < 3; ++attempt)
        CHECK(f.refusal(ann, change_password("wrong horse", "battery staple")) ==
              "bad_credentials");
    // Guessing is held to the sign-in limit, even with the right password now.
    f.send(ann, change_password("correct horse", "battery staple"));
    const auto waiting = f.receive(ann, "error");
    CHECK(waiting["code"] == "too_many_attempts");
    CHECK(waiting["retry_after"].get<int>() > 0);
    CHECK(f.state.games->find_login("Ann")->password_hash == hash);
}
