// Moderation on one node over real WebSockets (#31): the operator grants a role with
// `quadra admin` while the server runs; a moderator mutes, unmutes and bans; every refusal
// (not_allowed, no_such_account, no_change, bad_field) changes nothing and logs nothing; a mute
// holds across a restart; a ban signs the account out and refuses its sign-in until lifted.
// Reports: only of what exists and not of oneself, rate-limited, each handled once. Address
// blocks refuse newcomers; a hidden chat line is gone for everyone, also after a restart.

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/server/support/account_client.hpp"
#include "tests/server/support/moderator.hpp"
#include "tests/server/support/server_fixture.hpp"
#include "tests/server/support/server_process.hpp"

using namespace quadra::testing;
using nlohmann::json;

namespace {

json moderate(ws_client& mod, const std::string& action, const std::string& name,
              std::optional<int> minutes = std::nullopt, const std::string& reason = "spam") {
    json request = {{"type", "moderate"}, {"action", action}, {"name", name}, {"reason", reason}};
    if (minutes) request["minutes"] = *minutes;
    mod.send(request);
    for (;;) {  // past the snapshots of the rooms the moderator plays in
        auto message = mod.receive();
        if (message["type"] == "moderated" || message["type"] == "error") return message;
    }
}

std::size_t log_size(ws_client& mod) {
    mod.send({{"type", "moderation"}});
    return mod.receive("moderation")["log"].size();
}

}  // namespace

