#include "server/store/sql_dialect.hpp"

#include <cctype>
#include <stdexcept>

namespace quadra::server {

std::string sqlite_list_text(const std::vector<std::string>& items) {
    std::string text = "[";
    for (const auto& item : items) text += (text.size() > 1 ? ",\"" : "\"") + item + "\"";
    return text + "]";
}

std::string postgres_list_text(const std::vector<std::string>& items) {
    std::string text = "{";
    for (const auto& item : items) text += (text.size() > 1 ? "," : "") + item;
    return text + "}";
}

std::string render(std::string_view sql, const sql_dialect& dialect) {
    std::string text;
    text.reserve(sql.size());
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (c == '?' && i + 1 < sql.size() &&
            std::isdigit(static_cast<unsigned char>(sql[i + 1]))) {
            text.push_back(dialect.placeholder);
        } else if (c == '{') {
            const auto end = sql.find('}', i);
            const auto fragment = sql.substr(i + 1, end - i - 1);
            if (fragment == "row_lock")
                text += dialect.row_lock;
            else if (fragment == "given_list")
                text += dialect.given_list;
            else
                throw std::logic_error("unknown SQL fragment {" + std::string(fragment) + "}");
            i = end;
        } else {
            text.push_back(c);
        }
    }
    return text;
}

}  // namespace quadra::server
