#pragma once
// Several `quadra serve` nodes on one throw-away PostgreSQL database, and clients that follow
// them: a node process with the cluster flags, a WebSocket member that keeps every snapshot and
// acknowledgement it saw, and the HTTP reads the tests check (/healthz, /metrics, a game's record).

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "postgres_cluster.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

namespace quadra::testing {

using std::chrono::milliseconds;
using steady = std::chrono::steady_clock;

// A `quadra serve --store postgres` node on 127.0.0.1, port 0; its public URL is the default
// one, http://127.0.0.1:<port>.
class cluster_node_process {
public:
    cluster_node_process(const std::string& database_url, const std::string& node_id,
                         int lease_seconds = 1, const std::vector<std::string>& extra = {})
        : dir_("node-" + node_id),
          server_(dir_.string(), flags(database_url, node_id, lease_seconds, extra)) {}

    unsigned short port() const { return server_.port(); }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port()); }
    background_process& process() { return server_.process(); }
    void kill_hard() { server_.kill_hard(); }

    // GET /healthz: its status code and JSON body.
    std::pair<int, nlohmann::json> health() const {
        const auto response = http_fetch(port(), "/healthz");
        return {response.status, nlohmann::json::parse(response.body, nullptr, false)};
    }
    // The value of an unlabelled metric in /metrics; -1 when it is missing.
    double metric(const std::string& name) const {
        const auto text = http_fetch(port(), "/metrics").body;
        std::smatch match;
        if (!std::regex_search(text, match, std::regex("\n" + name + " ([0-9.e+-]+)"))) return -1;
        return std::stod(match[1]);
    }

private:
    static std::vector<std::string> flags(const std::string& database_url,
                                          const std::string& node_id, int lease_seconds,
                                          const std::vector<std::string>& extra) {
        std::vector<std::string> all = {
            "--store",   "postgres", "--database-url",  database_url,
            "--node-id", node_id,    "--lease-seconds", std::to_string(lease_seconds)};
        all.insert(all.end(), extra.begin(), extra.end());
        return all;
    }

    scratch_dir dir_;
    server_process server_;
};

// The port of a node URL "http://127.0.0.1:PORT".
inline unsigned short port_of(const std::string& url) {
    const auto colon = url.rfind(':');
    REQUIRE(colon != std::string::npos);
    return static_cast<unsigned short>(std::stoi(url.substr(colon + 1)));
}

// The exported record of a game (GET /api/games/{id}) from any node.
inline nlohmann::json game_record(unsigned short port, const std::string& game_id) {
    const auto response = http_fetch(port, "/api/games/" + game_id);
    REQUIRE_MESSAGE(response.status == 200, response.body);
    return nlohmann::json::parse(response.body);
}

// One WebSocket client of a node, with everything it saw.
class member {
public:
    // Connects to `port` and says hello, as a new guest named `name` or as the identity of
    // `token` (then keeping its name).
    member(unsigned short port, const std::string& name, const std::string& token = {})
        : port(port), ws(std::make_unique<ws_client>(port)) {
        nlohmann::json hello{{"type", "hello"}};
        if (token.empty())
            hello["name"] = name;
        else
            hello["token"] = token;
        const auto welcome = request(hello);
        REQUIRE_MESSAGE(welcome["type"] == "welcome", welcome.dump());
        this->token = welcome["token"];
    }

    // The next message within `timeout`, noted; nullopt on a timeout or once the connection
    // is closed (`closed`).
    std::optional<nlohmann::json> next(milliseconds timeout) {
        if (closed) {
            std::this_thread::sleep_for(std::min(timeout, milliseconds(10)));
            return std::nullopt;
        }
        try {
            auto got = ws->try_receive(timeout);
            if (got) note(*got);
            return got;
        } catch (const std::exception&) {
            closed = true;
            return std::nullopt;
        }
    }

