// Load generator for `quadra serve`: N WebSocket connections on loopback in rooms of 2 players +
// 2 spectators (or --spectators S) playing random legal games, open-loop at a fixed move rate or
// closed-loop at saturation. Every connection is made and welcomed before any room plays. Prints
// moves/s, deliveries/s, move-to-snapshot latency (of every delivery, and of the last member of
// the room to get it), missing or duplicated snapshots, errors, and the server's resident memory
// (empty, with every connection made, loaded, at the end) and CPU time. A featured game: one
// room watched by 1,000 (--connections 1002 --spectators 1000 --rate 5).
//
// Usage: load_gen --port P --server-pid PID [--connections N] [--rate MOVES_PER_S | --closed]
//                 [--seconds S] [--warmup S] [--game ID] [--threads T] [--seed X]
//                 [--spectators S] [--protocol 1|2]
// Bounded: at most 20,000 connections and 600 s; connects to 127.0.0.1 only. The server must allow
// that many connections from one address (quadra serve --max-connections-per-ip 20000) and, for
// closed loop, more than 20 messages/s per connection (--messages-per-second 1000).
// LOAD_GEN_DEBUG=1 prints the first refusals of each error code.

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "bench/snapshot_fields.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using clock_type = std::chrono::steady_clock;

struct options {
    unsigned short port = 8080;
    long server_pid = 0;
    int connections = 1000;
    double rate = 0;  // moves per second offered; 0: closed loop
    double seconds = 10;
    double warmup = 2;
    std::string game = "kvadratura";
    int threads = 1;
    std::uint64_t seed = 1;
    int spectators = 2;  // per room, beside its 2 players
    int protocol = 2;    // the one the clients choose in hello (the bundled client's)
    int members() const { return 2 + spectators; }
};

// Figures one io thread collects; merged at the end.
struct figures {
    std::uint64_t moves = 0;
    std::uint64_t deliveries = 0;
    std::uint64_t missing = 0;
    std::uint64_t duplicated = 0;
    std::uint64_t games = 0;
    std::uint64_t late_sends = 0;
    std::map<std::string, std::uint64_t> errors;
    std::vector<float> latency_us;
    std::vector<float> last_latency_us;  // per move: until every member of the room had it
};

using namespace quadra::bench;

class room_group;

// What the rooms of one io thread share: the rooms whose four clients are all welcomed (counted
// across threads), and, in open loop, the rooms ready to move before their move is due, by due
// time (so that a tick looks only at them).
struct thread_rooms {
    std::atomic<int>& welcomed;
    using waiting_room = std::pair<clock_type::time_point, room_group*>;
    std::priority_queue<waiting_room, std::vector<waiting_room>, std::greater<>> waiting;
};

// One WebSocket client of a room: seat 0 or 1, or a spectator (index 2, 3, ...).
class client {
public:
    client(asio::io_context& io, room_group& group, int index)
        : ws_(io), group_(group), index_(index) {}

    void start(unsigned short port);
    void send(std::string text);
    int index() const { return index_; }
    std::int64_t last_version = -1;
    std::string room;

private:
    void read();
    void on_message(std::string_view text);
    void write();

    websocket::stream<asio::ip::tcp::socket> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> out_;
    room_group& group_;
    int index_;
};

// The members of a room playing one game after another; everything runs on one io thread.
class room_group {
public:
    room_group(asio::io_context& io, thread_rooms& shared, figures& stats, const options& opts,
               std::uint64_t seed, const std::atomic<bool>& measuring)
        : shared_(shared), stats_(stats), opts_(opts), rng_(seed), measuring_(measuring) {
        for (int i = 0; i < opts.members(); ++i)
            clients_.push_back(std::make_unique<client>(io, *this, i));
    }

    void start(unsigned short port) {
        for (auto& c : clients_) c->start(port);
    }

    int protocol() const { return opts_.protocol; }

    void on_welcome() {
        if (++welcomed_ == opts_.members()) ++shared_.welcomed;
    }

    // Once every connection is welcomed: the first game; in open loop, its first move is due at
    // `first_due`.
    void begin(clock_type::time_point first_due) {
        due_ = first_due;
        create();
    }

