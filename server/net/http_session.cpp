#include "server/net/http_session.hpp"

#include <algorithm>
#include <filesystem>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "protocol/messages.hpp"
#include "server/net/websocket_session.hpp"

namespace quadra::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace fs = std::filesystem;

std::string_view mime_type(std::string_view path) {
    const auto dot = path.rfind('.');
    const auto ext = dot == std::string_view::npos ? std::string_view{} : path.substr(dot);
    if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json") return "application/json";
    // The web app manifest that makes the client installable (web-client/manifest.webmanifest).
    if (ext == ".webmanifest") return "application/manifest+json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/vnd.microsoft.icon";
    if (ext == ".woff2") return "font/woff2";
    // The browser compiles a module while it downloads only when it comes as application/wasm.
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

namespace {

using request = http::request<http::string_body>;

http::message_generator text_response(const request& req, http::status status,
                                      std::string_view type, std::string body) {
    http::response<http::string_body> res{status, req.version()};
    res.set(http::field::server, "quadra");
    res.set(http::field::content_type, type);
    res.keep_alive(req.keep_alive());
    res.body() = req.method() == http::verb::head ? std::string{} : std::move(body);
    res.prepare_payload();
    return res;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
    // No Origin: not a browser page (browsers always send one on a WebSocket upgrade).
    if (origin.empty()) return true;
    for (const auto& a : allowed)
        if (iequals(origin, a)) return true;
    // The server's own origin: the page was served by the host the upgrade is addressed to.
    const auto scheme_end = origin.find("://");
    return scheme_end != std::string_view::npos && !host.empty() &&
           iequals(origin.substr(scheme_end + 3), host);
}

namespace {

// The file under `root` a request target names, or empty when it is not a safe path there.
std::optional<fs::path> resolve(const std::string& root, std::string_view target) {
    target = target.substr(0, target.find_first_of("?#"));
    if (target.empty() || target.front() != '/') return std::nullopt;
    // Percent-encoding, backslashes and NULs are refused outright rather than decoded.
    if (target.find_first_of("%\\") != std::string_view::npos ||
        target.find('\0') != std::string_view::npos)
        return std::nullopt;
    std::string relative(target.substr(1));
    if (relative.empty() || relative.back() == '/') relative += "index.html";
    for (std::size_t start = 0; start <= relative.size();) {
        const auto end = std::min(relative.find('/', start), relative.size());
        const auto part = std::string_view(relative).substr(start, end - start);
        if (part == ".." || part == "." || (!part.empty() && part.front() == '.'))
            return std::nullopt;
        start = end + 1;
    }
    std::error_code ec;
    const auto base = fs::weakly_canonical(fs::path(root), ec);
    if (ec) return std::nullopt;
    const auto full = fs::weakly_canonical(base / relative, ec);
    if (ec) return std::nullopt;
    // Symbolic links must not lead outside the root either.
    const auto rel = full.lexically_relative(base);
    if (rel.empty() || *rel.begin() == "..") return std::nullopt;
    return full;
}

// A shareable room link, /r/<code>: the client reads the code from its own address.
bool is_room_link(std::string_view target) {
    target = target.substr(0, target.find_first_of("?#"));
    constexpr std::string_view prefix = "/r/";
    if (!target.starts_with(prefix)) return false;
    const auto code = target.substr(prefix.size());
    return !code.empty() && code.size() <= protocol::max_word_length &&
           std::all_of(code.begin(), code.end(), [](char c) {
               return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
           });
}

// A page about one game, <prefix><game id> (lowercase letters): the client's page reads the game
// (and, for the analysis board, the position in `?p=`) from its own address, so it needs no
// connection. The rules page is /rules/<game>, the analysis board /analysis/<game>, a game
// against the computer in the browser /play/<game>.
bool is_game_page(std::string_view target, std::string_view prefix) {
    target = target.substr(0, target.find_first_of("?#"));
    if (!target.starts_with(prefix)) return false;
    const auto game = target.substr(prefix.size());
    return !game.empty() && game.size() <= protocol::max_word_length &&
           std::all_of(game.begin(), game.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// A player's profile page, /u/<user name> (one path segment, percent-encoded as the browser sends
// it): the client's profile.html reads the name from its own address and asks /api/users/<name>.
bool is_profile_page(std::string_view target) {
    target = target.substr(0, target.find_first_of("?#"));
    constexpr std::string_view prefix = "/u/";
    if (!target.starts_with(prefix)) return false;
    const auto name = target.substr(prefix.size());
    // A user name is at most 24 characters; each may take a few percent-encoded bytes.
    constexpr std::size_t max_encoded_length = 24 * 9;
    return !name.empty() && name.size() <= max_encoded_length && name != "." && name != ".." &&
           std::all_of(name.begin(), name.end(), [](char c) {
               return static_cast<unsigned char>(c) > ' ' && c != '/' && c != '\\' && c != 0x7f;
           });
}

// The events page, /events with the lists or /events/<id> with one event (an id of up to
// 16 digits, as the protocol's are below 2^53): the client's events.html reads which from its
// own address. The folder's files (/events/events_page.js) are not ids, so they stay files.
bool is_events_page(std::string_view target) {
    target = target.substr(0, target.find_first_of("?#"));
    constexpr std::string_view prefix = "/events/";
    if (target == "/events") return true;
    if (!target.starts_with(prefix)) return false;
    const auto id = target.substr(prefix.size());
    return !id.empty() && id.size() <= 16 &&
           std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The client file a target names: the room links, rules, analysis, computer game, profile,
// moderation and events pages are served by their page.
std::string_view client_file(std::string_view target) {
    if (is_room_link(target)) return "/index.html";
    if (is_game_page(target, "/rules/")) return "/rules.html";
    if (is_game_page(target, "/analysis/")) return "/analysis.html";
    if (is_game_page(target, "/play/")) return "/play.html";
    if (is_profile_page(target)) return "/profile.html";
    if (target == "/mod") return "/mod.html";  // shown only to moderators: it asks the server
    if (is_events_page(target)) return "/events.html";
    return target;
}

http::message_generator respond(const request& req, connection_state& state) {
    if (req.method() != http::verb::get && req.method() != http::verb::head)
        return text_response(req, http::status::method_not_allowed, "text/plain", "GET only\n");
    const auto target = std::string_view(req.target().data(), req.target().size());
    if (auto answer = state.answer ? state.answer(target) : std::nullopt)
        return text_response(req, static_cast<http::status>(answer->status), answer->content_type,
                             std::move(answer->body));
    if (target == "/ws")
        return text_response(req, http::status::upgrade_required, "text/plain",
                             "WebSocket upgrade required\n");
    auto path = resolve(state.config.web_root, client_file(target));
    if (!path) return text_response(req, http::status::not_found, "text/plain", "not found\n");
    std::error_code ec;
    if (fs::is_directory(*path, ec)) *path /= "index.html";
    http::file_body::value_type file;
    beast::error_code open_error;
    file.open(path->c_str(), beast::file_mode::scan, open_error);
    if (open_error || !fs::is_regular_file(*path, ec))
        return text_response(req, http::status::not_found, "text/plain", "not found\n");
    const auto size = file.size();
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, req.version()};
        res.set(http::field::server, "quadra");
        res.set(http::field::content_type, mime_type(path->string()));
        res.content_length(size);
        res.keep_alive(req.keep_alive());
        return res;
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(file)),
                                        std::make_tuple(http::status::ok, req.version())};
    res.set(http::field::server, "quadra");
    res.set(http::field::content_type, mime_type(path->string()));
    res.set("X-Content-Type-Options", "nosniff");
    res.content_length(size);
    res.keep_alive(req.keep_alive());
    return res;
}

}  // namespace

http_session::http_session(boost::asio::ip::tcp::socket&& socket, connection_state& state,
                           connection_ticket ticket)
    : stream_(std::move(socket)), state_(state), ticket_(std::move(ticket)) {}

void http_session::run() {
    boost::asio::dispatch(stream_.get_executor(),
                          beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::do_read() {
    parser_.emplace();
    parser_->header_limit(8 * 1024);
    parser_->body_limit(8 * 1024);
    stream_.expires_after(state_.config.handshake_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        close();
        return;
    }
    auto req = parser_->release();
    // The answer gets a deadline of its own: the request's (handshake_timeout from the start of
    // its read) may have little left, and a large file to a slow reader takes longer. An answer
    // not written within idle_timeout is given up.
    stream_.expires_after(state_.config.idle_timeout);
    if (beast::websocket::is_upgrade(req)) {
        const auto target = std::string_view(req.target().data(), req.target().size());
        if (target.substr(0, target.find('?')) != "/ws") {
            auto res = text_response(req, http::status::not_found, "text/plain", "not found\n");
            beast::async_write(
                stream_, std::move(res),
                beast::bind_front_handler(&http_session::on_write, shared_from_this(), false));
            return;
        }
        const auto origin = req[http::field::origin];
        const auto host = req[http::field::host];
        if (!origin_allowed(std::string_view(origin.data(), origin.size()),
                            std::string_view(host.data(), host.size()),
                            state_.config.allowed_origins)) {
            auto res = text_response(req, http::status::forbidden, "text/plain",
                                     "this origin may not open a WebSocket here\n");
            beast::async_write(
                stream_, std::move(res),
                beast::bind_front_handler(&http_session::on_write, shared_from_this(), false));
            return;
        }
        stream_.expires_never();
        std::make_shared<websocket_session>(stream_.release_socket(), state_, std::move(ticket_))
            ->run(req);
        return;
    }
    const bool keep_alive = req.keep_alive();
    beast::async_write(
        stream_, respond(req, state_),
        beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec || !keep_alive) {
        close();
        return;
    }
    do_read();
}

void http_session::close() {
    // The connection's place is freed before the client can see the close: a client that opens
    // its next connection on seeing it must not find this one still counted against its limit.
    ticket_ = {};
    beast::error_code ignored;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
}

}  // namespace quadra::server
