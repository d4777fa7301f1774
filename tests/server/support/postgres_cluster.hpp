#pragma once
// A throw-away PostgreSQL cluster for tests, from Debian's server binaries (postgresql-15):
// `initdb` into a scratch directory, `pg_ctl start` on a free TCP port of 127.0.0.1 (its unix
// socket also in the scratch directory, never /var/run), trust authentication for the superuser
// `postgres`. One cluster per test process, started by the first test that asks and stopped
// (immediate mode) with the scratch directory when the process exits; each test takes its own
// database from `fresh_database()`, so tests in one process never see each other's rows.
//
// As root, initdb and postgres refuse to run: the cluster then runs as the `postgres` system
// user (runuser), which owns the scratch directory. The binaries are found with
// `pg_config --bindir`, else in /usr/lib/postgresql/15/bin.
//
// For tests of several `quadra serve` processes: pass `fresh_database()`'s URL to each as
// --database-url; `restart_immediate()` is a crash and recovery of the database server (clients
// lose their connections, the port stays the same); `stop()`/`start()` keep it down for a while.
//
// A test process that dies without running its exit handlers (kill -9, abort) leaves its cluster
// running: `pg_ctl -D /tmp/quadra-test-<pid>-postgres/data stop` (as postgres) ends it.

#include <string>
#include <thread>

#include "process.hpp"

namespace quadra::testing {

class postgres_cluster {
public:
    // initdb and start; a test fails (REQUIRE) if either does.
    postgres_cluster();
    // Stops the server (immediate) and removes the scratch directory.
    ~postgres_cluster();
    postgres_cluster(const postgres_cluster&) = delete;
    postgres_cluster& operator=(const postgres_cluster&) = delete;

    unsigned short port() const { return port_; }
    // Where PostgreSQL's binaries are (pg_dump, pg_restore, psql).
    const std::string& bindir() const { return bindir_; }
    // A libpq URL for database `name` of this cluster, as the superuser.
    std::string url(const std::string& name = "postgres") const;
    // Creates a new, empty database with a name unique in this cluster; returns its URL.
    std::string fresh_database();
    // Runs SQL with psql on the database at `database_url`; the output rows, unaligned, one a
    // line ('|' between columns). A failing statement fails the test.
    std::string sql(const std::string& database_url, const std::string& statements) const;

    // Stops the server at once, as a crash would (no checkpoint), and starts it again on the same
    // port: committed transactions must survive; every open connection is broken.
    void restart_immediate();
    // Stops the server (immediate mode); start() starts it again on the same port.
    void stop();
    void start();

private:
    // A command line of PostgreSQL's binaries, run as the `postgres` user when we are root.
    std::string as_owner(const std::string& command_line) const;
    std::string pg_ctl(const std::string& action) const;
    // Starts on port_ with the socket in the scratch directory.
    std::string start_command() const;

    scratch_dir dir_;
    std::string bindir_;
    unsigned short port_ = 0;
    int databases_ = 0;
};

// The cluster of this test process, started on first use.
postgres_cluster& shared_postgres();

// Another session holds a lock on the database at `url`: `lock` (e.g. "LOCK TABLE games IN
// EXCLUSIVE MODE") runs in a transaction that then sleeps `seconds` before it commits. Made once
// the lock is held; its end waits for the transaction's.
class held_lock {
public:
    held_lock(const std::string& url, const std::string& lock, double seconds);
    ~held_lock();
    held_lock(const held_lock&) = delete;
    held_lock& operator=(const held_lock&) = delete;

private:
    std::thread holder_;
};

}  // namespace quadra::testing
