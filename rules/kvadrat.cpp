#include "kvadrat.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>
#include <utility>

#include "cell.hpp"
#include "contract.hpp"
#include "notation.hpp"

namespace quadra::rules {

namespace {

using cells = kvadrat_cells;

constexpr int board = kvadrat::size;
constexpr int stride = 16;  // bits per rank; file 15 is padding
constexpr std::uint32_t all_squares = (1u << kvadrat::square_count) - 1;

constexpr int index_of(int file, int rank) { return rank * stride + file; }

constexpr void insert(cells& set, int index) {
    set.words[index >> 6] |= std::uint64_t{1} << (index & 63);
}
constexpr bool contains(const cells& set, int index) {
    return (set.words[index >> 6] >> (index & 63)) & 1;
}
constexpr cells operator&(cells a, const cells& b) {
    for (int w = 0; w < 4; ++w) a.words[w] &= b.words[w];
    return a;
}
constexpr cells operator|(cells a, const cells& b) {
    for (int w = 0; w < 4; ++w) a.words[w] |= b.words[w];
    return a;
}
constexpr bool none(const cells& set) {
    return (set.words[0] | set.words[1] | set.words[2] | set.words[3]) == 0;
}
int count(const cells& set) {
    int total = 0;
    for (auto word : set.words) total += std::popcount(word);
    return total;
}

// Every cell moved `n` bits up (toward higher ranks/files) or down; 0 < n < 64.
cells shift_up(const cells& set, int n) {
    const auto& w = set.words;
    return {{w[0] << n, w[1] << n | w[0] >> (64 - n), w[2] << n | w[1] >> (64 - n),
             w[3] << n | w[2] >> (64 - n)}};
}
cells shift_down(const cells& set, int n) {
    const auto& w = set.words;
    return {{w[0] >> n | w[1] << (64 - n), w[1] >> n | w[2] << (64 - n),
             w[2] >> n | w[3] << (64 - n), w[3] >> n}};
}

// Directions in clockwise order, so a right turn is +1 and a left turn is +3 (mod 4). The result
// may hold padding or off-board bits; callers mask it with a set of empty cells.
enum direction { north, east, south, west };
cells step(const cells& set, int d) {
    switch (d) {
        case north:
            return shift_up(set, stride);
        case east:
            return shift_up(set, 1);
        case south:
            return shift_down(set, stride);
        default:
            return shift_down(set, 1);
    }
}
cells neighbours(const cells& set) {
    return step(set, north) | step(set, east) | step(set, south) | step(set, west);
}

constexpr cells board_cells() {
    cells set;
    for (int rank = 0; rank < board; ++rank)
        for (int file = 0; file < board; ++file) insert(set, index_of(file, rank));
    return set;
}
constexpr cells on_board = board_cells();

constexpr std::array<cells, kvadrat::square_count> square_cells() {
    std::array<cells, kvadrat::square_count> squares{};
    for (int rank = 0; rank < board; ++rank)
        for (int file = 0; file < board; ++file)
            insert(squares[file / 3 + 5 * (rank / 3)], index_of(file, rank));
    return squares;
}
constexpr auto square_masks = square_cells();

constexpr int square_of(int index) { return (index % stride) / 3 + 5 * (index / stride / 3); }

// Seat edges in clockwise seat order for 4 players; 2 players use south and north.
enum edge { south_edge, west_edge, north_edge, east_edge };
constexpr std::array<const char*, 4> edge_names{"south", "west", "north", "east"};
constexpr std::array<cells, 4> edge_cells() {
    std::array<cells, 4> edges{};
    for (int i = 0; i < board; ++i) {
        insert(edges[south_edge], index_of(i, 0));
        insert(edges[west_edge], index_of(0, i));
        insert(edges[north_edge], index_of(i, board - 1));
        insert(edges[east_edge], index_of(board - 1, i));
    }
    return edges;
}
constexpr auto edge_masks = edge_cells();

int edge_of(int seat, int players) { return players == 2 ? seat * 2 : seat; }

// Every position in the byte order of its name ("a1" < "a10" < … < "a15" < "a2"), so legal()
// lists tokens sorted without sorting.
constexpr std::array<std::uint8_t, board * board> name_order() {
    constexpr std::array<int, board> ranks{0, 9, 10, 11, 12, 13, 14, 1, 2, 3, 4, 5, 6, 7, 8};
    std::array<std::uint8_t, board * board> order{};
    int next = 0;
    for (int file = 0; file < board; ++file)
        for (int rank : ranks) order[next++] = static_cast<std::uint8_t>(index_of(file, rank));
    return order;
}
constexpr auto in_name_order = name_order();

// Same text as cell_name, built in place because legal() makes one per reachable cell.
std::string position_name(int index) {
    const int rank = index / stride + 1;
    std::string name(1, static_cast<char>('a' + index % stride));
    if (rank >= 10) name += '1';
    name += static_cast<char>('0' + rank % 10);
    return name;
}

// Ends of self-avoiding paths p1 … p5 through `empty` with p1 in `starts`. Four steps without
// stepping straight back are self-avoiding unless they go round a unit square back to p1, which
// takes three turns the same way; so walks are tracked per last direction, split into "turned
// left every time", "turned right every time" and "anything else", and the fourth step drops a
// third same-way turn.
cells exact_ends(const cells& starts, const cells& empty) {
    std::array<cells, 4> first, mixed, left, right;
    for (int d = 0; d < 4; ++d) first[d] = step(starts, d) & empty;
    for (int d = 0; d < 4; ++d) {
        mixed[d] = step(first[d], d) & empty;
        left[d] = step(first[(d + 1) % 4], d) & empty;
        right[d] = step(first[(d + 3) % 4], d) & empty;
    }
    std::array<cells, 4> mixed3, left3, right3;
    for (int d = 0; d < 4; ++d) {
        const int lt = (d + 1) % 4, rt = (d + 3) % 4;  // headings that turn left / right into d
        mixed3[d] =
            step(mixed[d] | mixed[lt] | mixed[rt] | left[d] | left[rt] | right[d] | right[lt], d) &
            empty;
        left3[d] = step(left[lt], d) & empty;
        right3[d] = step(right[rt], d) & empty;
    }
    cells ends;
    for (int d = 0; d < 4; ++d) {
        const int lt = (d + 1) % 4, rt = (d + 3) % 4;
        // Not left3[lt] nor right3[rt]: a third turn the same way closes the unit square.
        ends = ends | step(mixed3[d] | mixed3[lt] | mixed3[rt] | left3[d] | left3[rt] | right3[d] |
                               right3[lt],
                           d);
    }
    return ends & empty;
}

// Ends of paths of one to five cells: every cell within four steps of a start, since a shortest
// path never visits a cell twice.
cells near_ends(const cells& starts, const cells& empty) {
    cells reach = starts;
    for (int i = 0; i < 4; ++i) reach = reach | (neighbours(reach) & empty);
    return reach;
}

// Owner of a square from per-seat counts: the strict leader (plurality) or the seat with more
// than all others together (absolute); -1 when neutral.
int owner_from(const std::array<int, 4>& counts, int players, bool absolute) {
    int total = 0, best = -1;
    bool shared = false;
    for (int seat = 0; seat < players; ++seat) {
        total += counts[seat];
        if (best < 0 || counts[seat] > counts[best]) {
            best = seat;
            shared = false;
        } else if (counts[seat] == counts[best]) {
            shared = true;
        }
    }
    if (absolute) return 2 * counts[best] > total ? best : -1;
    return shared ? -1 : best;
}

constexpr std::array<const char*, 4> colors_of_four{"Black", "White", "Red", "Blue"};
constexpr std::array<const char*, 2> colors_of_two{"Black", "Red"};

// A seat's letter on the board: its colour's initial, Blue's "U".
constexpr std::string_view letters_of_two = "BR";
constexpr std::string_view letters_of_four = "BWRU";

}  // namespace

kvadrat::kvadrat(int players, int pieces, bool exact_path, bool absolute)
    : players_(players), pieces_(pieces), exact_path_(exact_path), absolute_(absolute) {}

result<kvadrat> kvadrat::create(const options& given) {
    if (auto checked = check_options(kvadrat_type().options, given); !checked) return checked.why();
    const int players = static_cast<int>(integer_option(given, "players", 2));
    if (players != 2 && players != 4)
        return refusal{"option 'players' must be 2 or 4, not " + std::to_string(players),
                       "bad_value",
                       {{"option", "players"}}};
    int pieces = players == 2 ? unlimited : 30;
    if (auto found = given.find("pieces"); found != given.end()) {
        const auto* number = std::get_if<std::int64_t>(&found->second);
        pieces = number ? static_cast<int>(*number) : unlimited;
    }
    kvadrat game(players, pieces, word_option(given, "path", "exact") == "exact",
                 word_option(given, "majority", "plurality") == "absolute");
    game.begin_turn(0);
    return game;
}

result<kvadrat> kvadrat::from_cells(const options& given,
                                    const std::vector<std::vector<std::string>>& cells_per_seat,
                                    int to_move) {
    auto made = create(given);
    if (!made) return made;
    kvadrat game = std::move(made).value();
    if (std::ssize(cells_per_seat) != game.players_)
        return refusal{"expected " + std::to_string(game.players_) + " lists of cells"};
    if (to_move < 0 || to_move >= game.players_)
        return refusal{"no seat " + std::to_string(to_move) + " to move"};
    cells taken;
    for (int seat = 0; seat < game.players_; ++seat) {
        const auto& list = cells_per_seat[seat];
        if (game.pieces_ != unlimited && std::ssize(list) > game.pieces_)
            return refusal{game.seat_name(seat) + " has more pieces than option 'pieces' allows"};
        for (const auto& name : list) {
            const auto c = parse_cell(name, board, board);
            if (!c) return refusal{"'" + name + "' is not a cell"};
            const int index = index_of(c->file, c->rank);
            if (contains(taken, index)) return refusal{name + " is listed twice"};
            insert(taken, index);
            insert(game.pieces_of_[seat], index);
        }
    }
    for (int square = 0; square < square_count; ++square)
        if (game.settled_now(square)) game.settled_ |= 1u << square;
    game.begin_turn(to_move);
    return game;
}

options kvadrat::settings() const {
    options out;
    out["players"] = std::int64_t{players_};
    out["pieces"] = pieces_ == unlimited ? option_value{"unlimited"} : std::int64_t{pieces_};
    out["path"] = exact_path_ ? "exact" : "at_most";
    out["majority"] = absolute_ ? "absolute" : "plurality";
    return out;
}

std::vector<std::string> kvadrat::legal() const {
    if (to_move_ < 0) return {};
    if (none(reach_)) return {"pass"};
    std::vector<std::string> tokens;
    tokens.reserve(count(reach_));
    for (int index : in_name_order)
        if (contains(reach_, index)) tokens.push_back(position_name(index));
    return tokens;
}

result<void> kvadrat::apply(std::string_view token) {
    if (to_move_ < 0) return refusal{"the game is over"};
    const bool must_pass = none(reach_);
    if (token == "pass") {
        if (!must_pass)
            return refusal{"pass is only allowed when " + seat_name(to_move_) +
                           " has no placement"};
        begin_turn((to_move_ + 1) % players_);
        return {};
    }
    const auto c = parse_cell(token, board, board);
    if (!c) return refusal{"'" + std::string(token) + "' is not a cell from a1 to o15 or pass"};
    const int index = index_of(c->file, c->rank);
    switch (check_placement(index)) {
        case placement::allowed:
            break;
        case placement::occupied:
            return refusal{std::string(token) + " is occupied"};
        case placement::no_pieces:
        case placement::must_pass:
            return refusal{seat_name(to_move_) + " has no placement and must pass"};
        case placement::first_far:
        case placement::no_path: {
            const std::string from = placed_first(to_move_)
                                         ? "any of " + seat_name(to_move_) + "'s pieces"
                                         : seat_name(to_move_) + "'s edge";
            return refusal{"no path of " + std::string(exact_path_ ? "exactly" : "at most") +
                           " five empty cells leads from " + from + " to " + std::string(token)};
        }
    }
    insert(pieces_of_[to_move_], index);
    const int square = square_of(index);
    if (settled_now(square)) settled_ |= 1u << square;
    begin_turn((to_move_ + 1) % players_);
    return {};
}

result<void> kvadrat::retire(int seat) {
    if (players_ != 4) return refusal{"only a 4-player game goes on without a seat"};
    if (seat < 0 || seat >= players_) return refusal{"no seat " + std::to_string(seat)};
    if (to_move_ < 0) return refusal{"the game is over"};
    if (retired(seat)) return refusal{seat_name(seat) + " is already retired"};
    retired_ |= static_cast<std::uint8_t>(1u << seat);
    // The seat to move may just have lost its placements, or nobody may be left who can place.
    begin_turn(to_move_);
    return {};
}

outcome kvadrat::current_outcome() const {
    outcome out;
    out.scores.assign(players_, 0);
    for (int square = 0; square < square_count; ++square)
        if (const int owner = square_owner(square); owner >= 0) ++out.scores[owner];
    if (ending_ == ending::none) return out;
    out.status = game_status::finished;
    const bool settled = ending_ == ending::settled;
    out.reason = settled ? "every square is settled" : "no player can place a piece";
    out.code = settled ? "settled" : "no_placement";
    const int top = *std::max_element(out.scores.begin(), out.scores.end());
    for (int seat = 0; seat < players_; ++seat)
        if (out.scores[seat] == top) out.winners.push_back(seat);
    if (std::ssize(out.winners) == players_) out.winners.clear();
    return out;
}

view kvadrat::describe() const {
    view_fields occupied;
    for (int rank = 0; rank < board; ++rank)
        for (int file = 0; file < board; ++file)
            for (int seat = 0; seat < players_; ++seat)
                if (contains(pieces_of_[seat], index_of(file, rank)))
                    occupied.emplace_back(cell_name(file, rank), seat);
    view_list squares, pieces, edges, firsts;
    for (int square = 0; square < square_count; ++square) {
        const auto per_seat = counts(square);
        const int owner = square_owner(square);
        const std::string name{static_cast<char>('A' + square % 5),
                               static_cast<char>('1' + square / 5)};
        squares.emplace_back(view_fields{
            {"name", name},
            {"counts",
             to_view_list(std::vector<int>(per_seat.begin(), per_seat.begin() + players_))},
            {"owner", owner >= 0 ? view(owner) : view()},
            {"settled", square_settled(square)},
        });
    }
    for (int seat = 0; seat < players_; ++seat) {
        pieces.push_back(pieces_ == unlimited ? view() : view(pieces_left(seat)));
        edges.emplace_back(edge_names[edge_of(seat, players_)]);
        firsts.emplace_back(placed_first(seat));
    }
    return view_fields{
        {"files", board},
        {"ranks", board},
        {"cells", std::move(occupied)},
        {"players", players_},
        {"squares", std::move(squares)},
        {"pieces_left", std::move(pieces)},
        {"edges", std::move(edges)},
        {"placed_first", std::move(firsts)},
    };
}

std::string kvadrat::position() const {
    const auto letters = players_ == 2 ? letters_of_two : letters_of_four;
    std::vector<char> cells(board * board, '.');
    for (int rank = 0; rank < board; ++rank)
        for (int file = 0; file < board; ++file)
            for (int seat = 0; seat < players_; ++seat)
                if (contains(pieces_of_[seat], index_of(file, rank)))
                    cells[static_cast<std::size_t>(rank * board + file)] = letters[seat];
    std::string retired;
    for (int seat = 0; seat < players_; ++seat)
        if (this->retired(seat)) retired += static_cast<char>('0' + seat);
    return "kvadrat:" + std::to_string(players_) + (exact_path_ ? "e" : "m") +
           (absolute_ ? "a" : "p") + ":" + (pieces_ == unlimited ? "u" : std::to_string(pieces_)) +
           ":" + notation::write_board(cells, board, board) + ":" +
           (to_move_ < 0 ? "-" : std::to_string(to_move_)) + ":" +
           (retired.empty() ? "-" : retired);
}

result<kvadrat> kvadrat::from_notation(std::string_view text) {
    const auto fields = notation::split_fields(text);
    if (auto counted = notation::check_field_count(
            "kvadrat", fields, {"options", "pieces", "board", "turn", "retired"});
        !counted)
        return refusal{counted.reason()};
    const auto given = fields[0];
    if (given.size() != 3 || (given[0] != '2' && given[0] != '4') ||
        (given[1] != 'e' && given[1] != 'm') || (given[2] != 'p' && given[2] != 'a'))
        return notation::expected("options",
                                  "players 2 or 4, path \"e\" (exact) or \"m\" (at_most), "
                                  "majority \"p\" (plurality) or \"a\" (absolute), e.g. "
                                  "\"2ep\"",
                                  given);
    const int players = given[0] - '0';
    int pieces = unlimited;
    if (fields[1] != "u" &&
        (!notation::read_number(fields[1], pieces) || pieces < 1 || pieces > board * board))
        return notation::expected("pieces", "\"u\" (unlimited) or pieces per seat, 1 to 225",
                                  fields[1]);
    kvadrat game(players, pieces, given[1] == 'e', given[2] == 'a');

    const auto letters = players == 2 ? letters_of_two : letters_of_four;
    const auto cells = notation::read_board(fields[2], board, board, letters);
    if (!cells) return refusal{cells.reason()};
    for (int i = 0; i < board * board; ++i) {
        const auto seat = letters.find(cells.value()[static_cast<std::size_t>(i)]);
        if (seat != std::string_view::npos)
            insert(game.pieces_of_[seat], index_of(i % board, i / board));
    }
    for (int seat = 0; seat < players; ++seat)
        if (pieces != unlimited && count(game.pieces_of_[seat]) > pieces)
            return notation::expected(
                "board", "at most " + std::to_string(pieces) + " pieces of " + game.seat_name(seat),
                fields[2]);
    for (int square = 0; square < square_count; ++square)
        if (game.settled_now(square)) game.settled_ |= 1u << square;

    int previous = -1;
    for (char seat : fields[4] == "-" ? std::string_view{} : fields[4]) {
        if (seat - '0' <= previous || seat - '0' >= players || players != 4 || fields[4].empty())
            return notation::expected("retired",
                                      "\"-\" or the retired seats of a 4-player game, ascending "
                                      "digits 0-3",
                                      fields[4]);
        previous = seat - '0';
        game.retired_ |= static_cast<std::uint8_t>(1u << previous);
    }
    if (fields[4].empty())
        return notation::expected("retired", "\"-\" or the retired seats, ascending digits 0-3",
                                  fields[4]);

    const auto turn = fields[3];
    const int to_move = turn.size() == 1 ? turn[0] - '0' : -2;
    if (turn != "-" && (to_move < 0 || to_move >= players))
        return notation::expected("turn",
                                  "the seat to move, 0 to " + std::to_string(players - 1) +
                                      ", or \"-\" once the game is over",
                                  turn);
    game.begin_turn(std::max(to_move, 0));
    if (turn == "-" && game.to_move_ >= 0)
        return notation::expected("turn", "the seat to move: the game is not over", turn);
    if (turn != "-" && game.to_move_ < 0)
        return notation::expected("turn", "\"-\": the game is over", turn);
    return game;
}

int kvadrat::square_owner(int square) const {
    return owner_from(counts(square), players_, absolute_);
}

bool kvadrat::square_settled(int square) const { return (settled_ >> square) & 1; }

int kvadrat::pieces_left(int seat) const {
    return pieces_ == unlimited ? unlimited : pieces_ - count(pieces_of_[seat]);
}

bool kvadrat::placed_first(int seat) const { return !none(pieces_of_[seat]); }

kvadrat::placement kvadrat::check_placement(int index) const {
    if (!contains(empty_cells(), index)) return placement::occupied;
    if (none(reach_))
        return pieces_left(to_move_) == 0 ? placement::no_pieces : placement::must_pass;
    if (contains(reach_, index)) return placement::allowed;
    if (placed_first(to_move_)) return placement::no_path;
    // A first path's p1 is on the edge, so its end is at most four rows from it.
    const int file = index % stride, rank = index / stride;
    const std::array<int, 4> rows{rank, file, board - 1 - rank, board - 1 - file};
    return rows[edge_of(to_move_, players_)] > 4 ? placement::first_far : placement::no_path;
}

std::vector<int> kvadrat::path_to(int index) const {
    const cells empty = empty_cells();
    const cells& own = pieces_of_[to_move_];
    const bool first = none(own);
    const cells& edge = edge_masks[edge_of(to_move_, players_)];
    // Neighbours north, east, south, west, the order the hints have always shown.
    const auto beside = [](int at) {
        const int file = at % stride, rank = at / stride;
        std::vector<int> near;
        if (rank + 1 < board) near.push_back(at + stride);
        if (file + 1 < board) near.push_back(at + 1);
        if (rank > 0) near.push_back(at - stride);
        if (file > 0) near.push_back(at - 1);
        return near;
    };
    // Grown backwards from the target over distinct empty cells; `from` is prepended at the end.
    std::vector<int> reversed{index};
    const auto search = [&](const auto& self, std::size_t length) -> bool {
        if (reversed.size() == length) {
            const int p1 = reversed.back();
            if (first) return contains(edge, p1);
            for (int near : beside(p1))
                if (contains(own, near)) {
                    reversed.push_back(near);
                    return true;
                }
            return false;
        }
        for (int next : beside(reversed.back())) {
            if (!contains(empty, next) ||
                std::find(reversed.begin(), reversed.end(), next) != reversed.end())
                continue;
            reversed.push_back(next);
            if (self(self, length)) return true;
            reversed.pop_back();
        }
        return false;
    };
    for (std::size_t length = exact_path_ ? 5 : 1; length <= 5; ++length)
        if (search(search, length)) return {reversed.rbegin(), reversed.rend()};
    broken_contract<std::logic_error>("kvadrat: a reachable cell has no path");
}

view kvadrat::explain(std::string_view request) const {
    view_fields fields;
    fields.reserve(4);  // once: growing it trips GCC 12's -Wstringop-overflow
    fields.emplace_back("request", std::string(request));
    const auto refuse = [&](const char* reason, std::string message) {
        fields.emplace_back("legal", false);
        fields.emplace_back("reason", reason);
        fields.emplace_back("message", std::move(message));
        return view(std::move(fields));
    };
    auto trial = *this;
    const auto applied = trial.apply(request);
    if (to_move_ < 0) return refuse("game_over", applied.reason());
    if (request == "pass") {
        if (!applied) return refuse("pass_not_allowed", applied.reason());
        fields.emplace_back("legal", true);
        return fields;
    }
    const auto c = parse_cell(request, board, board);
    if (!c) return refuse("not_a_cell", applied.reason());
    const int index = index_of(c->file, c->rank);
    constexpr std::array<const char*, 6> reasons{"",          "occupied",  "no_pieces",
                                                 "must_pass", "first_far", "no_path"};
    if (const auto verdict = check_placement(index); verdict != placement::allowed)
        return refuse(reasons[static_cast<std::size_t>(verdict)], applied.reason());
    view_list path;
    for (int at : path_to(index)) path.emplace_back(cell_name(at % stride, at / stride));
    fields.emplace_back("legal", true);
    fields.emplace_back("path", std::move(path));
    return fields;
}

kvadrat_cells kvadrat::empty_cells() const {
    cells empty = on_board;
    for (int seat = 0; seat < players_; ++seat)
        for (int w = 0; w < 4; ++w) empty.words[w] &= ~pieces_of_[seat].words[w];
    return empty;
}

kvadrat_cells kvadrat::reach_of(int seat) const {
    if (pieces_left(seat) == 0 || retired(seat)) return {};
    const cells empty = empty_cells();
    const cells& own = pieces_of_[seat];
    const cells starts =
        (none(own) ? edge_masks[edge_of(seat, players_)] : neighbours(own)) & empty;
    return exact_path_ ? exact_ends(starts, empty) : near_ends(starts, empty);
}

std::array<int, 4> kvadrat::counts(int square) const {
    std::array<int, 4> per_seat{};
    for (int seat = 0; seat < players_; ++seat)
        per_seat[seat] = count(pieces_of_[seat] & square_masks[square]);
    return per_seat;
}

// Whether no filling of the square's empty positions can change its owner (see the header).
bool kvadrat::settled_now(int square) const {
    const auto per_seat = counts(square);
    int filled = 0, leader = 0, runner_up = 0;
    for (int seat = 0; seat < players_; ++seat) {
        const int n = per_seat[seat];
        filled += n;
        if (n > leader) {
            runner_up = leader;
            leader = n;
        } else if (n > runner_up) {
            runner_up = n;
        }
    }
    const int empty = 9 - filled;
    if (!absolute_) return empty == 0 || leader - runner_up > empty;
    const int others = filled - leader;
    return leader - others > empty || leader + empty <= others;
}

// Hands the turn to `seat`, or ends the game when every square is settled or nobody can place.
// A seat that cannot place never can again (its pieces stay, empty cells only shrink), so a game
// where someone can place always reaches that placement through passes.
void kvadrat::begin_turn(int seat) {
    if (settled_ != all_squares) {
        for (int k = 0; k < players_; ++k) {
            const cells reach = reach_of((seat + k) % players_);
            if (k == 0) reach_ = reach;
            if (!none(reach)) {
                to_move_ = seat;
                return;
            }
        }
    }
    ending_ = settled_ == all_squares ? ending::settled : ending::blocked;
    to_move_ = -1;
    reach_ = {};
}

std::string kvadrat::seat_name(int seat) const {
    return players_ == 2 ? colors_of_two[seat] : colors_of_four[seat];
}

namespace {

result<std::unique_ptr<game>> start(const options& checked) {
    auto made = kvadrat::create(checked);
    if (!made) return made.why();
    return std::unique_ptr<game>(std::make_unique<kvadrat>(std::move(made).value()));
}

result<std::unique_ptr<game>> from_fields(std::string_view fields) {
    auto parsed = kvadrat::from_notation(fields);
    if (!parsed) return refusal{parsed.reason()};
    return std::unique_ptr<game>(std::make_unique<kvadrat>(std::move(parsed).value()));
}

}  // namespace

const game_type& kvadrat_type() {
    static const game_type type{
        "kvadrat",
        "Kvadrat",
        "Place pieces at the end of five-cell paths and hold the most of the 25 squares; 2 or 4 "
        "players.",
        {
            {"players", "number of players: 2 or 4 (default 2)", std::int64_t{2}, 2, 4, {}},
            {"pieces",
             "pieces per player: 1 to 225 or \"unlimited\" (default: unlimited with 2 players, "
             "30 with 4)",
             std::nullopt,
             1,
             225,
             {"unlimited"}},
            {"path",
             "placement path: \"exact\" = exactly five cells (default) or \"at_most\" = one to "
             "five",
             option_value{"exact"},
             std::nullopt,
             0,
             {"exact", "at_most"}},
            {"majority",
             "square owner: \"plurality\" = more pieces than each other player (default) or "
             "\"absolute\" = more than all others together",
             option_value{"plurality"},
             std::nullopt,
             0,
             {"plurality", "absolute"}},
        },
        &start,
        &from_fields,
    };
    return type;
}

}  // namespace quadra::rules
