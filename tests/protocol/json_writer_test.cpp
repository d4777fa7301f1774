// The tree-free JSON writer behind snapshots: the text it writes is the text nlohmann prints for
// the same value (keys given sorted), so clients and the tree-built messages agree byte for byte.

#include <doctest/doctest.h>

#include <random>

#include <nlohmann/json.hpp>

#include "protocol/detail/json.hpp"
#include "protocol/detail/json_writer.hpp"
#include "protocol/game_json.hpp"
#include "rules/registry.hpp"
#include "tests/rules/playout.hpp"

using namespace quadra;
using nlohmann::json;

namespace {

std::string printed(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The reference: the state as a tree, the way it was built before the writer (PROTOCOL.md).
json tree_of(const rules::view& view) {
    if (std::holds_alternative<std::monostate>(view.value)) return nullptr;
    if (const auto* b = std::get_if<bool>(&view.value)) return *b;
    if (const auto* n = std::get_if<std::int64_t>(&view.value)) return *n;
    if (const auto* s = std::get_if<std::string>(&view.value)) return *s;
    if (const auto* list = std::get_if<rules::view_list>(&view.value)) {
        json array = json::array();
        for (const auto& item : *list) array.push_back(tree_of(item));
        return array;
    }
    json object = json::object();
    for (const auto& [name, item] : std::get<rules::view_fields>(view.value))
        object[name] = tree_of(item);
    return object;
}

json figures_tree(const std::vector<rules::figure>& figures) {
    json object = json::object();
    for (const auto& figure : figures) object[figure.name] = figure.value;
    return object;
}

json state_tree(const rules::game& game, bool ended_by_room) {
    const auto outcome = game.current_outcome();
    const bool over = ended_by_room || outcome.finished();
    json seats = json::array();
    for (int seat = 0; seat < game.seat_count(); ++seat) seats.push_back(game.seat_name(seat));
    json options = json::object();
    for (const auto& setting : game.settings()) {
        const auto& name = setting.first;  // a name, not a binding: clang 14 cannot capture one
        std::visit([&options, &name](const auto& v) { options[name] = v; }, setting.second);
    }
    json result = nullptr;
    if (outcome.finished())
        result = {{"winners", outcome.winners},
                  {"draw", outcome.draw()},
                  {"reason", outcome.reason},
                  {"code", outcome.code},
                  {"figures", figures_tree(outcome.figures)}};
    return {{"game", game.id()},
            {"options", options},
            {"seats", seats},
            {"to_move", over ? -1 : game.to_move()},
            {"legal", over ? std::vector<std::string>{} : game.legal()},
            {"status", over ? "finished" : "ongoing"},
            {"result", result},
            {"scores", outcome.scores},
            {"board", tree_of(game.describe())},
            {"position", game.position()}};
}

std::string written_state(const rules::game& game, bool ended_by_room) {
    protocol::json_writer out;
    protocol::write_state(out, game, ended_by_room);
    return out.take();
}

}  // namespace

TEST_CASE("the writer separates members and items with commas and nests") {
    protocol::json_writer out;
    out.begin_object();
    out.key("a").begin_array().value(1).null().value(true).begin_object().end_object().end_array();
    out.key("b").value("x");
    out.key("c").text_or_null("");
    out.key("d").begin_array().end_array();
    out.end_object();
    CHECK(out.take() == R"({"a":[1,null,true,{}],"b":"x","c":null,"d":[]})");
}

TEST_CASE("the writer nests 64 containers deep and refuses the 65th") {
    protocol::json_writer out;
    for (int depth = 0; depth < 64; ++depth) out.begin_array().value(depth);
    CHECK_THROWS_AS(out.begin_object(), std::length_error);
    for (int depth = 0; depth < 64; ++depth) out.end_array();
    const auto text = out.take();
    CHECK(json::parse(text)[1][1][1][0] == 3);
    CHECK(text.starts_with("[0,[1,[2,"));
    CHECK(text.ends_with(",[63" + std::string(64, ']')));
}

TEST_CASE("the writer escapes strings as nlohmann prints them") {
    const std::vector<std::string> samples = {
        "plain",
        "quote \" backslash \\ slash /",
        std::string("controls \b\f\n\r\t \x01\x1f end\x7f"),
        std::string("nul \0 inside", 12),
        "Квадрат ♔ 🎲",
        "broken \xC3 utf-8 \xED\xA0\x80 surrogate \xF4\x90\x80\x80 too high \xC0\xAF overlong",
    };
    for (const auto& text : samples) {
        CAPTURE(text);
        protocol::json_writer out;
        out.value(text);
        CHECK(out.take() == printed(json(text)));
    }
}

TEST_CASE("a written state is byte for byte the tree's, through whole games of every kind") {
    const std::vector<std::pair<std::string, rules::options>> variants = {
        {"quadrature", {}},
        {"quadrature", {{"setup", std::string("steere9")}}},
        {"quadwrangle", {}},
        {"kvadrat", {}},
        {"kvadrat", {{"players", std::int64_t{4}}}},
        {"kvadratura", {}},
    };
    // Named, not bound: clang 14 (clang-tidy) cannot capture a structured binding.
    for (const auto& entry : variants) {
        const auto& id = entry.first;
        const auto& options = entry.second;
        CAPTURE(id);
        auto game = rules::create_game(id, options).value();
        std::mt19937_64 rng(7);
        for (int ply = 0; ply < 400 && !game->current_outcome().finished(); ++ply) {
            if (ply % 7 == 0) {
                CHECK(written_state(*game, false) == printed(state_tree(*game, false)));
                CHECK(written_state(*game, true) == printed(state_tree(*game, true)));
            }
            REQUIRE(game->apply(testing::random_move(*game, rng)).ok());
        }
        CHECK(written_state(*game, false) == printed(state_tree(*game, false)));
    }
}

TEST_CASE("a view's fields print sorted, a repeated name keeping its last value") {
    const rules::view board = rules::view_fields{
        {"zeta", std::int64_t{1}}, {"alpha", rules::view_list{true, {}}}, {"zeta", "last"}};
    CHECK(protocol::view_text(board) == R"({"alpha":[true,null],"zeta":"last"})");
    CHECK(protocol::view_text(board) == printed(tree_of(board)));
}

namespace {

// The reference snapshot, as the tree-built message printed it.
json snapshot_tree(const protocol::snapshot_view& s) {
    using protocol::clock_settings;
    json seats = json::array();
    for (const auto& seat : s.seats) {
        if (!seat.taken) {
            seats.push_back(nullptr);
            continue;
        }
        json held = {{"name", seat.name}, {"connected", seat.connected}};
        if (!seat.bot.empty()) held["bot"] = seat.bot;
        if (seat.retired) held["retired"] = true;
        if (seat.away_since) held["away_since"] = *seat.away_since;
        if (seat.claimable) held["claimable"] = true;
        seats.push_back(held);
    }
    const auto& settings = s.clock.settings;
    json clock = {{"type", "none"}};
    if (settings.type == clock_settings::kind::bank)
        clock = {{"type", "bank"},
                 {"initial_seconds", settings.initial_seconds},
                 {"increment_seconds", settings.increment_seconds}};
    if (settings.type == clock_settings::kind::per_move)
        clock = {{"type", "per_move"}, {"seconds", settings.move_seconds}};
    if (settings.type != clock_settings::kind::none) {
        json remaining = json::array();
        for (const auto& left : s.clock.remaining_ms)
            remaining.push_back(left ? json(*left) : json(nullptr));
        clock["remaining_ms"] = remaining;
        clock["running"] = s.clock.running >= 0 ? json(s.clock.running) : json();
        clock["server_time"] = s.clock.server_time;
    }
    json message = {
        {"type", "snapshot"},
        {"room", s.room},
        {"version", s.version},
        {"status", s.status == protocol::room_status::playing ? "playing" : "waiting"},
        {"seats", seats},
        {"spectators", s.spectators},
        {"last_move", s.last_move.empty() ? json(nullptr) : json(s.last_move)},
        {"forced_passes", s.forced_passes},
        {"state", state_tree(*s.game, s.result.has_value())},
        {"clock", clock},
        {"draw_offer", s.draw_offer >= 0 ? json(s.draw_offer) : json()},
        {"rematch",
         {{"agreed", std::vector<int>(s.rematch_agreed.begin(), s.rematch_agreed.end())},
          {"room", s.rematch_room.empty() ? json() : json(s.rematch_room)}}},
        {"result", s.result ? json{{"status", "finished"},
                                   {"winners", s.result->winners},
                                   {"reason", s.result->reason},
                                   {"by", s.result->by},
                                   {"code", s.result->code},
                                   {"figures", figures_tree(s.result->figures)}}
                            : json()}};
    if (!s.commitment.empty()) {
        message["game_id"] = s.game_id;
        message["commitment"] = s.commitment;
        message["seed"] = s.seed.empty() ? json(nullptr) : json(s.seed);
    }
    return message;
}

}  // namespace

TEST_CASE("a snapshot is byte for byte the tree-built one, whatever its clock, seats and result") {
    using protocol::clock_settings;
    auto game = rules::create_game("quadwrangle", {}).value();
    std::vector<protocol::seat_view> seats{
        {"Ann \"the\" fox", true, true, "", false, std::nullopt, false},
        {"Bot", true, false, "hard", true, std::int64_t{1234}, true},
        {"", false, false, "", false, std::nullopt, false}};
    const std::vector<int> agreed{1};
    for (const auto type :
         {clock_settings::kind::none, clock_settings::kind::bank, clock_settings::kind::per_move}) {
        for (const bool finished : {false, true}) {
            protocol::snapshot_view view;
            view.room = "K7QM3X";
            view.version = 42;
            view.status = protocol::room_status::playing;
            view.seats = seats;
            view.spectators = 3;
            view.game = game.get();
            view.clock.settings = {type, 300, 5, 30};
            view.clock.remaining_ms = {std::int64_t{1500}, std::nullopt};
            view.clock.running = finished ? -1 : 1;
            view.clock.server_time = 1'700'000'000'000;
            if (finished) {
                view.last_move = "roll=12345";
                view.forced_passes = 1;
                view.result =
                    protocol::result_view{{0}, "Bot resigned", "resign", "resigned", {{"seat", 1}}};
                view.draw_offer = 1;
                view.rematch_agreed = agreed;
                view.rematch_room = "P3XK9D";
                view.game_id = "g-1";
                view.commitment = "abc";
                view.seed = "0123";
            } else {
                view.game_id = "g-1";
                view.commitment = "abc";
            }
            CAPTURE(static_cast<int>(type));
            CAPTURE(finished);
            CHECK(*protocol::snapshot_message(view) == printed(snapshot_tree(view)));
        }
    }
}
