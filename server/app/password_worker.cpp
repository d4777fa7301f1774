#include "server/app/password_worker.hpp"

#include <memory>
#include <stdexcept>

#include <sodium.h>

namespace quadra::server {

namespace {

// Wipes a password once it is not needed any more.
struct wiped {
    std::string text;
    ~wiped() { sodium_memzero(text.data(), text.size()); }
};

std::string hash_now(const std::string& password) {
    char encoded[crypto_pwhash_STRBYTES] = {};
    if (crypto_pwhash_str(encoded, password.data(), password.size(),
                          crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return {};
    return encoded;
}

}  // namespace

password_worker::password_worker(std::size_t max_queue) : max_queue_(max_queue) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialised");
    thread_ = std::thread([this] { loop(); });
}

password_worker::~password_worker() { shutdown(); }

bool password_worker::submit(std::function<void()> work) {
    {
        std::lock_guard lock(mutex_);
        if (closed_ || queue_.size() >= max_queue_) return false;
        queue_.push_back(std::move(work));
    }
    ready_.notify_one();
    return true;
}

bool password_worker::hash(std::string password, std::function<void(std::string)> done) {
    auto secret = std::make_shared<wiped>();
    secret->text.swap(password);
    return submit([secret, done = std::move(done)] { done(hash_now(secret->text)); });
}

bool password_worker::verify(std::string encoded, std::string password,
                             std::function<void(bool)> done) {
    auto secret = std::make_shared<wiped>();
    secret->text.swap(password);
    return submit([this, encoded = std::move(encoded), secret, done = std::move(done)] {
        if (encoded.empty()) {
            if (decoy_.empty()) decoy_ = hash_now("an account nobody has");
            // The decoy's answer is ignored: no password opens an account that does not exist.
            const bool ignored = crypto_pwhash_str_verify(decoy_.c_str(), secret->text.data(),
                                                          secret->text.size()) == 0;
            static_cast<void>(ignored);
            return done(false);
        }
        done(crypto_pwhash_str_verify(encoded.c_str(), secret->text.data(), secret->text.size()) ==
             0);
    });
}

void password_worker::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (closed_ && !thread_.joinable()) return;
        closed_ = true;
        queue_.clear();
    }
    ready_.notify_all();
    if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

void password_worker::loop() {
    for (;;) {
        std::function<void()> work;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return closed_ || !queue_.empty(); });
            if (closed_) return;
            work = std::move(queue_.front());
            queue_.pop_front();
        }
        work();
    }
}

}  // namespace quadra::server
