#pragma once
// `quadra admin`: roles and moderator actions (#31) for the operator, on the store the server is
// configured with (the same --config, QUADRA_* and flags as `quadra serve`), while it runs or not.
// Each action writes its audit-log row; every running node applies it within a second.

#include <ostream>
#include <span>
#include <string>

namespace quadra::server {

// Exit status: 0 done, 1 refused (no such account, nothing to change, an unusable store),
// 2 usage.
int run_admin_command(std::span<const std::string> args, std::span<const std::string> environment,
                      std::ostream& out, std::ostream& err);

}  // namespace quadra::server
