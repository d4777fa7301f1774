#pragma once
// Cell names shared by every board: file letter + rank number, lowercase, `a1` at seat 0's
// bottom-left ("a1", "e3", "o15").

#include <optional>
#include <string>
#include <string_view>

namespace quadra::rules {

// A board coordinate, 0-based: file 0 = 'a', rank 0 = "1".
struct cell {
    int file = 0;
    int rank = 0;
    bool operator==(const cell&) const = default;
};

// Parses a cell name on a board of `files` x `ranks`; rejects anything else ("A1", "a01", "a1 ").
std::optional<cell> parse_cell(std::string_view text, int files, int ranks);

std::string cell_name(cell c);
inline std::string cell_name(int file, int rank) { return cell_name(cell{file, rank}); }

}  // namespace quadra::rules
