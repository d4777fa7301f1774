// Challenges on one node over real WebSockets (#29): a game offered to an account by name, or to
// anyone (a correspondence seek), accepted, declined or cancelled; every refusal has its code and
// changes nothing; both players' tabs hear each change; the lobby lists the open ones.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

const json live_clock = {{"type", "bank"}, {"initial_seconds", 300}, {"increment_seconds", 3}};
const json correspondence = {{"type", "per_move"}, {"seconds", 86400}};

// The next reply past the lists an account's tabs hear at any time.
json reply_to(ws_client& client) {
    for (;;)
        if (auto reply = next_reply(client); reply["type"] != "challenges" || reply.contains("id"))
            return reply;
}

// The error code `client` gets for `request`.
std::string refused(ws_client& client, const json& request) {
    client.send(request);
    const auto reply = reply_to(client);
    CHECK(reply["type"] == "error");
    return reply.value("code", "");
}

// The answer to `request` (an error fails the test).
json answered(ws_client& client, const json& request, const std::string& type) {
    client.send(request);
    auto reply = reply_to(client);
    REQUIRE_MESSAGE(reply["type"] == type, reply.dump());
    return reply;
}

json challenge_to(const std::string& to, bool rated = false) {
    return {{"type", "challenge"},
            {"to", to},
            {"game", "quadrature"},
            {"clock", live_clock},
            {"rated", rated}};
}

// Sends a challenge; its id.
std::int64_t challenged(ws_client& client, const json& request) {
    const auto sent = answered(client, request, "challenge_sent")["challenge"];
    CHECK(sent["status"] == "open");
    return sent["challenge"];
}

// `client`'s lists as my_challenges reads them.
json lists_of(ws_client& client) {
    return answered(client, {{"type", "my_challenges"}, {"id", "lists"}}, "challenges");
}

json request(const std::string& type, std::int64_t challenge) {
    return {{"type", type}, {"challenge", challenge}};
}

}  // namespace

TEST_CASE("challenges: every refusal has its code and changes nothing") {
    scratch_dir data("challenge-refusals");
    server_process server(data.string());
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client bob(server.port());
    registered(bob, "Bob");
    ws_client guest(server.port());
    guest.send({{"type", "hello"}, {"name", "Zed"}});
    answer(guest, "welcome");

    CHECK(refused(guest, challenge_to("Ann")) == "account_required");
    CHECK(refused(ann, challenge_to("Nobody")) == "no_such_account");
    CHECK(refused(ann, challenge_to("Zed")) == "no_such_account");  // a guest's display name
    CHECK(refused(ann, challenge_to("ann")) == "not_allowed");      // herself, in any case
    CHECK(refused(ann, {{"type", "challenge"}, {"game", "quadrature"}, {"clock", live_clock}}) ==
          "bad_field");  // to anyone, but live
    CHECK(refused(ann, {{"type", "challenge"},
                        {"to", "Bob"},
                        {"game", "kvadrat"},
                        {"options", {{"players", 4}}}}) == "bad_options");
    CHECK(refused(ann, {{"type", "challenge"}, {"to", "Bob"}, {"game", "chess"}}) ==
          "unknown_game");
    CHECK(refused(ann, {{"type", "seek"},
                        {"game", "quadrature"},
                        {"clock", correspondence},
                        {"rating_range", {{"min", 1000}, {"max", 2000}}}}) == "bad_field");
    CHECK(lists_of(bob)["incoming"].empty());
    CHECK(lists_of(ann)["outgoing"].empty());

    // The most open challenges allowed (5 by default), even when seven are sent at once.
    for (int i = 0; i < 7; ++i) ann.send(challenge_to("Bob"));
    std::int64_t first = 0;
    int sent = 0;
    int too_many = 0;
    for (int i = 0; i < 7; ++i) {
        const auto reply = reply_to(ann);
        if (reply["type"] == "challenge_sent" && sent++ == 0)
            first = reply["challenge"]["challenge"];
        if (reply.value("code", "") == "too_many_challenges") ++too_many;
    }
    CHECK(sent == 5);
    CHECK(too_many == 2);
    CHECK(refused(ann, challenge_to("Bob")) == "too_many_challenges");
    CHECK(lists_of(bob)["incoming"].size() == 5);

    // Answers by the wrong player, and to no challenge.
    CHECK(refused(ann, request("accept_challenge", first)) == "not_allowed");  // her own
    CHECK(refused(ann, request("decline_challenge", first)) == "no_such_challenge");
    CHECK(refused(bob, request("cancel_challenge", first)) == "no_such_challenge");
    CHECK(refused(bob, request("accept_challenge", 12345)) == "no_such_challenge");
    CHECK(refused(guest, request("accept_challenge", first)) == "account_required");
    CHECK(refused(bob, {{"type", "decline_challenge"}, {"challenge", first}, {"reason", "rude"}}) ==
          "bad_field");
    CHECK(refused(bob, {{"type", "accept_challenge"}, {"challenge", 0}}) == "bad_field");
    const auto incoming = lists_of(bob)["incoming"];
    REQUIRE(incoming.size() == 5);
    for (const auto& c : incoming) CHECK(c["status"] == "open");

    // Once cancelled, it takes no answer.
    CHECK(answered(ann, request("cancel_challenge", first),
                   "challenge_updated")["challenge"]["status"] == "cancelled");
    CHECK(refused(bob, request("accept_challenge", first)) == "no_such_challenge");
    CHECK(refused(ann, request("cancel_challenge", first)) == "no_such_challenge");
    CHECK(lists_of(bob)["incoming"].size() == 4);
}

