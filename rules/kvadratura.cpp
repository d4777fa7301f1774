#include "kvadratura.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "contract.hpp"
#include "notation.hpp"

namespace quadra::rules {

// Every square of one board size, with the lookups a placement needs.
struct kvadratura_squares {
    std::uint64_t full = 0;                   // every cell of the board
    std::vector<std::array<int, 4>> corners;  // cell indices, counter-clockwise
    std::vector<std::uint64_t> masks;         // the four corners as bits
    // Per cell, for each square through it, the bits of its other three corners: a placement
    // completes that square exactly when the mover already holds those three.
    std::vector<std::uint64_t> others;
    std::array<int, 65> others_begin{};  // cell c's entries are others[begin[c], begin[c + 1])
    std::vector<int> by_name;            // cell indices in byte order of their names
    std::vector<std::string> names;      // cell names by index
};

namespace {

const char* colour_of(int seat) { return seat == 0 ? "White" : "Black"; }

std::string count_of_squares(int count) {
    return std::to_string(count) + (count == 1 ? " square" : " squares");
}

kvadratura_squares build_squares(int n) {
    kvadratura_squares table;
    table.full = n * n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n * n)) - 1;
    const auto index = [n](int file, int rank) { return rank * n + file; };

    // A square has one side vector (dx, dy) with dx >= 1, dy >= 0 when its corners are taken
    // counter-clockwise, so enumerating those vectors counts each square exactly once. It spans
    // dx + dy cells in both directions.
    for (int dy = 0; dy < n; ++dy) {
        for (int dx = 1; dx + dy < n; ++dx) {
            for (int rank = 0; rank + dx + dy < n; ++rank) {
                for (int file = dy; file + dx < n; ++file) {
                    const std::array<int, 4> c = {
                        index(file, rank),
                        index(file + dx, rank + dy),
                        index(file + dx - dy, rank + dy + dx),
                        index(file - dy, rank + dx),
                    };
                    std::uint64_t mask = 0;
                    for (int i : c) mask |= std::uint64_t{1} << i;
                    table.corners.push_back(c);
                    table.masks.push_back(mask);
                }
            }
        }
    }

    for (int cell_index = 0; cell_index < n * n; ++cell_index) {
        table.others_begin[static_cast<std::size_t>(cell_index)] =
            static_cast<int>(table.others.size());
        const std::uint64_t bit = std::uint64_t{1} << cell_index;
        for (std::uint64_t mask : table.masks)
            if (mask & bit) table.others.push_back(mask & ~bit);
    }
    table.others_begin[static_cast<std::size_t>(n * n)] = static_cast<int>(table.others.size());

    for (int rank = 0; rank < n; ++rank)
        for (int file = 0; file < n; ++file) table.names.push_back(cell_name(file, rank));
    for (int i = 0; i < n * n; ++i) table.by_name.push_back(i);
    std::sort(table.by_name.begin(), table.by_name.end(), [&](int a, int b) {
        return table.names[static_cast<std::size_t>(a)] < table.names[static_cast<std::size_t>(b)];
    });
    return table;
}

// Built once for all sizes, then shared read-only by every position.
const kvadratura_squares& squares_for(int n) {
    static const auto tables = [] {
        std::array<kvadratura_squares, kvadratura::max_size - kvadratura::min_size + 1> all;
        for (int size = kvadratura::min_size; size <= kvadratura::max_size; ++size)
            all[static_cast<std::size_t>(size - kvadratura::min_size)] = build_squares(size);
        return all;
    }();
    return tables[static_cast<std::size_t>(n - kvadratura::min_size)];
}

result<std::unique_ptr<game>> start(const options& checked) {
    const auto size = static_cast<int>(integer_option(checked, "size", kvadratura::max_size));
    const auto mode = word_option(checked, "mode", "first_square_loses") == "fill"
                          ? kvadratura_mode::fill
                          : kvadratura_mode::first_square_loses;
    return std::unique_ptr<game>(std::make_unique<kvadratura>(size, mode));
}

