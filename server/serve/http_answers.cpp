#include "server/serve/http_answers.hpp"

#include <chrono>
#include <cmath>
#include <utility>

#include "protocol/api_json.hpp"
#include "protocol/push_messages.hpp"
#include "server/api/game_api.hpp"
#include "server/serve/server_state.hpp"
#include "server/store/store_error.hpp"
#include "server/store/write_queue.hpp"

namespace quadra::server {

namespace {

// Rooms this node serves: with a shared store the ones it owns, else every open room.
std::size_t rooms_owned(const server_state& state) {
    return state.cluster ? state.cluster->rooms_owned() : state.lobby_.room_count();
}

}  // namespace

std::optional<http_answer> answer_http(const server_state& state, std::string_view target) {
    if (target == "/healthz") {
        const bool store_ok = !state.store_ok || state.store_ok();
        const bool rules_ok = state.rules_ok.load();
        const auto uptime =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - state.started);
        const auto backend = state.games->backend();
        const auto lease = state.cluster ? state.cluster->lease_state() : "none";
        const protocol::health_view health{
            QUADRA_VERSION,
            std::floor(uptime.count() * 10) / 10,
            state.lobby_.room_count(),
            state.websockets.load(),
            store_ok,
            rules_ok,
            backend,
            state.cluster ? std::string_view(state.cluster->settings().node_id) : "",
            lease,
            rooms_owned(state)};
        return http_answer{protocol::healthy(health) ? 200u : 503u, "application/json",
                           protocol::health_body(health)};
    }
    if (target == "/metrics") {
        const auto rooms = state.lobby_.census();
        metrics_view now{state.websockets.load(), rooms,       rooms_owned(state), queued_writes(),
                         store_failures(),        std::nullopt};
        if (state.cluster)
            now.lease =
                lease_view{state.cluster->lease_state() == "held", state.cluster->since_renewal()};
        return http_answer{200u, "text/plain; version=0.0.4; charset=utf-8",
                           state.stats.render(now)};
    }
    // Web Push (#29): the key a browser subscribes with.
    if (target == "/api/push/key") {
        if (!state.push) return http_answer{404u, "application/json", protocol::push_key_body({})};
        return http_answer{200u, "application/json",
                           protocol::push_key_body(state.push->public_key())};
    }
    if (auto api = answer_api(target, state.lobby_, *state.games))
        return http_answer{api->status, "application/json", std::move(api->body)};
    return std::nullopt;
}

}  // namespace quadra::server
