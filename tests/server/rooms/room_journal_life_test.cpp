// Room life through the journal: a room rebuilt by applying the recorded events shows the same
// result, clocks, draw offer and chat as the live room (what the store relies on).

#include <doctest/doctest.h>

#include <deque>

#include <nlohmann/json.hpp>

#include "rules/registry.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using namespace quadra::protocol;
using nlohmann::json;
using quadra::testing::kind_of;
using quadra::testing::listener;
using quadra::testing::snapshot_of;

namespace {

struct life_fixture {
    std::shared_ptr<os_dice> dice = std::make_shared<os_dice>();
    identity_registry identities{100, nullptr};
    std::shared_ptr<manual_time> time = std::make_shared<manual_time>();
    outbox out;

    room make(std::string_view game, const quadra::rules::options& options, clock_settings clock) {
        auto made = quadra::rules::create_game(game, options);
        REQUIRE(made);
        room_policy policy;
        policy.clock = clock;
        policy.time = time;
        return room("ROOM01", std::move(made).value(), true, dice, policy);
    }
};

}  // namespace

TEST_CASE("a timeout, a lapsed offer and chat are restored from the journal") {
    life_fixture f;
    const clock_settings bank{clock_settings::kind::bank, 10, 5, 0};
    const quadra::rules::options size4{{"size", std::int64_t{4}}};
    auto live = f.make("kvadratura", size4, bank);
    auto a = std::make_shared<listener>(), b = std::make_shared<listener>(),
         s = std::make_shared<listener>();
    auto ann = f.identities.create("Ann"), bob = f.identities.create("Bob"),
         sam = f.identities.create("Sam");
    live.join(a, ann, {"ROOM01", role::player, {}}, {}, f.out);
    live.join(b, bob, {"ROOM01", role::player, {}}, {}, f.out);
    live.join(s, sam, {"ROOM01", role::spectator, {}}, {}, f.out);
    live.offer_draw(b, {}, f.out);
    f.time->advance(std::chrono::seconds(3));
    live.move(a, {"ROOM01", "a1", 0}, {}, f.out);  // Ann moves: Bob's offer lapses
    live.chat(a, {"ROOM01", "hello"}, {}, f.out);
    live.chat(s, {"ROOM01", "psst"}, {}, f.out);
    live.offer_draw(a, {}, f.out);
    f.time->advance(std::chrono::seconds(11));
    live.check_deadlines(f.out);
    const auto before = snapshot_of(live);
    REQUIRE(before["result"]["reason"] == "Bob ran out of time");

    const auto journal = live.take_journal();
    std::vector<std::size_t> kinds;
    kinds.reserve(journal.size());
    for (const auto& e : journal) kinds.push_back(e.what.index());
    CHECK(kinds == std::vector<std::size_t>{kind_of<events::seated>(), kind_of<events::seated>(),
                                            kind_of<events::draw_offer>(), kind_of<events::move>(),
                                            kind_of<events::chat>(), kind_of<events::chat>(),
                                            kind_of<events::draw_offer>(),
                                            kind_of<events::timeout>()});
    CHECK(journal.back().at_ms == journal[3].at_ms + 10000);  // Bob's flag fell at 10 s
    CHECK(std::get<events::timeout>(journal.back().what).seat == 1);
    CHECK(std::get<events::chat>(journal[5].what).seat == -1);
    CHECK(std::get<events::chat>(journal[5].what).who == sam);

    auto restored = f.make("kvadratura", size4, bank);
    for (const auto& event : journal) CHECK(restored.apply(event));
    restored.finish_restore();
    const auto after = snapshot_of(restored);
    CHECK(after["status"] == "finished");
    CHECK(after["version"] == before["version"]);
    CHECK(after["result"] == before["result"]);
    CHECK(after["clock"] == before["clock"]);
    CHECK(after["clock"]["remaining_ms"] == json({12000, 0}));
    CHECK(after["draw_offer"].is_null());
    CHECK(after["seats"][0]["connected"] == false);  // nobody is connected to a restored room

    auto reader = std::make_shared<listener>();
    restored.join(reader, f.identities.create("Rea"), {"ROOM01", role::spectator, {}}, {}, f.out);
    for (auto& d : f.out)
        if (d.to == reader) d.to->deliver(d.message);
    std::vector<std::string> lines;
    for (const auto& m : reader->got)
        if (m["type"] == "chat")
            lines.push_back(m["name"].get<std::string>() + ": " + m["text"].get<std::string>());
    CHECK(lines == std::vector<std::string>{"Ann: hello", "Sam: psst"});
}

