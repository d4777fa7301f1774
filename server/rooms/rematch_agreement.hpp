#pragma once
// Who asked for a rematch after the game, and the rematch's room once it is open.

#include <string>
#include <vector>

#include "server/rooms/room_event.hpp"

namespace quadra::server {

class rematch_agreement {
public:
    // The seats that asked, in seat order.
    const std::vector<int>& agreed() const { return agreed_; }
    // The rematch's room code; empty until it opened.
    const std::string& room() const { return room_; }
    // Every seat in `persons` asked and no rematch opened yet.
    bool ready(const std::vector<int>& persons) const;

    // Whether a seat may ask for a rematch, or the rematch may open: only after the game
    // (`finished`), and only until the rematch opened.
    event_check check(bool finished) const;
    void apply(const events::rematch& event);
    void apply(const events::rematch_room& event) { room_ = event.code.text(); }

private:
    std::vector<int> agreed_;
    std::string room_;
};

}  // namespace quadra::server
