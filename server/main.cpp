// The `quadra` command: one binary for the server and its tools.

#include <cstring>
#include <iostream>
#include <string_view>

#include "rules_command.hpp"

namespace {

constexpr std::string_view usage =
    "usage: quadra <command> [options]\n"
    "\n"
    "commands:\n"
    "  rules [--pretty]   read a game record (JSON) on stdin, print the resulting state\n"
    "  --version          print the version\n"
    "  --help             print this help\n";

}  // namespace

int main(int argc, char** argv) {
    const std::string_view command = argc > 1 ? argv[1] : "";
    if (command == "rules") {
        const bool pretty = argc > 2 && std::strcmp(argv[2], "--pretty") == 0;
        if (argc > (pretty ? 3 : 2)) {
            std::cerr << "quadra rules: unexpected argument '" << argv[argc - 1] << "'\n";
            return 2;
        }
        return quadra::server::run_rules_command(std::cin, std::cout, std::cerr, pretty);
    }
    if (command == "--version") {
        std::cout << "quadra " << QUADRA_VERSION << '\n';
        return 0;
    }
    if (command == "--help" || command == "-h") {
        std::cout << usage;
        return 0;
    }
    std::cerr << (command.empty() ? "quadra: no command given\n" : "quadra: unknown command\n")
              << usage;
    return 2;
}
