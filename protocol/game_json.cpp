#include "protocol/game_json.hpp"

#include <algorithm>
#include <vector>

#include "protocol/detail/json.hpp"
#include "protocol/detail/json_writer.hpp"
#include "protocol/overloaded.hpp"
#include "rules/registry.hpp"

namespace quadra::protocol {

using nlohmann::json;

namespace {

// Object members sorted by name, as nlohmann's objects print them (a view lists them in the
// game's order). A name given twice is written once, with its last value, as assigning a tree's
// member would.
void write_fields(json_writer& out, const rules::view_fields& fields);

void write_view(json_writer& out, const rules::view& view) {
    std::visit(overloaded{
                   [&](std::monostate) { out.null(); },
                   [&](bool b) { out.value(b); },
                   [&](std::int64_t n) { out.value(n); },
                   [&](const std::string& s) { out.value(s); },
                   [&](const rules::view_list& list) {
                       out.begin_array();
                       for (const auto& item : list) write_view(out, item);
                       out.end_array();
                   },
                   [&](const rules::view_fields& fields) { write_fields(out, fields); },
               },
               view.value);
}

void write_fields(json_writer& out, const rules::view_fields& fields) {
    // Most views list their fields by name already (a board's cells are many): then they are
    // written as they are.
    if (std::adjacent_find(fields.begin(), fields.end(), [](const auto& a, const auto& b) {
            return !(a.first < b.first);
        }) == fields.end()) {
        out.begin_object();
        for (const auto& [name, value] : fields) {
            out.key(name);
            write_view(out, value);
        }
        out.end_object();
        return;
    }
    std::vector<const rules::view_fields::value_type*> sorted;
    sorted.reserve(fields.size());
    for (const auto& field : fields) sorted.push_back(&field);
    // By name, and in the given order among equal names (pointers into one vector compare by
    // position), so that the last of them is the one written, as in nlohmann's objects.
    std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) {
        return a->first < b->first || (a->first == b->first && a < b);
    });
    out.begin_object();
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        if (i + 1 < sorted.size() && sorted[i + 1]->first == sorted[i]->first) continue;
        out.key(sorted[i]->first);
        write_view(out, sorted[i]->second);
    }
    out.end_object();
}

// null while ongoing, else {"code", "draw": bool, "figures": {...}, "reason", "winners": [...]}.
void write_outcome(json_writer& out, const rules::outcome& outcome) {
    if (!outcome.finished()) {
        out.null();
        return;
    }
    out.begin_object();
    out.key("code").value(outcome.code);
    out.key("draw").value(outcome.draw());
    out.key("figures");
    write_figures(out, outcome.figures);
    out.key("reason").value(outcome.reason);
    out.key("winners").array_of(outcome.winners);
    out.end_object();
}

void write_options(json_writer& out, const rules::options& options) {
    out.begin_object();  // a std::map: already sorted
    for (const auto& [name, value] : options) {
        out.key(name);
        std::visit([&out](const auto& v) { out.value(v); }, value);
    }
    out.end_object();
}

}  // namespace

json to_json(const rules::options& options) {
    json object = json::object();
    // Clang before 16 cannot capture a structured binding: `field` is a plain reference.
    for (const auto& [name, value] : options)
        std::visit([&, &field = object[name]](const auto& v) { field = v; }, value);
    return object;
}

rules::result<rules::options> options_from_json(const json& object) {
    if (!object.is_object()) return rules::refusal{"options must be a JSON object"};
    rules::options options;
    for (const auto& [name, value] : object.items()) {
        if (value.is_number_integer())
            options[name] = value.get<std::int64_t>();
        else if (value.is_string())
            options[name] = value.get<std::string>();
        else
            return rules::refusal{"option '" + name + "' must be an integer or a string"};
    }
    return options;
}

void write_figures(json_writer& out, std::span<const rules::figure> figures) {
    std::vector<const rules::figure*> sorted;
    for (const auto& figure : figures) sorted.push_back(&figure);
    std::sort(sorted.begin(), sorted.end(),
              [](const auto* a, const auto* b) { return a->name < b->name; });
    out.begin_object();
    for (const auto* figure : sorted) out.key(figure->name).value(figure->value);
    out.end_object();
}

json figures_json(std::span<const rules::figure> figures) {
    json object = json::object();
    for (const auto& figure : figures) object[figure.name] = figure.value;
    return object;
}

const char* status_name(const rules::outcome& outcome) {
    return outcome.finished() ? "finished" : "ongoing";
}

