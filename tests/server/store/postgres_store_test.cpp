// The PostgreSQL store on a throw-away cluster, what only a shared store does: the schema refuses
// a newer version, journal writes are fenced by the room's owner and epoch, claims have one
// winner, leases run on the database's clock, the lobby lists live nodes' rooms, and the store
// reconnects after the database restarts.

#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <latch>
#include <thread>

#include "tests/server/support/store_fixture.hpp"

using namespace quadra::server;
using namespace quadra::testing;
using namespace std::chrono_literals;

namespace {

constexpr auto long_lease = 60s;

// A new game whose room `owner` owns, with its first event.
void create_room(store& s, const std::string& id, const room_owner& owner) {
    write_batch b;
    b.new_game = a_game(id);
    b.events = {an_event(id, 0, "seated")};
    b.owner = owner;
    REQUIRE(outcome_of(s, std::move(b)) == write_outcome::committed);
}

write_batch events_of_owner(const std::string& id, std::int64_t seq, const room_owner& owner) {
    write_batch b;
    b.events = {an_event(id, seq)};
    b.owner = owner;
    return b;
}

bool is_live(const room_directory& directory, const std::string& node) {
    for (const auto& entry : directory.nodes())
        if (entry.id == node) return entry.live;
    return false;
}

}  // namespace

TEST_CASE("postgres: a database from a newer schema is refused and left alone") {
    const auto url = shared_postgres().fresh_database();
    open_postgres(url).reset();  // creates the schema
    shared_postgres().sql(url, "INSERT INTO schema_version (version) VALUES (99)");
    const auto opened = postgres_store::open(url);
    REQUIRE_FALSE(opened);
    CHECK(opened.error().describe().find("schema version 99, newer than this server's (" +
                                         std::to_string(postgres_schema_version) + ")") !=
          std::string::npos);
    CHECK(shared_postgres().sql(url, "SELECT max(version) FROM schema_version") == "99");
    CHECK(shared_postgres().sql(url, "SELECT count(*) FROM games") == "0");
}

TEST_CASE("postgres: open_store refuses an empty database_url and an unreachable server") {
    const auto empty = open_store({"postgres", "", ""});
    REQUIRE_FALSE(empty);
    CHECK(empty.error().describe().find("database_url") != std::string::npos);
    const auto unreachable = open_store({"postgres", "", "postgresql://postgres@127.0.0.1:1/x"});
    REQUIRE_FALSE(unreachable);
    CHECK(unreachable.error().describe().find("cannot connect") != std::string::npos);
    const auto opened = open_store({"postgres", "", shared_postgres().fresh_database()});
    REQUIRE(opened);
    CHECK(opened.value()->backend() == "postgres");
    CHECK(opened.value()->directory() != nullptr);
    CHECK(opened.value()->healthy());
}

TEST_CASE("postgres: writes of a node that lost the room are fenced and write nothing") {
    auto s = open_postgres(shared_postgres().fresh_database());
    auto& directory = *s->directory();
    REQUIRE(directory.renew_lease("a", "http://a", long_lease));
    REQUIRE(directory.renew_lease("b", "http://b", long_lease));
    create_room(*s, "g", {"a", 1});

    auto wrong_node = events_of_owner("g", 1, {"b", 1});
    wrong_node.identity = identity_row{5, std::string(64, 'e'), "Eve", 1, {}};
    CHECK(outcome_of(*s, wrong_node) == write_outcome::fenced);
    CHECK_FALSE(s->find_identity(std::int64_t{5}).has_value());

    REQUIRE(directory.claim("g", "a") == 2);  // a takes its own room again: epoch 2
    CHECK(outcome_of(*s, events_of_owner("g", 1, {"a", 1})) == write_outcome::fenced);
    CHECK(s->events_of("g").size() == 1);

    // The right owner with a gap or a repeat in the sequence fails, but is not fenced.
    CHECK(outcome_of(*s, events_of_owner("g", 5, {"a", 2})) == write_outcome::failed);
    CHECK(outcome_of(*s, events_of_owner("g", 0, {"a", 2})) == write_outcome::failed);
    CHECK(outcome_of(*s, events_of_owner("g", 1, {"a", 2})) == write_outcome::committed);
    CHECK(s->events_of("g").size() == 2);
    CHECK(directory.locate("ROOMg").value()->epoch == 2);

    // Queued together, the fenced batch fails alone and the others commit.
    std::promise<write_outcome> first, fenced, last;
    s->submit(events_of_owner("g", 2, {"a", 2}), [&](write_outcome o) { first.set_value(o); });
    s->submit(events_of_owner("g", 3, {"b", 2}), [&](write_outcome o) { fenced.set_value(o); });
    s->submit(events_of_owner("g", 3, {"a", 2}), [&](write_outcome o) { last.set_value(o); });
    CHECK(first.get_future().get() == write_outcome::committed);
    CHECK(fenced.get_future().get() == write_outcome::fenced);
    CHECK(last.get_future().get() == write_outcome::committed);
    CHECK(s->events_of("g").size() == 4);

    write_batch finish_by_b = events_of_owner("g", 4, {"b", 2});
    finish_by_b.events.clear();
    finish_by_b.finished = write_batch::finish{"g", 9000, "{}", {}};
    CHECK(outcome_of(*s, finish_by_b) == write_outcome::fenced);
    CHECK_FALSE(s->find_game("g")->finished_ms.has_value());
}

