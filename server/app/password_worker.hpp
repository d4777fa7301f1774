#pragma once
// Argon2id password hashing off the network threads (#17). libsodium's crypto_pwhash is slow and
// memory-hard on purpose (OPSLIMIT/MEMLIMIT_INTERACTIVE: 64 MiB, tens of milliseconds), so one
// worker thread does it, one password at a time, from a bounded queue; the answer runs on the
// worker and its caller posts it back to its connection. Passwords are wiped once used.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace quadra::server {

class password_worker {
public:
    explicit password_worker(std::size_t max_queue = 64);
    ~password_worker();
    password_worker(const password_worker&) = delete;
    password_worker& operator=(const password_worker&) = delete;

    // Hashes `password` into crypto_pwhash_str's encoded form ("$argon2id$..."); `done` gets it,
    // or an empty string when hashing failed (no memory). False when the queue is full or shut.
    bool hash(std::string password, std::function<void(std::string encoded)> done);
    // Checks `password` against `encoded`. An empty `encoded` (no such user) is checked against a
    // hash of nothing in particular, so that an unknown name takes as long as a wrong password.
    bool verify(std::string encoded, std::string password, std::function<void(bool match)> done);
    // Drops the queued work and joins the thread; afterwards everything is refused.
    void shutdown();

private:
    bool submit(std::function<void()> work);
    void loop();

    std::size_t max_queue_;
    std::string decoy_;  // made on the worker when first needed
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::function<void()>> queue_;
    bool closed_ = false;
    std::thread thread_;  // last: started after everything it uses
};

}  // namespace quadra::server
