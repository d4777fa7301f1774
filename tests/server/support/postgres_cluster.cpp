#include "postgres_cluster.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace quadra::testing {

namespace {

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

// Where initdb and pg_ctl are: pg_config's answer, else Debian's PostgreSQL 15.
std::string find_bindir() {
    const auto answer = run_command("pg_config --bindir");
    auto dir = trimmed(answer.out);
    if (answer.status == 0 && std::filesystem::exists(dir + "/initdb")) return dir;
    return "/usr/lib/postgresql/15/bin";
}

// A TCP port of 127.0.0.1 that was free a moment ago (postgres binds it itself).
unsigned short free_port() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    const bool bound = bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                       getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    close(fd);
    REQUIRE(bound);
    return ntohs(address.sin_port);
}

// Puts `text` between single quotes for sh.
std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

postgres_cluster::postgres_cluster() : dir_("postgres"), bindir_(find_bindir()) {
    // initdb and postgres refuse to run as root; the `postgres` user then owns the cluster.
    if (geteuid() == 0)
        REQUIRE(run_command("chown postgres:postgres " + quoted(dir_.string())).status == 0);
    const auto init =
        run_command(as_owner(bindir_ + "/initdb -D " + quoted(dir_.string() + "/data") +
                             " -U postgres -A trust -E UTF8 --locale=C --no-sync"));
    REQUIRE_MESSAGE(init.status == 0, init.out);
    std::filesystem::create_directories(dir_.path / "socket");
    if (geteuid() == 0)
        REQUIRE(
            run_command("chown postgres:postgres " + quoted(dir_.string() + "/socket")).status ==
            0);
    // Another process may take the free port before postgres binds it: try a few.
    for (int attempt = 0; attempt < 5; ++attempt) {
        port_ = free_port();
        if (run_command(start_command()).status == 0) return;
    }
    FAIL("PostgreSQL did not start: " << run_command("cat " + quoted(dir_.string() + "/log")).out);
}

postgres_cluster::~postgres_cluster() {
    // No REQUIRE here: this may run at exit, outside any test.
    const auto command = pg_ctl("-m immediate stop") + " > /dev/null 2>&1";
    [[maybe_unused]] const int status = std::system(command.c_str());
}

std::string postgres_cluster::url(const std::string& name) const {
    return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + name;
}

std::string postgres_cluster::fresh_database() {
    const std::string name = "quadra_test_" + std::to_string(++databases_);
    sql(url(), "CREATE DATABASE " + name);
    return url(name);
}

std::string postgres_cluster::sql(const std::string& database_url,
                                  const std::string& statements) const {
    const auto result = run_command(bindir_ + "/psql -X -q -A -t -v ON_ERROR_STOP=1 -d " +
                                    quoted(database_url) + " -c " + quoted(statements));
    REQUIRE_MESSAGE(result.status == 0, statements << ": " << result.out);
    return trimmed(result.out);
}

void postgres_cluster::restart_immediate() {
    const auto restarted = run_command(pg_ctl("-m immediate -w -t 60 restart"));
    REQUIRE_MESSAGE(restarted.status == 0, restarted.out);
}

void postgres_cluster::stop() {
    const auto stopped = run_command(pg_ctl("-m immediate -w stop"));
    REQUIRE_MESSAGE(stopped.status == 0, stopped.out);
}

void postgres_cluster::start() {
    const auto started = run_command(start_command());
    REQUIRE_MESSAGE(started.status == 0, started.out);
}

std::string postgres_cluster::start_command() const {
    const std::string options = "-p " + std::to_string(port_) + " -k " + dir_.string() +
                                "/socket -c listen_addresses=127.0.0.1";
    return pg_ctl("-w -t 60 -o " + quoted(options) + " start");
}

std::string postgres_cluster::as_owner(const std::string& command_line) const {
    return geteuid() == 0 ? "runuser -u postgres -- " + command_line : command_line;
}

std::string postgres_cluster::pg_ctl(const std::string& action) const {
    return as_owner(bindir_ + "/pg_ctl -D " + quoted(dir_.string() + "/data") + " -l " +
                    quoted(dir_.string() + "/log") + " " + action);
}

postgres_cluster& shared_postgres() {
    static postgres_cluster cluster;
    return cluster;
}

held_lock::held_lock(const std::string& url, const std::string& lock, double seconds)
    : holder_([url, sql = "BEGIN; " + lock + "; SELECT pg_sleep(" + std::to_string(seconds) +
                          "); COMMIT;"] { (void)shared_postgres().sql(url, sql); }) {
    // Held once the holder sleeps.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (shared_postgres().sql(url,
                                 "SELECT count(*) FROM pg_stat_activity WHERE wait_event = "
                                 "'PgSleep' AND datname = current_database()") == "0" &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

held_lock::~held_lock() { holder_.join(); }

}  // namespace quadra::testing
