#include "server/app/account_rules.hpp"

#include "server/identity/identity.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

bool valid_user_name(std::string_view name) { return !name.empty() && sanitize_name(name) == name; }

std::optional<std::string> password_weakness(std::string_view password,
                                             std::string_view user_name) {
    std::size_t characters = 0;
    for (const char c : password)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++characters;  // not a continuation
    if (characters < min_password_characters || account_key(password) == account_key(user_name))
        return "a password needs at least " + std::to_string(min_password_characters) +
               " characters and must not be the user name";
    return std::nullopt;
}

}  // namespace quadra::server
