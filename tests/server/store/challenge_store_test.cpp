// Challenges in the store (#29), on both backends: a challenge is stored open, takes exactly one
// answer (a second, or one after it expired, fails and changes nothing), and is read back by id,
// per account (to it and from it, the last day's) and, when open to anyone, as the lobby lists
// it. Which challenges an account takes is kept with it; a deleted account's open challenges end.

#include <doctest/doctest.h>

#include <string>

#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;

namespace {

void an_account(quadra::server::store& s, std::int64_t id, const std::string& name) {
    const std::string token(64, static_cast<char>('a' + id % 20));
    write_batch guest;
    guest.identity = identity_row{id, token, name, 500, {}};
    REQUIRE(write(s, std::move(guest)));
    write_batch registering;
    registering.account =
        account_write{account_write::kind::register_account,          id, token, name,
                      "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA", 900};
    REQUIRE(write(s, std::move(registering)));
}

challenge_row a_challenge(std::int64_t id, std::int64_t from, std::int64_t to,
                          std::int64_t created_ms, std::int64_t expires_ms) {
    challenge_row row;
    row.id = id;
    row.challenger = from;
    row.challenged = to;
    row.terms = R"({"game":"quadrature"})";
    row.created_ms = created_ms;
    row.expires_ms = expires_ms;
    return row;
}

bool opened(quadra::server::store& s, const challenge_row& row, std::int64_t max_open = 5) {
    write_batch batch;
    batch.challenge = challenge_write{challenge_write::kind::open, row, max_open};
    return write(s, std::move(batch));
}

// Answers challenge `id` at `at_ms` as `status` (accepted by `taker` into `room`, declined for
// `reason`, cancelled).
bool answered(quadra::server::store& s, std::int64_t id, const std::string& status,
              std::int64_t at_ms, std::int64_t taker = 0, const std::string& room = {},
              const std::string& reason = {}) {
    challenge_row row;
    row.id = id;
    row.status = status;
    row.answered_ms = at_ms;
    row.taker = taker;
    row.room = room;
    row.reason = reason;
    write_batch batch;
    batch.challenge = challenge_write{challenge_write::kind::answer, row};
    return write(s, std::move(batch));
}

std::vector<std::int64_t> ids(const std::vector<challenge_row>& rows) {
    std::vector<std::int64_t> out;
    out.reserve(rows.size());
    for (const auto& r : rows) out.push_back(r.id);
    return out;
}

template <class Place>
void challenges_are_stored(const Place& where) {
    {
        auto s = where.open();
        an_account(*s, 7, "Ann");
        an_account(*s, 8, "Bob");
        an_account(*s, 9, "Cy");
        REQUIRE(opened(*s, a_challenge(101, 7, 8, 1000, 601000)));    // Ann → Bob
        REQUIRE(opened(*s, a_challenge(102, 7, 0, 2000, 999000)));    // Ann → anyone
        REQUIRE(opened(*s, a_challenge(103, 9, 8, 3000, 4000)));      // Cy → Bob, expires at 4000
        REQUIRE(opened(*s, a_challenge(104, 8, 0, 5000, 999000)));    // Bob → anyone
        CHECK_FALSE(opened(*s, a_challenge(101, 9, 7, 6000, 9000)));  // the id is taken
        // Ann has two open: a third is refused by a limit of two, in the write itself.
        CHECK_FALSE(opened(*s, a_challenge(105, 7, 9, 5000, 999000), 2));
        CHECK_FALSE(s->find_challenge(105));

        const auto found = s->find_challenge(101);
        REQUIRE(found);
        CHECK(found->challenger_name == "Ann");
        CHECK(found->challenged_name == "Bob");
        CHECK(found->status == "open");
        CHECK(found->terms == R"({"game":"quadrature"})");
        CHECK(found->expires_ms == 601000);
        CHECK_FALSE(s->find_challenge(999));

        CHECK(s->open_challenges_by(7, 5000) == 2);
        CHECK(s->open_challenges_by(9, 5000) == 0);  // Cy's expired
        CHECK(ids(s->open_challenges(5000, 10)) == std::vector<std::int64_t>{102, 104});
        CHECK(ids(s->open_challenges(5000, 1)) == std::vector<std::int64_t>{102});
        CHECK(s->open_challenges(5000, 10).front().challenged_name.empty());
        // Bob's: to him and from him, newest first, the expired one within the day included.
        CHECK(ids(s->challenges_of(8, 0)) == std::vector<std::int64_t>{104, 103, 101});
        CHECK(ids(s->challenges_of(8, 5000)) == std::vector<std::int64_t>{104, 101});

        // One answer only: Bob takes Ann's open challenge; Cy's second answer fails.
        CHECK(answered(*s, 102, "accepted", 6000, 8, "K7QM3X"));
        CHECK_FALSE(answered(*s, 102, "accepted", 6001, 9, "OTHER1"));
        const auto taken = s->find_challenge(102);
        CHECK(taken->status == "accepted");
        CHECK(taken->taker_name == "Bob");
        CHECK(taken->room == "K7QM3X");
        CHECK(taken->answered_ms == 6000);
        CHECK(ids(s->open_challenges(6000, 10)) == std::vector<std::int64_t>{104});
        // An expired challenge takes no answer.
        CHECK_FALSE(answered(*s, 103, "declined", 7000, 0, {}, "later"));
        CHECK(s->find_challenge(103)->status == "open");
        CHECK(answered(*s, 101, "declined", 7000, 0, {}, "too_fast"));
        CHECK(s->find_challenge(101)->reason == "too_fast");

        // Which challenges Bob takes; a guest has no setting to write.
        CHECK(s->challenge_policy(8) == "all");
        write_batch policy;
        policy.challenge_policy = challenge_policy_write{8, "rated"};
        REQUIRE(write(*s, std::move(policy)));
        write_batch guest;
        guest.identity = identity_row{20, std::string(64, 'z'), "Guest", 500, {}};
        REQUIRE(write(*s, std::move(guest)));
        write_batch guest_policy;
        guest_policy.challenge_policy = challenge_policy_write{20, "none"};
        CHECK_FALSE(write(*s, std::move(guest_policy)));
    }
    auto s = where.open();
    CHECK(s->challenge_policy(8) == "rated");
    CHECK(s->find_challenge(102)->status == "accepted");
    // Bob's account deleted: his open challenge ends with it.
    write_batch deleting;
    deleting.account =
        account_write{account_write::kind::delete_account, 8, {}, {}, {}, 8000, 9000};
    REQUIRE(write(*s, std::move(deleting)));
    CHECK(s->find_challenge(104)->status == "cancelled");
    CHECK(s->open_challenges(8000, 10).empty());
}

}  // namespace

TEST_CASE("challenges: stored, answered once, read per account and for the lobby (sqlite)") {
    challenges_are_stored(sqlite_place{});
}

TEST_CASE("challenges: stored, answered once, read per account and for the lobby (postgres)") {
    challenges_are_stored(postgres_place{});
}
