// Identities, names, room codes, the lobby listing and the connection limits.

#include <doctest/doctest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "server/dice/dice.hpp"
#include "server/identity/identity.hpp"
#include "server/net/connection_limiter.hpp"
#include "server/rooms/lobby.hpp"
#include "tests/server/support/recorder.hpp"

using namespace quadra::server;
using nlohmann::json;
using quadra::testing::recorder;

TEST_CASE("display names are sanitised and bounded") {
    CHECK(sanitize_name("  Ann   Lee ") == "Ann Lee");
    CHECK(sanitize_name("a\x01\x7f"
                        "b\n\tc") == "ab c");
    CHECK(sanitize_name("\xff\xfe"
                        "ok") == "ok");
    CHECK(sanitize_name("\xe2\x80\xae"
                        "evil") == "evil");  // RIGHT-TO-LEFT OVERRIDE
    CHECK(sanitize_name("Дмитрий") == "Дмитрий");
    CHECK(sanitize_name(std::string(100, 'x')).size() == max_name_characters);
    CHECK(sanitize_name("\xc0\xaf").empty());  // overlong '/'
}

TEST_CASE("guest tokens are 128 random bits and only they find the identity") {
    identity_registry registry(3, nullptr);
    auto a = registry.create("Ann");
    auto b = registry.create("");
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->token().size() == 32);
    CHECK(a->token() != b->token());
    // Ids are random below 2^53 (every node makes them); a guest without a name is named by
    // the id's last four digits.
    CHECK(a->id() != b->id());
    CHECK(b->id() < (std::uint64_t{1} << 53));
    CHECK(b->name() == "Guest " + std::to_string(b->id() % 10000));
    CHECK(registry.find_id(a->id()) == a);
    CHECK(registry.find(a->token()) == a);
    CHECK(registry.find(std::string(32, '0')) == nullptr);
    CHECK(registry.find("") == nullptr);
    registry.create("x");
    CHECK(registry.create("full") == nullptr);
}

TEST_CASE("dice are 1-6 and rejection sampling drops biased bytes") {
    std::vector<unsigned char> bytes{0, 5, 251, 252, 255, 6};
    std::vector<int> dice(5, 0);
    CHECK(dice_from_bytes(bytes, dice) == 4);
    CHECK(dice == std::vector<int>{1, 6, 6, 1, 0});
    os_dice source;
    std::vector<int> many(600);
    source.roll(0, many);
    std::set<int> faces(many.begin(), many.end());
    CHECK(faces == std::set<int>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("the lobby lists public rooms and pushes changes to subscribers") {
    lobby directory(2);
    auto watcher = std::make_shared<recorder>();
    auto first = json::parse(*directory.subscribe(watcher, std::int64_t{4}));
    CHECK(first["id"] == 4);
    CHECK(first["rooms"].empty());

    std::string code;
    // The directory stores hosts without using them, so a null host would do; use a real code.
    auto reserved = directory.open([&](const std::string& c) {
        code = c;
        return std::shared_ptr<room_host>(reinterpret_cast<room_host*>(1), [](room_host*) {});
    });
    CHECK(code.size() == 6);
    CHECK(directory.find(code) == reserved);

    quadra::protocol::room_summary summary;
    summary.room = code;
    summary.game = "kvadratura";
    summary.seats = {{"Ann", true, true, {}}, {}};
    directory.publish(summary);
    REQUIRE(watcher->got.size() == 1);
    CHECK(watcher->got[0]["rooms"][0]["room"] == code);
    CHECK(watcher->got[0]["rooms"][0]["seats_taken"] == 1);

    summary.is_public = false;
    auto hidden = directory.open([&](const std::string& c) {
        summary.room = c;
        return std::shared_ptr<room_host>(reinterpret_cast<room_host*>(2), [](room_host*) {});
    });
    directory.publish(summary);
    CHECK(watcher->got.size() == 1);  // private rooms are not listed
    CHECK(directory.open([](const std::string&) { return std::shared_ptr<room_host>(); }) ==
          nullptr);  // full

    directory.close(code);
    CHECK(directory.find(code) == nullptr);
    REQUIRE(watcher->got.size() == 2);
    CHECK(watcher->got[1]["rooms"].empty());
    directory.unsubscribe(watcher.get());
    (void)hidden;
}

TEST_CASE("connections are limited per address and in total") {
    connection_limiter limiter(3, 2);
    auto a1 = limiter.admit("10.0.0.1");
    auto a2 = limiter.admit("10.0.0.1");
    CHECK(a1);
    CHECK(a2);
    CHECK_FALSE(limiter.admit("10.0.0.1"));
    auto b1 = limiter.admit("10.0.0.2");
    CHECK(b1);
    CHECK_FALSE(limiter.admit("10.0.0.3"));
    { auto released = std::move(a1); }
    CHECK(limiter.open() == 2);
    CHECK(limiter.admit("10.0.0.1"));
}

TEST_CASE("an exempt address passes the per-address limit but not the total") {
    connection_limiter limiter(3, 1);
    auto first = limiter.admit("127.0.0.1", true);
    auto second = limiter.admit("127.0.0.1", true);
    CHECK(first);
    CHECK(second);
    CHECK_FALSE(limiter.admit("127.0.0.1"));  // the same address, not exempt: over its limit
    auto third = limiter.admit("127.0.0.1", true);
    CHECK(third);
    CHECK_FALSE(limiter.admit("127.0.0.1", true));  // the total
    CHECK(limiter.open() == 3);
}