TEST_CASE("moderation: roles from the command line, then mutes and bans on the wire (sqlite)") {
    scratch_dir data("moderation");
    std::string mara_token;
    std::string bob_token;
    std::string bobs_game;  // the room Bob plays in when the server crashes
    {
        server_process server(data.string());
        ws_client mara(server.port());
        mara_token = registered(mara, "Mara");
        ws_client bob(server.port());
        bob_token = registered(bob, "Bob");

        // Nobody holds a role yet: the wire cannot moderate, nor read the log.
        CHECK(moderate(bob, "ban", "Mara")["code"] == "not_allowed");
        bob.send({{"type", "moderation"}});
        CHECK(bob.receive()["code"] == "not_allowed");

        const auto granted = admin(data, "grant Mara moderator");
        REQUIRE_MESSAGE(granted.status == 0, granted.out);
        CHECK(granted.out == "grant Mara: done\n");
        CHECK(admin(data, "grant Mara moderator").status == 1);  // nothing to change
        CHECK(admin(data, "grant Nobody moderator").status == 1);
        CHECK(admin(data, "ban Bob").status == 2);  // no reason
        CHECK(welcome_with_role(server.port(), mara_token, "moderator")["role"] == "moderator");
        mara.send({{"type", "hello"}, {"token", mara_token}});
        answer(mara, "welcome");

        // Refusals change nothing and log nothing.
        CHECK(log_size(mara) == 1);
        CHECK(moderate(mara, "ban", "Nobody")["code"] == "no_such_account");
        CHECK(moderate(mara, "mute", "Mara")["code"] == "not_allowed");  // an equal role
        CHECK(moderate(mara, "unmute", "Bob")["code"] == "no_change");
        CHECK(moderate(mara, "unban", "Bob")["code"] == "no_change");
        CHECK(moderate(mara, "ban", "Bob", 5)["code"] == "bad_field");  // minutes only for mute
        CHECK(moderate(mara, "mute", "Bob", std::nullopt, "  ")["code"] == "bad_field");
        CHECK(moderate(mara, "grant", "Bob")["code"] == "bad_field");  // no role on the wire
        CHECK(log_size(mara) == 1);

        // A mute: Bob's chat is refused with the time left, and nobody sees it.
        const auto muted = moderate(mara, "mute", "Bob", 60);
        CHECK(muted["type"] == "moderated");
        CHECK(muted["name"] == "Bob");
        const auto code = create_room(bob, "kvadratura", json::object());
        bobs_game = code;
        mara.send({{"type", "join_room"}, {"room", code}});
        mara.receive("snapshot");
        bob.send({{"type", "chat"}, {"room", code}, {"text", "buy gold"}});
        const auto refused = bob.receive("error");
        CHECK(refused["code"] == "muted");
        CHECK(refused["retry_after"].get<int>() > 3500);
        CHECK(refused["retry_after"].get<int>() <= 3600);
        mara.send({{"type", "ping"}});
        CHECK(mara.receive()["type"] == "pong");  // no chat line came before
        server.kill_hard();
    }
    {
        // The mute holds across a restart (after a crash, even).
        server_process server(data.string());
        ws_client bob(server.port());
        bob.send({{"type", "hello"}, {"token", bob_token}});
        answer(bob, "welcome");
        // His seat comes back first: its joined and snapshot would otherwise interleave with the
        // new room's.
        CHECK(next_message(bob)["room"] == bobs_game);
        CHECK(next_message(bob)["type"] == "snapshot");
        const auto code = create_room(bob, "kvadratura", json::object());
        bob.send({{"type", "chat"}, {"room", code}, {"text", "still here"}});
        CHECK(bob.receive("error")["code"] == "muted");

        ws_client mara(server.port());
        mara.send({{"type", "hello"}, {"token", mara_token}});
        CHECK(answer(mara, "welcome")["role"] == "moderator");
        CHECK(moderate(mara, "unmute", "Bob")["type"] == "moderated");
        bob.send({{"type", "chat"}, {"room", code}, {"text", "sorry"}});
        CHECK(bob.receive("chat")["text"] == "sorry");

        // A ban: Bob is signed out at once, and only the right password learns why it fails.
        CHECK(moderate(mara, "ban", "Bob")["type"] == "moderated");
        const auto out = bob.receive("signed_out");
        CHECK(out["reason"] == "banned");
        ws_client again(server.port());
        again.send({{"type", "sign_in"}, {"name", "Bob"}, {"password", "wrong password here"}});
        CHECK(again.receive("error")["code"] == "bad_credentials");
        again.send({{"type", "sign_in"}, {"name", "Bob"}, {"password", account_password}});
        CHECK(again.receive("error")["code"] == "banned");
        CHECK(moderate(mara, "ban", "Bob")["code"] == "no_change");

        mara.send({{"type", "moderation"}});
        const auto view = mara.receive("moderation");
        REQUIRE(view["accounts"].size() == 2);
        CHECK(view["accounts"][0] == json{{"name", "Bob"}, {"banned", true}});
        CHECK(view["accounts"][1] == json{{"name", "Mara"}, {"role", "moderator"}});
        // Each action exactly once, newest first.
        std::vector<std::string> actions;
        for (const auto& e : view["log"])
            actions.push_back(e["action"].get<std::string>() + " " + e["name"].get<std::string>());
        CHECK(actions ==
              std::vector<std::string>{"ban Bob", "unmute Bob", "mute Bob", "grant Mara"});
        CHECK(view["log"][0]["by"] == "Mara");
        CHECK(view["log"][0]["reason"] == "spam");
        CHECK(view["log"][3]["by"].is_null());  // the operator
        CHECK(view["log"][2].contains("until"));

        // Lifted at the command line while the server runs: Bob signs in again.
        REQUIRE(admin(data, "unban Bob --reason 'appeal granted'").status == 0);
        const auto log = admin(data, "log --limit 1");
        CHECK(log.out.find("(operator)  unban Bob  \"appeal granted\"") != std::string::npos);
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        json answered;
        do {
            again.send({{"type", "sign_in"}, {"name", "Bob"}, {"password", account_password}});
            answered = again.receive();
        } while (answered["type"] == "error" && answered["code"] == "banned" &&
                 std::chrono::steady_clock::now() < until);
        CHECK(answered["type"] == "welcome");
    }
}

