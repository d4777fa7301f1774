// The authoritative room without any network: joins, the order of move checks, dice, forced
// passes, and errors that go to the sender alone and change nothing.

#include <doctest/doctest.h>

#include <deque>
#include <map>

#include <nlohmann/json.hpp>

#include "rules/registry.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/support/recorder.hpp"

using namespace quadra::server;
using namespace quadra::protocol;
using nlohmann::json;
using quadra::testing::recorder;

namespace {

// Dice that come out as scripted, for repeatable tests.
struct scripted_dice : dice_source {
    std::deque<int> values;
    void roll(std::int64_t, std::span<int> dice) override {
        for (auto& d : dice) {
            REQUIRE_FALSE(values.empty());
            d = values.front();
            values.pop_front();
        }
    }
};

struct room_fixture {
    std::shared_ptr<scripted_dice> dice_ptr = std::make_shared<scripted_dice>();
    scripted_dice& dice = *dice_ptr;
    identity_registry identities{100, nullptr};
    outbox out;

    void flush() {
        for (auto& d : out) d.to->deliver(d.message);
        out.clear();
    }
    room make(std::string_view game, const quadra::rules::options& options = {}) {
        auto made = quadra::rules::create_game(game, options);
        REQUIRE(made);
        return room("ROOM01", std::move(made).value(), true, dice_ptr);
    }
};

join_room_request as_player(std::optional<int> seat = {}) { return {"ROOM01", role::player, seat}; }
join_room_request as_spectator() { return {"ROOM01", role::spectator, {}}; }

}  // namespace

TEST_CASE("a room starts when every seat is filled and broadcasts one shared snapshot") {
    room_fixture f;
    auto r = f.make("kvadratura", {{"size", std::int64_t{3}}});
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>(),
         s = std::make_shared<recorder>();
    auto ann = f.identities.create("Ann"), bob = f.identities.create("Bob"),
         sue = f.identities.create("Sue");

    r.join(a, ann, as_player(), std::int64_t{1}, f.out);
    CHECK(r.status() == room_status::waiting);
    r.join(s, sue, as_spectator(), {}, f.out);
    r.join(b, bob, as_player(), {}, f.out);
    CHECK(r.status() == room_status::playing);
    // Everyone's copy of the last snapshot is the same object: serialised once.
    std::vector<const std::string*> last;
    for (const auto& d : f.out)
        if (d.message == r.snapshot()) last.push_back(d.message.get());
    CHECK(last.size() == 3);
    f.flush();

    auto joined = a->next();
    CHECK(joined["type"] == "joined");
    CHECK(joined["id"] == 1);
    CHECK(joined["seat"] == 0);
    auto snap = b->got.back();
    CHECK(snap["status"] == "playing");
    CHECK(snap["seats"][0]["name"] == "Ann");
    CHECK(snap["seats"][1]["name"] == "Bob");
    CHECK(snap["spectators"] == 1);
    CHECK(ann->rooms() == std::vector<std::string>{"ROOM01"});
}

TEST_CASE("members speaking protocol 2 share one rendering, those speaking 1 another") {
    room_fixture f;
    auto r = f.make("kvadratura", {{"size", std::int64_t{3}}});
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>(),
         s = std::make_shared<recorder>(), t = std::make_shared<recorder>();
    b->speak(2);
    t->speak(2);
    auto ann = f.identities.create("Ann"), bob = f.identities.create("Bob"),
         sue = f.identities.create("Sue"), tom = f.identities.create("Tom");
    r.join(a, ann, as_player(), {}, f.out);
    r.join(b, bob, as_player(), {}, f.out);
    r.join(s, sue, as_spectator(), {}, f.out);
    r.join(t, tom, as_spectator(), {}, f.out);
    f.out.clear();
    r.move(a, {"ROOM01", "b2", 0}, {}, f.out);
    REQUIRE(f.out.size() == 4);
    std::map<const recipient*, message_ptr> got;
    for (const auto& d : f.out) got[d.to.get()] = d.message;
    CHECK(got[a.get()] == got[s.get()]);  // the same object: serialised once per protocol
    CHECK(got[b.get()] == got[t.get()]);
    CHECK(got[a.get()] != got[b.get()]);
    const auto full = json::parse(*got[a.get()]);
    const auto compact = json::parse(*got[b.get()]);
    CHECK(full["state"]["position"] == "kvadratura:l:3/1W1/3");
    CHECK(compact["pos"] == "kvadratura:l:3/1W1/3");
    CHECK(compact["v"] == full["version"]);
}

