// Room events as stored rows and back: every kind in exactly the form older servers wrote (the
// kind's name, seat, text and identity), and a row that holds no event is a clear refusal.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "server/store/room_store.hpp"

using namespace quadra::server;

namespace {

struct row_of {
    std::string kind;
    int seat;
    std::string text;
    std::int64_t identity;
};

row_of row(const room_event& event) {
    const auto stored = to_stored(event, "g1", 3);
    CHECK(stored.game_id == "g1");
    CHECK(stored.seq == 3);
    CHECK(stored.at_ms == event.at_ms);
    return {stored.kind, stored.seat, stored.text, stored.identity};
}

bool operator==(const row_of& a, const row_of& b) {
    return a.kind == b.kind && a.seat == b.seat && a.text == b.text && a.identity == b.identity;
}

stored_event stored(std::string kind, int seat, std::string text, std::int64_t identity = 0) {
    return {"g1", 0, std::move(kind), seat, std::move(text), identity, 1000};
}

}  // namespace

TEST_CASE("each kind of event is stored as older servers stored it, and read back the same") {
    identity_registry identities(10, nullptr);
    const auto ann = identities.create("Ann");
    const auto id = static_cast<std::int64_t>(ann->id());
    const auto code = room_code::parse("P3XK9D").value();
    const std::vector<std::pair<room_event, row_of>> cases = {
        {{events::seated{0, "Ann", ann}, 5}, {"seated", 0, "Ann", id}},
        {{events::unseated{1}, 5}, {"unseated", 1, "", 0}},
        {{events::bot_seated{1, quadra::bots::level::medium}, 5}, {"bot_seated", 1, "medium", 0}},
        {{events::move{0, "roll=36625"}, 5}, {"move", 0, "roll=36625", 0}},
        {{events::forced_pass{1}, 5}, {"forced_pass", 1, "pass", 0}},
        {{events::resign{1}, 5}, {"resign", 1, "", 0}},
        {{events::timeout{0}, 5}, {"timeout", 0, "", 0}},
        {{events::draw_offer{0}, 5}, {"draw_offer", 0, "", 0}},
        {{events::draw_declined{1}, 5}, {"draw_declined", 1, "", 0}},
        {{events::draw_agreed{1}, 5}, {"draw_agreed", 1, "", 0}},
        {{events::claim{1, 0}, 5}, {"claim", 1, "0", 0}},
        {{events::rematch{0}, 5}, {"rematch", 0, "", 0}},
        {{events::rematch_room{code}, 5}, {"rematch_room", -1, "P3XK9D", 0}},
        {{events::chat{-1, "hi", ann}, 5}, {"chat", -1, "hi", id}},
        {{events::chat_hidden{1796544100000}, 5}, {"chat_hidden", -1, "1796544100000", 0}},
        {{events::closed{true, ann, "by mistake"}, 5}, {"closed", -1, "aborted by mistake", id}},
        {{events::closed{false, ann, "cheating"}, 5}, {"closed", -1, "no_result cheating", id}},
        {{events::takeback_asked{0}, 5}, {"takeback_asked", 0, "", 0}},
        {{events::takeback_declined{1}, 5}, {"takeback_declined", 1, "", 0}},
        {{events::takeback_accepted{1, 12}, 5}, {"takeback_accepted", 1, "12", 0}},
        {{events::resumed{}, 5}, {"resumed", -1, "", 0}},
        {{events::expired{}, 5}, {"expired", -1, "", 0}},
    };
    CHECK(cases.size() == std::variant_size_v<room_event::any> + 1);  // two endings of closed
    for (const auto& one : cases) {
        const auto& event = one.first;
        const auto& expected = one.second;
        CAPTURE(expected.kind);
        CHECK(row(event) == expected);
        const auto back = from_stored(to_stored(event, "g1", 3), identities);
        REQUIRE_MESSAGE(back, (back ? "" : back.reason()));
        CHECK(back.value().what.index() == event.what.index());
        CHECK(back.value().at_ms == 5);
        CHECK(row(back.value()) == expected);  // nothing was lost on the way
    }
}

TEST_CASE("a stored row that holds no event is refused with the reason") {
    identity_registry identities(10, nullptr);
    const auto reason = [&](const stored_event& e) {
        const auto read = from_stored(e, identities);
        return read ? std::string("read") : read.reason();
    };
    CHECK(reason(stored("claim", 1, "")) == "the claimer '' is not a seat number");
    CHECK(reason(stored("claim", 1, "x")) == "the claimer 'x' is not a seat number");
    CHECK(reason(stored("claim", 1, "0x")) == "the claimer '0x' is not a seat number");
    CHECK(reason(stored("rematch_room", -1, "")) == "'' is not a room code");
    CHECK(reason(stored("rematch_room", -1, "hello!")) == "'hello!' is not a room code");
    CHECK(reason(stored("bot_seated", 1, "genius")) == "no level 'genius'");
    CHECK(reason(stored("forced_pass", 1, "roll")) == "a forced pass is 'pass'");
    CHECK(reason(stored("seated", 0, "Ann", 42)) == "unknown identity 42");
    CHECK(reason(stored("castle", 0, "")) == "unknown kind 'castle'");
    CHECK(reason(stored("chat_hidden", -1, "")) == "'' is not a chat line's time");
    CHECK(reason(stored("chat_hidden", -1, "12x")) == "'12x' is not a chat line's time");
    CHECK(reason(stored("closed", -1, "ended cheating", 42)) ==
          "'ended cheating' does not say how the game was closed");
    CHECK(reason(stored("takeback_accepted", 1, "")) == "'' is not a length of the record");
    CHECK(reason(stored("takeback_accepted", 1, "-1")) == "'-1' is not a length of the record");
    CHECK(reason(stored("closed", -1, "", 42)) == "'' does not say how the game was closed");
    // A chat line whose writer is not known any more is still a line (shown as "?").
    CHECK(reason(stored("chat", -1, "hi", 42)) == "read");
}
