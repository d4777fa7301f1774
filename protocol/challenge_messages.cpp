#include "protocol/challenge_messages.hpp"

#include "protocol/detail/json.hpp"

namespace quadra::protocol {

using nlohmann::json;

namespace {

json terms_json(const challenge_terms& terms) {
    return {{"game", terms.game},
            {"options", to_json(terms.options)},
            {"clock", clock_json(terms.clock)},
            {"rated", terms.rated},
            {"takebacks", terms.takebacks}};
}

json view_json(const challenge_view& c) {
    json out = terms_json(c.terms);
    out["challenge"] = c.id;
    out["from"] = c.from;
    out["to"] = c.to.empty() ? json(nullptr) : json(c.to);
    out["created_ms"] = c.created_ms;
    out["expires_ms"] = c.expires_ms;
    out["status"] = c.status;
    if (!c.room.empty()) out["room"] = c.room;
    if (!c.by.empty()) out["by"] = c.by;
    if (!c.reason.empty()) out["reason"] = c.reason;
    return out;
}

json list_json(std::span<const challenge_view> challenges) {
    json out = json::array();
    for (const auto& c : challenges) out.push_back(view_json(c));
    return out;
}

message_ptr one_challenge(std::string_view type, const request_id& id,
                          const challenge_view& challenge) {
    json message = {{"type", type}, {"challenge", view_json(challenge)}};
    put_id(message, id);
    return share(message);
}

}  // namespace

std::string challenge_terms_text(const challenge_terms& terms) {
    return dump_text(terms_json(terms));
}

std::optional<challenge_terms> parse_challenge_terms(std::string_view text) {
    const auto value = json::parse(text, nullptr, false);
    if (!value.is_object() || !value.contains("game") || !value["game"].is_string()) return {};
    challenge_terms terms;
    terms.game = value["game"];
    auto options = options_from_json(value.value("options", json::object()));
    const auto clock = parse_clock_settings(value.contains("clock") ? value["clock"].dump() : "");
    if (!options || !clock) return {};
    terms.options = std::move(options).value();
    terms.clock = *clock;
    const auto flag = [&value](const char* name) {
        const auto found = value.find(name);
        return found != value.end() && found->is_boolean() && found->get<bool>();
    };
    terms.rated = flag("rated");
    terms.takebacks = flag("takebacks");
    return terms;
}

json challenges_json(std::span<const challenge_view> challenges) { return list_json(challenges); }

message_ptr challenge_sent_message(const request_id& id, const challenge_view& challenge) {
    return one_challenge("challenge_sent", id, challenge);
}

message_ptr challenge_updated_message(const request_id& id, const challenge_view& challenge) {
    return one_challenge("challenge_updated", id, challenge);
}

message_ptr challenges_message(const request_id& id, std::string_view accepting,
                               std::span<const challenge_view> incoming,
                               std::span<const challenge_view> outgoing) {
    json message = {{"type", "challenges"},
                    {"accepting", accepting},
                    {"incoming", list_json(incoming)},
                    {"outgoing", list_json(outgoing)}};
    put_id(message, id);
    return share(message);
}

}  // namespace quadra::protocol