result<std::unique_ptr<game>> from_fields(std::string_view fields) {
    auto parsed = kvadratura::from_notation(fields);
    if (!parsed) return refusal{parsed.reason()};
    return std::unique_ptr<game>(std::make_unique<kvadratura>(std::move(parsed).value()));
}

}  // namespace

std::string_view kvadratura_mode_name(kvadratura_mode mode) {
    return mode == kvadratura_mode::fill ? "fill" : "first_square_loses";
}

kvadratura::kvadratura(int size, kvadratura_mode mode) : size_(size), mode_(mode) {
    if (size < min_size || size > max_size)
        broken_contract<std::invalid_argument>("kvadratura board size must be 3 to 8");
    table_ = &squares_for(size);
}

result<kvadratura> kvadratura::from_rows(const std::vector<std::string>& rows,
                                         kvadratura_mode mode) {
    const int n = static_cast<int>(rows.size());
    if (n < min_size || n > max_size)
        return refusal{"a board has 3 to 8 rows, not " + std::to_string(n)};
    kvadratura position(n, mode);
    for (int row = 0; row < n; ++row) {
        const auto& text = rows[static_cast<std::size_t>(row)];
        if (static_cast<int>(text.size()) != n)
            return refusal{"row '" + text + "' should have " + std::to_string(n) + " cells"};
        for (int file = 0; file < n; ++file) {
            const char mark = text[static_cast<std::size_t>(file)];
            const std::uint64_t bit = std::uint64_t{1} << ((n - 1 - row) * n + file);
            if (mark == 'W') {
                position.stones_[0] |= bit;
            } else if (mark == 'B') {
                position.stones_[1] |= bit;
            } else if (mark != '.') {
                return refusal{"row '" + text + "' holds '" + std::string(1, mark) +
                               "'; use W, B or ."};
            }
        }
    }

    const int white = std::popcount(position.stones_[0]);
    const int black = std::popcount(position.stones_[1]);
    if (white != black && white != black + 1)
        return refusal{"White has " + std::to_string(white) + " checkers and Black " +
                       std::to_string(black) + "; White must have as many or one more"};
    position.to_move_ = white == black ? 0 : 1;

    std::array<std::uint64_t, 2> shared = {~std::uint64_t{0}, ~std::uint64_t{0}};
    for (std::uint64_t mask : position.table_->masks) {
        for (int seat = 0; seat < 2; ++seat) {
            if ((position.stones_[static_cast<std::size_t>(seat)] & mask) != mask) continue;
            ++position.completed_[static_cast<std::size_t>(seat)];
            shared[static_cast<std::size_t>(seat)] &= mask;
        }
    }

    if (mode == kvadratura_mode::first_square_loses) {
        // Only the last mover can hold one-colour squares, all made by their last checker.
        const int mover = position.to_move_;
        const int last = 1 - mover;
        if (position.completed_[static_cast<std::size_t>(mover)] > 0)
            return refusal{std::string(colour_of(mover)) +
                           " has a square of their colour but did not move last"};
        if (position.completed_[static_cast<std::size_t>(last)] > 0) {
            if (shared[static_cast<std::size_t>(last)] == 0)
                return refusal{std::string(colour_of(last)) +
                               "'s squares share no cell, so one move cannot have made them"};
            position.loser_ = last;
            position.to_move_ = -1;
        }
    }
    if (position.full()) position.to_move_ = -1;
    return position;
}

std::vector<std::array<cell, 4>> kvadratura::squares_on(int size) {
    if (size < min_size || size > max_size)
        broken_contract<std::invalid_argument>("kvadratura board size must be 3 to 8");
    std::vector<std::array<cell, 4>> out;
    for (const auto& corners : squares_for(size).corners) {
        std::array<cell, 4> square;
        for (std::size_t i = 0; i < 4; ++i) square[i] = cell{corners[i] % size, corners[i] / size};
        out.push_back(square);
    }
    return out;
}