TEST_CASE("move checks run in order and refusals reach the sender alone") {
    room_fixture f;
    auto r = f.make("kvadratura", {{"size", std::int64_t{3}}});
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>(),
         s = std::make_shared<recorder>();
    auto ann = f.identities.create("Ann"), bob = f.identities.create("Bob"),
         sue = f.identities.create("Sue");
    r.join(a, ann, as_player(), {}, f.out);

    r.move(a, {"ROOM01", "a1", 0}, {}, f.out);
    f.flush();
    a->got.clear();
    r.join(b, bob, as_player(), {}, f.out);
    r.join(s, sue, as_spectator(), {}, f.out);
    f.flush();
    a->got.clear();
    b->got.clear();
    s->got.clear();
    auto before = *r.snapshot();
    std::int64_t at = 0;

    auto refused = [&](const std::shared_ptr<recorder>& who, const move_request& m,
                       std::string_view code) {
        r.move(who, m, {}, f.out);
        REQUIRE(f.out.size() == 1);
        CHECK(f.out.front().to == who);
        f.flush();
        auto e = who->next();
        CHECK(e["type"] == "error");
        CHECK(e["code"] == code);
        CHECK(*r.snapshot() == before);
        CHECK(r.version() == at);
    };
    refused(s, {"ROOM01", "a1", 0}, "not_a_player");
    refused(b, {"ROOM01", "a1", 0}, "not_your_turn");
    refused(a, {"ROOM01", "a1", 5}, "stale_version");
    refused(a, {"ROOM01", "z9", 0}, "illegal_move");
    // The rules' code and details come with it, for the client's words.
    CHECK(a->got.empty());
    r.move(a, {"ROOM01", "z9", 0}, {}, f.out);
    f.flush();
    const auto off_board = a->next();
    CHECK(off_board["reason"] == "not_a_cell");
    CHECK(off_board["details"] == json{{"request", "z9"}});
    CHECK(r.version() == at);
    // Checks run in order: a stale version from the wrong seat is still out of turn.
    refused(b, {"ROOM01", "a1", 7}, "not_your_turn");

    r.move(a, {"ROOM01", "a1", 0}, std::int64_t{9}, f.out);
    f.flush();
    CHECK(r.version() == 1);
    CHECK(a->next()["type"] == "moved");
    auto snap = s->next();
    CHECK(snap["version"] == 1);
    CHECK(snap["last_move"] == "a1");
    CHECK(b->next() == snap);
    before = *r.snapshot();
    at = 1;
    refused(b, {"ROOM01", "a1", 1}, "illegal_move");
    r.move(b, {"ROOM01", "a1", 1}, {}, f.out);
    f.flush();
    CHECK(b->next()["reason"] == "occupied");
    CHECK(*r.snapshot() == before);
}

TEST_CASE("dice come from the dice source and clients cannot send them") {
    room_fixture f;
    auto r = f.make("quadwrangle");
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>();
    r.join(a, f.identities.create("A"), as_player(), {}, f.out);
    r.join(b, f.identities.create("B"), as_player(), {}, f.out);
    f.flush();
    a->got.clear();

    r.move(a, {"ROOM01", "roll=66666", 0}, {}, f.out);
    f.flush();
    auto e = a->next();
    CHECK(e["code"] == "illegal_move");
    CHECK_FALSE(e.contains("reason"));  // the room's refusal, not the rules'
    CHECK_FALSE(e.contains("details"));
    CHECK(r.version() == 0);

    f.dice.values = {6, 6, 6, 5, 5};
    r.move(a, {"ROOM01", "roll", 0}, {}, f.out);
    f.flush();
    auto snap = a->next();
    CHECK(snap["last_move"] == "roll=66655");
    CHECK(r.record() == std::vector<std::string>{"roll=66655"});

    f.dice.values = {1, 2};
    r.move(a, {"ROOM01", "reroll 1 2", 1}, {}, f.out);
    f.flush();
    CHECK(a->next()["last_move"] == "reroll 1 2=12655");
    CHECK(f.dice.values.empty());
}

