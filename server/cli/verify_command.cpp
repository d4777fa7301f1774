#include "server/cli/verify_command.hpp"

#include <fstream>
#include <iostream>
#include <iterator>

#include "protocol/cli_json.hpp"
#include "protocol/record.hpp"
#include "server/cli/verify.hpp"

namespace quadra::server {

int run_verify_command(const std::string& path, std::ostream& out, std::ostream& err) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        err << "quadra verify: cannot read '" << path << "'\n";
        return 2;
    }
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (!protocol::is_json(text)) {
        err << "quadra verify: '" << path << "' is not valid JSON\n";
        return 2;
    }
    const auto report = verify_record(text);
    if (!report) {
        err << "quadra verify: " << report.reason() << '\n';
        return 2;
    }
    if (const auto& bad = report.value().failure) {
        out << protocol::ply_error_text(*bad) << '\n';
        return 1;
    }
    out << protocol::verified_text(report.value().plies, report.value().rolls) << '\n';
    return 0;
}

}  // namespace quadra::server