namespace {

// What `batches` come to, submitted at once while the writer waits for the rooms table.
std::vector<write_outcome> written_together(store& s, const std::string& url,
                                            std::vector<write_batch> batches) {
    std::vector<std::promise<write_outcome>> outcomes(batches.size() + 1);
    {
        // The rooms table held: the writer stops at its first room write, and what is
        // submitted meanwhile is written in one transaction.
        const held_lock rooms_held(url, "LOCK TABLE rooms IN EXCLUSIVE MODE", 0.5);
        static int calls = 0;
        write_batch first;  // stops the writer until the table is let go
        first.new_game = a_game("first" + std::to_string(++calls));
        first.owner = room_owner{"a", 1};
        s.submit(std::move(first), [&](write_outcome o) { outcomes[0].set_value(o); });
        std::this_thread::sleep_for(50ms);
        for (std::size_t i = 0; i < batches.size(); ++i)
            s.submit(std::move(batches[i]),
                     [&outcomes, i](write_outcome o) { outcomes[i + 1].set_value(o); });
    }
    std::vector<write_outcome> got;
    got.reserve(outcomes.size());
    for (auto& o : outcomes) got.push_back(o.get_future().get());
    CHECK(got.front() == write_outcome::committed);
    got.erase(got.begin());
    return got;
}

}  // namespace

TEST_CASE(
    "postgres: batches written together keep each room's sequence, text and head, and a fenced "
    "one makes them fall back to one by one") {
    const auto url = shared_postgres().fresh_database();
    auto s = open_postgres(url);
    REQUIRE(s->directory()->renew_lease("a", "http://a", long_lease));
    const room_owner a{"a", 1};
    create_room(*s, "g1", a);
    create_room(*s, "g2", a);

    // Two rooms, one of them in two batches, a new game with its first events, a finish, an
    // identity, and text that needs quoting in an array.
    auto g1_more = events_of_owner("g1", 2, a);
    g1_more.events.push_back(an_event("g1", 3, R"(say "hi" \ {back}, 'quoted')"));
    g1_more.identity = identity_row{5, std::string(64, 'e'), "Eve", 1, {}};
    write_batch g3;
    g3.new_game = a_game("g3");
    g3.events = {an_event("g3", 0, "seated"), an_event("g3", 1)};
    g3.owner = a;
    auto g2_done = events_of_owner("g2", 1, a);
    g2_done.finished = write_batch::finish{"g2", 9000, R"({"winners":[0]})", {}};
    g1_more.turn = write_batch::turn_change{"g1", 5, 12000};  // "your turn" (#29) too
    auto outcomes = written_together(*s, url, {events_of_owner("g1", 1, a), g1_more, g3, g2_done});
    CHECK(outcomes == std::vector(4, write_outcome::committed));
    const auto g1 = s->events_of("g1");
    REQUIRE(g1.size() == 4);
    CHECK(g1[3].text == R"(say "hi" \ {back}, 'quoted')");
    CHECK(g1[3].seq == 3);
    CHECK(s->events_of("g3").size() == 2);
    // One transaction (one xmin), and in it one statement (one cmin) inserted every event.
    CHECK(shared_postgres().sql(url,
                                "SELECT count(DISTINCT xmin::text) || ' ' || "
                                "count(DISTINCT cmin::text) || ' ' || count(*) FROM events "
                                "WHERE game_id = 'g3' OR seq > 0") == "1 1 6");
    CHECK(s->find_game("g2")->finished_ms == 9000);
    CHECK(s->find_identity(std::int64_t{5})->name == "Eve");
    REQUIRE(s->turns_of(5).size() == 1);
    CHECK(s->turns_of(5)[0].deadline_ms == 12000);
    CHECK(shared_postgres().sql(url,
                                "SELECT string_agg(game_id || '=' || head_seq, ' ' "
                                "ORDER BY game_id) FROM rooms") == "first1=-1 g1=3 g2=1 g3=1");

    // A batch of a node that lost the room, then one with a gap: the room's head does not move,
    // so the batches are written one by one, and only that one fails (fenced, then failed).
    CHECK(written_together(*s, url,
                           {events_of_owner("g1", 4, a), events_of_owner("g3", 2, {"b", 1})}) ==
          std::vector{write_outcome::committed, write_outcome::fenced});
    CHECK(written_together(*s, url, {events_of_owner("g3", 2, a), events_of_owner("g1", 9, a)}) ==
          std::vector{write_outcome::committed, write_outcome::failed});
    CHECK(s->events_of("g1").size() == 5);
    CHECK(s->events_of("g3").size() == 3);
    CHECK(shared_postgres().sql(url,
                                "SELECT string_agg(game_id || '=' || head_seq, ' ' "
                                "ORDER BY game_id) FROM rooms WHERE game_id LIKE 'g%'") ==
          "g1=4 g2=1 g3=2");
}

