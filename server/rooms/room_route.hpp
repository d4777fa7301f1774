#pragma once
// Where a room that this node does not host is, with a shared store: taken over here (`host`), or
// served by another node (`url`, its public URL), or not known now (`unavailable`: the database
// could not be asked; worth a retry). None of these: there is no such room.

#include <memory>
#include <optional>
#include <string>

namespace quadra::server {

class room_host;

struct room_route {
    std::shared_ptr<room_host> host;
    std::optional<std::string> url;
    bool unavailable = false;
};

}  // namespace quadra::server
