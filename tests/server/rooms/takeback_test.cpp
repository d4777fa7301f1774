// Takebacks by consent (#29) on a room without sockets: the player who moved last asks, the
// player to move accepts (the move, its forced passes and its time are undone) or declines; a
// move instead of an answer lets the request lapse; each refusal has its code and changes
// nothing; the journal replays all of it; a Quadwrangle roll taken back gets the same dice again.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "rules/registry.hpp"
#include "server/dice/fair_dice.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/support/room_parts.hpp"

using namespace quadra::server;
using namespace quadra::protocol;
using nlohmann::json;
using quadra::testing::listener;
using quadra::testing::snapshot_of;

namespace {

struct takeback_fixture {
    identity_registry identities{100, nullptr};
    std::shared_ptr<manual_time> time = std::make_shared<manual_time>();
    std::shared_ptr<listener> a = std::make_shared<listener>();
    std::shared_ptr<listener> b = std::make_shared<listener>();
    std::shared_ptr<identity> ann = identities.create("Ann");
    std::shared_ptr<identity> bob = identities.create("Bob");
    outbox out;

    room make(std::string_view game, const quadra::rules::options& options, room_policy policy,
              int seats = 2) {
        auto made = quadra::rules::create_game(game, options);
        REQUIRE(made);
        policy.time = time;
        dice_seed seed{};
        seed.fill(7);
        room r("ROOM01", std::move(made).value(), true, std::make_shared<fair_dice>("g1", seed),
               policy);
        if (seats == 2) {
            r.join(a, ann, {"ROOM01", role::player, {}}, {}, out);
            r.join(b, bob, {"ROOM01", role::player, {}}, {}, out);
        }
        return r;
    }

    // Whether `who`'s joined (in the room's outbox) said that the room allows takebacks.
    bool joined_allows(const std::shared_ptr<listener>& who) {
        for (const auto& d : out)
            if (d.to == who) {
                const auto message = json::parse(*d.message);
                if (message["type"] == "joined") return message.value("takebacks", false);
            }
        FAIL("no joined");
        return false;
    }

    // The last reply (done or error) `who` was sent, from the room's outbox.
    json reply_to(const std::shared_ptr<listener>& who) {
        json last;
        for (auto& d : out)
            if (d.to == who) {
                auto message = json::parse(*d.message);
                if (message["type"] == "done" || message["type"] == "error") last = message;
            }
        out.clear();
        return last.is_null() ? last : json(last.value("code", last["type"].get<std::string>()));
    }
};

const quadra::rules::options size4{{"size", std::int64_t{4}}};
const clock_settings bank{clock_settings::kind::bank, 10, 5, 0};

}  // namespace

TEST_CASE("takeback: the opponent accepts, and the move, its time and its turn are undone") {
    takeback_fixture f;
    room_policy policy;
    policy.clock = bank;
    auto r = f.make("kvadratura", size4, policy);
    f.time->advance(std::chrono::seconds(3));
    r.move(f.a, {"ROOM01", "a1", 0}, {}, f.out);  // Ann: 10 s - 3 s + 5 s
    CHECK(snapshot_of(r)["clock"]["remaining_ms"] == json({12000, 10000}));
    f.time->advance(std::chrono::seconds(2));

    r.answer_takeback(f.b, true, 1, f.out);
    CHECK(f.reply_to(f.b) == "no_takeback_request");  // nobody asked
    r.ask_takeback(f.b, 2, f.out);
    CHECK(f.reply_to(f.b) == "no_takeback");  // the last move is Ann's
    r.ask_takeback(f.a, 3, f.out);
    CHECK(f.reply_to(f.a) == "done");
    CHECK(snapshot_of(r)["takeback"] == 0);
    r.ask_takeback(f.a, 4, f.out);
    CHECK(f.reply_to(f.a) == "not_allowed");  // it stands already
    r.answer_takeback(f.a, true, 5, f.out);
    CHECK(f.reply_to(f.a) == "no_takeback_request");  // not hers to answer
    CHECK(snapshot_of(r)["version"] == 1);

    f.time->advance(std::chrono::seconds(1));
    r.answer_takeback(f.b, true, 6, f.out);
    CHECK(f.reply_to(f.b) == "done");
    const auto back = snapshot_of(r);
    CHECK(back["version"] == 0);
    CHECK(back["last_move"].is_null());
    CHECK_FALSE(back.contains("takeback"));
    CHECK(back["state"]["to_move"] == 0);
    CHECK(back["state"]["legal"].size() == 16);
    CHECK(r.record().empty());
    // Ann has the 10 s she had before her move, running again; Bob's 3 s deciding cost nothing.
    CHECK(back["clock"]["remaining_ms"] == json({10000, 10000}));
    CHECK(back["clock"]["running"] == 0);
    r.ask_takeback(f.a, 7, f.out);
    CHECK(f.reply_to(f.a) == "no_takeback");  // spent
}