    void on_joined(client& who, std::string_view text) {
        if (who.index() != 0) return;
        const auto code = string_field(text, "\"room\":");
        if (code == code_) return;
        code_ = code;
        who.room = code_;
        for (int i = 1; i < opts_.members(); ++i) {
            auto& c = *clients_[static_cast<std::size_t>(i)];
            if (!c.room.empty()) c.send(R"({"type":"leave_room","room":")" + c.room + R"("})");
            c.room = code_;
            c.last_version = -1;
            c.send(R"({"type":"join_room","room":")" + code_ + R"(","as":")" +
                   (i == 1 ? "player" : "spectator") + R"("})");
        }
        who.last_version = -1;
        finished_seen_ = 0;
    }

    void on_snapshot(client& who, std::string_view text) {
        // From the previous game? (A nested "room" field, e.g. the rematch's, may come first.)
        if (text.find("\"room\":\"" + who.room + "\"") == std::string_view::npos) return;
        const auto now = clock_type::now();
        const auto [version, passes, state] = read_fields(text, opts_.protocol);
        const bool playing = state == room_state::playing;
        const bool finished = state == room_state::finished;
        const auto previous = who.last_version;
        if (version != previous && previous >= 0 && measuring_) {
            if (version < previous + 1 + passes) ++stats_.duplicated;
            if (version > previous + 1 + passes) ++stats_.missing;
        }
        const bool news = version > previous;
        who.last_version = std::max(previous, version);
        if (news && previous >= 0) {
            // The move this snapshot answers is the one sent from the version this client saw.
            for (auto& m : recent_) {
                if (m.from_version != previous) continue;
                const auto latency_us = static_cast<float>(
                    std::chrono::duration<double, std::micro>(now - m.at).count());
                m.slowest_us = std::max(m.slowest_us, latency_us);
                const bool last = ++m.seen == opts_.members();
                if (measuring_) {
                    ++stats_.deliveries;
                    if (who.index() == 2) ++stats_.moves;
                    stats_.latency_us.push_back(latency_us);
                    if (last) stats_.last_latency_us.push_back(m.slowest_us);
                }
                break;
            }
        }
        if (news && version > sent_version_) sent_version_ = -1;
        // A newer position makes any older readiness stale (e.g. from a spectator's join).
        if (news && ready_version_ < version) ready_client_ = nullptr;
        if (finished) {
            if (news && ++finished_seen_ == opts_.members()) {
                ++stats_.games;
                create();
            }
            return;
        }
        newest_ = std::max(newest_, version);
        if (!playing || version < newest_) return;  // a late copy of an older position
        turns_.read(text, version, opts_.protocol);
        if (turns_.to_move() != who.index()) return;
        ready_version_ = version;
        ready_client_ = &who;
        last_mover_ = &who;
        maybe_move(now);
    }

    void on_error(std::string_view text) {
        auto code = string_field(text, "\"code\":");
        ++stats_.errors[code];
        if (std::getenv("LOAD_GEN_DEBUG") && stats_.errors[code] < 5)
            std::fprintf(stderr, "error: %.*s (ready %lld sent %lld)\n",
                         static_cast<int>(text.size()), text.data(),
                         static_cast<long long>(ready_version_),
                         static_cast<long long>(sent_version_));
        // A refused move leaves the room waiting: ask for the current snapshot again (joining
        // twice only repeats it) and continue from there.
        if (sent_version_ >= 0 && last_mover_) {
            sent_version_ = -1;
            last_mover_->send(R"({"type":"join_room","room":")" + last_mover_->room + R"("})");
        }
    }

    // Open loop: a room that was waiting for its move to be due.
    void tick(clock_type::time_point now) {
        waiting_ = false;
        maybe_move(now);
    }

private:
    void create() {
        auto& host = *clients_[0];
        if (!host.room.empty()) host.send(R"({"type":"leave_room","room":")" + host.room + R"("})");
        host.room.clear();
        ready_client_ = nullptr;
        last_mover_ = nullptr;
        sent_version_ = -1;
        recent_ = {};
        newest_ = -1;
        turns_ = {};
        host.send(R"({"type":"create_room","game":")" + opts_.game + R"("})");
    }

    void maybe_move(clock_type::time_point now) {
        if (!ready_client_ || sent_version_ >= 0) return;
        if (opts_.rate > 0 && now < due_) {
            if (!waiting_) shared_.waiting.push({due_, this});
            waiting_ = true;
            return;
        }
        if (opts_.rate > 0 && now - due_ > std::chrono::milliseconds(5) && measuring_)
            ++stats_.late_sends;
        const auto& legal = turns_.legal();
        if (legal.empty()) return;
        std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
        const auto& token = legal[pick(rng_)];
        std::string message = R"({"type":"move","room":")" + ready_client_->room + R"(","move":")";
        message.append(token);
        message += R"(","version":)" + std::to_string(ready_version_) + "}";
        sent_version_ = ready_version_;
        recent_[recent_next_++ % recent_.size()] = {ready_version_, now, 0, 0};
        auto* mover = ready_client_;
        ready_client_ = nullptr;
        if (opts_.rate > 0) due_ += interval;
        mover->send(std::move(message));
    }

