// The client session without sockets: hello (new guest, resume, bad token), creating and joining
// rooms, routing room requests by their code, and the documented refusals. A recorder stands in
// for the connection; the rooms run on an io_context this test drives itself.

#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "server/app/client_session.hpp"
#include "server/rooms/room_host.hpp"
#include "server/serve/server_state.hpp"
#include "tests/server/support/requests.hpp"
#include "tests/server/support/session_fixture.hpp"

using namespace quadra::server;
using nlohmann::json;
using quadra::testing::seek_for;

namespace {

using fixture = quadra::testing::session_fixture;

}  // namespace

TEST_CASE("client session: before hello only ping and list_games are answered") {
    fixture f;
    auto c = f.connect();
    f.send(c, {{"type", "ping"}, {"id", 1}});
    CHECK(f.receive(c, "pong")["id"] == 1);
    f.send(c, {{"type", "list_games"}, {"id", 2}});
    CHECK(f.receive(c, "games")["id"] == 2);
    for (const json& request : {json{{"type", "list_rooms"}, {"id", 3}},
                                json{{"type", "create_room"}, {"game", "kvadrat"}, {"id", 3}},
                                json{{"type", "join_room"}, {"room", "ABCDEF"}, {"id", 3}},
                                json{{"type", "resign"}, {"room", "ABCDEF"}, {"id", 3}}}) {
        f.send(c, request);
        auto refused = f.receive(c, "error");
        CHECK(refused["code"] == "not_identified");
        CHECK(refused["id"] == 3);
    }
    CHECK(f.state.lobby_.room_count() == 0);
}

TEST_CASE("client session: a new guest, a resume by token and a bad token") {
    fixture f;
    auto ann = f.connect();
    f.send(ann, {{"type", "hello"}, {"name", "Ann"}, {"id", 1}});
    auto welcome = f.receive(ann, "welcome");
    CHECK(welcome["id"] == 1);
    CHECK(welcome["name"] == "Ann");
    CHECK(welcome["resumed"] == false);
    const std::string token = welcome["token"];
    CHECK_FALSE(token.empty());
    CHECK(f.state.identities.size() == 1);

    // The same identity on another connection, renamed: resumed, no new guest.
    auto again = f.connect();
    f.send(again, {{"type", "hello"}, {"token", token}, {"name", "Annie"}, {"id", 2}});
    auto resumed = f.receive(again, "welcome");
    CHECK(resumed["resumed"] == true);
    CHECK(resumed["token"] == token);
    CHECK(resumed["name"] == "Annie");
    CHECK(f.state.identities.size() == 1);

    auto stranger = f.connect();
    f.send(stranger, {{"type", "hello"}, {"token", "not-a-token"}, {"id", 3}});
    auto refused = f.receive(stranger, "error");
    CHECK(refused["code"] == "bad_token");
    CHECK(refused["id"] == 3);
    // Still nobody: the session asks for hello again.
    f.send(stranger, {{"type", "list_rooms"}});
    CHECK(f.receive(stranger, "error")["code"] == "not_identified");
}