TEST_CASE("takeback: declined, lapsed by a move, or asked after the opponent moved") {
    takeback_fixture f;
    auto r = f.make("kvadratura", size4, {});
    CHECK(f.joined_allows(f.a));  // a casual 2-player room
    r.move(f.a, {"ROOM01", "a1", 0}, {}, f.out);
    r.move(f.b, {"ROOM01", "b2", 1}, {}, f.out);
    r.ask_takeback(f.a, 1, f.out);
    CHECK(f.reply_to(f.a) == "no_takeback");  // Bob moved since

    r.ask_takeback(f.b, 2, f.out);
    CHECK(f.reply_to(f.b) == "done");
    r.answer_takeback(f.a, false, 3, f.out);
    CHECK(f.reply_to(f.a) == "done");
    auto kept = snapshot_of(r);
    CHECK(kept["version"] == 2);
    CHECK_FALSE(kept.contains("takeback"));
    r.ask_takeback(f.b, 4, f.out);
    CHECK(f.reply_to(f.b) == "no_takeback");  // declined once: not asked again

    r.move(f.a, {"ROOM01", "c3", 2}, {}, f.out);
    r.ask_takeback(f.a, 5, f.out);
    CHECK(f.reply_to(f.a) == "done");
    r.move(f.b, {"ROOM01", "d4", 3}, {}, f.out);  // Bob moves instead of answering
    auto lapsed = snapshot_of(r);
    CHECK(lapsed["version"] == 4);
    CHECK_FALSE(lapsed.contains("takeback"));
    r.answer_takeback(f.b, true, 6, f.out);
    CHECK(f.reply_to(f.b) == "no_takeback_request");

    // The journal replays every request, answer and undo into the same room.
    const auto before = snapshot_of(r);
    auto restored = f.make("kvadratura", size4, {}, 0);
    for (const auto& event : r.take_journal()) REQUIRE(restored.apply(event));
    restored.finish_restore();
    CHECK(snapshot_of(restored)["state"] == before["state"]);
    CHECK(restored.record() == r.record());
}

TEST_CASE("takeback: the journal replays an accepted one, and a taken-back roll rolls the same") {
    takeback_fixture f;
    auto r = f.make("quadwrangle", {}, {});
    r.move(f.a, {"ROOM01", "roll", 0}, {}, f.out);
    const auto rolled = r.record().at(0);
    r.ask_takeback(f.a, 1, f.out);
    CHECK(f.reply_to(f.a) == "done");
    r.answer_takeback(f.b, true, 2, f.out);  // Ann still places: Bob, the next seat, answers
    CHECK(f.reply_to(f.b) == "done");
    CHECK(r.record().empty());
    r.move(f.a, {"ROOM01", "roll", 0}, {}, f.out);
    CHECK(r.record() == std::vector<std::string>{rolled});  // no new dice for a takeback

    auto restored = f.make("quadwrangle", {}, {}, 0);
    for (const auto& event : r.take_journal()) REQUIRE(restored.apply(event));
    restored.finish_restore();
    CHECK(restored.record() == r.record());
    CHECK(snapshot_of(restored)["state"] == snapshot_of(r)["state"]);
}

TEST_CASE("takeback: a rated or 4-player room allows them only when created allowing them") {
    takeback_fixture f;
    room_policy rated;
    rated.rated = true;
    f.ann->set_account("Ann");
    f.bob->set_account("Bob");
    auto strict = f.make("kvadratura", size4, rated);
    CHECK_FALSE(f.joined_allows(f.a));
    strict.move(f.a, {"ROOM01", "a1", 0}, {}, f.out);
    strict.ask_takeback(f.a, 1, f.out);
    CHECK(f.reply_to(f.a) == "not_allowed");
    CHECK(strict.version() == 1);

    rated.takebacks = true;
    auto lenient = f.make("kvadratura", size4, rated);
    CHECK(f.joined_allows(f.b));
    lenient.move(f.a, {"ROOM01", "a1", 0}, {}, f.out);
    lenient.ask_takeback(f.a, 2, f.out);
    CHECK(f.reply_to(f.a) == "done");
}

TEST_CASE("takeback: a computer player accepts at once, its reply undone with the move") {
    takeback_fixture f;
    room_policy policy;
    policy.clock = bank;
    auto r = f.make("kvadratura", size4, policy, 0);
    r.join(f.a, f.ann, {"ROOM01", role::player, {}}, {}, f.out);
    r.add_bot(f.a, {"ROOM01", std::nullopt, "easy"}, {}, f.out);
    REQUIRE(r.status() == room_status::playing);
    // Before the bot replies.
    r.move(f.a, {"ROOM01", "a1", 0}, {}, f.out);
    r.ask_takeback(f.a, 1, f.out);
    CHECK(f.reply_to(f.a) == "done");
    CHECK(r.version() == 0);
    CHECK(r.takebacks_accepted() == 1);

    // After the bot's reply, which goes too: Ann is to move where she was, both banks as then.
    f.time->advance(std::chrono::seconds(2));
    r.move(f.a, {"ROOM01", "a1", 0}, {}, f.out);
    f.time->advance(std::chrono::seconds(1));
    r.bot_move(1, {"ROOM01", "d4", 1}, f.out);
    REQUIRE(r.version() == 2);
    r.ask_takeback(f.a, 2, f.out);
    CHECK(f.reply_to(f.a) == "done");
    CHECK(r.version() == 0);
    const auto back = snapshot_of(r);
    CHECK(back["clock"]["remaining_ms"] == json({10000, 10000}));
    CHECK(back["state"]["to_move"] == 0);
    r.ask_takeback(f.a, 3, f.out);
    CHECK(f.reply_to(f.a) == "no_takeback");
}
