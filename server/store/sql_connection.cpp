#include "server/store/sql_connection.hpp"

#include <cstdlib>

namespace quadra::server {

// SQLite gives each cell its own type; libpq gives text, read here as the column's type.

bool sql_rows::null(int row, int column) const {
    return std::holds_alternative<std::monostate>(at(row, column));
}

std::string sql_rows::text(int row, int column) const {
    const auto& value = at(row, column);
    if (const auto* text = std::get_if<std::string>(&value)) return *text;
    if (const auto* number = std::get_if<std::int64_t>(&value)) return std::to_string(*number);
    return {};
}

std::int64_t sql_rows::integer(int row, int column) const {
    const auto& value = at(row, column);
    if (const auto* number = std::get_if<std::int64_t>(&value)) return *number;
    if (const auto* text = std::get_if<std::string>(&value))
        return std::strtoll(text->c_str(), nullptr, 10);
    if (const auto* real = std::get_if<double>(&value)) return static_cast<std::int64_t>(*real);
    return 0;
}

double sql_rows::real(int row, int column) const {
    const auto& value = at(row, column);
    if (const auto* real = std::get_if<double>(&value)) return *real;
    if (const auto* text = std::get_if<std::string>(&value))
        return std::strtod(text->c_str(), nullptr);
    if (const auto* number = std::get_if<std::int64_t>(&value)) return static_cast<double>(*number);
    return 0;
}

bool sql_rows::boolean(int row, int column) const {
    const auto& value = at(row, column);
    if (const auto* text = std::get_if<std::string>(&value))
        return !text->empty() && (*text)[0] == 't';
    return integer(row, column) != 0;
}

}  // namespace quadra::server
