#pragma once
// The writer thread both stores share: batches are queued from any thread, and the thread writes
// everything queued so far in one transaction (one fsync for many rooms). When that transaction
// fails, each batch is written alone, so that one bad batch does not refuse the others. Each
// batch's `done` then runs on the writer thread with its outcome.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <span>
#include <string_view>
#include <thread>
#include <vector>

#include "server/store/store.hpp"
#include "server/store/store_error.hpp"

namespace quadra::server {

// Batches submitted to any write_queue of this process (one store per server) whose outcome has
// not been reported yet: those waiting and those being written.
std::size_t queued_writes();

class write_queue {
public:
    struct pending {
        write_batch batch;
        std::function<void(write_outcome)> done;
    };
    // Writes the batches in one transaction: all of them (committed), none (fenced), or none and
    // the error.
    using transaction =
        std::function<store_result<write_outcome>(std::span<const pending> batches)>;

    // `backend` names the store in the log.
    write_queue(std::string_view backend, transaction write);
    // Writes what is still queued, then ends the thread.
    ~write_queue();
    write_queue(const write_queue&) = delete;
    write_queue& operator=(const write_queue&) = delete;

    void submit(write_batch batch, std::function<void(write_outcome)> done);
    // Waits until every batch submitted so far has been reported.
    void drain();

private:
    void loop();
    // The outcome of `batches` written together, the failure logged.
    write_outcome write(std::span<const pending> batches);

    std::string_view backend_;
    transaction write_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable idle_;
    std::deque<pending> queue_;
    bool busy_ = false;
    bool stopping_ = false;
    std::thread thread_;  // last: starts once everything above exists
};

}  // namespace quadra::server
