#include "notation.hpp"

#include <algorithm>

namespace quadra::rules::notation {

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    for (std::size_t at = 0;;) {
        const auto colon = text.find(':', at);
        fields.push_back(text.substr(at, colon == std::string_view::npos ? colon : colon - at));
        if (colon == std::string_view::npos) return fields;
        at = colon + 1;
    }
}

result<void> check_field_count(std::string_view game, const std::vector<std::string_view>& fields,
                               const std::vector<std::string_view>& names) {
    if (fields.size() == names.size()) return {};
    std::string layout(game);
    for (auto name : names) layout += ":" + std::string(name);
    if (fields.size() < names.size())
        return refusal{"field '" + std::string(names[fields.size()]) + "': missing; expected " +
                       layout};
    return refusal{"expected nothing after field '" + std::string(names.back()) +
                   "', not another ':'; expected " + layout};
}

refusal expected(std::string_view field, std::string_view what, std::string_view got) {
    return refusal{"field '" + std::string(field) + "': expected " + std::string(what) +
                   ", not \"" + std::string(got) + "\""};
}

bool read_number(std::string_view text, int& value) {
    if (text.empty() || text.size() > 4 || (text[0] == '0' && text.size() > 1)) return false;
    value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    return true;
}

std::string write_board(const std::vector<char>& cells, int files, int ranks) {
    std::string out;
    for (int rank = ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < files; ++file) {
            const char piece = cells[static_cast<std::size_t>(rank * files + file)];
            if (piece == '.') {
                ++empty;
                continue;
            }
            if (empty > 0) out += std::to_string(empty);
            empty = 0;
            out += piece;
        }
        if (empty > 0) out += std::to_string(empty);
        if (rank > 0) out += '/';
    }
    return out;
}

result<std::vector<char>> read_board(std::string_view text, int files, int ranks,
                                     std::string_view pieces) {
    const auto rows = std::count(text.begin(), text.end(), '/') + 1;
    if (rows != ranks)
        return expected("board", std::to_string(ranks) + " ranks separated by '/'", text);
    std::vector<char> cells(static_cast<std::size_t>(files * ranks), '.');
    int rank = ranks - 1;
    for (std::size_t at = 0; rank >= 0; --rank) {
        const auto slash = text.find('/', at);
        const auto row = text.substr(at, slash == std::string_view::npos ? slash : slash - at);
        at = slash + 1;
        const std::string where = " in rank " + std::to_string(rank + 1);
        int file = 0;
        for (std::size_t i = 0; i < row.size();) {
            if (row[i] >= '0' && row[i] <= '9') {
                auto end = i;
                while (end < row.size() && row[end] >= '0' && row[end] <= '9') ++end;
                int run = 0;
                if (!read_number(row.substr(i, end - i), run) || run == 0 || file + run > files)
                    return expected("board",
                                    "each run of empty cells as one number from 1 to " +
                                        std::to_string(files - file) + where,
                                    row);
                file += run;
                i = end;
                continue;
            }
            if (pieces.find(row[i]) == std::string_view::npos || file >= files)
                return expected("board",
                                std::to_string(files) + " cells of \"" + std::string(pieces) +
                                    "\" or runs of empty cells" + where,
                                row);
            cells[static_cast<std::size_t>(rank * files + file)] = row[i];
            ++file;
            ++i;
        }
        if (file != files)
            return expected("board",
                            std::to_string(files) + " cells of \"" + std::string(pieces) +
                                "\" or runs of empty cells" + where,
                            row);
    }
    return cells;
}

}  // namespace quadra::rules::notation