    // Sends `message` with a fresh id; returns the reply with that id (a redirect, an error,
    // or the answer), noting everything else that arrives meanwhile. Fails after `timeout`.
    nlohmann::json request(nlohmann::json message, milliseconds timeout = milliseconds(5000)) {
        const auto id = "r" + std::to_string(++ids_);
        message["id"] = id;
        ws->send(message);
        auto reply = reply_to(id, timeout);
        REQUIRE_MESSAGE(reply.has_value(), "no reply to " << message.dump());
        return *reply;
    }
    // Sends `message` with a fresh id and returns that id, without waiting.
    std::string send(nlohmann::json message) {
        auto id = "r" + std::to_string(++ids_);
        message["id"] = id;
        ws->send(message);
        return id;
    }
    // The reply to request `id`, or nullopt after `timeout` or once the connection is closed.
    std::optional<nlohmann::json> reply_to(const std::string& id, milliseconds timeout) {
        const auto deadline = steady::now() + timeout;
        while (steady::now() < deadline && !closed) {
            const auto left = std::chrono::duration_cast<milliseconds>(deadline - steady::now());
            auto got = next(std::max(left, milliseconds(1)));
            if (got && got->value("id", nlohmann::json()) == id) return got;
        }
        return std::nullopt;
    }
    // Reads until `type` arrives (returned) or `timeout` passes (nullopt).
    std::optional<nlohmann::json> wait_for(const std::string& type, milliseconds timeout) {
        const auto deadline = steady::now() + timeout;
        while (steady::now() < deadline) {
            const auto left = std::chrono::duration_cast<milliseconds>(deadline - steady::now());
            auto got = next(std::max(left, milliseconds(1)));
            if (got && (*got)["type"] == type) return got;
        }
        return std::nullopt;
    }
    // Reads until nothing arrives for `quiet`.
    void settle(milliseconds quiet = milliseconds(300)) {
        while (next(quiet)) {
        }
    }

    // Sends a move with the latest snapshot's version; the reply (moved, error or redirect).
    nlohmann::json move(const std::string& code, const std::string& token_to_play,
                        milliseconds timeout = milliseconds(5000)) {
        return request({{"type", "move"},
                        {"room", code},
                        {"move", token_to_play},
                        {"version", last["version"]}},
                       timeout);
    }

    unsigned short port;
    std::string token;
    std::unique_ptr<ws_client> ws;
    bool closed = false;                    // the server closed the connection (or it broke)
    nlohmann::json joined;                  // the `joined` of enter_room
    nlohmann::json last;                    // the latest snapshot
    std::vector<nlohmann::json> snapshots;  // every snapshot, in order
    std::vector<nlohmann::json> acks;       // every `moved`
    std::vector<nlohmann::json> redirects;  // every `redirect`
    std::vector<nlohmann::json> errors;     // every `error`

private:
    void note(const nlohmann::json& message) {
        const auto& type = message["type"];
        if (type == "snapshot") {
            last = message;
            snapshots.push_back(message);
        } else if (type == "moved") {
            acks.push_back(message);
        } else if (type == "redirect") {
            redirects.push_back(message);
        } else if (type == "error") {
            errors.push_back(message);
        }
    }

    int ids_ = 0;
};

// Joins `code` on `port` as the identity of `token` until a node serves it: the member, in the
// room, with its `joined` and snapshot. A room whose owner just died is redirected to that owner,
// or refused with store_failed, until its lease runs out and this node takes it over: the join
// is tried again here. With `follow`, a redirect to another node's URL is followed instead
// (every node is alive). Fails after `timeout`.
inline std::unique_ptr<member> enter_room(unsigned short port, const std::string& token,
                                          const std::string& code, const std::string& as = "player",
                                          milliseconds timeout = milliseconds(10000),
                                          bool follow = false) {
    const auto deadline = steady::now() + timeout;
    auto m = std::make_unique<member>(port, "", token);
    nlohmann::json reply;
    while (steady::now() < deadline) {
        reply = m->request({{"type", "join_room"}, {"room", code}, {"as", as}});
        if (reply["type"] == "joined") {
            m->joined = reply;
            auto snapshot = m->wait_for("snapshot", milliseconds(5000));
            REQUIRE(snapshot.has_value());
            return m;
        }
        if (follow && reply["type"] == "redirect" && !reply["url"].get<std::string>().empty() &&
            port_of(reply["url"]) != m->port)
            m = std::make_unique<member>(port_of(reply["url"]), "", token);
        else
            std::this_thread::sleep_for(milliseconds(50));
    }
    FAIL("could not join " << code << " on port " << port << ": " << reply.dump());
    return nullptr;
}

}  // namespace quadra::testing