int kvadratura::seat_at(cell c) const {
    if (c.file < 0 || c.file >= size_ || c.rank < 0 || c.rank >= size_) return -1;
    const std::uint64_t bit = std::uint64_t{1} << (c.rank * size_ + c.file);
    if (stones_[0] & bit) return 0;
    if (stones_[1] & bit) return 1;
    return -1;
}

bool kvadratura::full() const { return occupied() == table_->full; }

options kvadratura::settings() const {
    return {{"mode", std::string(kvadratura_mode_name(mode_))}, {"size", std::int64_t{size_}}};
}

std::vector<std::string> kvadratura::legal() const {
    std::vector<std::string> tokens;
    if (to_move_ < 0) return tokens;
    const std::uint64_t taken = occupied();
    tokens.reserve(static_cast<std::size_t>(size_ * size_ - std::popcount(taken)));
    for (int i : table_->by_name)
        if (!((taken >> i) & 1)) tokens.push_back(table_->names[static_cast<std::size_t>(i)]);
    return tokens;
}

result<void> kvadratura::apply(std::string_view token) {
    if (to_move_ < 0) return refusal{"the game is over", "game_over"};
    const int seat = to_move_;
    if (token == "pass")
        return refusal{
            "'pass' is not allowed: " + std::string(colour_of(seat)) + " has empty cells to play",
            "pass_not_allowed"};
    const auto target = parse_cell(token, size_, size_);
    if (!target)
        return refusal{"'" + std::string(token) + "' is not a cell of the " +
                           std::to_string(size_) + "x" + std::to_string(size_) + " board (a1 to " +
                           cell_name(size_ - 1, size_ - 1) + ")",
                       "not_a_cell"};
    const int index = target->rank * size_ + target->file;
    const std::uint64_t bit = std::uint64_t{1} << index;
    if (occupied() & bit)
        return refusal{
            std::string(token) + " is already occupied by " + colour_of(seat_at(*target)),
            "occupied"};

    auto& own = stones_[static_cast<std::size_t>(seat)];
    const auto& table = *table_;
    int made = 0;
    const auto begin = table.others.begin() + table.others_begin[static_cast<std::size_t>(index)];
    const auto end = table.others.begin() + table.others_begin[static_cast<std::size_t>(index) + 1];
    for (auto other = begin; other != end; ++other) made += (own & *other) == *other;
    own |= bit;
    completed_[static_cast<std::size_t>(seat)] += made;

    if (made > 0 && mode_ == kvadratura_mode::first_square_loses) {
        loser_ = seat;
        to_move_ = -1;
    } else {
        to_move_ = full() ? -1 : 1 - seat;
    }
    return {};
}

outcome kvadratura::current_outcome() const {
    outcome out;
    const int white = completed_[0];
    const int black = completed_[1];
    out.scores = {white, black};
    if (to_move_ >= 0) return out;
    out.status = game_status::finished;
    if (loser_ >= 0) {
        const int made = completed_[static_cast<std::size_t>(loser_)];
        out.winners = {1 - loser_};
        out.reason = std::string(colour_of(loser_)) + " completed " +
                     (made == 1 ? std::string("a square") : count_of_squares(made));
        out.code = "completed";
        out.figures = {{"seat", loser_}, {"squares", made}};
    } else if (mode_ == kvadratura_mode::first_square_loses) {
        out.reason = "board full without a one-colour square";
        out.code = "full_no_square";
    } else if (white == black) {
        out.reason = "board full, " + count_of_squares(white) + " each";
        out.code = "full_each";
        out.figures = {{"squares", white}};
    } else {
        const int winner = white < black ? 0 : 1;
        out.winners = {winner};
        out.reason = std::string(colour_of(winner)) + " wins by " +
                     count_of_squares(std::abs(white - black)) + " (White " +
                     std::to_string(white) + ", Black " + std::to_string(black) + ")";
        out.code = "wins_by";
        out.figures = {{"seat", winner},
                       {"squares", std::abs(white - black)},
                       {"white", white},
                       {"black", black}};
    }
    return out;
}