TEST_CASE("reports: a player reports a chat line or an account; a moderator handles each once") {
    scratch_dir data("reports");
    server_process server(data.string(), {"--reports-per-hour", "2"});
    ws_client mara(server.port());
    const auto mara_token = registered(mara, "Mara");
    ws_client ann(server.port());
    registered(ann, "Ann");
    ws_client bob(server.port());
    registered(bob, "Bob");
    REQUIRE(admin(data, "grant Mara moderator").status == 0);
    welcome_with_role(server.port(), mara_token, "moderator");
    mara.send({{"type", "hello"}, {"token", mara_token}});
    answer(mara, "welcome");

    const auto code = create_room(bob, "kvadratura", json::object());
    join_room(ann, code);
    bob.send({{"type", "chat"}, {"room", code}, {"text", "buy gold"}});
    const auto line = ann.receive("chat");
    const std::int64_t at = line["at"];
    auto report = [](ws_client& from, json fields) {
        fields["type"] = "report";
        if (!fields.contains("reason")) fields["reason"] = "abuse";
        from.send(fields);
        return next_reply(from);
    };

    // Refusals store nothing.
    ws_client zed(server.port());
    zed.send({{"type", "hello"}, {"name", "Zed"}});
    answer(zed, "welcome");
    CHECK(report(zed, {{"about", "player"}, {"name", "Bob"}})["code"] == "account_required");
    CHECK(report(ann, {{"about", "chat"}, {"room", code}, {"at", at - 60000}})["code"] ==
          "no_such_line");
    CHECK(report(ann, {{"about", "game"}, {"room", "ZZZZZZ"}})["code"] == "no_such_room");
    CHECK(report(ann, {{"about", "player"}, {"name", "Nobody"}})["code"] == "no_such_account");
    CHECK(report(ann, {{"about", "player"}, {"name", "ann"}})["code"] == "not_allowed");
    CHECK(report(bob, {{"about", "chat"}, {"room", code}, {"at", at}})["code"] == "not_allowed");
    ann.send({{"type", "my_reports"}});
    CHECK(next_reply(ann)["reports"] == json::array());

    const auto reported =
        report(ann, {{"about", "chat"}, {"room", code}, {"at", at}, {"words", "spam bot"}});
    REQUIRE(reported["type"] == "reported");
    const std::int64_t chat_report = reported["report"];
    const std::int64_t player_report =
        report(ann, {{"about", "player"}, {"name", "Bob"}})["report"];
    const auto third = report(ann, {{"about", "game"}, {"room", code}});
    CHECK(third["code"] == "rate_limited");
    CHECK(third["retry_after"].get<int>() > 3500);
    CHECK(third["retry_after"].get<int>() <= 3600);

    ann.send({{"type", "my_reports"}});
    const auto mine = next_reply(ann)["reports"];
    REQUIRE(mine.size() == 2);
    CHECK(mine[1] == json{{"id", chat_report},
                          {"at", mine[1]["at"]},
                          {"about", "chat"},
                          {"name", "Bob"},
                          {"room", code},
                          {"quoted", "buy gold"},
                          {"reason", "abuse"},
                          {"words", "spam bot"},
                          {"status", "open"}});

    mara.send({{"type", "moderation"}});
    const auto queue = mara.receive("moderation")["reports"];
    REQUIRE(queue.size() == 2);
    CHECK(queue[0]["id"] == chat_report);
    CHECK(queue[0]["by"] == "Ann");
    auto resolve = [](ws_client& from, const json& id, const char* outcome) {
        from.send({{"type", "resolve_report"},
                   {"report", id},
                   {"outcome", outcome},
                   {"reason", "looked at it"}});
        return next_reply(from);
    };
    CHECK(resolve(bob, chat_report, "acted")["code"] == "not_allowed");
    CHECK(resolve(mara, 999999, "acted")["code"] == "no_such_report");
    CHECK(resolve(mara, chat_report, "acted") ==
          json{{"type", "report_resolved"}, {"report", chat_report}, {"outcome", "acted"}});
    CHECK(resolve(mara, chat_report, "dismissed")["code"] == "no_change");
    CHECK(resolve(mara, player_report, "dismissed")["outcome"] == "dismissed");

    ann.send({{"type", "my_reports"}});
    const auto handled = next_reply(ann)["reports"];
    CHECK(handled[0]["status"] == "dismissed");
    CHECK(handled[1]["status"] == "acted");
    CHECK(handled[1].contains("handled_at"));
    mara.send({{"type", "moderation"}});
    const auto after = mara.receive("moderation");
    CHECK(after["reports"] == json::array());
    CHECK(after["log"][0]["action"] == "report_dismissed");
    CHECK(after["log"][1]["action"] == "report_acted");
    CHECK(after["log"][1]["name"] == "Bob");
    CHECK(after["log"].size() == 3);  // and the grant
}

