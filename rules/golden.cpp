#include "golden.hpp"

#include "registry.hpp"
#include "replay.hpp"

namespace quadra::rules {

namespace {

using enum game_status;

std::string describe(const std::vector<int>& numbers) {
    std::string text = "[";
    for (std::size_t i = 0; i < numbers.size(); ++i)
        text += (i ? "," : "") + std::to_string(numbers[i]);
    return text + "]";
}

}  // namespace

const std::vector<golden_record>& golden_records() {
    static const std::vector<golden_record> records = {
        {"quadrature", {}, {"e3-e4"}, ongoing, 1, {}, {18, 18}},
        {"quadrature", {{"setup", "steere9"}}, {}, ongoing, 0, {}, {9, 9}},
        {"quadwrangle",
         {},
         {"roll=66655", "play lanes", "roll=12346", "pass"},
         ongoing,
         0,
         {},
         {0, 0}},
        {"quadwrangle",
         {},
         {"roll=66666", "play lanes", "roll=12346", "pass", "roll=55555", "play lanes",
          "roll=12346", "pass", "roll=44444", "play lanes"},
         finished,
         -1,
         {0},
         {3, 0}},
        {"kvadrat", {}, {"h5"}, ongoing, 1, {}, {1, 0}},
        {"kvadrat", {{"pieces", std::int64_t{1}}}, {"a5", "o11"}, finished, -1, {}, {1, 1}},
        {"kvadratura",
         {{"size", std::int64_t{4}}},
         {"a2", "d4", "b1", "d3", "c2", "d1", "b3"},
         finished,
         -1,
         {1},
         {1, 0}},
        {"kvadratura",
         {{"size", std::int64_t{4}}, {"mode", "fill"}},
         {"a4", "b4", "c4", "d4", "b3", "a3", "d3", "c3", "a2", "b2", "c2", "d2", "b1", "a1", "d1",
          "c1"},
         finished,
         -1,
         {},
         {4, 4}},
        {"kvadratura", {{"size", std::int64_t{3}}}, {"a1", "b2", "c3"}, ongoing, 1, {}, {0, 0}},
    };
    return records;
}

std::vector<std::string> check_golden_records() { return check_golden_records(golden_records()); }

std::vector<std::string> check_golden_records(std::span<const golden_record> records) {
    std::vector<std::string> failures;
    int index = 0;
    for (const auto& record : records) {
        const auto name = std::string(record.game) + " record " + std::to_string(index++);
        auto start = create_game(record.game, record.settings);
        if (!start) {
            failures.push_back(name + ": " + start.reason());
            continue;
        }
        auto replayed = replay(std::move(start).value(), record.moves);
        if (replayed.error) {
            failures.push_back(name + ": ply " + std::to_string(replayed.error->ply) + " " +
                               replayed.error->move + " refused: " + replayed.error->reason);
            continue;
        }
        const auto outcome = replayed.position->current_outcome();
        const int to_move = replayed.position->to_move();
        if (outcome.status != record.status || to_move != record.to_move ||
            outcome.winners != record.winners || outcome.scores != record.scores)
            failures.push_back(name + ": reached to_move " + std::to_string(to_move) + " winners " +
                               describe(outcome.winners) + " scores " + describe(outcome.scores) +
                               ", expected to_move " + std::to_string(record.to_move) +
                               " winners " + describe(record.winners) + " scores " +
                               describe(record.scores));
    }
    return failures;
}

}  // namespace quadra::rules