TEST_CASE("postgres: a room of a live node is not claimable, of an expired node it is") {
    auto s = open_postgres(shared_postgres().fresh_database());
    auto& directory = *s->directory();
    REQUIRE(directory.renew_lease("a", "http://a", long_lease));
    REQUIRE(directory.renew_lease("b", "http://b", long_lease));
    REQUIRE(directory.renew_lease("dead", "http://dead", 1ms));
    create_room(*s, "live", {"a", 1});
    create_room(*s, "orphan", {"dead", 1});
    std::this_thread::sleep_for(50ms);

    CHECK(directory.orphans() == std::vector<std::string>{"orphan"});
    CHECK_FALSE(directory.claim("live", "b").has_value());
    CHECK_FALSE(directory.claim("nope", "b").has_value());
    CHECK(directory.claim("orphan", "b") == 2);
    CHECK(directory.orphans().empty());
    CHECK(directory.claim("live", "a") == 2);  // its own room: the next epoch
    CHECK(directory.owned_by("b") == std::vector<std::string>{"orphan"});

    const auto located = directory.locate("ROOMorphan");
    REQUIRE(located);
    const auto& where = located.value();
    REQUIRE(where.has_value());
    CHECK(where->game_id == "orphan");
    CHECK(where->owner == "b");
    CHECK(where->owner_url == "http://b");
    CHECK(where->owner_live);
    CHECK(where->epoch == 2);
    CHECK_FALSE(where->finished);
    CHECK_FALSE(directory.locate("NOPE").value().has_value());

    // Only the owner in its epoch may release or remove a room.
    CHECK_FALSE(directory.release("orphan", {"b", 1}));
    CHECK_FALSE(directory.release("orphan", {"a", 2}));
    CHECK(directory.release("orphan", {"b", 2}));
    CHECK(directory.locate("ROOMorphan").value()->owner.empty());
    CHECK(directory.orphans() == std::vector<std::string>{"orphan"});
    CHECK_FALSE(directory.remove("live", {"a", 1}));
    CHECK(directory.remove("live", {"a", 2}));
    CHECK_FALSE(directory.locate("ROOMlive").value().has_value());
    CHECK(s->find_game("live").has_value());  // the game stays in the store
}

TEST_CASE("postgres: two nodes racing 100 times to claim an orphaned room have one winner") {
    const auto url = shared_postgres().fresh_database();
    auto a = open_postgres(url);
    auto b = open_postgres(url);
    REQUIRE(a->renew_lease("a", "http://a", long_lease));
    REQUIRE(b->renew_lease("b", "http://b", long_lease));
    for (int i = 0; i < 100; ++i) {
        write_batch room;
        room.new_game = a_game("g" + std::to_string(i));
        room.owner = room_owner{"gone", 1};  // never registered: not live
        a->submit(std::move(room), {});
    }
    a->drain();
    REQUIRE(a->orphans().size() == 100);
    for (int i = 0; i < 100; ++i) {
        const std::string game = "g" + std::to_string(i);
        std::optional<std::int64_t> won_by_a, won_by_b;
        std::latch start(2);
        std::thread racer([&] {
            start.arrive_and_wait();
            won_by_b = b->claim(game, "b");
        });
        start.arrive_and_wait();
        won_by_a = a->claim(game, "a");
        racer.join();
        CHECK_MESSAGE(won_by_a.has_value() != won_by_b.has_value(), "race " << i);
        CHECK(won_by_a.value_or(0) + won_by_b.value_or(0) == 2);
        CHECK(a->locate("ROOM" + game).value()->owner == (won_by_a ? "a" : "b"));
    }
    CHECK(a->orphans().empty());
}

TEST_CASE("postgres: a lease runs on the database clock and expires") {
    auto s = open_postgres(shared_postgres().fresh_database());
    REQUIRE(s->renew_lease("n", "http://n", 300ms));
    CHECK(is_live(*s, "n"));
    create_room(*s, "g", {"n", 1});
    CHECK(s->orphans().empty());
    std::this_thread::sleep_for(500ms);
    CHECK_FALSE(is_live(*s, "n"));
    CHECK(s->orphans() == std::vector<std::string>{"g"});
    REQUIRE(s->renew_lease("n", "http://n2", long_lease));
    CHECK(is_live(*s, "n"));
    CHECK(s->nodes().front().public_url == "http://n2");

    REQUIRE(s->retire("n"));
    CHECK_FALSE(is_live(*s, "n"));
    CHECK(s->owned_by("n").empty());
    CHECK(outcome_of(*s, events_of_owner("g", 1, {"n", 1})) == write_outcome::fenced);
}