TEST_CASE("client session: create, then join as player and as spectator") {
    fixture f;
    auto ann = f.guest("Ann");
    const auto code = f.create(ann);
    CHECK(f.state.lobby_.find(code) != nullptr);

    auto bob = f.guest("Bob");
    f.send(bob, {{"type", "join_room"}, {"room", code}, {"id", 7}});
    auto joined = f.receive(bob, "joined");
    CHECK(joined["id"] == 7);
    CHECK(joined["as"] == "player");
    CHECK(joined["seat"] == 1);
    CHECK(f.receive(bob, "snapshot")["status"] == "playing");
    CHECK(f.receive(ann, "snapshot")["status"] == "playing");

    auto sue = f.guest("Sue");
    f.send(sue, {{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(f.receive(sue, "joined")["as"] == "spectator");
    CHECK(f.receive(sue, "snapshot")["spectators"] == 1);
    f.receive(ann, "snapshot");
    f.receive(bob, "snapshot");

    // Refusals of create and join, each with its documented code.
    f.send(ann, {{"type", "create_room"}, {"game", "chess"}});
    CHECK(f.receive(ann, "error")["code"] == "unknown_game");
    f.send(ann, {{"type", "create_room"}, {"game", "kvadratura"}, {"seat", 5}});
    CHECK(f.receive(ann, "error")["code"] == "bad_field");
    f.send(bob, {{"type", "join_room"}, {"room", "NOROOM"}});
    CHECK(f.receive(bob, "error")["code"] == "no_such_room");
    f.send(bob, {{"type", "leave_room"}, {"room", "NOROOM"}});
    CHECK(f.receive(bob, "error")["code"] == "not_in_room");
}

TEST_CASE("client session: a room request goes to the room it names, and only there") {
    fixture f;
    auto ann = f.guest("Ann");
    auto bob = f.guest("Bob");
    const auto first = f.create(ann);
    const auto second = f.create(ann);
    for (const auto& code : {first, second}) {
        f.send(bob, {{"type", "join_room"}, {"room", code}});
        f.receive(bob, "joined");
        f.receive(bob, "snapshot");
        f.receive(ann, "snapshot");
    }
    // The connection's room limit (2 here) holds for creating and for joining.
    f.send(ann, {{"type", "create_room"}, {"game", "kvadratura"}});
    CHECK(f.receive(ann, "error")["code"] == "server_full");

    // Ann (seat 0) moves in the second room: only its snapshot changes.
    auto sue = f.guest("Sue");
    f.send(sue, {{"type", "join_room"}, {"room", second}, {"as", "spectator"}});
    f.receive(sue, "joined");
    auto seen = f.receive(sue, "snapshot");
    f.receive(ann, "snapshot");
    f.receive(bob, "snapshot");
    const std::string token = seen["state"]["legal"][0];
    f.send(ann, {{"type", "move"}, {"room", second}, {"move", token}, {"version", 0}, {"id", 9}});
    auto moved = f.receive(ann, "moved");
    CHECK(moved["id"] == 9);
    CHECK(moved["room"] == second);
    auto after = f.receive(sue, "snapshot");
    CHECK(after["room"] == second);
    CHECK(after["version"] == 1);
    CHECK(f.receive(ann, "snapshot")["room"] == second);
    CHECK(f.receive(bob, "snapshot")["room"] == second);
    CHECK(f.quiet(bob));

    // A room nobody opened: no_such_room for the sender, and nothing else happens.
    const auto rooms = f.state.lobby_.room_count();
    f.send(ann,
           {{"type", "move"}, {"room", "NOROOM"}, {"move", token}, {"version", 1}, {"id", 10}});
    auto refused = f.receive(ann, "error");
    CHECK(refused["code"] == "no_such_room");
    CHECK(refused["id"] == 10);
    f.send(ann, {{"type", "chat"}, {"room", "NOROOM"}, {"text", "hi"}});
    CHECK(f.receive(ann, "error")["code"] == "no_such_room");
    CHECK(f.state.lobby_.room_count() == rooms);
    CHECK(f.quiet(ann));
    CHECK(f.quiet(bob));
    CHECK(f.quiet(sue));
}

TEST_CASE("client session: a join that reaches a room after it expired is refused") {
    fixture f;
    auto ann = f.guest("Ann");
    auto bob = f.guest("Bob");
    const auto code = f.create(ann);
    f.send(ann, {{"type", "leave_room"}, {"room", code}, {"id", 1}});
    CHECK(f.receive(ann, "left")["id"] == 1);
    // The empty waiting room's time is up. The room sees it, then Bob's join, both queued before
    // it runs either: the join finds the room closed.
    f.time->advance(f.state.config.waiting_expiry);
    f.state.lobby_.find(code)->check_deadlines();
    f.send(bob, {{"type", "join_room"}, {"room", code}, {"id", 2}});
    const auto refused = f.receive(bob, "error");
    CHECK(refused["code"] == "no_such_room");
    CHECK(refused["id"] == 2);
    CHECK(f.quiet(bob));
    CHECK(f.state.lobby_.room_count() == 0);
}

TEST_CASE("client session: switching identity leaves the old identity's rooms; closed ignores") {
    fixture f;
    auto ann = f.guest("Ann");
    const auto code = f.create(ann);
    auto bob = f.connect();
    f.send(bob, {{"type", "hello"}, {"name", "Bob"}});
    const std::string bob_token = f.receive(bob, "welcome")["token"];

    // Ann's connection becomes Bob: Ann's seat stays hers, away, and Bob holds no seat.
    f.send(ann, {{"type", "hello"}, {"token", bob_token}});
    CHECK(f.receive(ann, "welcome")["resumed"] == true);
    f.send(ann, {{"type", "offer_draw"}, {"room", code}});
    // Routed to the room, which refuses it: Bob is not one of its players.
    CHECK(f.receive(ann, "error")["code"] == "not_a_player");

    f.send(bob, {{"type", "join_room"}, {"room", code}});
    f.receive(bob, "joined");
    auto seen = f.receive(bob, "snapshot");
    CHECK(seen["seats"][0]["name"] == "Ann");
    CHECK(seen["seats"][0]["connected"] == false);

    // After disconnect a late request does nothing.
    f.send(bob, {{"type", "ping"}});  // answered while open
    f.receive(bob, "pong");
    bob.session->disconnect(bob.out);
    f.send(bob, {{"type", "ping"}});
    CHECK(f.quiet(bob));
}

TEST_CASE("client session: a room another node serves is answered with a redirect there") {
    fixture f;
    f.elsewhere = [](const std::string& code) {
        if (code == "FARAWY") return room_route{nullptr, "http://node-b:8080"};
        if (code == "DBDOWN") return room_route{nullptr, std::nullopt, true};
        return room_route{};
    };
    auto ann = f.guest("Ann");
    f.send(ann, {{"type", "join_room"}, {"room", "FARAWY"}, {"id", 5}});
    auto redirect = f.receive(ann, "redirect");
    CHECK(redirect ==
          json{{"type", "redirect"}, {"room", "FARAWY"}, {"url", "http://node-b:8080"}, {"id", 5}});
    // A room request for it too, and nothing was joined here.
    f.send(ann, {{"type", "chat"}, {"room", "FARAWY"}, {"text", "hi"}, {"id", 6}});
    CHECK(f.receive(ann, "redirect")["id"] == 6);
    f.send(ann, {{"type", "leave_room"}, {"room", "FARAWY"}, {"id", 7}});
    CHECK(f.receive(ann, "error")["code"] == "not_in_room");
    // A room nobody serves is still no_such_room; one the directory cannot tell about just
    // now is worth a retry.
    f.send(ann, {{"type", "join_room"}, {"room", "NOWHRE"}, {"id", 8}});
    CHECK(f.receive(ann, "error")["code"] == "no_such_room");
    f.send(ann, {{"type", "join_room"}, {"room", "DBDOWN"}, {"id", 9}});
    CHECK(f.receive(ann, "error")["code"] == "store_failed");
}

TEST_CASE("client session: a room taken over here on demand is joined like a local one") {
    fixture f;
    auto ann = f.guest("Ann");
    const auto code = f.create(ann);
    auto host = f.state.lobby_.find(code);
    REQUIRE(host);
    // Bob's session asks for a code the lobby does not know; the directory hands over the host.
    f.elsewhere = [host](const std::string& asked) {
        return asked == "TAKEN1" ? room_route{host, std::nullopt} : room_route{};
    };
    auto bob = f.guest("Bob");
    f.send(bob, {{"type", "join_room"}, {"room", "TAKEN1"}});
    CHECK(f.receive(bob, "joined")["room"] == code);
}

namespace {

// A client whose identity is an account (what `register` will do; set directly here).
fixture::client account(fixture& f, const std::string& name) {
    auto c = f.connect();
    f.send(c, {{"type", "hello"}, {"name", name}});
    const auto welcome = f.receive(c, "welcome");
    f.state.identities.find(welcome["token"].get<std::string>())->set_account(name);
    return c;
}

std::string create_rated(fixture& f, fixture::client& c) {
    f.send(c, {{"type", "create_room"},
               {"game", "quadwrangle"},
               {"rated", true},
               {"clock", {{"type", "bank"}, {"initial_seconds", 300}, {"increment_seconds", 2}}}});
    auto joined = f.receive(c, "joined");
    f.receive(c, "snapshot");
    return joined["room"];
}

}  // namespace

// Quick pairing (PROTOCOL.md `seek`): seeks pair into a room opened as create_room opens one.
namespace {

// After `paired`: the seeker's joined and the snapshots until the game starts; its seat.
int seated_in(fixture& f, fixture::client& c, const std::string& code, json* started = nullptr) {
    auto paired = f.receive(c, "paired");
    CHECK(paired["room"] == code);
    auto joined = f.receive(c, "joined");
    CHECK(joined["room"] == code);
    CHECK(joined["as"] == "player");
    CHECK(joined["seat"] == paired["seat"]);
    json snapshot;
    do snapshot = f.receive(c, "snapshot");
    while (snapshot["status"] == "waiting");
    CHECK(snapshot["status"] == "playing");
    if (started) *started = snapshot;
    return joined["seat"];
}

}  // namespace

TEST_CASE("client session: a rated room is created only by an account and stored as rated") {
    fixture f;
    auto guest = f.guest("Gus");
    f.send(guest, {{"type", "create_room"}, {"game", "quadwrangle"}, {"rated", true}, {"id", 4}});
    const auto refused = f.receive(guest, "error");
    CHECK(refused["code"] == "account_required");
    CHECK(refused["id"] == 4);
    f.send(guest, {{"type", "list_rooms"}});
    CHECK(f.receive(guest, "rooms")["rooms"].empty());  // nothing was opened

    auto ann = account(f, "Ann");
    const auto code = create_rated(f, ann);
    f.state.games->drain();
    const auto row = f.state.games->find_game_in_room(code);
    REQUIRE(row.has_value());
    CHECK(json::parse(row->settings_json) == json{{"type", "bank"},
                                                  {"initial_seconds", 300},
                                                  {"increment_seconds", 2},
                                                  {"rated", true}});
    f.send(guest, {{"type", "list_rooms"}});
    CHECK(f.receive(guest, "rooms")["rooms"][0]["rated"] == true);
}

TEST_CASE("client session: a rated room refuses a guest's seat and a computer player") {
    fixture f;
    auto ann = account(f, "Ann");
    const auto code = create_rated(f, ann);
    auto guest = f.guest("Gus");
    f.send(guest, {{"type", "join_room"}, {"room", code}, {"id", 5}});
    const auto refused = f.receive(guest, "error");
    CHECK(refused["code"] == "account_required");
    CHECK(refused["room"] == code);
    f.send(ann, {{"type", "add_bot"}, {"room", code}, {"level", "easy"}, {"id", 6}});
    const auto no_bot = f.receive(ann, "error");
    CHECK(no_bot["code"] == "bots_not_rated");
    CHECK(no_bot["id"] == 6);
    CHECK(f.quiet(ann));  // nothing changed: no snapshot went out
    // A guest may watch; an account takes the free seat.
    f.send(guest, {{"type", "join_room"}, {"room", code}, {"as", "spectator"}});
    CHECK(f.receive(guest, "joined")["as"] == "spectator");
    auto bob = account(f, "Bob");
    f.send(bob, {{"type", "join_room"}, {"room", code}});
    CHECK(f.receive(bob, "joined")["seat"] == 1);
}

TEST_CASE("client session: a finished rated game rates its players once, by its speed class") {
    fixture f;
    auto ann = account(f, "Ann");
    const auto code = create_rated(f, ann);
    auto bob = account(f, "Bob");
    f.send(bob, {{"type", "join_room"}, {"room", code}});
    f.receive(bob, "joined");
    f.send(bob, {{"type", "resign"}, {"room", code}});
    json last;
    do last = f.receive(bob);
    while (last["type"] != "snapshot" || last["status"] != "finished");
    f.state.games->drain();
    const auto game_id = last["game_id"].get<std::string>();
    // The first two events seat Ann (seat 0) and Bob (seat 1), with their identities.
    const auto events = f.state.games->events_of(game_id);
    REQUIRE(events.size() >= 2);
    REQUIRE(events[0].kind == "seated");
    REQUIRE(events[1].kind == "seated");
    const auto ann_history = f.state.games->rating_history(events[0].identity, 10);
    const auto bob_history = f.state.games->rating_history(events[1].identity, 10);
    // Ann won; 300 s + 40 × 2 s = 380 s is blitz.
    REQUIRE(ann_history.size() == 1);
    REQUIRE(bob_history.size() == 1);
    CHECK(ann_history[0].key == "quadwrangle.blitz");
    CHECK(ann_history[0].game_id == game_id);
    CHECK(ann_history[0].outcome == "win");
    CHECK(bob_history[0].outcome == "loss");
    CHECK(ann_history[0].after > 1500);
    CHECK(bob_history[0].after < 1500);
}

TEST_CASE("client session: two compatible seeks make one room, both seated and told") {
    fixture f;
    auto watcher = f.guest("Wes");
    f.send(watcher, {{"type", "list_rooms"}, {"subscribe", true}});
    CHECK(f.receive(watcher, "rooms")["seeks"] == json::array());
    auto ann = f.guest("Ann");
    auto bob = f.guest("Bob");

    auto request = seek_for("kvadratura");
    request["id"] = 7;
    f.send(ann, request);
    auto seeking = f.receive(ann, "seeking");
    CHECK(seeking["id"] == 7);
    const auto ann_seek = seeking["seek"];
    // The lobby lists the open seek with every option in force, never a token.
    auto listed = f.receive(watcher, "rooms")["seeks"];
    REQUIRE(listed.size() == 1);
    CHECK(listed[0]["seek"] == ann_seek);
    CHECK(listed[0]["name"] == "Ann");
    CHECK(listed[0]["rating"] == 1500);
    CHECK(listed[0]["rated"] == false);
    CHECK(listed[0]["game"] == "kvadratura");
    CHECK(listed[0]["options"]["size"] == 8);
    CHECK(listed[0]["seat_count"] == 2);
    CHECK(listed[0]["rating_range"] == nullptr);
    CHECK(listed[0].size() == 9);
    CHECK(f.quiet(ann));

    f.send(bob, seek_for("kvadratura", {{"size", 8}}));  // the default, spelled out: compatible
    CHECK(f.receive(bob, "seeking")["seek"] != ann_seek);
    CHECK(f.state.seeks->size() == 0);
    REQUIRE(f.state.lobby_.room_count() == 1);
    const auto code = f.state.lobby_.hosts()[0]->code();
    json started;
    const int ann_seat = seated_in(f, ann, code, &started);
    const int bob_seat = seated_in(f, bob, code);
    CHECK(ann_seat + bob_seat == 1);
    CHECK(ann_seat != bob_seat);
    // The seek left the lobby's listing.
    json last;
    while (!f.quiet(watcher)) last = f.receive(watcher, "rooms");
    CHECK(last["seeks"] == json::array());
    // Both play in that room: a move from the seat to move is accepted.
    auto& first = ann_seat == 0 ? ann : bob;
    const std::string token = started["state"]["legal"][0];
    f.send(first, {{"type", "move"},
                   {"room", code},
                   {"move", token},
                   {"version", started["version"]},
                   {"id", 1}});
    CHECK(f.receive(first, "moved")["room"] == code);
}

TEST_CASE("client session: incompatible seeks do not pair") {
    fixture f;
    std::map<std::uint64_t, int> ratings;
    f.rating_of = [&](std::uint64_t identity, const std::string&) -> std::optional<int> {
        auto it = ratings.find(identity);
        if (it == ratings.end()) return std::nullopt;  // unknown: 1500
        return it->second;
    };
    auto ann = f.member("Ann", "ann");
    f.send(ann.c, seek_for("kvadratura"));
    f.receive(ann.c, "seeking");

    auto bob = f.guest("Bob");
    f.send(bob, seek_for("kvadratura", {{"size", 6}}));
    f.receive(bob, "seeking");
    auto cy = f.guest("Cy");
    auto clocked = seek_for("kvadratura");
    clocked["clock"] = {{"type", "bank"}, {"initial_seconds", 300}, {"increment_seconds", 5}};
    f.send(cy, clocked);
    f.receive(cy, "seeking");
    auto di = f.member("Di", "di");
    auto rated = seek_for("kvadratura");
    rated["rated"] = true;
    f.send(di.c, rated);
    f.receive(di.c, "seeking");
    auto ed = f.member("Ed", "ed");
    ratings[ed.who->id()] = 1700;
    auto ranged = seek_for("kvadratura");
    ranged["rating_range"] = {{"min", 1600}, {"max", 2000}};  // Ann is 1500
    f.send(ed.c, ranged);
    f.receive(ed.c, "seeking");
    // Fay (1800) is in Ed's range, but Ed's 1700 is not in hers.
    auto fay = f.member("Fay", "fay");
    ratings[fay.who->id()] = 1800;
    auto narrow = seek_for("kvadratura");
    narrow["rating_range"] = {{"min", 1750}, {"max", 1900}};
    f.send(fay.c, narrow);
    f.receive(fay.c, "seeking");

    for (auto* c : {&ann.c, &bob, &cy, &di.c, &ed.c, &fay.c}) CHECK(f.quiet(*c));
    CHECK(f.state.seeks->size() == 6);
    CHECK(f.state.lobby_.room_count() == 0);
    const auto open = f.state.seeks->open();
    CHECK(open[4].rating == 1700);
    CHECK(open[4].range == quadra::protocol::rating_range{1600, 2000});

    // Each of them still pairs with its own kind: a second rated seek pairs with Di's.
    auto gus = f.member("Gus", "gus");
    f.send(gus.c, rated);
    f.receive(gus.c, "seeking");
    f.receive(gus.c, "paired");
    f.receive(di.c, "paired");
    CHECK(f.state.seeks->size() == 5);
}

TEST_CASE("client session: four seeks for 4-player Kvadrat make one room with four seats") {
    fixture f;
    std::vector<fixture::client> players;
    for (const auto* name : {"Ann", "Bob", "Cy", "Di"}) players.push_back(f.guest(name));
    for (std::size_t i = 0; i < players.size(); ++i) {
        f.send(players[i], seek_for("kvadrat", {{"players", 4}}));
        f.receive(players[i], "seeking");
        if (i < 3) CHECK(f.quiet(players[i]));
    }
    CHECK(f.state.seeks->size() == 0);
    REQUIRE(f.state.lobby_.room_count() == 1);
    const auto code = f.state.lobby_.hosts()[0]->code();
    std::set<int> seats;
    for (auto& p : players) seats.insert(seated_in(f, p, code));
    CHECK(seats == std::set<int>{0, 1, 2, 3});
}

TEST_CASE("client session: a disconnect or a cancel removes the seek") {
    fixture f;
    auto ann = f.guest("Ann");
    auto bob = f.guest("Bob");
    auto cy = f.guest("Cy");
    f.send(ann, seek_for("kvadratura"));
    f.receive(ann, "seeking");
    ann.session->disconnect(ann.out);
    CHECK(f.state.seeks->size() == 0);
    // A later compatible seek is not paired with the gone one.
    f.send(bob, seek_for("kvadratura"));
    const auto bob_seek = f.receive(bob, "seeking")["seek"];
    CHECK(f.quiet(bob));
    f.send(bob, {{"type", "cancel_seek"}, {"id", 4}});
    auto cancelled = f.receive(bob, "seek_cancelled");
    CHECK(cancelled["id"] == 4);
    CHECK(cancelled["seek"] == bob_seek);
    CHECK(f.state.seeks->size() == 0);
    f.send(cy, seek_for("kvadratura"));
    f.receive(cy, "seeking");
    CHECK(f.quiet(cy));
    CHECK(f.quiet(bob));
    CHECK(f.state.lobby_.room_count() == 0);
    CHECK(f.state.seeks->size() == 1);
}

TEST_CASE("client session: refused seeks change nothing") {
    fixture f;
    auto ann = f.guest("Ann");
    auto refused = [&](const json& request) {
        auto sent = request;
        sent["id"] = 9;
        f.send(ann, sent);
        auto error = f.receive(ann, "error");
        CHECK(error["id"] == 9);
        CHECK(f.state.seeks->size() == 0);
        CHECK(f.state.lobby_.room_count() == 0);
        return error["code"];
    };
    auto rated = seek_for("kvadratura");
    rated["rated"] = true;
    CHECK(refused(rated) == "account_required");
    CHECK(refused(seek_for("chess")) == "unknown_game");
    CHECK(refused(seek_for("kvadrat", {{"players", 3}})) == "bad_options");
    // The rules' code and the option it concerns come with it, for the client's words.
    f.send(ann, seek_for("kvadratura", {{"size", 9}}));
    const auto too_big = f.receive(ann, "error");
    CHECK(too_big["code"] == "bad_options");
    CHECK(too_big["reason"] == "bad_value");
    CHECK(too_big["details"] == json{{"option", "size"}});
    f.send(ann, seek_for("kvadrat", {{"colour", 1}}));
    const auto unknown = f.receive(ann, "error");
    CHECK(unknown["reason"] == "unknown_option");
    CHECK(unknown["details"] == json{{"option", "colour"}});
    CHECK(refused({{"type", "cancel_seek"}}) == "no_seek");
    // A seek replaced by a new one is no longer open; the new one is.
    f.send(ann, seek_for("kvadratura"));
    const auto first = f.receive(ann, "seeking")["seek"];
    f.send(ann, seek_for("kvadrat"));
    const auto second = f.receive(ann, "seeking")["seek"];
    CHECK(f.state.seeks->size() == 1);
    CHECK(f.state.seeks->open()[0].id == second);
    CHECK(first != second);
    // Before hello a seek is refused like every request that needs an identity.
    auto stranger = f.connect();
    f.send(stranger, seek_for("kvadratura"));
    CHECK(f.receive(stranger, "error")["code"] == "not_identified");
    CHECK(f.state.seeks->size() == 1);
}
