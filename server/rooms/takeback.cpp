#include "server/rooms/takeback.hpp"

#include <utility>

namespace quadra::server {

using protocol::error_code;

event_check takeback::check(const events::takeback_asked& event) const {
    if (!last_ || last_->seat != event.seat)
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

void takeback::moved(const before_move& point) {
    if (last_)
        *last_ = point;  // assigned, so the last move's text reuses its buffer on every move
    else
        last_ = point;
    asker_ = -1;
}

takeback::before_move takeback::accept() {
    auto point = std::move(*last_);
    clear();
    return point;
}

void takeback::clear() {
    last_.reset();
    asker_ = -1;
}

}  // namespace quadra::server