TEST_CASE("address blocks: new guests or accounts refused from a range, lifted, and logged") {
    scratch_dir data("blocks");
    server_process server(data.string());
    ws_client mara(server.port());
    const auto mara_token = registered(mara, "Mara");
    ws_client ann(server.port());
    ann.send({{"type", "hello"}, {"name", "Ann"}});
    const auto ann_token = answer(ann, "welcome")["token"].get<std::string>();
    REQUIRE(admin(data, "grant Mara moderator").status == 0);
    welcome_with_role(server.port(), mara_token, "moderator");
    mara.send({{"type", "hello"}, {"token", mara_token}});
    answer(mara, "welcome");
    auto block = [](ws_client& from, const json& fields) {
        json request = fields;
        request["reason"] = "raid";
        from.send(request);
        return next_reply(from);
    };

    CHECK(block(ann, {{"type", "block_address"},
                      {"address", "127.0.0.0/8"},
                      {"refuse", "guests"}})["code"] == "not_allowed");
    CHECK(block(mara, {{"type", "block_address"},
                       {"address", "127.0.0.1/8"},
                       {"refuse", "guests"}})["code"] == "bad_field");  // host bits set
    CHECK(block(mara, {{"type", "unblock_address"}, {"address", "127.0.0.0/8"}})["code"] ==
          "no_change");
    CHECK(block(mara, {{"type", "block_address"},
                       {"address", "127.0.0.0/8"},
                       {"refuse", "guests"},
                       {"minutes", 60}}) ==
          json{{"type", "moderated"}, {"action", "block"}, {"name", "127.0.0.0/8"}});

    // A new guest from there is refused; a known token still comes back, and registers.
    ws_client newcomer(server.port());
    newcomer.send({{"type", "hello"}, {"name", "Zed"}});
    CHECK(newcomer.receive()["code"] == "address_refused");
    ws_client back(server.port());
    back.send({{"type", "hello"}, {"token", ann_token}});
    answer(back, "welcome");
    back.send({{"type", "register"}, {"name", "Ann"}, {"password", account_password}});
    CHECK(answer(back, "welcome")["account"] == "Ann");

    // Accounts refused too, for good; the block replaces the first one.
    CHECK(block(mara, {{"type", "block_address"},
                       {"address", "127.0.0.0/8"},
                       {"refuse", "both"}})["type"] == "moderated");
    mara.send({{"type", "moderation"}});
    const auto view = mara.receive("moderation");
    CHECK(view["blocks"] ==
          json::array({{{"address", "127.0.0.0/8"}, {"refuses", "both"}, {"for_good", true}}}));
    CHECK(view["log"][0]["refuses"] == "both");
    CHECK(view["log"][0]["for_good"] == true);
    CHECK(view["log"][1]["until"].is_number());

    CHECK(block(mara, {{"type", "unblock_address"}, {"address", "127.0.0.0/8"}})["type"] ==
          "moderated");
    ws_client welcome_again(server.port());
    welcome_again.send({{"type", "hello"}, {"name", "Zed"}});
    CHECK(answer(welcome_again, "welcome")["account"].is_null());

    // The command line blocks while the server runs, and lists it.
    REQUIRE(admin(data, "block 127.0.0.1 guests --minutes 5 --reason flood").status == 0);
    CHECK(admin(data, "roles").out.find("127.0.0.1 refuses guests until") != std::string::npos);
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    json answered;
    do {
        ws_client later(server.port());
        later.send({{"type", "hello"}, {"name", "Zed"}});
        answered = later.receive();
    } while (answered["type"] == "welcome" && std::chrono::steady_clock::now() < until);
    CHECK(answered["code"] == "address_refused");
    CHECK(admin(data, "unblock 127.0.0.1 --reason over").status == 0);
    CHECK(admin(data, "unblock 127.0.0.1 --reason again").status == 1);
}