TEST_CASE("a seat taken, a full room, leaving before the start frees the seat") {
    room_fixture f;
    auto r = f.make("kvadratura");
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>(),
         c = std::make_shared<recorder>();
    auto ann = f.identities.create("Ann");
    r.join(a, ann, as_player(1), {}, f.out);
    r.join(b, f.identities.create("Bob"), as_player(1), {}, f.out);
    r.join(c, f.identities.create("Cy"), as_player(2), {}, f.out);
    f.flush();
    b->got.clear();
    c->got.clear();
    a->got.clear();
    CHECK(r.summary().seats[1].taken);

    r.leave(a, {}, f.out);
    f.flush();
    CHECK(a->next()["type"] == "left");
    CHECK_FALSE(r.summary().seats[1].taken);
    CHECK(ann->rooms().empty());
    // Nobody is left, but a waiting room stays open for its code until it expires.
    CHECK_FALSE(r.abandoned());
    r.join(b, f.identities.create("Dee"), as_player(1), {}, f.out);
    f.flush();
    CHECK(r.summary().seats[1].taken);
}

TEST_CASE("a reconnect restores the seat and members see the connected flag") {
    room_fixture f;
    auto r = f.make("kvadratura");
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>();
    auto ann = f.identities.create("Ann");
    r.join(a, ann, as_player(), {}, f.out);
    r.join(b, f.identities.create("Bob"), as_player(), {}, f.out);
    f.flush();
    b->got.clear();

    r.disconnect(a.get(), f.out);
    f.flush();
    CHECK(b->next()["seats"][0]["connected"] == false);
    CHECK_FALSE(r.abandoned());

    auto again = std::make_shared<recorder>();
    r.join(again, ann, as_spectator(), {}, f.out);  // a reconnect asks for nothing more
    f.flush();
    auto joined = again->next();
    CHECK(joined["as"] == "player");
    CHECK(joined["seat"] == 0);
    CHECK(b->next()["seats"][0]["connected"] == true);
    r.move(again, {"ROOM01", "a1", 0}, {}, f.out);
    CHECK(r.version() == 1);
}

TEST_CASE("the server applies forced passes after a move") {
    // Kvadrat 2 players with one piece each: once a side has no piece left it can only pass.
    room_fixture f;
    auto game = quadra::rules::create_game(
        "kvadrat", {{"players", std::int64_t{2}}, {"pieces", std::int64_t{1}}});
    if (!game) {
        MESSAGE("kvadrat refuses pieces=1: " << game.reason());
        return;
    }
    room r("ROOM01", std::move(game).value(), true, f.dice_ptr);
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>();
    r.join(a, f.identities.create("A"), as_player(), {}, f.out);
    r.join(b, f.identities.create("B"), as_player(), {}, f.out);
    f.flush();
    auto legal = r.game().legal();
    REQUIRE_FALSE(legal.empty());
    r.move(a, {"ROOM01", legal.front(), 0}, {}, f.out);
    f.flush();
    // Every token in the record after the move is either a real move or a forced pass, and the
    // side now to move (if any) has a real choice.
    auto after = r.game().legal();
    CHECK((after.empty() || after != std::vector<std::string>{"pass"}));
}

TEST_CASE("a room rebuilt from its journal is the room that was, without rolling dice again") {
    room_fixture f;
    auto live = f.make("quadwrangle");
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>();
    auto ann = f.identities.create("Ann"), bob = f.identities.create("Bob");
    live.join(a, ann, as_player(), {}, f.out);
    live.join(b, bob, as_player(), {}, f.out);
    f.dice.values = {6, 6, 6, 5, 5, 1, 2};
    live.move(a, {"ROOM01", "roll", 0}, {}, f.out);
    live.move(a, {"ROOM01", "reroll 1 2", 1}, {}, f.out);
    REQUIRE(live.version() == 2);

    const auto journal = live.take_journal();
    REQUIRE(journal.size() == 4);
    CHECK(std::get<events::seated>(journal[0].what).who == ann);
    CHECK(std::get<events::seated>(journal[1].what).name == "Bob");
    CHECK(std::get<events::move>(journal[2].what).token == "roll=66655");
    CHECK(std::get<events::move>(journal[3].what).token == "reroll 1 2=12655");
    CHECK(live.take_journal().empty());

    auto restored = f.make("quadwrangle");  // the scripted dice are empty: any roll would fail
    for (const auto& event : journal) CHECK(restored.apply(event));
    CHECK(restored.status() == room_status::playing);
    CHECK(restored.record() == live.record());
    CHECK(restored.game().same_state(live.game()));
    CHECK(restored.summary().seats[1].name == "Bob");

    // An event that contradicts the room is refused and changes nothing.
    const auto before = restored.game().clone();
    CHECK_FALSE(restored.apply({events::move{1, "roll=11111"}, 0}));
    CHECK_FALSE(restored.apply({events::seated{0, "Cy", bob}, 0}));
    CHECK_FALSE(restored.apply({events::move{7, "roll=11111"}, 0}));
    CHECK(restored.game().same_state(*before));
    CHECK(restored.version() == 2);
}