public:
    clock_type::duration interval{};

private:
    // Open loop: the moment the next move is due, and whether the room is in `waiting`.
    clock_type::time_point due_{};
    bool waiting_ = false;
    thread_rooms& shared_;
    figures& stats_;
    const options& opts_;
    std::mt19937_64 rng_;
    const std::atomic<bool>& measuring_;
    std::vector<std::unique_ptr<client>> clients_;
    int welcomed_ = 0;
    std::string code_;
    int finished_seen_ = 0;
    turn_reader turns_;  // of the newest version
    std::int64_t ready_version_ = -1;
    client* ready_client_ = nullptr;
    client* last_mover_ = nullptr;
    std::int64_t sent_version_ = -1;
    struct sent_move {
        std::int64_t from_version = -2;
        clock_type::time_point at{};
        int seen = 0;          // members that had its snapshot
        float slowest_us = 0;  // the latest of them so far
    };
    std::array<sent_move, 4> recent_{};
    std::size_t recent_next_ = 0;
    std::int64_t newest_ = -1;  // the newest version any member has seen
};

void client::start(unsigned short port) {
    ws_.next_layer().async_connect(
        {asio::ip::make_address("127.0.0.1"), port}, [this](beast::error_code ec) {
            if (ec) {
                std::fprintf(stderr, "connect: %s\n", ec.message().c_str());
                return;
            }
            ws_.next_layer().set_option(asio::ip::tcp::no_delay(true));
            ws_.async_handshake("127.0.0.1", "/ws", [this](beast::error_code ec2) {
                if (ec2) {
                    std::fprintf(stderr, "handshake: %s\n", ec2.message().c_str());
                    return;
                }
                send(R"({"type":"hello","name":"load","protocol":)" +
                     std::to_string(group_.protocol()) + "}");
                read();
            });
        });
}

void client::send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) write();
}

void client::write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(out_.front()), [this](beast::error_code ec, std::size_t) {
        if (ec) return;
        out_.pop_front();
        if (!out_.empty()) write();
    });
}

void client::read() {
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
        if (ec) {
            if (ec != asio::error::operation_aborted && ec != websocket::error::closed)
                std::fprintf(stderr, "read: %s\n", ec.message().c_str());
            return;
        }
        const auto data = buffer_.cdata();
        on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
        buffer_.consume(buffer_.size());
        read();
    });
}

void client::on_message(std::string_view text) {
    // "type" is rendered after most fields; the snapshot check is first because it is hot.
    if (text.find("\"type\":\"snapshot\"") != std::string_view::npos)
        return group_.on_snapshot(*this, text);
    if (text.find("\"type\":\"welcome\"") != std::string_view::npos) return group_.on_welcome();
    if (text.find("\"type\":\"joined\"") != std::string_view::npos)
        return group_.on_joined(*this, text);
    if (text.find("\"type\":\"error\"") != std::string_view::npos) return group_.on_error(text);
}

long read_status_kib(long pid, const char* key) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.starts_with(key)) return std::strtol(line.c_str() + std::strlen(key), nullptr, 10);
    return -1;
}

// The server's user + system CPU time in seconds.
double cpu_seconds(long pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    double utime = 0, stime = 0;
    for (int i = 3; fields >> field; ++i) {
        if (i == 14) utime = std::stod(field);
        if (i == 15) {
            stime = std::stod(field);
            break;
        }
    }
    return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

bool parse_args(int argc, char** argv, options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : ""; };
        if (flag == "--port")
            o.port = static_cast<unsigned short>(std::atoi(value()));
        else if (flag == "--server-pid")
            o.server_pid = std::atol(value());
        else if (flag == "--connections")
            o.connections = std::atoi(value());
        else if (flag == "--rate")
            o.rate = std::atof(value());
        else if (flag == "--closed")
            o.rate = 0;
        else if (flag == "--seconds")
            o.seconds = std::atof(value());
        else if (flag == "--warmup")
            o.warmup = std::atof(value());
        else if (flag == "--game")
            o.game = value();
        else if (flag == "--threads")
            o.threads = std::atoi(value());
        else if (flag == "--seed")
            o.seed = std::strtoull(value(), nullptr, 10);
        else if (flag == "--spectators")
            o.spectators = std::atoi(value());
        else if (flag == "--protocol")
            o.protocol = std::atoi(value());
        else {
            std::fprintf(stderr, "load_gen: unknown flag %s\n", argv[i]);
            return false;
        }
    }
    if (o.protocol != 1 && o.protocol != 2) {
        std::fprintf(stderr, "load_gen: --protocol must be 1 or 2\n");
        return false;
    }
    if (o.spectators < 1 || o.spectators > 10000) {
        std::fprintf(stderr, "load_gen: --spectators must be in 1..10000\n");
        return false;
    }
    if (o.connections < o.members() || o.connections > 20000 || o.connections % o.members() != 0) {
        std::fprintf(stderr,
                     "load_gen: --connections must be a multiple of the room's %d members, at "
                     "most 20000\n",
                     o.members());
        return false;
    }
    if (o.seconds <= 0 || o.seconds + o.warmup > 600 || o.threads < 1 || o.threads > 16) {
        std::fprintf(stderr, "load_gen: bad --seconds/--warmup/--threads\n");
        return false;
    }
    return true;
}

