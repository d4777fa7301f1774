// Web Push end to end (#29), against a push service stand-in on loopback over HTTPS: a device
// subscribes; a challenge, the turn in a slow game and an offer reach it while its player is
// away, each signed with the server's VAPID key (the one GET /api/push/key gives) and readable
// with the subscription's keys alone; nothing is sent while the player looks at the game; a
// failure is retried and a subscription the service says is gone (410) is deleted. Bad
// subscriptions are refused and change nothing.

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <thread>

#include <sqlite3.h>

#include "server/push/web_push_crypto.hpp"
#include "tests/server/support/account_client.hpp"
#include "tests/server/support/push_service.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"

using namespace quadra::testing;
using namespace quadra::server::push;
using nlohmann::json;

namespace {

// A browser's subscription: its own key pair and auth secret, as PushManager makes them.
struct device {
    key_pair keys = key_pair::generate();
    auth_secret auth{};
    device() {
        for (std::size_t i = 0; i < auth.size(); ++i) auth[i] = static_cast<unsigned char>(i * 7);
    }
    json subscription(const std::string& endpoint, json kinds) const {
        return {{"type", "push_subscribe"},
                {"endpoint", endpoint},
                {"keys", {{"p256dh", base64url(keys.public_bytes())}, {"auth", base64url(auth)}}},
                {"kinds", std::move(kinds)}};
    }
};

// The part of "vapid t=<jwt>, k=<key>" after `name`=.
std::string header_part(const std::string& header, const std::string& name) {
    const auto at = header.find(name + "=");
    REQUIRE(at != std::string::npos);
    const auto end = header.find(',', at);
    return header.substr(at + name.size() + 1,
                         end == std::string::npos ? std::string::npos : end - at - name.size() - 1);
}

// The next message the stand-in received: checked as a push service checks it, then decrypted
// with the device's keys.
json delivered(push_service& service, const device& to, const std::string& vapid_key) {
    const auto got = service.next();
    REQUIRE(got.has_value());
    CHECK(got->target == "/push/bob");
    CHECK(got->content_encoding == "aes128gcm");
    CHECK(!got->ttl.empty());
    REQUIRE(got->authorization.starts_with("vapid "));
    CHECK(header_part(got->authorization, "k") == vapid_key);
    const auto jwt = header_part(got->authorization, "vapid t");
    const auto key = from_base64url(vapid_key);
    REQUIRE((key && key->size() == 65));
    public_key signer{};
    std::copy(key->begin(), key->end(), signer.begin());
    CHECK(vapid_signed_by(jwt, signer));
    const auto claims_text =
        from_base64url(jwt.substr(jwt.find('.') + 1, jwt.rfind('.') - jwt.find('.') - 1));
    REQUIRE(claims_text);
    const auto claims = json::parse(std::string(claims_text->begin(), claims_text->end()));
    CHECK(claims["aud"] == "https://127.0.0.1:" + std::to_string(service.port()));
    CHECK(claims["sub"] == "mailto:operator@localhost");
    const auto plain = decrypt(got->body, to.keys, to.auth);
    REQUIRE(plain.has_value());
    return json::parse(std::string(plain->begin(), plain->end()));
}

std::string error_code_of(ws_client& client, const json& request) {
    client.send(request);
    const auto reply = next_reply(client);
    return reply["type"] == "error" ? reply.value("code", "") : reply.dump();
}

// How many push subscriptions the SQLite file holds (read beside the running server: WAL).
std::int64_t subscriptions_in(const std::filesystem::path& file) {
    sqlite3* db = nullptr;
    std::int64_t count = -1;
    if (sqlite3_open_v2(file.string().c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT count(*) FROM push_subscriptions", -1, &statement,
                               nullptr) == SQLITE_OK &&
            sqlite3_step(statement) == SQLITE_ROW)
            count = sqlite3_column_int64(statement, 0);
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return count;
}

// The next snapshot `client` gets.
json next_state(ws_client& client) { return client.receive("snapshot"); }

// Challenge `id` from Ann accepted by Bob, and Ann in her seat: the room, Bob's seat and the
// first snapshot Ann sees.
struct started_game {
    std::string room;
    int bob_seat;
    json snapshot;
};
started_game accepted_game(ws_client& bob, ws_client& ann, const json& id) {
    bob.send({{"type", "accept_challenge"}, {"challenge", id}});
    std::string room = answer(bob, "challenge_updated")["challenge"]["room"];
    answer(bob, "joined");
    const int bob_seat = next_state(bob)["seats"][0]["name"] == "Bob" ? 0 : 1;
    ann.send({{"type", "join_room"}, {"room", room}});
    answer(ann, "joined");
    return {std::move(room), bob_seat, next_state(ann)};
}

}  // namespace

