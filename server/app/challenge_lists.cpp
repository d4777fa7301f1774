#include "server/app/challenge_lists.hpp"

#include "protocol/challenge_messages.hpp"

namespace quadra::server {

namespace {

constexpr std::int64_t day_ms = 24 * 60 * 60 * 1000;
constexpr int open_challenges_listed = 100;

}  // namespace

protocol::challenge_view challenge_view_of(const challenge_row& row, std::int64_t now_ms) {
    protocol::challenge_view view;
    view.id = row.id;
    view.from = row.challenger_name;
    view.to = row.challenged_name;
    if (auto terms = protocol::parse_challenge_terms(row.terms)) view.terms = std::move(*terms);
    view.created_ms = row.created_ms;
    view.expires_ms = row.expires_ms;
    view.status = row.status == "open" && row.expires_ms <= now_ms ? "expired" : row.status;
    view.room = row.room;
    view.by = row.taker_name;
    view.reason = row.reason;
    return view;
}

protocol::message_ptr challenges_of(const store& records, std::int64_t identity,
                                    const protocol::request_id& id, std::int64_t now_ms) {
    std::vector<protocol::challenge_view> incoming;
    std::vector<protocol::challenge_view> outgoing;
    for (const auto& row : records.challenges_of(identity, now_ms - day_ms)) {
        auto view = challenge_view_of(row, now_ms);
        if (row.challenger == identity)
            outgoing.push_back(std::move(view));
        else if (view.status == "open")
            incoming.push_back(std::move(view));
    }
    return protocol::challenges_message(id, records.challenge_policy(identity), incoming, outgoing);
}

std::vector<protocol::challenge_view> open_challenge_views(const store& records,
                                                           std::int64_t now_ms) {
    std::vector<protocol::challenge_view> views;
    for (const auto& row : records.open_challenges(now_ms, open_challenges_listed))
        views.push_back(challenge_view_of(row, now_ms));
    return views;
}

}  // namespace quadra::server
