#pragma once
// The pieces every game's position notation (docs/rules.md §6) is made of: fields separated by
// ':', boards as ranks separated by '/' with runs of empty cells as numbers, and refusals that
// name the field and what was expected.

#include <string>
#include <string_view>
#include <vector>

#include "result.hpp"

namespace quadra::rules::notation {

// `text` cut at every ':'.
std::vector<std::string_view> split_fields(std::string_view text);

// Checks that `fields` (what follows "<game>:") has exactly the named fields, in order.
result<void> check_field_count(std::string_view game, const std::vector<std::string_view>& fields,
                               const std::vector<std::string_view>& names);

// "field '<field>': expected <what>, not \"<got>\"".
refusal expected(std::string_view field, std::string_view what, std::string_view got);

// A board of `files` x `ranks` cells, cells[rank * files + file] ('.' empty), written top rank
// first, ranks separated by '/', each run of empty cells as its length ("8/3W4/...").
std::string write_board(const std::vector<char>& cells, int files, int ranks);

// The inverse of write_board for a board whose pieces are the characters of `pieces`; refuses
// anything write_board would not have written (a zero or split run, a short or long rank),
// naming field 'board' and the rank.
result<std::vector<char>> read_board(std::string_view text, int files, int ranks,
                                     std::string_view pieces);

// Whether a nonempty `text` is a decimal number without leading zeros, and its value.
bool read_number(std::string_view text, int& value);

}  // namespace quadra::rules::notation