namespace {

// The chat lines a new spectator of `code` is shown (its history), in order; JSON, so that a
// failed check prints them.
json history_of(unsigned short port, const std::string& code) {
    ws_client watcher(port);
    watcher.send({{"type", "hello"}, {"name", "Watcher"}});
    answer(watcher, "welcome");
    auto lines = json::array();
    for (const auto& message : watch_room(watcher, code))
        if (message["type"] == "chat") lines.push_back(message["text"]);
    return lines;
}

}  // namespace

TEST_CASE("hide_chat: a moderator hides a line for everyone, live and after a restart") {
    scratch_dir data("hide-chat");
    std::string code;
    {
        server_process server(data.string());
        ws_client mara(server.port());
        const auto mara_token = registered(mara, "Mara");
        ws_client bob(server.port());
        registered(bob, "Bob");
        ws_client ann(server.port());
        registered(ann, "Ann");
        REQUIRE(admin(data, "grant Mara moderator").status == 0);
        welcome_with_role(server.port(), mara_token, "moderator");
        mara.send({{"type", "hello"}, {"token", mara_token}});
        answer(mara, "welcome");

        code = create_room(bob, "kvadratura", json::object());
        join_room(ann, code);
        bob.send({{"type", "chat"}, {"room", code}, {"text", "buy gold"}});
        const std::int64_t at = ann.receive("chat")["at"];
        bob.receive("chat");
        bob.send({{"type", "chat"}, {"room", code}, {"text", "good game"}});
        ann.receive("chat");
        bob.receive("chat");
        auto hide = [&](ws_client& from, const std::string& room, std::int64_t line) {
            from.send({{"type", "hide_chat"}, {"room", room}, {"at", line}, {"reason", "spam"}});
            return next_reply(from);
        };

        CHECK(hide(bob, code, at)["code"] == "not_allowed");
        CHECK(hide(mara, code, at - 60000)["code"] == "no_such_line");  // before any line
        CHECK(hide(mara, "ZZZZZZ", at)["code"] == "no_such_room");
        CHECK(hide(mara, code, at) ==
              json{{"type", "moderated"}, {"action", "hide_chat"}, {"name", "Bob"}});
        // Every member is told; the line is gone for a newcomer; hiding it again changes nothing.
        CHECK(ann.receive("chat_hidden") ==
              json{{"type", "chat_hidden"}, {"room", code}, {"at", at}});
        CHECK(bob.receive("chat_hidden")["at"] == at);
        CHECK(hide(mara, code, at)["code"] == "no_change");
        CHECK(history_of(server.port(), code) == json::array({"good game"}));
        mara.send({{"type", "moderation"}});
        const auto entry = mara.receive("moderation")["log"][0];
        CHECK(entry["action"] == "hide_chat");
        CHECK(entry["name"] == "Bob");
        CHECK(entry["reason"] == "spam");
        CHECK(entry["room"] == code);
        server.kill_hard();
    }
    // Replayed from its journal, the room still does not show it.
    server_process server(data.string());
    CHECK(history_of(server.port(), code) == json::array({"good game"}));
}
