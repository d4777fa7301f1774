#include "server/push/push_sender.hpp"

#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include "server/ops/log.hpp"

namespace quadra::server::push {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;

namespace {

// An https URL's parts; none when it is not one.
struct https_url {
    std::string host;
    std::string port = "443";
    std::string target = "/";

    // RFC 8292's audience: the endpoint's origin.
    std::string origin() const {
        const bool bracketed = host.find(':') != std::string::npos;  // an IPv6 literal
        const auto shown = bracketed ? "[" + host + "]" : host;
        return "https://" + shown + (port == "443" ? "" : ":" + port);
    }
};

std::optional<https_url> parse_https(std::string_view url) {
    constexpr std::string_view scheme = "https://";
    if (!url.starts_with(scheme)) return std::nullopt;
    url.remove_prefix(scheme.size());
    https_url out;
    const auto slash = url.find('/');
    if (slash != std::string_view::npos) out.target = std::string(url.substr(slash));
    auto authority = url.substr(0, slash);
    if (authority.starts_with('[')) {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        out.host = std::string(authority.substr(1, close - 1));
        authority.remove_prefix(close + 1);
        if (authority.starts_with(':')) out.port = std::string(authority.substr(1));
    } else {
        const auto colon = authority.find(':');
        out.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) out.port = std::string(authority.substr(colon + 1));
    }
    if (out.host.empty() || out.port.empty()) return std::nullopt;
    return out;
}

std::int64_t unix_seconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

struct sender::impl {
    impl(const key_pair& key, sender_settings s, gone_handler on_gone)
        : vapid(key), settings(std::move(s)), gone(std::move(on_gone)) {
        tls.set_default_verify_paths();
        if (!settings.ca_file.empty()) {
            boost::system::error_code ec;
            tls.load_verify_file(settings.ca_file, ec);
            if (ec)
                throw std::runtime_error("push: cannot read the certificates in '" +
                                         settings.ca_file + "': " + ec.message());
        }
        thread = std::thread([this] { io.run(); });
    }

    // One POST: the push service's status code (exceptions: it could not be reached).
    asio::awaitable<int> post(const https_url& url, const delivery& message) {
        auto executor = co_await asio::this_coro::executor;
        asio::ip::tcp::resolver resolver(executor);
        beast::ssl_stream<beast::tcp_stream> stream(executor, tls);
        if (!SSL_set_tlsext_host_name(stream.native_handle(), url.host.c_str()))
            throw std::runtime_error("push: no SNI for " + url.host);
        stream.set_verify_mode(ssl::verify_peer);
        stream.set_verify_callback(ssl::host_name_verification(url.host));
        beast::get_lowest_layer(stream).expires_after(settings.timeout);
        const auto addresses =
            co_await resolver.async_resolve(url.host, url.port, asio::use_awaitable);
        co_await beast::get_lowest_layer(stream).async_connect(addresses, asio::use_awaitable);
        co_await stream.async_handshake(ssl::stream_base::client, asio::use_awaitable);
        http::request<http::vector_body<unsigned char>> request{http::verb::post, url.target, 11};
        request.set(http::field::host, url.host);
        request.set(http::field::content_type, "application/octet-stream");
        request.set(http::field::content_encoding, "aes128gcm");
        request.set("TTL", std::to_string(message.ttl_seconds));
        // Signed for 12 hours (RFC 8292 allows 24); made per attempt, so never stale.
        request.set(
            http::field::authorization,
            vapid_authorization(vapid, url.origin(), unix_seconds() + 12 * 3600, settings.subject));
        request.body() = message.body;
        request.prepare_payload();
        co_await http::async_write(stream, request, asio::use_awaitable);
        beast::flat_buffer buffer;
        http::response_parser<http::string_body> response;
        response.body_limit(64 * 1024);
        co_await http::async_read(stream, buffer, response, asio::use_awaitable);
        co_return response.get().result_int();
    }

    // Every attempt at one message, then its place in the queue is free again.
    asio::awaitable<void> deliver(delivery message) {
        const auto url = parse_https(message.endpoint);
        auto backoff = settings.first_backoff;
        for (int attempt = 1; url && attempt <= settings.attempts; ++attempt) {
            int status = 0;
            std::string failure;
            try {
                status = co_await post(*url, message);
            } catch (const std::exception& e) {
                failure = e.what();
            }
            if (status >= 200 && status < 300) {
                log::event(log::level::debug, "push_sent", {{"status", status}});
                break;
            }
            if (status == 404 || status == 410) {
                log::event(log::level::info, "push_gone", {{"status", status}});
                if (gone) gone(message.endpoint);
                break;
            }
            // Another refusal (400, 401, 403, 413) would be refused again.
            const bool retry = status == 0 || status == 429 || status >= 500;
            log::event(log::level::warn, "push_failed",
                       {{"status", status},
                        {"attempt", attempt},
                        {"reason", failure},
                        {"retry", retry && attempt < settings.attempts}});
            if (!retry || attempt == settings.attempts) break;
            asio::steady_timer wait(co_await asio::this_coro::executor, backoff);
            co_await wait.async_wait(asio::use_awaitable);
            backoff *= 2;
        }
        queued.fetch_sub(1);
    }

    asio::io_context io;
    asio::executor_work_guard<asio::io_context::executor_type> keep{io.get_executor()};
    ssl::context tls{ssl::context::tls_client};
    const key_pair vapid;
    const sender_settings settings;
    const gone_handler gone;
    std::atomic<std::size_t> queued{0};
    std::thread thread;
};

sender::sender(const key_pair& vapid, sender_settings settings, gone_handler gone)
    : impl_(std::make_unique<impl>(vapid, std::move(settings), std::move(gone))) {}

sender::~sender() {
    impl_->keep.reset();
    impl_->io.stop();
    if (impl_->thread.joinable()) impl_->thread.join();
}

bool sender::send(delivery message) {
    if (impl_->queued.fetch_add(1) >= impl_->settings.max_queued) {
        impl_->queued.fetch_sub(1);
        log::event(log::level::warn, "push_dropped", {{"queued", impl_->settings.max_queued}});
        return false;
    }
    asio::co_spawn(impl_->io, impl_->deliver(std::move(message)), asio::detached);
    return true;
}

std::size_t sender::queued() const { return impl_->queued.load(); }

}  // namespace quadra::server::push
