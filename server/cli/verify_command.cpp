#include "server/cli/verify_command.hpp"

#include <fstream>
#include <iostream>
#include <iterator>

#include "server/cli/verify.hpp"

namespace quadra::server {

int run_verify_command(const std::string& path, std::ostream& out, std::ostream& err) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        err << "quadra verify: cannot read '" << path << "'\n";
        return 2;
    }
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) {
        err << "quadra verify: '" << path << "' is not valid JSON\n";
        return 2;
    }
    const auto report = verify_record(json);
    if (!report) {
        err << "quadra verify: " << report.reason() << '\n';
        return 2;
    }
    if (const auto& bad = report.value().failure) {
        const nlohmann::json error = {
            {"ply", bad->ply}, {"move", bad->move}, {"reason", bad->reason}};
        out << nlohmann::json{{"error", error}}.dump() << '\n';
        return 1;
    }
    out << nlohmann::json{{"ok", true},
                          {"plies", report.value().plies},
                          {"rolls", report.value().rolls}}
               .dump()
        << '\n';
    return 0;
}

}  // namespace quadra::server
