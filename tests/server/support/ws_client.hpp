#pragma once
// A small synchronous WebSocket client for tests: connect to /ws on loopback, send JSON, and
// receive the next message with a timeout.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace quadra::testing {

class ws_client {
public:
    explicit ws_client(unsigned short port);
    // Upgrades with this Origin header, as a browser page from that origin would; throws when
    // the server refuses the upgrade.
    ws_client(unsigned short port, const std::string& origin);
    ~ws_client();

    void send(const nlohmann::json& message);
    void send_text(std::string_view text);
    void send_binary(std::string_view bytes);

    // The next message, or nullopt when none arrives in time (the read stays pending).
    std::optional<nlohmann::json> try_receive(std::chrono::milliseconds timeout);
    // The next message; fails the test when none arrives within two seconds.
    nlohmann::json receive();
    // Skips messages until one of `type` arrives; fails the test on timeout.
    nlohmann::json receive(std::string_view type);
    // True when the server closes the connection within the timeout.
    bool closed_by_server(std::chrono::milliseconds timeout = std::chrono::milliseconds(2000));
    // The code of the server's close frame, once closed_by_server() saw it (0: none).
    int close_code() const;
    // Drops the TCP connection without a closing handshake.
    void drop();

    std::string token;  // the identity's token, once a hello was answered

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

// Joins room `code` as a spectator: what the room sent for it (joined, the snapshot, the chat
// history), in order. A second join on the same connection fences them: the room answers it
// after all of the first, whereas a ping's pong may overtake them (the room posts each message
// to the connection on its own).
std::vector<nlohmann::json> watch_room(ws_client& spectator, const std::string& code);

// A plain HTTP/1.1 GET on loopback; the whole response, headers included.
std::string http_get(unsigned short port, std::string_view target);

// The same GET from a slow reader: its receive buffer is small and it reads nothing until
// `pause` has passed, so a large response is written over more than that time.
std::string http_get_slowly(unsigned short port, std::string_view target,
                            std::chrono::milliseconds pause);

// An HTTP response's status code and body.
struct http_response {
    int status = 0;
    std::string body;
};
// The same GET, split into its status code and body.
http_response http_fetch(unsigned short port, std::string_view target);

}  // namespace quadra::testing