view kvadratura::describe() const {
    const auto& table = *table_;
    view_fields cells;
    cells.reserve(static_cast<std::size_t>(std::popcount(stones_[0] | stones_[1])));
    for (int i : table.by_name) {
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (stones_[0] & bit) cells.emplace_back(table.names[static_cast<std::size_t>(i)], 0);
        if (stones_[1] & bit) cells.emplace_back(table.names[static_cast<std::size_t>(i)], 1);
    }
    view_list squares;
    for (std::size_t k = 0; k < table.masks.size(); ++k) {
        for (int seat = 0; seat < 2; ++seat) {
            if ((stones_[static_cast<std::size_t>(seat)] & table.masks[k]) != table.masks[k])
                continue;
            view_list corners;
            for (int i : table.corners[k])
                corners.emplace_back(table.names[static_cast<std::size_t>(i)]);
            squares.emplace_back(view_fields{{"cells", std::move(corners)}, {"seat", seat}});
        }
    }
    return view_fields{
        {"files", size_},
        {"ranks", size_},
        {"cells", std::move(cells)},
        {"mode", std::string(kvadratura_mode_name(mode_))},
        {"squares", std::move(squares)},
    };
}

std::string kvadratura::position() const {
    std::vector<char> cells(static_cast<std::size_t>(size_ * size_), '.');
    for (int i = 0; i < size_ * size_; ++i) {
        if ((stones_[0] >> i) & 1) cells[static_cast<std::size_t>(i)] = 'W';
        if ((stones_[1] >> i) & 1) cells[static_cast<std::size_t>(i)] = 'B';
    }
    return std::string("kvadratura:") + (mode_ == kvadratura_mode::fill ? "f" : "l") + ":" +
           notation::write_board(cells, size_, size_);
}

result<kvadratura> kvadratura::from_notation(std::string_view text) {
    const auto fields = notation::split_fields(text);
    if (auto counted = notation::check_field_count("kvadratura", fields, {"mode", "board"});
        !counted)
        return refusal{counted.reason()};
    if (fields[0] != "l" && fields[0] != "f")
        return notation::expected("mode", "\"l\" (first_square_loses) or \"f\" (fill)", fields[0]);
    const auto mode =
        fields[0] == "f" ? kvadratura_mode::fill : kvadratura_mode::first_square_loses;
    const auto board = fields[1];
    const int n = static_cast<int>(std::count(board.begin(), board.end(), '/')) + 1;
    if (n < min_size || n > max_size)
        return notation::expected("board", "3 to 8 ranks separated by '/'", board);
    const auto cells = notation::read_board(board, n, n, "WB");
    if (!cells) return refusal{cells.reason()};
    std::vector<std::string> rows;
    for (int rank = n - 1; rank >= 0; --rank) {
        const auto first = cells.value().begin() + rank * n;
        rows.emplace_back(first, first + n);
    }
    auto position = from_rows(rows, mode);
    if (!position) return refusal{"field 'board': " + position.reason()};
    return position;
}

const game_type& kvadratura_type() {
    static const game_type type{
        "kvadratura",
        "Kvadratura",
        "Fill an n x n board without making a square of your colour in any orientation",
        {
            {"size", "board side n, 3 to 8 (default 8)", std::int64_t{8}, 3, 8, {}},
            {"mode",
             "\"first_square_loses\" (default): a square of your colour loses at once; "
             "\"fill\": fill the board, fewer one-colour squares wins",
             std::string("first_square_loses"),
             std::nullopt,
             0,
             {"first_square_loses", "fill"}},
        },
        &start,
        &from_fields,
    };
    return type;
}

std::string kvadratura::seat_name(int seat) const { return colour_of(seat); }

}  // namespace quadra::rules