void write_state(json_writer& out, const rules::game& game, bool ended_by_room,
                 std::optional<std::size_t> ply) {
    const auto outcome = game.current_outcome();
    const bool over = ended_by_room || outcome.finished();
    out.begin_object();
    out.key("board");
    write_view(out, game.describe());
    out.key("game").value(game.id());
    out.key("legal").begin_array();
    if (!over)
        for (const auto& request : game.legal()) out.value(request);
    out.end_array();
    out.key("options");
    write_options(out, game.settings());
    if (ply) out.key("ply").value(static_cast<std::int64_t>(*ply));
    out.key("position").value(game.position());
    out.key("result");
    write_outcome(out, outcome);
    out.key("scores").array_of(outcome.scores);
    out.key("seats").begin_array();
    for (int seat = 0; seat < game.seat_count(); ++seat) out.value(game.seat_name(seat));
    out.end_array();
    out.key("status").value(over ? "finished" : "ongoing");
    out.key("to_move").value(over ? -1 : game.to_move());
    out.end_object();
}

namespace {

json option_json(const rules::option_spec& spec) {
    json out = {{"name", spec.name},  {"description", spec.description},
                {"default", nullptr}, {"min", nullptr},
                {"max", nullptr},     {"words", spec.words}};
    if (spec.fallback)
        out["default"] = std::visit([](const auto& value) { return json(value); }, *spec.fallback);
    if (spec.accepts_integers()) {
        out["min"] = *spec.min;
        out["max"] = spec.max;
    }
    return out;
}

// Every value an option can take, when there are few enough to try each one.
std::vector<rules::option_value> candidate_values(const rules::option_spec& spec) {
    constexpr std::int64_t most_tried = 16;
    std::vector<rules::option_value> values(spec.words.begin(), spec.words.end());
    if (spec.accepts_integers() && spec.max - *spec.min < most_tried)
        for (auto n = *spec.min; n <= spec.max; ++n) values.emplace_back(n);
    return values;
}

// The seat counts of a game type, found by starting games: with the defaults, then with each
// value of each option. The option whose values change the count is named, with the values the
// rules accept, so that a client offers exactly those.
json seat_counts_json(const rules::game_type& type) {
    auto plain = rules::create_game(type.id, {});
    const int fallback = plain ? plain.value()->seat_count() : 2;
    std::vector<int> counts{fallback};
    json seat_option = nullptr;
    json choices = json::array();
    for (const auto& spec : type.options) {
        json found = json::array();
        bool changes = false;
        for (const auto& value : candidate_values(spec)) {
            auto game = rules::create_game(type.id, {{spec.name, value}});
            if (!game) continue;
            const int seats = game.value()->seat_count();
            changes = changes || seats != fallback;
            found.push_back({{"value", std::visit([](const auto& v) { return json(v); }, value)},
                             {"seats", seats}});
            counts.push_back(seats);
        }
        if (changes && seat_option.is_null()) {
            seat_option = spec.name;
            choices = std::move(found);
        }
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return {{"seats", counts}, {"seats_option", seat_option}, {"seat_choices", choices}};
}

}  // namespace

json games_json() {
    json out = json::array();
    for (const auto* type : rules::game_types()) {
        json options = json::array();
        for (const auto& spec : type->options) options.push_back(option_json(spec));
        json game = {{"id", type->id}, {"title", type->title}, {"summary", type->summary}};
        game.update(seat_counts_json(*type));
        game["options"] = std::move(options);
        out.push_back(std::move(game));
    }
    return out;
}

std::string dump_text(const json& value, int indent) {
    return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string options_text(const rules::options& options) { return dump_text(to_json(options)); }

rules::result<rules::options> parse_options(std::string_view text) {
    const auto parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return rules::refusal{"the options are not valid JSON"};
    return options_from_json(parsed);
}

std::string games_text() { return dump_text(games_json()); }

std::string view_text(const rules::view& view) {
    json_writer out;
    write_view(out, view);
    return out.take();
}

std::string outcome_text(const rules::outcome& outcome) {
    json_writer out;
    write_outcome(out, outcome);
    return out.take();
}

std::string state_text(const rules::game& game, std::optional<std::size_t> ply, bool pretty,
                       bool ended_by_room) {
    json_writer out;
    write_state(out, game, ended_by_room, ply);
    auto text = out.take();
    return pretty ? dump_text(json::parse(text), 2) : text;
}

}  // namespace quadra::protocol
