#pragma once
// What an account's user name and password must be (#17), checked before anything is hashed or
// stored.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace quadra::server {

inline constexpr std::size_t min_password_characters = 8;

// A user name is a display name already in its clean form (sanitize_name leaves it as it is):
// 1-24 printable characters, single spaces between words, none at either end.
bool valid_user_name(std::string_view name);

// Why `password` is too weak for `user_name`, in words; none when it will do. The rule: at least
// min_password_characters characters, and not the user name itself in any case.
std::optional<std::string> password_weakness(std::string_view password, std::string_view user_name);

}  // namespace quadra::server
