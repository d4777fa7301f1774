#pragma once
// Events at their desk: a client's requests about arenas and Swiss tournaments (create,
// list, look at one, enter, pause, withdraw, cancel, feature), answered from the store. The store
// keeps every event and entry and checks each change again in its write (a full event, an entry
// made twice, the daily limit), so two requests at once on two nodes never both pass. Running an
// event (pairing, rounds, standings) is not the desk's job.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "protocol/messages.hpp"
#include "server/rooms/recipient.hpp"

namespace quadra::server {

class store;
struct event_row;
struct event_entry_row;
struct write_batch;

// What the desk needs of the server: the store, the limit on new events, ratings for an event's
// entry rules.
struct event_services {
    store& records;
    std::size_t per_day = 5;  // events one account may create in 24 hours (moderators: no limit)
    // The displayed rating and the rated games of an identity under a rating key; none: unrated.
    struct standing {
        int rating = 1500;
        std::int64_t games = 0;
    };
    std::function<std::optional<standing>(std::int64_t identity, const std::string& rating_key)>
        rating_of;
};

// Who sends a request, as their session knows them.
struct event_asker {
    std::int64_t identity = 0;
    std::string account;  // "" for a guest
    std::string role;     // "", "moderator" or "admin"
};

// Where an answer goes: the client, the request's id, and the session's refusal (counted and
// logged there).
struct desk_reply {
    std::shared_ptr<recipient> me;
    protocol::request_id id;
    std::function<void(const protocol::error& refusal)> refuse;
};

// The requests the desk answers.
template <class T>
concept for_event_desk = std::same_as<T, protocol::create_event_request> ||
    std::same_as<T, protocol::list_events_request> ||
    std::same_as<T, protocol::event_info_request> ||
    std::same_as<T, protocol::enter_event_request> ||
    std::same_as<T, protocol::pause_event_request> ||
    std::same_as<T, protocol::withdraw_event_request> ||
    std::same_as<T, protocol::cancel_event_request> ||
    std::same_as<T, protocol::feature_event_request>;

class event_desk {
public:
    // `services` outlive the desk; `post` runs a continuation on the connection's thread (after
    // a store write).
    event_desk(const event_services& services, std::function<void(std::function<void()>)> post);

    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::create_event_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::list_events_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::event_info_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::enter_event_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::pause_event_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::withdraw_event_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::cancel_event_request& request) const;
    void answer(const event_asker& who, const desk_reply& reply,
                const protocol::feature_event_request& request) const;

private:
    // The event `id`, or none after refusing (no_such_event).
    std::optional<event_row> find(const desk_reply& reply, std::int64_t id) const;
    // Why `who` may not enter an event of `terms` with `code` (the entry code, the entry rules);
    // none: they may.
    std::optional<protocol::error> entry_refusal(const event_asker& who,
                                                 const protocol::event_terms& terms,
                                                 const std::string& code) const;
    // Submits `batch`; once it is written, answers with the event as it is then (`event`
    // message), else with `refusal_after` of the event as it is then (it tells why the store
    // refused: another request came first), or store_failed.
    void write_then_show(
        const event_asker& who, const desk_reply& reply, std::int64_t event, write_batch batch,
        std::function<std::optional<protocol::error>(const event_row&)> refusal_after) const;
    // Submits `batch`; `then` runs on the connection with whether it was written.
    void store_then(write_batch batch, std::function<void(bool stored)> then) const;

    const event_services* services_;
    std::function<void(std::function<void()>)> post_;
};

}  // namespace quadra::server
