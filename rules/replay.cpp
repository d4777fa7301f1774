#include "replay.hpp"

namespace quadra::rules {

replayed replay(std::unique_ptr<game> start, std::span<const std::string> moves) {
    replayed out{std::move(start), std::nullopt};
    int ply = 0;
    for (const auto& move : moves) {
        ++ply;
        if (auto applied = out.position->apply(move); !applied) {
            out.error = replay_error{ply, move, applied.reason()};
            break;
        }
    }
    return out;
}

}  // namespace quadra::rules
