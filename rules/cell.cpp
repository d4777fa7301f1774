#include "cell.hpp"

namespace quadra::rules {

std::optional<cell> parse_cell(std::string_view text, int files, int ranks) {
    if (text.size() < 2 || text.size() > 3) return std::nullopt;
    const char letter = text[0];
    if (letter < 'a' || letter >= 'a' + files) return std::nullopt;
    int rank = 0;
    for (char digit : text.substr(1)) {
        if (digit < '0' || digit > '9') return std::nullopt;
        rank = rank * 10 + (digit - '0');
    }
    if (text[1] == '0' || rank < 1 || rank > ranks) return std::nullopt;
    return cell{letter - 'a', rank - 1};
}

std::string cell_name(cell c) {
    return std::string(1, static_cast<char>('a' + c.file)) + std::to_string(c.rank + 1);
}

}  // namespace quadra::rules
