// The `quadra` command: one binary for the server and its tools.

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <span>

#include <unistd.h>

#include "server/cli/admin_command.hpp"
#include "server/cli/backup_command.hpp"
#include "server/cli/health_command.hpp"
#include "server/cli/rules_command.hpp"
#include "server/cli/selfplay_command.hpp"
#include "server/cli/serve_command.hpp"
#include "server/cli/verify_command.hpp"

namespace {

constexpr std::string_view usage =
    "usage: quadra <command> [options]\n"
    "\n"
    "commands:\n"
    "  rules [--pretty] [--position] [--from NOTATION [TOKEN...]]\n"
    "        [--best|--analyse N|LEVEL --seed S] [--explain REQUEST]\n"
    "                     read a game record (JSON) on stdin, or go on from a position\n"
    "                     notation, and print the resulting state (with its notation), or\n"
    "                     with --best the engine's move for N playouts (or a level's), with\n"
    "                     --analyse also the moves it tried, its line and each seat's chances,\n"
    "                     with --explain what a request would do there, or why not\n"
    "  selfplay --game G --a LEVEL --b LEVEL [--games N] [--seed S] [--options JSON]\n"
    "                     bots play each other (levels random, easy, medium, hard, expert),\n"
    "                     print the score of A against B\n"
    "  serve [--config FILE] [--port N] [--data DIR] ...\n"
    "                     run the game server; `quadra serve --help` lists every setting\n"
    "  health [--config FILE] [--address A] [--port N]\n"
    "                     ask a running server's /healthz; exit 0 when it is healthy\n"
    "  backup --data-dir DIR --to FILE [--force] [--pages-per-step N] [--pause-ms MS]\n"
    "                     copy the SQLite store of DIR to FILE while a server may be serving it\n"
    "                     (one snapshot, written to FILE.tmp, synced, renamed)\n"
    "  restore --from FILE --data-dir DIR [--force]\n"
    "                     check a backup and put it in place as DIR's store; the server must\n"
    "                     not be running on DIR (PostgreSQL: pg_dump, README \"Backups\")\n"
    "  admin <action> NAME ... [--config FILE] [--data DIR] ...\n"
    "                     roles and moderation on the configured store, while the server runs:\n"
    "                     grant, revoke, ban, unban, mute, unmute, roles, log (`quadra admin`\n"
    "                     alone lists them)\n"
    "  verify FILE        check an exported game record: every token against the rules, every\n"
    "                     die against the revealed seed and its commitment\n"
    "  --version          print the version\n"
    "  --help             print this help\n";

}  // namespace

int main(int argc, char** argv) {
    const std::string_view command = argc > 1 ? argv[1] : "";
    if (command == "rules")
        return quadra::server::run_rules_command(std::span<char* const>(argv + 2, argv + argc),
                                                 std::cin, std::cout, std::cerr);
    if (command == "selfplay")
        return quadra::server::run_selfplay_command(std::span<char* const>(argv + 2, argv + argc),
                                                    std::cout, std::cerr);
    if (command == "serve" || command == "health" || command == "admin") {
        const std::vector<std::string> args(argv + 2, argv + argc);
        std::vector<std::string> environment;
        for (char** entry = environ; *entry; ++entry) environment.emplace_back(*entry);
        if (command == "admin")
            return quadra::server::run_admin_command(args, environment, std::cout, std::cerr);
        return command == "serve"
                   ? quadra::server::run_serve_command(args, environment, std::cout, std::cerr)
                   : quadra::server::run_health_command(args, environment, std::cout, std::cerr);
    }
    if (command == "backup" || command == "restore") {
        const std::vector<std::string> args(argv + 2, argv + argc);
        return command == "backup"
                   ? quadra::server::run_backup_command(args, std::cout, std::cerr)
                   : quadra::server::run_restore_command(args, std::cout, std::cerr);
    }
    if (command == "verify") {
        if (argc != 3) {
            std::cerr << "usage: quadra verify FILE\n";
            return 2;
        }
        return quadra::server::run_verify_command(argv[2], std::cout, std::cerr);
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