TEST_CASE("push: news reaches an away player's device, signed, encrypted, retried, and pruned") {
    scratch_dir data("push");
    push_service service(data.path);
    server_process server(data.string(), {"--push-ca-file", service.certificate().string()});
    const auto key_body = json::parse(http_fetch(server.port(), "/api/push/key").body);
    const std::string vapid_key = key_body["key"];

    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client bob(server.port());
    registered(bob, "Bob");
    const device phone;
    const auto endpoint = service.endpoint("/push/bob");
    const json all_kinds = {"challenge", "your_turn", "offer", "game_end"};

    // Refused, and nothing stored: a guest, an http endpoint, keys of the wrong size, a kind
    // nobody sends.
    ws_client guest(server.port());
    guest.send({{"type", "hello"}, {"name", "Zed"}});
    answer(guest, "welcome");
    CHECK(error_code_of(guest, phone.subscription(endpoint, all_kinds)) == "account_required");
    CHECK(error_code_of(bob, phone.subscription("http://127.0.0.1:9/push/bob", all_kinds)) ==
          "bad_field");
    auto short_key = phone.subscription(endpoint, all_kinds);
    short_key["keys"]["p256dh"] = base64url(std::vector<unsigned char>(64, 4));
    CHECK(error_code_of(bob, short_key) == "bad_field");
    auto short_auth = phone.subscription(endpoint, all_kinds);
    short_auth["keys"]["auth"] = base64url(std::vector<unsigned char>(15, 1));
    CHECK(error_code_of(bob, short_auth) == "bad_field");
    CHECK(error_code_of(bob, phone.subscription(endpoint, {"news"})) == "bad_field");
    CHECK(error_code_of(bob, {{"type", "push_unsubscribe"}, {"endpoint", endpoint}}) ==
          "no_change");

    bob.send(phone.subscription(endpoint, all_kinds));
    const auto subscribed = answer(bob, "push_subscribed");
    CHECK(subscribed["endpoint"] == endpoint);
    CHECK(subscribed["kinds"] == all_kinds);

    // A challenge reaches Bob's device.
    ann.send({{"type", "challenge"},
              {"to", "Bob"},
              {"game", "quadrature"},
              {"clock", {{"type", "per_move"}, {"seconds", 86400}}}});
    const auto id = answer(ann, "challenge_sent")["challenge"]["challenge"];
    const auto news = delivered(service, phone, vapid_key);
    CHECK(news ==
          json{{"kind", "challenge"}, {"from", "Ann"}, {"game", "quadrature"}, {"challenge", id}});

    // Bob accepts and both play while Bob looks at the game: nothing is sent.
    const auto [room, bob_seat, first] = accepted_game(bob, ann, id);
    auto snapshot = first;
    std::int64_t version = 0;
    // One move each, Bob's last when he moves first: then it is Ann's turn with Bob here.
    for (int moves = 0; moves < 2; ++moves) {
        const int to_move = snapshot["state"]["to_move"];
        auto& mover = to_move == bob_seat ? bob : ann;
        mover.send({{"type", "move"},
                    {"room", room},
                    {"move", snapshot["state"]["legal"][0]},
                    {"version", version}});
        snapshot = next_state(ann);
        while (snapshot["version"] == version) snapshot = next_state(ann);
        version = snapshot["version"];
    }
    if (snapshot["state"]["to_move"] == bob_seat) {
        bob.send({{"type", "move"},
                  {"room", room},
                  {"move", snapshot["state"]["legal"][0]},
                  {"version", version}});
        do snapshot = next_state(ann);
        while (snapshot["version"] == version);
        version = snapshot["version"];
    }

    // Bob goes away; Ann moves: his turn reaches his device (the first message since the
    // challenge: the moves while he looked sent nothing).
    bob.drop();
    ann.send({{"type", "move"},
              {"room", room},
              {"move", snapshot["state"]["legal"][0]},
              {"version", version}});
    CHECK(delivered(service, phone, vapid_key) ==
          json{{"kind", "your_turn"}, {"room", room}, {"game", "quadrature"}});

    // The service fails once (retried after a second), then says the subscription is gone.
    service.answer_next({500, 410});
    ann.send({{"type", "offer_draw"}, {"room", room}});
    const json offer = {
        {"kind", "offer"}, {"offer", "draw"}, {"room", room}, {"game", "quadrature"}};
    CHECK(delivered(service, phone, vapid_key) == offer);
    CHECK(delivered(service, phone, vapid_key) == offer);

    // The subscription is deleted from the store, so the game's end sends nothing.
    std::int64_t left = -1;
    for (int tries = 0; tries < 100 && left != 0; ++tries) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        left = subscriptions_in(data.path / "quadra.db");
    }
    CHECK(left == 0);
    ann.send({{"type", "resign"}, {"room", room}});
    CHECK_FALSE(service.next(std::chrono::milliseconds(1500)).has_value());
}

TEST_CASE("push: a bank clock under a tenth of its time tells its away player's device, once") {
    scratch_dir data("push-low-time");
    push_service service(data.path);
    server_process server(data.string(), {"--push-ca-file", service.certificate().string()});
    const std::string vapid_key =
        json::parse(http_fetch(server.port(), "/api/push/key").body)["key"];
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client bob(server.port());
    registered(bob, "Bob");
    const device phone;
    bob.send(phone.subscription(service.endpoint("/push/bob"), {"your_turn"}));
    answer(bob, "push_subscribed");

    // A 10-second bank: Bob's tenth is its last second.
    ann.send({{"type", "challenge"},
              {"to", "Bob"},
              {"game", "quadrature"},
              {"clock", {{"type", "bank"}, {"initial_seconds", 10}, {"increment_seconds", 0}}}});
    const auto id = answer(ann, "challenge_sent")["challenge"]["challenge"];
    const auto [room, bob_seat, first] = accepted_game(bob, ann, id);
    auto snapshot = first;
    if (snapshot["state"]["to_move"] != bob_seat) {
        ann.send({{"type", "move"},
                  {"room", room},
                  {"move", snapshot["state"]["legal"][0]},
                  {"version", 0}});
        do snapshot = next_state(ann);
        while (snapshot["version"] == 0);
    }
    // Bob's time runs while he is away: about nine seconds on, his device hears of it.
    bob.drop();
    const auto started = std::chrono::steady_clock::now();
    CHECK(delivered(service, phone, vapid_key) ==
          json{{"kind", "your_turn"}, {"room", room}, {"game", "quadrature"}, {"low_time", true}});
    CHECK(std::chrono::steady_clock::now() - started > std::chrono::seconds(7));
    // His flag falls a second later: nothing more for the turn (no game_end: not subscribed).
    CHECK_FALSE(service.next(std::chrono::milliseconds(2500)).has_value());
}