TEST_CASE("challenges: accepted into a room with both seated; both players' tabs hear it") {
    scratch_dir data("challenge-accepted");
    server_process server(data.string());
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client bob(server.port());
    const auto bob_token = registered(bob, "Bob");
    ws_client bob_phone(server.port());
    bob_phone.send({{"type", "hello"}, {"token", bob_token}});
    answer(bob_phone, "welcome");

    const auto id = challenged(ann, challenge_to("BOB", true));
    const auto heard = bob_phone.receive("challenges");
    REQUIRE(heard["incoming"].size() == 1);
    const auto& offer = heard["incoming"][0];
    CHECK(offer["challenge"] == id);
    CHECK(offer["from"] == "Ann");
    CHECK(offer["to"] == "Bob");
    CHECK(offer["game"] == "quadrature");
    CHECK(offer["rated"] == true);
    CHECK(offer["clock"] == live_clock);
    CHECK(offer["expires_ms"].get<std::int64_t>() - offer["created_ms"].get<std::int64_t>() ==
          10 * 60 * 1000);
    CHECK(bob.receive("challenges")["incoming"].size() == 1);

    const auto accepted =
        answered(bob, request("accept_challenge", id), "challenge_updated")["challenge"];
    CHECK(accepted["status"] == "accepted");
    CHECK(accepted["by"] == "Bob");
    const std::string room = accepted["room"];
    const auto joined = answer(bob, "joined");
    CHECK(joined["room"] == room);
    CHECK(joined["as"] == "player");

    // Ann learns where, and takes the seat held for her: the game is on, rated.
    json told;
    do told = ann.receive("challenges");
    while (told["outgoing"].empty() || told["outgoing"][0]["status"] != "accepted");
    CHECK(told["outgoing"][0]["room"] == room);
    ann.send({{"type", "join_room"}, {"room", room}});
    CHECK(answer(ann, "joined")["as"] == "player");
    const auto snapshot = answer(ann, "snapshot");
    CHECK(snapshot["status"] == "playing");
    std::vector<std::string> names;
    for (const auto& seat : snapshot["seats"]) names.push_back(seat["name"]);
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"Ann", "Bob"});
    CHECK(refused(bob, request("accept_challenge", id)) == "no_such_challenge");
    CHECK(lists_of(bob)["incoming"].empty());

    // Once over, the game names both accounts by seat: whom to challenge again.
    bob.send({{"type", "resign"}, {"room", room}});
    json over;
    do over = ann.receive("snapshot");  // sent once the resignation is stored
    while (over["status"] != "finished");
    const auto finished = answered(ann, {{"type", "my_games"}}, "my_games")["finished"];
    REQUIRE(finished.size() == 1);
    CHECK(finished[0]["accounts"] ==
          json{snapshot["seats"][0]["name"], snapshot["seats"][1]["name"]});
}

