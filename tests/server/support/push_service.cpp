#include "push_service.hpp"

#include <cstdlib>
#include <stdexcept>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace quadra::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;

struct push_service::impl {
    asio::io_context io;
    ssl::context tls{ssl::context::tls_server};
    asio::ip::tcp::acceptor acceptor{io};
};

push_service::push_service(const std::filesystem::path& dir)
    : dir_(dir), impl_(std::make_unique<impl>()) {
    const auto make =
        "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
        "-days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout '" +
        (dir_ / "key.pem").string() + "' -out '" + certificate().string() + "' 2>/dev/null";
    if (std::system(make.c_str()) != 0)
        throw std::runtime_error("openssl could not make the stand-in's certificate");
    impl_->tls.use_certificate_chain_file(certificate().string());
    impl_->tls.use_private_key_file((dir_ / "key.pem").string(), ssl::context::pem);
    const asio::ip::tcp::endpoint here(asio::ip::make_address("127.0.0.1"), 0);
    impl_->acceptor.open(here.protocol());
    impl_->acceptor.bind(here);
    impl_->acceptor.listen();
    port_ = impl_->acceptor.local_endpoint().port();
    thread_ = std::thread([this] { serve(); });
}

push_service::~push_service() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    // Wakes the blocking accept with a connection of its own.
    try {
        asio::io_context io;
        asio::ip::tcp::socket poke(io);
        poke.connect({asio::ip::make_address("127.0.0.1"), port_});
    } catch (const std::exception&) {
    }
    thread_.join();
}

void push_service::answer_next(std::vector<int> statuses) {
    std::lock_guard lock(mutex_);
    statuses_.assign(statuses.begin(), statuses.end());
}

std::optional<push_service::request> push_service::next(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    if (!arrived_.wait_for(lock, timeout, [this] { return !received_.empty(); }))
        return std::nullopt;
    auto first = std::move(received_.front());
    received_.pop_front();
    return first;
}

void push_service::serve() {
    for (;;) {
        asio::ip::tcp::socket socket(impl_->io);
        boost::system::error_code ec;
        impl_->acceptor.accept(socket, ec);
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
        }
        if (ec) continue;
        try {
            ssl::stream<asio::ip::tcp::socket> stream(std::move(socket), impl_->tls);
            stream.handshake(ssl::stream_base::server);
            beast::flat_buffer buffer;
            http::request<http::vector_body<unsigned char>> got;
            http::read(stream, buffer, got);
            int status = 201;
            {
                std::lock_guard lock(mutex_);
                received_.push_back({std::string(got.target()),
                                     std::string(got[http::field::authorization]),
                                     std::string(got[http::field::content_encoding]),
                                     std::string(got["TTL"]), got.body()});
                if (!statuses_.empty()) {
                    status = statuses_.front();
                    statuses_.pop_front();
                }
            }
            arrived_.notify_all();
            http::response<http::empty_body> answer{static_cast<http::status>(status), 11};
            answer.keep_alive(false);
            answer.prepare_payload();
            http::write(stream, answer);
            stream.shutdown(ec);
        } catch (const std::exception&) {
            // A connection that breaks off is the server's problem to retry.
        }
    }
}

}  // namespace quadra::testing
