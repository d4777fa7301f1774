// One check for live requests and restores: an event the live path refuses is refused by
// room::apply too, with the room unchanged; and the snapshot's effective state once the room
// ended the game.

#include <doctest/doctest.h>

#include <deque>

#include <nlohmann/json.hpp>

#include "rules/registry.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using namespace quadra::protocol;
using nlohmann::json;
using quadra::testing::listener;
using quadra::testing::snapshot_of;

namespace {

struct two_players {
    std::shared_ptr<os_dice> dice = std::make_shared<os_dice>();
    identity_registry identities{100, nullptr};
    std::shared_ptr<manual_time> time = std::make_shared<manual_time>();
    std::shared_ptr<identity> ann = identities.create("Ann"), bob = identities.create("Bob");
    std::shared_ptr<listener> a = std::make_shared<listener>(), b = std::make_shared<listener>();
    outbox out;

    room make(clock_settings clock) {
        room_policy policy;
        policy.clock = clock;
        policy.time = time;
        auto made = quadra::rules::create_game("kvadratura", {{"size", std::int64_t{4}}});
        REQUIRE(made);
        room r("ROOM01", std::move(made).value(), true, dice, policy);
        r.join(a, ann, {"ROOM01", role::player, {}}, {}, out);
        r.join(b, bob, {"ROOM01", role::player, {}}, {}, out);
        return r;
    }
    // The code of the last error sent to `to`.
    static std::string last_error(const listener& to) {
        for (auto it = to.got.rbegin(); it != to.got.rend(); ++it)
            if ((*it)["type"] == "error") return (*it)["code"];
        return {};
    }
};

void deliver(outbox& out) {
    for (auto& d : out) d.to->deliver(d.message);
    out.clear();
}

}  // namespace

TEST_CASE("a claim in a room with a clock is refused live and on restore alike") {
    two_players t;
    const clock_settings bank{clock_settings::kind::bank, 60, 0, 0};
    auto live = t.make(bank);
    live.claim(t.a, {"ROOM01", 1}, {}, t.out);
    deliver(t.out);
    CHECK(two_players::last_error(*t.a) == "not_allowed");

    const auto before = snapshot_of(live);
    auto refused = live.apply({events::claim{1, 0}, t.time->now_ms()});
    REQUIRE_FALSE(refused);
    CHECK(refused.reason() == "in a room with a clock, time decides");
    CHECK(snapshot_of(live) == before);
    CHECK(live.status() == room_status::playing);
}

TEST_CASE("apply refuses a seat that is taken and events that need another status") {
    two_players t;
    auto r = t.make({});
    const auto cy = t.identities.create("Cy");
    CHECK(r.apply({events::seated{0, "Cy", cy}, 0}).reason() == "the game has already started");
    CHECK(r.apply({events::rematch{0}, 0}).reason() == "a rematch follows a finished game");
    CHECK(r.apply({events::draw_agreed{1}, 0}).reason() ==
          "your opponent has no draw offer standing");
    CHECK(r.apply({events::chat{0, "", {}}, 0}).reason() == "the line is empty");
    CHECK(r.take_journal().size() == 2);  // the two seats only
}

TEST_CASE(
    "after a resignation the snapshot's state is finished, with no moves and nobody to move") {
    two_players t;
    auto r = t.make({});
    REQUIRE(snapshot_of(r)["state"]["legal"].size() == 16);
    r.resign(t.b, {}, t.out);
    const auto over = snapshot_of(r);
    CHECK(over["status"] == "finished");
    CHECK(over["result"] == json::parse(R"({"status":"finished","winners":[0],
        "reason":"Bob resigned","by":"resign","code":"resigned","figures":{"seat":1}})"));
    CHECK(over["state"]["status"] == "finished");
    CHECK(over["state"]["legal"] == json::array());
    CHECK(over["state"]["to_move"] == -1);
    CHECK(over["state"]["result"].is_null());  // the rules did not end it
    CHECK(r.final_result()->draw() == false);
}