TEST_CASE(
    "postgres: listings are the summaries of live nodes' rooms but the asking node's, and a "
    "listing skips a room being written") {
    const auto url = shared_postgres().fresh_database();
    auto s = open_postgres(url);
    REQUIRE(s->renew_lease("a", "http://a", long_lease));
    REQUIRE(s->renew_lease("b", "http://b", long_lease));
    REQUIRE(s->renew_lease("c", "http://c", 200ms));
    create_room(*s, "a1", {"a", 1});
    create_room(*s, "b1", {"b", 1});
    create_room(*s, "b2", {"b", 1});
    create_room(*s, "c1", {"c", 1});
    // One call for all: each entry is set if its owner owns the room (b2 is not a's).
    CHECK(s->list({{"a1", {"a", 1}, R"({"room":"a1"})"},
                   {"b1", {"b", 1}, R"({"room":"b1"})"},
                   {"b2", {"a", 1}, R"({"room":"b2"})"},
                   {"c1", {"c", 1}, R"({"room":"c1", "quote":"\"\\"})"}}) ==
          std::vector<std::string>{"a1", "b1", "c1"});
    CHECK(s->listings("a") ==
          std::vector<std::string>{R"({"room":"b1"})", R"({"room":"c1", "quote":"\"\\"})"});
    std::this_thread::sleep_for(300ms);  // c's lease expires
    CHECK(s->listings("a") == std::vector<std::string>{R"({"room":"b1"})"});
    CHECK(s->listings("b") == std::vector<std::string>{R"({"room":"a1"})"});
    CHECK(s->listings("") == std::vector<std::string>{R"({"room":"a1"})", R"({"room":"b1"})"});
    CHECK(s->list({{"b1", {"b", 1}, ""}}) == std::vector<std::string>{"b1"});  // not listed now
    CHECK(s->listings("a").empty());

    // A row another transaction holds (a journal write) is skipped at once, not waited for.
    std::optional<held_lock> b1_held(std::in_place, url,
                                     "SELECT 1 FROM rooms WHERE game_id = 'b1' FOR UPDATE", 1);
    const auto began = std::chrono::steady_clock::now();
    CHECK(s->list({{"a1", {"a", 1}, R"({"room":"a1","seats":2})"},
                   {"b1", {"b", 1}, R"({"room":"b1","seats":2})"}}) ==
          std::vector<std::string>{"a1"});
    CHECK(std::chrono::steady_clock::now() - began < 500ms);
    b1_held.reset();
    CHECK(s->listings("b") == std::vector<std::string>{R"({"room":"a1","seats":2})"});

    // Unlisting: only by the owner.
    CHECK_FALSE(s->unlist("a1", {"b", 1}));
    CHECK(s->unlist("a1", {"a", 1}));
    CHECK(s->listings("b").empty());
}

TEST_CASE("postgres: after an immediate restart the committed write is there and the store works") {
    auto s = open_postgres(shared_postgres().fresh_database());
    REQUIRE(s->renew_lease("a", "http://a", long_lease));
    create_room(*s, "g", {"a", 1});
    shared_postgres().restart_immediate();

    CHECK(s->events_of("g").size() == 1);  // the reader reconnects
    CHECK(s->healthy());
    CHECK(outcome_of(*s, events_of_owner("g", 1, {"a", 1})) == write_outcome::committed);
    CHECK(s->events_of("g").size() == 2);
    CHECK(s->renew_lease("a", "http://a", long_lease));
}

TEST_CASE("postgres: while the database is down writes fail and health fails, then both recover") {
    auto s = open_postgres(shared_postgres().fresh_database());
    REQUIRE(s->renew_lease("a", "http://a", long_lease));
    create_room(*s, "g", {"a", 1});
    shared_postgres().stop();
    CHECK(outcome_of(*s, events_of_owner("g", 1, {"a", 1})) == write_outcome::failed);
    CHECK_FALSE(s->healthy());
    CHECK_FALSE(s->renew_lease("a", "http://a", long_lease));
    CHECK_FALSE(s->locate("ROOMg"));  // not "no such room": the directory cannot be asked
    shared_postgres().start();
    CHECK(s->locate("ROOMg").value().has_value());
    CHECK(s->healthy());
    CHECK(outcome_of(*s, events_of_owner("g", 1, {"a", 1})) == write_outcome::committed);
    CHECK(s->events_of("g").size() == 2);
}
