#include "server/rooms/takeback.hpp"

#include <utility>

namespace quadra::server {

using protocol::error_code;

std::optional<std::size_t> takeback::back_to() const {
    if (since_.empty()) return std::nullopt;
    return since_.front().record_size;
}

event_check takeback::check(const events::takeback_asked& event) const {
    if (since_.empty() || since_.front().seat != event.seat)
        return protocol::error{error_code::no_takeback,
                               "the last move is not yours: there is nothing to take back"};
    if (asker_ >= 0)
        return protocol::error{error_code::not_allowed, "your takeback request already stands"};
    return std::nullopt;
}

event_check takeback::check_answer(int seat, int answerer) const {
    if (asker_ < 0 || seat != answerer)
        return protocol::error{error_code::no_takeback_request,
                               "no takeback request stands for you to answer"};
    return std::nullopt;
}

void takeback::moved(const before_move& point, bool by_bot) {
    asker_ = -1;
    // A reply is undone with the move it answers; a bot's move with no person's before it is
    // nobody's to take back.
    if (by_bot) {
        if (!since_.empty()) since_.push_back(point);
        return;
    }
    since_.resize(1);  // kept, so the last move's text reuses its buffer on every move
    since_.front() = point;
}

std::vector<takeback::before_move> takeback::accept() {
    auto points = std::move(since_);
    clear();
    return points;
}

void takeback::clear() {
    since_.clear();
    asker_ = -1;
}

}  // namespace quadra::server
