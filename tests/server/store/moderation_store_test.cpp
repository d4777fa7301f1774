// Moderation in the store (#31), on both backends: a role or sanction changes only with its
// audit-log row, in one transaction; an action that changes nothing is refused and logs nothing;
// a ban ends every session and shows at sign-in; an unlisted account leaves the leaderboards;
// everything reads back after reopening.

#include <doctest/doctest.h>

#include "tests/server/support/store_fixture.hpp"

using namespace quadra::testing;
using quadra::server::account_write;
using quadra::server::forever_ms;
using quadra::server::identity_row;
using quadra::server::moderation_write;

namespace {

using kind = moderation_write::kind;

// Identity `id` registered as account `name`, with one session `session_hash`.
void an_account(quadra::server::store& s, std::int64_t id, const std::string& name,
                const std::string& session_hash) {
    write_batch batch;
    batch.identity = identity_row{id, std::string(64, static_cast<char>('a' + id)), name, 1000, {}};
    batch.account = account_write{
        account_write::kind::register_account, id, session_hash, name, "$argon2id$hash", 1000};
    REQUIRE(write(s, std::move(batch)));
}

write_batch an_action(kind what, std::int64_t target, const std::string& target_name,
                      std::int64_t at_ms, std::string role = {}, std::int64_t until_ms = 0) {
    write_batch batch;
    batch.moderation = moderation_write{
        what, 1, "Mara", target, target_name, std::move(role), until_ms, "why not", at_ms};
    return batch;
}

// The players of each leaderboard row under `key`.
std::vector<std::string> leaders(const quadra::server::store& s, const std::string& key) {
    std::vector<std::string> names;
    for (const auto& row : s.leaderboard(key, 10)) names.push_back(row.account);
    return names;
}

template <class Place>
void moderation_is_stored_and_logged(const Place& where) {
    const std::string bob_session(64, '1');
    {
        auto s = where.open();
        an_account(*s, 1, "Mara", std::string(64, '0'));
        an_account(*s, 2, "Bob", bob_session);
        write_batch guest;
        guest.identity = identity_row{3, std::string(64, 'g'), "Guest 3", 1000, {}};
        REQUIRE(write(*s, std::move(guest)));
        CHECK(s->audit_count() == 0);
        CHECK(s->standings()->empty());

        CHECK(write(*s, an_action(kind::grant, 1, "Mara", 2000, "moderator")));
        CHECK(write(*s, an_action(kind::mute, 2, "Bob", 3000, {}, 9000)));
        CHECK(write(*s, an_action(kind::ban, 2, "Bob", 4000)));
        // What changes nothing is refused and logs nothing: the same role again, a second ban, a
        // guest (no account) banned or muted.
        CHECK_FALSE(write(*s, an_action(kind::grant, 1, "Mara", 4100, "moderator")));
        CHECK_FALSE(write(*s, an_action(kind::ban, 2, "Bob", 4200)));
        CHECK_FALSE(write(*s, an_action(kind::ban, 3, "Guest 3", 4300)));
        CHECK_FALSE(write(*s, an_action(kind::mute, 3, "Guest 3", 4400, {}, forever_ms)));
        CHECK(s->audit_count() == 3);

        // The ban ended Bob's session and shows where signing in looks.
        CHECK(s->ended_sessions({bob_session}) == std::vector<std::string>{bob_session});
        CHECK(s->find_login("BOB")->banned);
        CHECK_FALSE(s->find_login("mara")->banned);
    }
    // Reopened: the same roster and log.
    auto s = where.open();
    const auto standings = s->standings();
    REQUIRE(standings.has_value());
    REQUIRE(standings->size() == 2);
    CHECK((*standings)[0].account == "Mara");
    CHECK((*standings)[0].role == "moderator");
    CHECK_FALSE((*standings)[0].banned);
    CHECK((*standings)[1].account == "Bob");
    CHECK((*standings)[1].role.empty());
    CHECK((*standings)[1].muted_until_ms == 9000);
    CHECK((*standings)[1].banned);

    CHECK(write(*s, an_action(kind::unmute, 2, "Bob", 5000)));
    CHECK_FALSE(write(*s, an_action(kind::unmute, 2, "Bob", 5100)));
    CHECK(write(*s, an_action(kind::unban, 2, "Bob", 6000)));
    CHECK_FALSE(write(*s, an_action(kind::unban, 2, "Bob", 6100)));
    CHECK(write(*s, an_action(kind::mute, 2, "Bob", 7000, {}, forever_ms)));
    CHECK(write(*s, an_action(kind::revoke, 1, "Mara", 8000)));
    CHECK_FALSE(s->find_login("bob")->banned);

    const auto log = s->audit_log(10);
    REQUIRE(log.size() == 7);
    CHECK(s->audit_count() == 7);
    std::vector<std::string> actions;
    actions.reserve(log.size());
    for (const auto& e : log) actions.push_back(e.action + " " + e.target);
    CHECK(actions == std::vector<std::string>{"revoke Mara", "mute Bob", "unban Bob", "unmute Bob",
                                              "ban Bob", "mute Bob", "grant Mara"});
    CHECK(log.back().role == "moderator");
    CHECK(log.back().actor == "Mara");
    CHECK(log.back().reason == "why not");
    CHECK(log.back().at_ms == 2000);
    CHECK(log[1].until_ms == forever_ms);
    CHECK(log[5].until_ms == 9000);
    CHECK(log[4].until_ms == 0);
    CHECK(log.front().id > log.back().id);
    CHECK(s->audit_log(2).size() == 2);

    const auto after = s->standings();
    REQUIRE(after->size() == 1);
    CHECK(after->front().account == "Bob");
    CHECK(after->front().muted_until_ms == forever_ms);
    CHECK_FALSE(after->front().banned);

    // Off the leaderboards and back; the rating itself is untouched.
    write_batch game;
    game.new_game = a_game("g1");
    game.finished = write_batch::finish{
        "g1", 9000, "{}",
        quadra::server::rated_game{
            "kvadratura.blitz", quadra::server::rating_system::glicko2, {{1, 1}, {2, 0}}}};
    REQUIRE(write(*s, std::move(game)));
    CHECK(leaders(*s, "kvadratura.blitz") == std::vector<std::string>{"Bob", "Mara"});
    CHECK(write(*s, an_action(kind::unlist, 2, "Bob", 9100)));
    CHECK_FALSE(write(*s, an_action(kind::unlist, 2, "Bob", 9200)));
    CHECK(leaders(*s, "kvadratura.blitz") == std::vector<std::string>{"Mara"});
    CHECK(s->ratings_of(2).size() == 1);
    CHECK(s->standings()->front().unlisted);
    CHECK(write(*s, an_action(kind::relist, 2, "Bob", 9300)));
    CHECK_FALSE(write(*s, an_action(kind::relist, 2, "Bob", 9400)));
    CHECK(leaders(*s, "kvadratura.blitz") == std::vector<std::string>{"Bob", "Mara"});
    CHECK(s->audit_log(2).front().action == "relist");
    CHECK(s->audit_count() == 9);
}

// Ann reports Bob twice; a moderator acts on one and dismisses the other, each once.
template <class Place>
void reports_are_kept_and_resolved_once(const Place& where) {
    auto s = where.open();
    an_account(*s, 1, "Mara", std::string(64, '0'));
    an_account(*s, 2, "Bob", std::string(64, '1'));
    an_account(*s, 3, "Ann", std::string(64, '2'));
    auto report_of = [](std::int64_t at, std::string about, std::string quoted) {
        quadra::server::report_row r;
        r.at_ms = at;
        r.reporter = 3;
        r.reporter_name = "Ann";
        r.about = std::move(about);
        r.target = 2;
        r.target_name = "Bob";
        r.game_id = "g1";
        r.room = "ROOMg1";
        r.quoted = std::move(quoted);
        r.reason = "abuse";
        r.words = "rude";
        return r;
    };
    write_batch game;
    game.new_game = a_game("g1");
    REQUIRE(write(*s, std::move(game)));
    for (auto r : {report_of(1000, "chat", "buy gold"), report_of(2000, "player", "")}) {
        write_batch batch;
        batch.report = std::move(r);
        REQUIRE(write(*s, std::move(batch)));
    }
    CHECK(s->reports_since(3, 999) == 2);
    CHECK(s->reports_since(3, 1000) == 1);
    CHECK(s->reports_since(2, 0) == 0);
    const auto open = s->open_reports(10);
    REQUIRE(open.size() == 2);
    CHECK(open[0].about == "chat");  // oldest first
    CHECK(open[0].quoted == "buy gold");
    CHECK(open[0].room == "ROOMg1");
    CHECK_FALSE(open[0].handled_ms.has_value());
    const auto chat_report = open[0].id;
    const auto player_report = open[1].id;

    auto resolve = [&](kind what, std::int64_t report, std::int64_t at) {
        write_batch batch;
        batch.moderation =
            moderation_write{what, 1, "Mara", 2, "Bob", {}, 0, "handled", at, report};
        return write(*s, std::move(batch));
    };
    CHECK(resolve(kind::report_acted, chat_report, 3000));
    CHECK_FALSE(resolve(kind::report_dismissed, chat_report, 3100));  // handled already
    CHECK_FALSE(resolve(kind::report_dismissed, 999, 3200));          // no such report
    CHECK(resolve(kind::report_dismissed, player_report, 3300));
    CHECK(s->open_reports(10).empty());
    const auto handled = s->find_report(chat_report);
    REQUIRE(handled.has_value());
    CHECK(handled->handled_ms == 3000);
    CHECK(handled->handled_by == "Mara");
    CHECK(handled->outcome == "acted");
    CHECK(handled->note == "handled");
    const auto mine = s->reports_by(3, 10);
    REQUIRE(mine.size() == 2);
    CHECK(mine[0].id == player_report);  // newest first
    CHECK(mine[0].outcome == "dismissed");
    CHECK(s->audit_count() == 2);
    CHECK(s->audit_log(1).front().action == "report_dismissed");
}

}  // namespace

TEST_CASE("moderation: reports are kept, and each is resolved once (sqlite)") {
    reports_are_kept_and_resolved_once(sqlite_place{});
}

TEST_CASE("moderation: reports are kept, and each is resolved once (postgres)") {
    reports_are_kept_and_resolved_once(postgres_place{});
}

TEST_CASE("moderation: each action is stored with one audit row, or refused with none (sqlite)") {
    moderation_is_stored_and_logged(sqlite_place{});
}

TEST_CASE("moderation: each action is stored with one audit row, or refused with none (postgres)") {
    moderation_is_stored_and_logged(postgres_place{});
}
