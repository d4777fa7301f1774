#include "quadrature.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "contract.hpp"
#include "notation.hpp"

namespace quadra::rules {

namespace {

constexpr int n = quadrature::size;
using masks = std::array<std::uint16_t, n>;

constexpr std::uint16_t bit(int file) { return static_cast<std::uint16_t>(1u << file); }
constexpr std::uint16_t without(std::uint16_t mask, int file) {
    return static_cast<std::uint16_t>(mask & ~bit(file));
}

// Files b..j, the nine men of one starting rank.
constexpr std::uint16_t nine_men = 0x3fe;
// Files e, f and g: the goal cells of the far rank.
constexpr std::uint16_t goal_files = bit(4) | bit(5) | bit(6);

constexpr int forward(int seat) { return seat == 0 ? 1 : -1; }
constexpr int goal_rank(int seat) { return seat == 0 ? n - 1 : 0; }
const char* colour_of(int seat) { return seat == 0 ? "Black" : "White"; }

// Ranks in byte order of their names ("1", "10", "11", "2", ..., "9"), and each rank's place in
// that order: legal() lists tokens in byte order without sorting strings.
constexpr std::array<int, n> ranks_by_name = {0, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8};
constexpr std::array<int, n> rank_name_order = {0, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2};

// Writes a cell name at `out` and returns the end; cheaper than cell_name() on the hot path of
// legal().
char* write_cell(char* out, int file, int rank) {
    *out++ = static_cast<char>('a' + file);
    if (rank >= 9) {
        *out++ = '1';
        *out++ = static_cast<char>('0' + rank - 9);
    } else {
        *out++ = static_cast<char>('1' + rank);
    }
    return out;
}

// The files of rank `rank` where a man would complete a rectangle with three men of `enemy`:
// some other rank holds an enemy man on that file and shares another file with rank `rank`.
// Meaningful for empty cells only.
std::uint16_t squared_in_rank(const masks& enemy, int rank) {
    std::uint16_t files = 0;
    if (enemy[rank] == 0) return 0;
    for (int other = 0; other < n; ++other)
        if (other != rank && (enemy[rank] & enemy[other])) files |= enemy[other];
    return files;
}

// The enemy men that the man of `own` on (file, rank) squares together with two more men of
// `own`, per rank. The enemy man is on the same rank, on the same file or at the opposite corner.
masks squared_through(const masks& own, const masks& enemy, int file, int rank) {
    masks found{};
    const std::uint16_t here = bit(file);
    for (int other = 0; other < n; ++other) {
        if (other == rank) continue;
        if (own[other] & here) {
            // (file, other) is ours too: the fourth corner is an enemy man on one of the two
            // ranks facing a man of ours on the other.
            found[other] |= enemy[other] & own[rank];
            found[rank] |= enemy[rank] & own[other];
        }
        if ((enemy[other] & here) && without(own[other] & own[rank], file)) found[other] |= here;
    }
    return found;
}

result<std::unique_ptr<game>> start(const options& checked) {
    const auto setup = word_option(checked, "setup", "men18") == "steere9"
                           ? quadrature_setup::steere9
                           : quadrature_setup::men18;
    return std::unique_ptr<game>(std::make_unique<quadrature>(setup));
}

result<std::unique_ptr<game>> from_fields(std::string_view fields) {
    auto parsed = quadrature::from_notation(fields);
    if (!parsed) return refusal{parsed.reason()};
    return std::unique_ptr<game>(std::make_unique<quadrature>(std::move(parsed).value()));
}

}  // namespace

std::string_view quadrature_setup_name(quadrature_setup setup) {
    return setup == quadrature_setup::steere9 ? "steere9" : "men18";
}

quadrature::quadrature(quadrature_setup setup) : setup_(setup) {
    men_[0][2] = nine_men;
    men_[1][8] = nine_men;
    if (setup == quadrature_setup::men18) {
        men_[0][1] = nine_men;
        men_[1][9] = nine_men;
    }
    counts_[0] = counts_[1] = setup == quadrature_setup::men18 ? 18 : 9;
    record_position();
}

quadrature quadrature::from_position(const std::vector<std::string>& black,
                                     const std::vector<std::string>& white, int to_move,
                                     int black_marker, int white_marker) {
    if (to_move != 0 && to_move != 1)
        broken_contract<std::invalid_argument>("quadrature: the side to move is 0 or 1");
    if (black_marker < 0 || black_marker > 2 || white_marker < 0 || white_marker > 2)
        broken_contract<std::invalid_argument>("quadrature: markers are 0, 1 or 2");
    quadrature position;
    position.men_ = {};
    position.counts_ = {};
    position.history_.clear();
    for (int seat = 0; seat < 2; ++seat) {
        for (const auto& name : seat == 0 ? black : white) {
            const auto c = parse_cell(name, n, n);
            if (!c) broken_contract<std::invalid_argument>("quadrature: bad cell '" + name + "'");
            if (position.seat_at(*c) >= 0)
                broken_contract<std::invalid_argument>("quadrature: cell '" + name +
                                                       "' given twice");
            position.men_[seat][c->rank] |= bit(c->file);
            ++position.counts_[seat];
        }
    }
    position.markers_ = {static_cast<std::uint8_t>(black_marker),
                         static_cast<std::uint8_t>(white_marker)};
    position.side_ = static_cast<std::uint8_t>(to_move);
    position.record_position();
    return position;
}

int quadrature::seat_at(cell c) const {
    if (men_[0][c.rank] & bit(c.file)) return 0;
    if (men_[1][c.rank] & bit(c.file)) return 1;
    return -1;
}

options quadrature::settings() const {
    return {{"setup", std::string(quadrature_setup_name(setup_))}};
}

template <class Visit>
bool quadrature::for_each_move(int seat, Visit&& visit) const {
    const auto& own = men_[seat];
    const auto& enemy = men_[1 - seat];
    // Cells no man of `seat` may step onto: occupied, or completing an enemy rectangle.
    masks blocked{};
    for (int rank = 0; rank < n; ++rank)
        blocked[rank] = own[rank] | enemy[rank] | squared_in_rank(enemy, rank);
    const bool quiet_sideways_allowed = markers_[seat] < 2;

    for (int file = 0; file < n; ++file) {
        for (int rank : ranks_by_name) {
            if (!(own[rank] & bit(file))) continue;
            const int ahead = rank + forward(seat);
            const bool can_advance = ahead >= 0 && ahead < n;
            auto step = [&](int to_file, int to_rank) {
                if (blocked[to_rank] & bit(to_file)) return false;
                if (to_rank == rank && !quiet_sideways_allowed &&
                    !sideways_exchanges(seat, file, rank, to_file))
                    return false;
                return static_cast<bool>(visit(file, rank, to_file, to_rank));
            };
            for (int to_file = std::max(file - 1, 0); to_file <= std::min(file + 1, n - 1);
                 ++to_file) {
                if (to_file == file) {
                    if (can_advance && step(file, ahead)) return true;
                } else if (can_advance && rank_name_order[ahead] < rank_name_order[rank]) {
                    // The diagonal and the sideways destination share a file: the destination
                    // whose rank name sorts first comes first.
                    if (step(to_file, ahead) || step(to_file, rank)) return true;
                } else if (step(to_file, rank) || (can_advance && step(to_file, ahead))) {
                    return true;
                }
            }
        }
    }
    return false;
}

bool quadrature::has_move(int seat) const {
    return for_each_move(seat, [](int, int, int, int) { return true; });
}

bool quadrature::sideways_exchanges(int seat, int file, int rank, int to_file) const {
    masks own = men_[seat];
    own[rank] = without(own[rank], file) | bit(to_file);
    const masks found = squared_through(own, men_[1 - seat], to_file, rank);
    return std::any_of(found.begin(), found.end(), [](std::uint16_t files) { return files != 0; });
}

std::vector<std::string> quadrature::legal() const {
    if (ending_ != ending::none) return {};
    std::vector<std::string> tokens;
    tokens.reserve(5 * std::size_t{counts_[side_]});  // at most five destinations per man
    for_each_move(side_, [&](int from_file, int from_rank, int to_file, int to_rank) {
        std::array<char, 7> text;
        char* end = write_cell(text.data(), from_file, from_rank);
        *end++ = '-';
        end = write_cell(end, to_file, to_rank);
        tokens.emplace_back(text.data(), end);
        return false;
    });
    if (tokens.empty()) tokens.emplace_back("pass");
    return tokens;
}

int quadrature::step_and_exchange(int from_file, int from_rank, int to_file, int to_rank) {
    auto& own = men_[side_];
    auto& enemy = men_[1 - side_];
    own[from_rank] = without(own[from_rank], from_file);
    own[to_rank] |= bit(to_file);
    exchanged_ = {};

    // The active men not yet looked through, as rank * n + file. Men only ever join both sets,
    // so looking through each active man once, after it joined, finds every rectangle: the last
    // of its three men to become active sees the other two.
    std::array<std::uint8_t, n * n> pending{};
    int waiting = 0;
    pending[waiting++] = static_cast<std::uint8_t>(to_rank * n + to_file);
    int taken = 0;
    while (waiting > 0) {
        const int active = pending[--waiting];
        const masks found = squared_through(own, enemy, active % n, active / n);
        for (int rank = 0; rank < n; ++rank) {
            for (std::uint16_t left = found[rank]; left != 0; left &= left - 1) {
                const int file = std::countr_zero(left);
                enemy[rank] = without(enemy[rank], file);
                own[rank] |= bit(file);
                exchanged_[rank] |= bit(file);
                pending[waiting++] = static_cast<std::uint8_t>(rank * n + file);
                ++taken;
            }
        }
    }
    counts_[side_] = static_cast<std::uint8_t>(counts_[side_] + taken);
    counts_[1 - side_] = static_cast<std::uint8_t>(counts_[1 - side_] - taken);
    return taken;
}

result<void> quadrature::apply(std::string_view token) {
    if (ending_ != ending::none) return refusal{"the game is over"};
    const int seat = side_;
    const std::string side_name = colour_of(seat);

    if (token == "pass") {
        if (has_move(seat))
            return refusal{"pass is only allowed when " + side_name + " has no move"};
        side_ = static_cast<std::uint8_t>(1 - seat);
        exchanged_ = {};
        record_position();
        return {};
    }

    const auto dash = token.find('-');
    if (dash == std::string_view::npos)
        return refusal{"'" + std::string(token) +
                       "' is not a move: expected from-to cells like \"e3-e4\", or \"pass\""};
    const auto from_name = token.substr(0, dash);
    const auto to_name = token.substr(dash + 1);
    const auto from = parse_cell(from_name, n, n);
    if (!from) return refusal{"'" + std::string(from_name) + "' is not a cell of a1-k11"};
    const auto to = parse_cell(to_name, n, n);
    if (!to) return refusal{"'" + std::string(to_name) + "' is not a cell of a1-k11"};

    switch (check_step(*from, *to)) {
        case step_verdict::allowed:
            break;
        case step_verdict::no_man:
            return refusal{"there is no man on " + std::string(from_name)};
        case step_verdict::not_yours:
            return refusal{std::string(from_name) + " holds a " + colour_of(1 - seat) +
                           " man and " + side_name + " is to move"};
        case step_verdict::backward:
            return refusal{"men never move backward"};
        case step_verdict::not_a_step:
            return refusal{
                "a man steps to a neighbouring cell forward, diagonally forward or sideways"};
        case step_verdict::occupied:
            return refusal{std::string(to_name) + " is occupied"};
        case step_verdict::suicide:
            return refusal{"no man may step onto " + std::string(to_name) +
                           ": it would complete a rectangle with three " + colour_of(1 - seat) +
                           " men"};
        case step_verdict::marker:
            return refusal{side_name + "'s marker is at 2: a sideways move must exchange a man"};
    }
    const bool sideways = to->rank == from->rank;
    auto& marker = markers_[seat];
    const int taken = step_and_exchange(from->file, from->rank, to->file, to->rank);
    marker = sideways && taken == 0 ? static_cast<std::uint8_t>(marker + 1) : std::uint8_t{0};
    if (counts_[1 - seat] <= 2) {
        ending_ = ending::men;
        winner_ = static_cast<std::int8_t>(seat);
    } else if ((men_[seat][goal_rank(seat)] & goal_files) == goal_files) {
        ending_ = ending::goal;
        winner_ = static_cast<std::int8_t>(seat);
    }
    side_ = static_cast<std::uint8_t>(1 - seat);
    record_position();
    return {};
}

quadrature::step_verdict quadrature::check_step(cell from, cell to) const {
    const int seat = side_;
    const int owner = seat_at(from);
    if (owner < 0) return step_verdict::no_man;
    if (owner != seat) return step_verdict::not_yours;
    const int across = to.file - from.file;
    const int ahead = (to.rank - from.rank) * forward(seat);
    if (ahead < 0) return step_verdict::backward;
    if (std::abs(across) > 1 || ahead > 1 || (across == 0 && ahead == 0))
        return step_verdict::not_a_step;
    if (seat_at(to) >= 0) return step_verdict::occupied;
    if (squared_in_rank(men_[1 - seat], to.rank) & bit(to.file)) return step_verdict::suicide;
    if (ahead == 0 && markers_[seat] == 2 &&
        !sideways_exchanges(seat, from.file, from.rank, to.file))
        return step_verdict::marker;
    return step_verdict::allowed;
}

view quadrature::explain(std::string_view request) const {
    view_fields fields;
    fields.reserve(6);  // once: growing it trips GCC 12's -Wstringop-overflow
    fields.emplace_back("request", std::string(request));
    auto trial = *this;
    const auto applied = trial.apply(request);
    const auto refuse = [&](const char* reason) {
        fields.emplace_back("legal", false);
        fields.emplace_back("reason", reason);
        fields.emplace_back("message", applied.reason());
        return view(fields);
    };
    if (ending_ != ending::none) return refuse("game_over");
    if (request == "pass") {
        if (!applied) return refuse("pass_not_allowed");
        fields.emplace_back("legal", true);
        return fields;
    }
    const auto dash = request.find('-');
    if (dash == std::string_view::npos) return refuse("not_a_move");
    const auto from = parse_cell(request.substr(0, dash), n, n);
    const auto to = parse_cell(request.substr(dash + 1), n, n);
    if (!from || !to) return refuse("not_a_cell");
    const auto names = [](std::vector<std::string> cells) {
        std::sort(cells.begin(), cells.end());
        return to_view_list(cells);
    };
    constexpr std::array<const char*, 8> reasons{"",           "no_man",   "not_yours", "backward",
                                                 "not_a_step", "occupied", "suicide",   "marker"};
    if (const auto verdict = check_step(*from, *to); verdict != step_verdict::allowed) {
        refuse(reasons[static_cast<std::size_t>(verdict)]);
        if (verdict == step_verdict::suicide) {
            // The first enemy man, in board order, that closes a rectangle with two others.
            const auto& enemy = men_[1 - side_];
            for (int rank = 0; rank < n; ++rank)
                for (int file = 0; file < n; ++file)
                    if (rank != to->rank && file != to->file && (enemy[rank] & bit(file)) &&
                        (enemy[to->rank] & bit(file)) && (enemy[rank] & bit(to->file))) {
                        fields.emplace_back("rectangle",
                                            names({cell_name(file, rank), cell_name(file, to->rank),
                                                   cell_name(to->file, rank)}));
                        return fields;
                    }
        }
        return fields;
    }
    std::vector<std::string> exchanged;
    for (int rank = 0; rank < n; ++rank)
        for (int file = 0; file < n; ++file)
            if (trial.exchanged_[rank] & bit(file)) exchanged.push_back(cell_name(file, rank));
    const bool sideways = to->rank == from->rank;
    const bool quiet = sideways && exchanged.empty();
    fields.emplace_back("legal", true);
    fields.emplace_back("exchanged", names(std::move(exchanged)));
    fields.emplace_back("sideways", sideways);
    fields.emplace_back("quiet", quiet);
    fields.emplace_back("marker", int{trial.markers_[side_]});
    return fields;
}

quadrature::position_key quadrature::key() const {
    position_key k;
    int at = 0;
    for (const auto& side : men_) {
        for (std::uint16_t files : side) {
            const std::uint64_t bits = files;
            const auto word = at / 64;
            const int shift = at % 64;
            k.bits[word] |= bits << shift;
            if (shift > 64 - n) k.bits[word + 1] |= bits >> (64 - shift);
            at += n;
        }
    }
    // 2 * 121 bits of men end at bit 242 = word 3, bit 50; markers and side follow.
    k.bits[3] |= std::uint64_t(markers_[0] | markers_[1] << 2 | side_ << 4) << 50;
    for (std::uint64_t word : k.bits) {
        k.hash = (k.hash ^ word) * 0x9e3779b97f4a7c15;
        k.hash ^= k.hash >> 29;
    }
    return k;
}

void quadrature::record_position() {
    if (ending_ != ending::none) return;
    history_.push_back(key());
    if (!has_move(side_) && !has_move(1 - side_))
        ending_ = ending::no_moves;
    else if (std::count(history_.begin(), history_.end(), history_.back()) >= 3)
        ending_ = ending::repetition;
}

outcome quadrature::current_outcome() const {
    outcome result;
    result.scores = {counts_[0], counts_[1]};
    if (ending_ == ending::none) return result;
    result.status = game_status::finished;
    if (winner_ >= 0) result.winners = {winner_};
    const std::string winner = winner_ >= 0 ? colour_of(winner_) : "";
    const int loser_men = winner_ >= 0 ? counts_[1 - winner_] : 0;
    switch (ending_) {
        case ending::men:
            result.reason = winner + " reduced " + colour_of(1 - winner_) + " to " +
                            std::to_string(loser_men) + (loser_men == 1 ? " man" : " men");
            result.code = "reduced";
            result.figures = {{"seat", winner_}, {"men", loser_men}};
            break;
        case ending::goal:
            result.reason =
                winner + " filled its goal " + (winner_ == 0 ? "e11 f11 g11" : "e1 f1 g1");
            result.code = "goal";
            result.figures = {{"seat", winner_}};
            break;
        case ending::no_moves:
            result.reason = "neither side can move";
            result.code = "no_moves";
            break;
        case ending::repetition:
            result.reason = "the same position occurred a third time";
            result.code = "repetition";
            break;
        case ending::none:
            break;
    }
    return result;
}

view quadrature::describe() const {
    view_fields cells;
    view_list exchanged;
    for (int rank = 0; rank < n; ++rank) {
        for (int file = 0; file < n; ++file) {
            const int seat = seat_at(cell{file, rank});
            if (seat >= 0) cells.emplace_back(cell_name(file, rank), seat);
            if (exchanged_[rank] & bit(file)) exchanged.emplace_back(cell_name(file, rank));
        }
    }
    return view_fields{
        {"files", n},
        {"ranks", n},
        {"cells", std::move(cells)},
        {"markers", view_list{int{markers_[0]}, int{markers_[1]}}},
        {"goals", view_list{view_list{"e11", "f11", "g11"}, view_list{"e1", "f1", "g1"}}},
        {"men", view_list{int{counts_[0]}, int{counts_[1]}}},
        {"exchanged", std::move(exchanged)},
    };
}

std::string quadrature::position() const {
    std::vector<char> cells(n * n, '.');
    std::string exchanged;
    for (int rank = 0; rank < n; ++rank) {
        for (int file = 0; file < n; ++file) {
            const int seat = seat_at(cell{file, rank});
            if (seat >= 0) cells[static_cast<std::size_t>(rank * n + file)] = seat == 0 ? 'B' : 'W';
            if (exchanged_[rank] & bit(file)) exchanged += cell_name(file, rank);
        }
    }
    const auto current = key();
    return std::string("quadrature:") + (setup_ == quadrature_setup::steere9 ? "s" : "m") + ":" +
           notation::write_board(cells, n, n) + ":" + (side_ == 0 ? "b" : "w") + ":" +
           std::to_string(markers_[0]) + std::to_string(markers_[1]) + ":" +
           (exchanged.empty() ? "-" : exchanged) + ":" +
           std::to_string(std::count(history_.begin(), history_.end(), current));
}

result<quadrature> quadrature::from_notation(std::string_view text) {
    const auto fields = notation::split_fields(text);
    if (auto counted = notation::check_field_count(
            "quadrature", fields, {"setup", "board", "turn", "markers", "exchanged", "seen"});
        !counted)
        return refusal{counted.reason()};
    quadrature position;
    if (fields[0] != "m" && fields[0] != "s")
        return notation::expected("setup", "\"m\" (men18) or \"s\" (steere9)", fields[0]);
    position.setup_ = fields[0] == "s" ? quadrature_setup::steere9 : quadrature_setup::men18;
    const auto cells = notation::read_board(fields[1], n, n, "BW");
    if (!cells) return refusal{cells.reason()};
    position.men_ = {};
    position.counts_ = {};
    for (int i = 0; i < n * n; ++i) {
        const char piece = cells.value()[static_cast<std::size_t>(i)];
        if (piece == '.') continue;
        const int seat = piece == 'B' ? 0 : 1;
        position.men_[seat][i / n] |= bit(i % n);
        ++position.counts_[seat];
    }
    if (fields[2] != "b" && fields[2] != "w")
        return notation::expected("turn", "\"b\" (Black) or \"w\" (White)", fields[2]);
    position.side_ = fields[2] == "b" ? 0 : 1;
    const auto markers = fields[3];
    if (markers.size() != 2 || markers[0] < '0' || markers[0] > '2' || markers[1] < '0' ||
        markers[1] > '2')
        return notation::expected("markers", "Black's and White's marker, two digits 0-2", markers);
    position.markers_ = {static_cast<std::uint8_t>(markers[0] - '0'),
                         static_cast<std::uint8_t>(markers[1] - '0')};

    // Exchanged men are the last mover's, named in board order.
    const int last = 1 - position.side_;
    position.exchanged_ = {};
    if (fields[4] != "-") {
        const std::string what = "\"-\" or cells holding " + std::string(colour_of(last)) +
                                 " men in board order (rank 1 first), e.g. \"e5f5\"";
        int previous = -1;
        for (std::size_t at = 0; at < fields[4].size();) {
            auto end = at + 1;
            while (end < fields[4].size() && fields[4][end] >= '0' && fields[4][end] <= '9') ++end;
            const auto c = parse_cell(fields[4].substr(at, end - at), n, n);
            if (!c || position.seat_at(*c) != last || c->rank * n + c->file <= previous)
                return notation::expected("exchanged", what, fields[4]);
            previous = c->rank * n + c->file;
            position.exchanged_[c->rank] |= bit(c->file);
            at = end;
        }
        if (fields[4].empty()) return notation::expected("exchanged", what, fields[4]);
    }

    int seen = 0;
    if (!notation::read_number(fields[5], seen) || seen > 3)
        return notation::expected("seen", "how often this position has occurred, 0 to 3",
                                  fields[5]);
    position.history_.assign(static_cast<std::size_t>(seen), position.key());

    // The ending follows from the position, tested in the order apply() tests it.
    if (position.counts_[1 - last] <= 2) {
        position.ending_ = ending::men;
        position.winner_ = static_cast<std::int8_t>(last);
    } else if ((position.men_[last][goal_rank(last)] & goal_files) == goal_files) {
        position.ending_ = ending::goal;
        position.winner_ = static_cast<std::int8_t>(last);
    } else if (seen == 0) {
        return notation::expected("seen", "1 to 3 for a position the game did not end in",
                                  fields[5]);
    } else if (!position.has_move(0) && !position.has_move(1)) {
        position.ending_ = ending::no_moves;
    } else if (seen == 3) {
        position.ending_ = ending::repetition;
    }
    return position;
}

const game_type& quadrature_type() {
    static const game_type type{
        "quadrature",
        "Quadrature",
        "Square enemy men with three of yours to exchange them; leave the opponent two men or "
        "fill your goal",
        {{"setup",
          "starting men: \"men18\" (default, two ranks of nine each) or \"steere9\" (Mark "
          "Steere's original, one rank of nine)",
          std::string("men18"),
          std::nullopt,
          0,
          {"men18", "steere9"}}},
        &start,
        &from_fields,
    };
    return type;
}

std::string quadrature::seat_name(int seat) const { return colour_of(seat); }

}  // namespace quadra::rules