TEST_CASE("challenges: declined with a reason; policies refuse what the account does not take") {
    scratch_dir data("challenge-declined");
    server_process server(data.string());
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client bob(server.port());
    registered(bob, "Bob");

    const auto id = challenged(ann, challenge_to("Bob"));
    const auto declined =
        answered(bob, {{"type", "decline_challenge"}, {"challenge", id}, {"reason", "too_fast"}},
                 "challenge_updated")["challenge"];
    CHECK(declined["status"] == "declined");
    CHECK(declined["reason"] == "too_fast");
    json told;
    do told = ann.receive("challenges");
    while (told["outgoing"].empty() || told["outgoing"][0]["status"] != "declined");
    CHECK(told["outgoing"][0]["reason"] == "too_fast");

    CHECK(answered(bob, {{"type", "challenge_policy"}, {"accept", "rated"}, {"id", 1}},
                   "challenges")["accepting"] == "rated");
    CHECK(refused(ann, challenge_to("Bob")) == "not_allowed");
    challenged(ann, challenge_to("Bob", true));
    CHECK(answered(bob, {{"type", "challenge_policy"}, {"accept", "none"}, {"id", 2}},
                   "challenges")["accepting"] == "none");
    CHECK(refused(ann, challenge_to("Bob", true)) == "not_allowed");
    CHECK(refused(bob, {{"type", "challenge_policy"}, {"accept", "friends"}}) == "bad_field");
    CHECK(lists_of(bob)["accepting"] == "none");
}

TEST_CASE("challenges: a correspondence seek is listed in the lobby and taken by anyone") {
    scratch_dir data("challenge-open");
    server_process server(data.string());
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client cy(server.port());
    registered(cy, "Cy");
    ws_client watcher(server.port());
    watcher.send({{"type", "hello"}, {"name", "Watcher"}});
    answer(watcher, "welcome");
    watcher.send({{"type", "list_rooms"}, {"subscribe", true}});
    CHECK(answer(watcher, "rooms")["open_challenges"].empty());

    // A seek with a day per move is stored as a challenge to anyone, for a week.
    ann.send({{"type", "seek"}, {"game", "kvadratura"}, {"clock", correspondence}});
    const auto sent = answer(ann, "challenge_sent")["challenge"];
    CHECK(sent["to"] == nullptr);
    CHECK(sent["expires_ms"].get<std::int64_t>() - sent["created_ms"].get<std::int64_t>() ==
          7 * 24 * 3600 * 1000LL);
    json listed;
    do listed = watcher.receive("rooms")["open_challenges"];
    while (listed.empty());
    REQUIRE(listed.size() == 1);
    CHECK(listed[0]["from"] == "Ann");
    CHECK(listed[0]["clock"] == correspondence);

    // Ann goes away; Cy takes it; Ann, back, finds the game in her challenges and her games.
    ann.drop();
    const auto accepted = answered(cy, request("accept_challenge", sent["challenge"]),
                                   "challenge_updated")["challenge"];
    CHECK(accepted["by"] == "Cy");
    answer(cy, "joined");
    do listed = watcher.receive("rooms")["open_challenges"];
    while (!listed.empty());

    ws_client back(server.port());
    back.send({{"type", "sign_in"}, {"name", "Ann"}, {"password", account_password}});
    answer(back, "welcome");
    const auto outgoing = lists_of(back)["outgoing"];
    REQUIRE(outgoing.size() == 1);
    CHECK(outgoing[0]["status"] == "accepted");
    CHECK(outgoing[0]["room"] == accepted["room"]);
    back.send({{"type", "join_room"}, {"room", accepted["room"]}});
    CHECK(answer(back, "joined")["as"] == "player");
}
