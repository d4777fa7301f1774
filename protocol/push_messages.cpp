#include "protocol/push_messages.hpp"

#include "protocol/detail/json.hpp"

namespace quadra::protocol {

using nlohmann::json;

message_ptr push_subscribed_message(const request_id& id, std::string_view endpoint,
                                    std::span<const std::string> kinds) {
    json message = {{"type", "push_subscribed"},
                    {"endpoint", endpoint},
                    {"kinds", json(std::vector<std::string>(kinds.begin(), kinds.end()))}};
    put_id(message, id);
    return share(message);
}

message_ptr push_unsubscribed_message(const request_id& id, std::string_view endpoint) {
    json message = {{"type", "push_unsubscribed"}, {"endpoint", endpoint}};
    put_id(message, id);
    return share(message);
}

std::string push_news_text(const push_news& news) {
    json out = {{"kind", news.kind}};
    for (const auto& [name, value] : {std::pair{"room", &news.room},
                                      {"game", &news.game},
                                      {"from", &news.from},
                                      {"offer", &news.offer}})
        if (!value->empty()) out[name] = *value;
    if (news.challenge != 0) out["challenge"] = news.challenge;
    if (news.low_time) out["low_time"] = true;
    return dump_text(out);
}

std::string push_key_body(std::string_view key) {
    return dump_text({{"key", key.empty() ? json(nullptr) : json(key)}});
}

}  // namespace quadra::protocol