double percentile(std::vector<float>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto at = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1));
    return sorted[at];
}

}  // namespace

// An exception out of main ends the run with its message, as it should for a benchmark.
// NOLINTNEXTLINE(bugprone-exception-escape)
int main(int argc, char** argv) {
    options opts;
    if (!parse_args(argc, argv, opts)) return 2;
    const int rooms = opts.connections / opts.members();
    const long base_rss = opts.server_pid ? read_status_kib(opts.server_pid, "VmRSS:") : -1;

    std::atomic<bool> measuring{false};
    std::atomic<int> welcomed{0};
    std::vector<std::unique_ptr<asio::io_context>> ios;
    std::vector<std::unique_ptr<thread_rooms>> shared;
    std::vector<figures> stats(static_cast<std::size_t>(opts.threads));
    std::vector<std::vector<std::unique_ptr<room_group>>> groups(
        static_cast<std::size_t>(opts.threads));
    for (int t = 0; t < opts.threads; ++t) {
        ios.push_back(std::make_unique<asio::io_context>(1));
        shared.push_back(std::make_unique<thread_rooms>(thread_rooms{welcomed, {}}));
    }
    for (int r = 0; r < rooms; ++r) {
        const auto t = static_cast<std::size_t>(r % opts.threads);
        groups[t].push_back(std::make_unique<room_group>(
            *ios[t], *shared[t], stats[t], opts,
            opts.seed * 1000003 + static_cast<std::uint64_t>(r), measuring));
    }

    // Every connection is made and welcomed before any room plays (as the relay's loadgen does):
    // a server busy with the first rooms' games would otherwise starve the later handshakes, and
    // fewer connections than asked for would be measured.
    const auto connect_start = clock_type::now();
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(opts.threads));
    std::atomic<bool> stop{false};
    for (int t = 0; t < opts.threads; ++t) {
        threads.emplace_back([&, t] {
            auto& io = *ios[static_cast<std::size_t>(t)];
            auto& mine = groups[static_cast<std::size_t>(t)];
            auto& waiting = shared[static_cast<std::size_t>(t)]->waiting;
            // Connect in small batches so the accept queue is never flooded.
            std::size_t next = 0;
            asio::steady_timer timer(io);
            std::function<void()> tick = [&] {
                const auto now = clock_type::now();
                for (int k = 0; k < 25 && next < mine.size(); ++k, ++next)
                    mine[next]->start(opts.port);
                while (!waiting.empty() && waiting.top().first <= now) {
                    auto* due = waiting.top().second;
                    waiting.pop();
                    due->tick(now);
                }
                if (stop) return;
                timer.expires_after(std::chrono::microseconds(opts.rate > 0 ? 500 : 2000));
                timer.async_wait([&](beast::error_code) { tick(); });
            };
            tick();
            io.run();
        });
    }
    const auto connect_deadline = connect_start + std::chrono::seconds(120);
    while (welcomed < rooms && clock_type::now() < connect_deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const double connect_seconds =
        std::chrono::duration<double>(clock_type::now() - connect_start).count();
    const long connected_rss = opts.server_pid ? read_status_kib(opts.server_pid, "VmRSS:") : -1;
    std::printf("connections welcomed: %d of %d in %.2f s\n", welcomed * opts.members(),
                opts.connections, connect_seconds);
    if (welcomed < rooms) {
        std::fprintf(stderr, "load_gen: not every connection was welcomed within 120 s\n");
        stop = true;
        for (auto& io : ios) io->stop();
        for (auto& t : threads) t.join();
        return 1;
    }

    // Open loop: every room moves at rate / rooms, with phases spread evenly.
    const auto go = clock_type::now();
    const auto interval = opts.rate > 0 ? std::chrono::duration_cast<clock_type::duration>(
                                              std::chrono::duration<double>(rooms / opts.rate))
                                        : clock_type::duration{};
    for (int t = 0; t < opts.threads; ++t) {
        asio::post(*ios[static_cast<std::size_t>(t)], [&, t] {
            auto& mine = groups[static_cast<std::size_t>(t)];
            for (std::size_t i = 0; i < mine.size(); ++i) {
                const auto order = static_cast<long>(i * static_cast<std::size_t>(opts.threads) +
                                                     static_cast<std::size_t>(t));
                mine[i]->interval = interval;
                mine[i]->begin(go + interval * order / rooms);
            }
        });
    }

    std::this_thread::sleep_for(std::chrono::duration<double>(opts.warmup));
    const long loaded_rss = opts.server_pid ? read_status_kib(opts.server_pid, "VmRSS:") : -1;
    const double cpu_start = opts.server_pid ? cpu_seconds(opts.server_pid) : 0;
    const auto measure_start = clock_type::now();
    measuring = true;
    std::this_thread::sleep_for(std::chrono::duration<double>(opts.seconds));
    measuring = false;
    const double elapsed = std::chrono::duration<double>(clock_type::now() - measure_start).count();
    const double cpu_end = opts.server_pid ? cpu_seconds(opts.server_pid) : 0;
    const long end_rss = opts.server_pid ? read_status_kib(opts.server_pid, "VmRSS:") : -1;
    const long hwm = opts.server_pid ? read_status_kib(opts.server_pid, "VmHWM:") : -1;
    stop = true;
    for (auto& io : ios) io->stop();
    for (auto& t : threads) t.join();

    figures all;
    for (auto& s : stats) {
        all.moves += s.moves;
        all.deliveries += s.deliveries;
        all.missing += s.missing;
        all.duplicated += s.duplicated;
        all.games += s.games;
        all.late_sends += s.late_sends;
        for (auto& [code, n] : s.errors) all.errors[code] += n;
        all.latency_us.insert(all.latency_us.end(), s.latency_us.begin(), s.latency_us.end());
        all.last_latency_us.insert(all.last_latency_us.end(), s.last_latency_us.begin(),
                                   s.last_latency_us.end());
    }
    std::sort(all.latency_us.begin(), all.latency_us.end());
    std::sort(all.last_latency_us.begin(), all.last_latency_us.end());

    std::printf("connections %d (%d rooms of 2 players + %d spectators), game %s, %s",
                opts.connections, rooms, opts.spectators, opts.game.c_str(),
                opts.rate > 0 ? "open loop" : "closed loop");
    if (opts.rate > 0) std::printf(" at %.0f moves/s offered", opts.rate);
    std::printf(", %.1f s measured\n", elapsed);
    std::printf("moves/s %.0f  deliveries/s %.0f  games finished %llu  late sends %llu\n",
                static_cast<double>(all.moves) / elapsed,
                static_cast<double>(all.deliveries) / elapsed,
                static_cast<unsigned long long>(all.games),
                static_cast<unsigned long long>(all.late_sends));
    std::printf("move-to-snapshot latency ms: p50 %.3f  p99 %.3f  max %.3f  (%zu samples)\n",
                percentile(all.latency_us, 0.50) / 1000, percentile(all.latency_us, 0.99) / 1000,
                all.latency_us.empty() ? 0.0 : all.latency_us.back() / 1000, all.latency_us.size());
    std::printf("the room's last member had it ms: p50 %.3f  p99 %.3f  (%zu moves)\n",
                percentile(all.last_latency_us, 0.50) / 1000,
                percentile(all.last_latency_us, 0.99) / 1000, all.last_latency_us.size());
    std::printf("missing snapshots %llu  duplicated snapshots %llu  errors",
                static_cast<unsigned long long>(all.missing),
                static_cast<unsigned long long>(all.duplicated));
    if (all.errors.empty()) std::printf(" 0");
    for (auto& [code, n] : all.errors)
        std::printf(" %s=%llu", code.c_str(), static_cast<unsigned long long>(n));
    std::printf("\n");
    if (opts.server_pid) {
        const double cpu = cpu_end - cpu_start;
        std::printf(
            "server RSS KiB: empty %ld  connected %ld  loaded %ld  end %ld  peak %ld  => %.2f KiB "
            "per connection\n",
            base_rss, connected_rss, loaded_rss, end_rss, hwm,
            static_cast<double>(end_rss - base_rss) / opts.connections);
        std::printf("server CPU %.2f s over %.1f s  => %.0f deliveries per server CPU-second\n",
                    cpu, elapsed, cpu > 0 ? static_cast<double>(all.deliveries) / cpu : 0.0);
    }
    return 0;
}