TEST_CASE("a computer player taking a seat is journaled as its own event") {
    room_fixture f;
    auto r = f.make("kvadratura", {{"size", std::int64_t{3}}});
    auto a = std::make_shared<recorder>();
    r.join(a, f.identities.create("Ann"), as_player(), {}, f.out);
    r.add_bot(a, {"ROOM01", std::nullopt, "easy"}, {}, f.out);
    const auto journal = r.take_journal();
    REQUIRE(journal.size() == 2);
    const auto& bot = std::get<events::bot_seated>(journal[1].what);
    CHECK(bot.seat == 1);
    CHECK(bot.level == quadra::bots::level::easy);
    CHECK(r.status() == room_status::playing);
}

TEST_CASE("a game of computer players that everyone left is abandoned; a waiting room is not") {
    room_fixture f;
    auto r = f.make("kvadratura", {{"size", std::int64_t{3}}});
    auto a = std::make_shared<recorder>();
    r.join(a, f.identities.create("Ann"), as_player(), {}, f.out);
    r.add_bot(a, {"ROOM01", 0, "easy"}, {}, f.out);  // Ann hands her own seat to a bot
    r.add_bot(a, {"ROOM01", 1, "easy"}, {}, f.out);  // and, as the creator, fills the other
    f.flush();
    REQUIRE(r.status() == room_status::playing);
    CHECK_FALSE(r.abandoned());  // Ann still watches
    r.leave(a, {}, f.out);
    f.flush();
    CHECK(r.abandoned());
}

TEST_CASE(
    "in a crowd, spectators coming and going reach the others in one snapshot a second later, or "
    "with the next move") {
    room_fixture f;
    auto time = std::make_shared<manual_time>();
    room_policy policy;
    policy.time = time;
    auto made = quadra::rules::create_game("kvadratura", {{"size", std::int64_t{3}}});
    REQUIRE(made);
    room r("ROOM01", std::move(made).value(), true, f.dice_ptr, policy);
    auto a = std::make_shared<recorder>(), b = std::make_shared<recorder>();
    r.join(a, f.identities.create("Ann"), as_player(), {}, f.out);
    r.join(b, f.identities.create("Bob"), as_player(), {}, f.out);
    std::vector<std::shared_ptr<recorder>> crowd;
    for (int i = 0; i < 40; ++i) {
        crowd.push_back(std::make_shared<recorder>());
        r.join(crowd.back(), f.identities.create("Fan"), as_spectator(), {}, f.out);
    }
    f.flush();
    // Up to 32 members a room is small, and everybody hears of each at once.
    CHECK(a->got.back()["spectators"] == 30);
    time->advance(std::chrono::milliseconds(1000));
    r.check_deadlines(f.out);
    f.flush();
    CHECK(a->got.back()["spectators"] == 40);
    a->got.clear();
    crowd.front()->got.clear();

    // One more: only the newcomer has the snapshot now, the others a second later.
    auto late = std::make_shared<recorder>();
    r.join(late, f.identities.create("Late"), as_spectator(), {}, f.out);
    f.flush();
    CHECK(late->got.back()["spectators"] == 41);
    CHECK(a->got.empty());
    CHECK(crowd.front()->got.empty());
    CHECK(r.next_deadline() == time->now_ms() + 1000);
    time->advance(std::chrono::milliseconds(999));
    r.check_deadlines(f.out);
    CHECK(f.out.empty());
    time->advance(std::chrono::milliseconds(1));
    r.check_deadlines(f.out);
    CHECK(f.out.size() == 43);  // one snapshot to every member
    f.flush();
    CHECK(a->got.size() == 1);
    CHECK(a->got.back()["spectators"] == 41);
    CHECK(crowd.front()->got.back() == a->got.back());
    CHECK_FALSE(r.next_deadline().has_value());

    // Two leave; the next move's snapshot has the count, and nothing is due after it.
    a->got.clear();
    r.leave(crowd[3], {}, f.out);
    r.disconnect(crowd[4].get(), f.out);
    f.flush();
    CHECK(a->got.empty());
    r.move(a, {"ROOM01", "a1", 0}, {}, f.out);
    f.flush();
    CHECK(a->got.back()["spectators"] == 39);
    CHECK(crowd.front()->got.back()["spectators"] == 39);
    CHECK_FALSE(r.next_deadline().has_value());
}
