#pragma once
// `quadra verify FILE`: checks an exported game record's tokens and dice (see verify.hpp).

#include <iosfwd>
#include <string>

namespace quadra::server {

// Exit status: 0 every token and die checks out (a summary on `out`), 1 the first bad ply is
// printed as {"error": {"ply": k, "move": "...", "reason": "..."}}, 2 the file is not a
// checkable record (message on `err`).
int run_verify_command(const std::string& path, std::ostream& out, std::ostream& err);

}  // namespace quadra::server
