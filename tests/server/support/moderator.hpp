#pragma once
// A moderator for the tests over a WebSocket (#31): the operator grants the role with
// `quadra admin` on the server's data while it runs; the node reads its roster every second.

#include <chrono>
#include <string>
#include <thread>

#include "account_client.hpp"
#include "process.hpp"

namespace quadra::testing {

// `quadra admin ARGS` on the store in `data`.
inline command_result admin(const scratch_dir& data, const std::string& args) {
    return run_quadra("admin " + args + " --data " + data.string());
}

// A hello with `token` until its welcome carries `role` (or 5 s passed); the welcome.
inline nlohmann::json welcome_with_role(unsigned short port, const std::string& token,
                                        const std::string& role) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (;;) {
        ws_client client(port);
        client.send({{"type", "hello"}, {"token", token}});
        auto welcome = answer(client, "welcome");
        if (welcome.value("role", "") == role || std::chrono::steady_clock::now() > until)
            return welcome;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

// `name` registered on `client`, made a moderator, and signed in again as one.
inline void become_moderator(ws_client& client, const scratch_dir& data, unsigned short port,
                             const std::string& name) {
    const auto token = registered(client, name);
    REQUIRE(admin(data, "grant " + name + " moderator").status == 0);
    REQUIRE(welcome_with_role(port, token, "moderator")["role"] == "moderator");
    client.send({{"type", "hello"}, {"token", token}});
    answer(client, "welcome");
}

}  // namespace quadra::testing
