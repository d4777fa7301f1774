#pragma once
// What `quadra serve` can be told, with the defaults config/quadra.json documents. Every
// quantity a client controls has a bound here.

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace quadra::server {

struct server_config {
    std::string address = "0.0.0.0";
    unsigned short port = 8080;
    std::string web_root = "web-client";
    // Where games are kept: an SQLite file in data_dir (one node), or a PostgreSQL database that
    // several nodes share (README.md "Many nodes").
    std::string store = "sqlite";
    std::string data_dir = "data";          // the SQLite database lives here
    std::string database_url;               // postgres: a libpq URI, postgresql://user:pass@host/db
    std::string public_url;                 // postgres: where clients reach this node (redirects)
    std::string node_id;                    // postgres: empty: a fresh random id at each start
    std::chrono::milliseconds lease{5000};  // postgres: a node silent this long loses its rooms
    int threads = 0;                        // 0: one per core
    // Origins allowed to open a WebSocket (e.g. "https://games.example.org"); empty: only the
    // server's own origin (the request's Host) and clients that send no Origin at all.
    std::vector<std::string> allowed_origins;
    std::string log_level = "info";    // trace, debug, info, warn, error, off
    std::string log_format = "plain";  // plain or json

    std::size_t max_message_bytes = 8 * 1024;  // larger frames: too_large, then close
    std::size_t max_queued_messages = 256;     // a reader further behind is disconnected
    std::size_t max_queued_bytes = 1 << 20;    // or this many bytes behind
    double messages_per_second = 20;           // sustained rate per connection
    double message_burst = 40;                 // bucket size; a flood of twice this closes
    std::size_t max_connections = 20000;       // whole server
    std::size_t max_connections_per_ip = 64;
    // "exempt": 127.0.0.1 and ::1 are not held to max_connections_per_ip (a local health check, a
    // reverse proxy on the same host), only to max_connections; "capped": they are.
    std::string loopback_per_ip = "exempt";
    std::size_t max_rooms = 100000;
    std::size_t max_rooms_per_connection = 32;
    std::size_t max_seeks = 10000;  // open quick-pairing seeks on this node
    std::size_t max_identities = 1000000;
    std::chrono::milliseconds handshake_timeout{10000};  // HTTP request and WebSocket upgrade
    std::chrono::milliseconds idle_timeout{60000};       // silent peer, pinged at half of this

    // Room life.
    std::chrono::milliseconds seat_grace{120000};      // a disconnected seat can be claimed after
    std::chrono::milliseconds waiting_expiry{600000};  // an empty waiting room closes after
    std::size_t max_chat_bytes = 500;                  // longer chat lines are refused
    double chat_per_second = 0.5;                      // sustained chat rate per player
    double chat_burst = 5;
    std::size_t abortable_moves = 4;      // a moderator may abort a game of at most this many moves
    std::size_t max_open_challenges = 5;  // open challenges one account may have (#29)
    std::size_t events_per_day = 5;       // events one account may create in 24 hours
    // Ratings (#17): "yes" lets rated rooms seat computer players, each level rated as a player.
    std::string rated_bots = "no";

    // Accounts (#17): failed sign-ins allowed per account and per address in a sliding window.
    std::size_t sign_in_failures_per_account = 5;
    std::size_t sign_in_failures_per_address = 20;
    std::chrono::milliseconds sign_in_window{900000};
    std::size_t deleted_name_days = 30;  // a deleted account's user name is reserved so long
    std::size_t reports_per_hour = 10;   // reports one account may make in an hour (#31)
    // Web Push (#29): the operator's contact in each VAPID signature, and more certificates to
    // trust when delivering (PEM; empty: the system's alone).
    std::string push_contact = "mailto:operator@localhost";
    std::string push_ca_file;

    std::chrono::milliseconds shutdown_timeout{10000};  // SIGTERM: pending writes, then exit
};

}  // namespace quadra::server