TEST_CASE("resignations, claims and retirements replay into the same 4-player game") {
    life_fixture f;
    const quadra::rules::options four{{"players", std::int64_t{4}}};
    auto live = f.make("kvadrat", four, {});
    std::vector<std::shared_ptr<listener>> links;
    for (const char* name : {"A", "B", "C", "D"}) {
        links.push_back(std::make_shared<listener>());
        live.join(links.back(), f.identities.create(name), {"ROOM01", role::player, {}}, {}, f.out);
    }
    live.resign(links[1], {}, f.out);
    live.move(links[0], {"ROOM01", "h3", 0}, {}, f.out);  // B is retired: a forced pass follows
    CHECK(live.version() == 2);
    live.resign(links[2], {}, f.out);
    live.resign(links[3], {}, f.out);
    const auto before = snapshot_of(live);
    CHECK(before["result"] == json::parse(R"({"status":"finished","winners":[0],
        "reason":"A is the last player left","by":"retired","code":"last_left","figures":{"seat":0}})"));

    auto restored = f.make("kvadrat", four, {});
    for (const auto& event : live.take_journal()) CHECK(restored.apply(event));
    restored.finish_restore();
    const auto after = snapshot_of(restored);
    CHECK(after["result"] == before["result"]);
    CHECK(after["version"] == before["version"]);
    CHECK(after["state"] == before["state"]);
    for (int seat : {1, 2, 3}) CHECK(after["seats"][seat]["retired"] == true);
    CHECK_FALSE(after["seats"][0].contains("retired"));

    // An event that contradicts the room is refused and changes nothing.
    CHECK_FALSE(restored.apply({events::resign{1}, 0}));
    CHECK_FALSE(restored.apply({events::draw_agreed{0}, 0}));
    restored.finish_restore();
    CHECK(snapshot_of(restored)["result"] == before["result"]);
}

TEST_CASE("a restored room starts the running clock and grace periods again") {
    life_fixture f;
    const quadra::rules::options size4{{"size", std::int64_t{4}}};
    const clock_settings per_move{clock_settings::kind::per_move, 0, 0, 60};
    auto live = f.make("kvadratura", size4, per_move);
    auto a = std::make_shared<listener>(), b = std::make_shared<listener>();
    live.join(a, f.identities.create("Ann"), {"ROOM01", role::player, {}}, {}, f.out);
    live.join(b, f.identities.create("Bob"), {"ROOM01", role::player, {}}, {}, f.out);
    f.time->advance(std::chrono::seconds(50));  // Ann thinks for 50 s, then the server stops
    const auto journal = live.take_journal();

    f.time->advance(std::chrono::hours(1));  // down for an hour
    auto restored = f.make("kvadratura", size4, per_move);
    for (const auto& event : journal) CHECK(restored.apply(event));
    restored.finish_restore();
    const auto shown = snapshot_of(restored);
    CHECK(shown["clock"]["running"] == 0);
    CHECK(shown["clock"]["remaining_ms"][0] == 60000);
    CHECK(restored.next_deadline() == f.time->now_ms() + 60000);
    CHECK(shown["seats"][1]["away_since"] == f.time->now_ms());
    CHECK_FALSE(shown["seats"][1].contains("claimable"));
}
