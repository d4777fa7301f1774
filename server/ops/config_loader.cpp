#include "server/ops/config_loader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <iomanip>
#include <iterator>
#include <sstream>
#include <variant>

#include <nlohmann/json.hpp>

namespace quadra::server {

namespace {

using json = nlohmann::json;

using field = std::variant<std::string server_config::*, unsigned short server_config::*,
                           int server_config::*, std::size_t server_config::*,
                           double server_config::*, std::chrono::milliseconds server_config::*,
                           std::vector<std::string> server_config::*>;

// One setting: its file key (the flag and variable names derive from it), where it lands in
// server_config, what it allows, and a line of help. Durations are keys ending in `_seconds`.
struct setting {
    std::string_view key;
    field target;
    double min = 0;
    double max = 0;
    std::string_view choices;  // for text: the allowed values separated by '|'; empty: any
    std::string_view help;
};

using c = server_config;

const setting settings[] = {
    {"address", &c::address, 1, 0, {}, "the IP address to listen on"},
    {"port", &c::port, 0, 65535, {}, "the TCP port for HTTP and WebSocket; 0: any free port"},
    {"web_root", &c::web_root, 1, 0, {}, "the directory of the browser client's files"},
    {"store", &c::store, 0, 0, "sqlite|postgres",
     "sqlite: one node, a file in data_dir; postgres: nodes sharing database_url"},
    {"data_dir", &c::data_dir, 1, 0, {}, "the directory of the SQLite database"},
    {"database_url",
     &c::database_url,
     0,
     0,
     {},
     "postgres: the database, as a libpq URI (postgresql://user:password@host:port/dbname)"},
    {"public_url",
     &c::public_url,
     0,
     0,
     {},
     "postgres: this node's address for clients sent to it, e.g. https://games.example.org/n1 "
     "(default: http://<address>:<port>)"},
    {"node_id", &c::node_id, 0, 0, {}, "postgres: this node's name; empty: a fresh one at start"},
    {"lease_seconds",
     &c::lease,
     0.5,
     600,
     {},
     "postgres: a node that has not renewed its lease for this long loses its rooms to others"},
    {"threads", &c::threads, 0, 1024, {}, "network threads; 0: one per core"},
    {"allowed_origins",
     &c::allowed_origins,
     0,
     0,
     {},
     "origins (scheme://host[:port]) whose pages may open a WebSocket, besides the server's own"},
    {"log_level", &c::log_level, 0, 0, "trace|debug|info|warn|error|off",
     "the least severe "
     "level logged"},
    {"log_format", &c::log_format, 0, 0, "plain|json", "plain text lines or one JSON per line"},
    {"max_message_bytes",
     &c::max_message_bytes,
     256,
     16 << 20,
     {},
     "the largest client message; larger ones close the connection"},
    {"max_queued_messages",
     &c::max_queued_messages,
     1,
     1e6,
     {},
     "messages queued for a slow reader before it is disconnected"},
    {"max_queued_bytes",
     &c::max_queued_bytes,
     4096,
     1 << 30,
     {},
     "bytes queued for a slow reader before it is disconnected (the socket's send buffer is an "
     "eighth of this)"},
    {"messages_per_second",
     &c::messages_per_second,
     0.1,
     1e6,
     {},
     "sustained message rate per connection"},
    {"message_burst",
     &c::message_burst,
     1,
     1e7,
     {},
     "messages allowed at once (default: twice messages_per_second); a flood of twice this "
     "closes"},
    {"max_connections", &c::max_connections, 1, 1e7, {}, "connections to the whole server"},
    {"max_connections_per_ip",
     &c::max_connections_per_ip,
     1,
     1e7,
     {},
     "connections from one IP address"},
    {"loopback_per_ip", &c::loopback_per_ip, 0, 0, "exempt|capped",
     "exempt: loopback clients (a local health check, a proxy on the same host) are not held to "
     "max_connections_per_ip; capped: they are"},
    {"max_rooms", &c::max_rooms, 1, 1e7, {}, "open rooms on the server"},
    {"max_rooms_per_connection",
     &c::max_rooms_per_connection,
     1,
     10000,
     {},
     "rooms one connection may be in"},
    {"max_seeks", &c::max_seeks, 1, 1e7, {}, "open quick-pairing seeks on the node"},
    {"max_identities", &c::max_identities, 1, 1e8, {}, "guest identities kept"},
    {"handshake_timeout_seconds",
     &c::handshake_timeout,
     0.1,
     3600,
     {},
     "time for an HTTP request or a WebSocket upgrade"},
    {"idle_timeout_seconds",
     &c::idle_timeout,
     1,
     86400,
     {},
     "a silent peer is closed after this (pinged at half of it)"},
    {"seat_grace_seconds",
     &c::seat_grace,
     0,
     604800,
     {},
     "a disconnected player's seat can be claimed by others after this"},
    {"waiting_expiry_seconds",
     &c::waiting_expiry,
     1,
     604800,
     {},
     "an empty waiting room is closed after this"},
    {"max_chat_bytes", &c::max_chat_bytes, 1, 65536, {}, "the longest chat line"},
    {"chat_per_second", &c::chat_per_second, 0.01, 100, {}, "sustained chat rate per player"},
    {"chat_burst", &c::chat_burst, 1, 1000, {}, "chat lines allowed at once"},
    {"abortable_moves",
     &c::abortable_moves,
     0,
     1000,
     {},
     "a moderator closing a game may abort it (not just end it with no result) up to this many "
     "moves"},
    {"max_open_challenges",
     &c::max_open_challenges,
     1,
     100,
     {},
     "open challenges (and correspondence seeks) one account may have"},
    {"events_per_day",
     &c::events_per_day,
     1,
     1000,
     {},
     "events one account may create in 24 hours (moderators: no limit)"},
    {"sign_in_failures_per_account",
     &c::sign_in_failures_per_account,
     1,
     1000,
     {},
     "failed sign-ins to one account within sign_in_window_seconds before it must wait"},
    {"sign_in_failures_per_address",
     &c::sign_in_failures_per_address,
     1,
     100000,
     {},
     "failed sign-ins from one IP address within sign_in_window_seconds before it must wait"},
    {"sign_in_window_seconds",
     &c::sign_in_window,
     1,
     86400,
     {},
     "the sliding window in which failed sign-ins are counted"},
    {"deleted_name_days",
     &c::deleted_name_days,
     0,
     3650,
     {},
     "how long a deleted account's user name stays reserved before anyone may take it"},
    {"reports_per_hour",
     &c::reports_per_hour,
     1,
     1000,
     {},
     "reports one account may make in an hour; more are refused (rate_limited)"},
    {"push_contact",
     &c::push_contact,
     1,
     0,
     {},
     "Web Push: the operator's contact (mailto: or https:) that push services see"},
    {"push_ca_file",
     &c::push_ca_file,
     0,
     0,
     {},
     "Web Push: more CA certificates (PEM) to trust when delivering; empty: the system's"},
    {"rated_bots", &c::rated_bots, 0, 0, "no|yes",
     "yes: rated rooms may seat computer players, each level rated as a player of its own"},
    {"shutdown_timeout_seconds",
     &c::shutdown_timeout,
     0,
     600,
     {},
     "on SIGTERM/SIGINT: the longest wait for clients and pending writes before exiting"},
};

std::string flag_name(std::string_view key) {
    std::string flag = "--";
    for (char ch : key) flag += ch == '_' ? '-' : ch;
    return flag;
}

std::string env_name(std::string_view key) {
    std::string name = "QUADRA_";
    for (char ch : key) name += static_cast<char>(ch == '-' ? '_' : std::toupper(ch));
    return name;
}

const setting* find_by(std::string_view name, std::string (*spell)(std::string_view)) {
    for (const auto& s : settings)
        if (spell(s.key) == name) return &s;
    return nullptr;
}

// The edit distance between two names (insertions, deletions, substitutions).
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const auto above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// "; did you mean QUADRA_X?" for a variable a typo away from a known one, else the hint where
// the list is.
std::string nearest_variable(std::string_view name) {
    const setting* nearest = nullptr;
    std::size_t best = 3;  // at most two edits away
    for (const auto& s : settings) {
        const auto distance = edit_distance(name, env_name(s.key));
        if (distance < best) {
            best = distance;
            nearest = &s;
        }
    }
    if (nearest) return "; did you mean " + env_name(nearest->key) + "?";
    return "; quadra serve --help lists the QUADRA_* variables";
}

// A Docker or Kubernetes service link such as tcp://10.0.0.7:8080.
bool service_link(std::string_view text) {
    return text.starts_with("tcp://") || text.starts_with("udp://") || text.starts_with("sctp://");
}

std::string number_text(double value) {
    std::ostringstream out;
    out << std::setprecision(15) << value;
    return out.str();
}

// What a setting allows, for error messages and help.
std::string allowed(const setting& s) {
    return std::visit(
        [&](auto member) -> std::string {
            using type = std::remove_cvref_t<decltype(server_config{}.*member)>;
            const auto range = number_text(s.min) + " to " + number_text(s.max);
            if constexpr (std::is_same_v<type, std::string>) {
                if (s.choices.empty()) return s.min > 0 ? "a non-empty string" : "a string";
                std::string list(s.choices);
                for (auto& ch : list)
                    if (ch == '|') ch = ',';
                return "one of " + list;
            } else if constexpr (std::is_same_v<type, std::vector<std::string>>) {
                return "a list of origins like \"https://games.example.org\" (comma-separated in "
                       "flags and variables)";
            } else if constexpr (std::is_same_v<type, double>) {
                return "a number from " + range;
            } else if constexpr (std::is_same_v<type, std::chrono::milliseconds>) {
                return "a number of seconds from " + range;
            } else {
                return "an integer from " + range;
            }
        },
        s.target);
}

bool valid_origin(std::string_view origin) {
    const auto scheme_end = origin.find("://");
    if (scheme_end == std::string_view::npos) return false;
    const auto scheme = origin.substr(0, scheme_end);
    const auto host = origin.substr(scheme_end + 3);
    return (scheme == "http" || scheme == "https") && !host.empty() &&
           host.find_first_of("/?# ") == std::string_view::npos;
}

// A value as the file holds it, or the text of a flag or variable converted to that shape;
// nullopt when it has the wrong type.
std::optional<json> from_text(const setting& s, std::string_view text) {
    return std::visit(
        [&](auto member) -> std::optional<json> {
            using type = std::remove_cvref_t<decltype(server_config{}.*member)>;
            if constexpr (std::is_same_v<type, std::string>) {
                return json(std::string(text));
            } else if constexpr (std::is_same_v<type, std::vector<std::string>>) {
                json list = json::array();
                for (std::size_t start = 0; start <= text.size();) {
                    auto end = std::min(text.find(',', start), text.size());
                    auto part = text.substr(start, end - start);
                    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
                    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
                    if (!part.empty()) list.push_back(std::string(part));
                    start = end + 1;
                }
                return list;
            } else if constexpr (std::is_same_v<type, double> ||
                                 std::is_same_v<type, std::chrono::milliseconds>) {
                double value = 0;
                const auto [end, ec] =
                    std::from_chars(text.data(), text.data() + text.size(), value);
                if (ec != std::errc{} || end != text.data() + text.size() || text.empty())
                    return std::nullopt;
                // Whole numbers stay integers, so messages echo "0" as it was written.
                if (std::trunc(value) == value && std::abs(value) < 1e15)
                    return json(static_cast<long long>(value));
                return json(value);
            } else {
                long long value = 0;
                const auto [end, ec] =
                    std::from_chars(text.data(), text.data() + text.size(), value);
                if (ec != std::errc{} || end != text.data() + text.size() || text.empty())
                    return std::nullopt;
                return json(value);
            }
        },
        s.target);
}

// Checks `value` against the setting and stores it; false when it is not allowed.
bool assign(const setting& s, const json& value, server_config& config) {
    return std::visit(
        [&](auto member) -> bool {
            using type = std::remove_cvref_t<decltype(config.*member)>;
            if constexpr (std::is_same_v<type, std::string>) {
                if (!value.is_string()) return false;
                auto text = value.get<std::string>();
                if (text.empty() && s.min > 0) return false;  // min 1: must not be empty
                if (!s.choices.empty()) {
                    const std::string bounded = "|" + std::string(s.choices) + "|";
                    if (bounded.find("|" + text + "|") == std::string::npos) return false;
                }
                config.*member = std::move(text);
            } else if constexpr (std::is_same_v<type, std::vector<std::string>>) {
                if (!value.is_array()) return false;
                type list;
                for (const auto& item : value) {
                    if (!item.is_string() || !valid_origin(item.get<std::string>())) return false;
                    list.push_back(item.get<std::string>());
                }
                config.*member = std::move(list);
            } else if constexpr (std::is_same_v<type, double> ||
                                 std::is_same_v<type, std::chrono::milliseconds>) {
                if (!value.is_number()) return false;
                const double number = value.get<double>();
                if (!std::isfinite(number) || number < s.min || number > s.max) return false;
                if constexpr (std::is_same_v<type, double>)
                    config.*member = number;
                else
                    config.*member = std::chrono::milliseconds(std::llround(number * 1000));
            } else {
                if (!value.is_number_integer()) return false;
                const auto number = value.get<long long>();
                if (number < s.min || number > s.max) return false;
                config.*member = static_cast<type>(number);
            }
            return true;
        },
        s.target);
}

json value_of(const setting& s, const server_config& config) {
    return std::visit(
        [&](auto member) -> json {
            using type = std::remove_cvref_t<decltype(config.*member)>;
            if constexpr (std::is_same_v<type, std::chrono::milliseconds>) {
                const auto ms = (config.*member).count();
                if (ms % 1000 == 0) return json(ms / 1000);
                return json(static_cast<double>(ms) / 1000);
            } else if constexpr (std::is_same_v<type, double>) {
                const double number = config.*member;
                if (std::trunc(number) == number && std::abs(number) < 1e15)
                    return json(static_cast<long long>(number));  // 20, as the file writes it
                return json(number);
            } else {
                return json(config.*member);
            }
        },
        s.target);
}

// Where a value came from, for messages: "config file F", "QUADRA_PORT", "--port".
struct sourced_value {
    const setting* what;
    json value;
    std::string source;
};

std::string refusal(const sourced_value& v) {
    return "setting '" + std::string(v.what->key) + "' (" + v.source + "): expected " +
           allowed(*v.what) + ", got " + v.value.dump();
}

// Reads the settings of a config file's text into `out`; the message when the text is not one
// JSON object of known keys.
std::optional<std::string> read_file_settings(std::string_view text, const std::string& file,
                                              std::vector<sourced_value>& out) {
    json parsed;
    try {
        parsed = json::parse(text, nullptr, true, /*ignore_comments=*/true);
    } catch (const json::exception& e) {
        // Not only parse_error: a number beyond a double (1e400) throws out_of_range.
        return "the config file " + file + " is not valid JSON: " + e.what();
    }
    if (!parsed.is_object()) return "the config file " + file + " must hold one JSON object";
    for (const auto& [key, value] : parsed.items()) {
        const setting* s = nullptr;
        for (const auto& candidate : settings)
            if (candidate.key == key) s = &candidate;
        if (!s)
            return "unknown key '" + key + "' in the config file " + file +
                   "; quadra serve --help lists the keys";
        out.push_back({s, value, "config file " + file});
    }
    return std::nullopt;
}

// Applies the layers in order of increasing precedence over the defaults.
loaded_config settle(std::initializer_list<const std::vector<sourced_value>*> layers,
                     loaded_config outcome) {
    server_config config;
    bool burst_given = false;
    for (const auto* layer : layers) {
        for (const auto& v : *layer) {
            if (!assign(*v.what, v.value, config)) {
                outcome.error = refusal(v);
                return outcome;
            }
            burst_given = burst_given || v.what->key == "message_burst";
        }
    }
    if (!burst_given) config.message_burst = config.messages_per_second * 2;
    outcome.config = std::move(config);
    return outcome;
}

}  // namespace

json config_to_json(const server_config& config) {
    json out = json::object();
    for (const auto& s : settings) out[std::string(s.key)] = value_of(s, config);
    return out;
}

loaded_config load_config(std::span<const std::string> args,
                          std::span<const std::string> environment) {
    loaded_config outcome;
    auto fail = [&](std::string message) {
        outcome.error = std::move(message);
        return outcome;
    };
    std::optional<std::string> file;

    std::vector<sourced_value> flags;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view arg = args[i];
        if (arg == "--help" || arg == "-h") {
            outcome.help = true;
            return outcome;
        }
        std::string name(arg.substr(0, arg.find('=')));
        std::optional<std::string> text;
        if (name.size() < arg.size()) text = std::string(arg.substr(name.size() + 1));
        if (name == "--data") name = "--data-dir";  // README's short spelling
        const setting* s = name == "--config" ? nullptr : find_by(name, flag_name);
        if (!s && name != "--config")
            return fail("unknown flag '" + name + "'; quadra serve --help lists the flags");
        if (!text) {
            if (i + 1 >= args.size()) return fail("flag " + name + " needs a value");
            text = args[++i];
        }
        if (!s) {
            file = *text;
            continue;
        }
        auto value = from_text(*s, *text);
        sourced_value v{s, value ? std::move(*value) : json(*text), "flag " + name};
        if (!value) return fail(refusal(v));
        flags.push_back(std::move(v));
    }

    std::vector<sourced_value> variables;
    for (const auto& entry : environment) {
        // Kubernetes gives every pod QUADRA_PORT=tcp://10.0.0.7:8080, QUADRA_SERVICE_HOST, ...
        // when a Service is named quadra: a start-up must not fail on them, so unknown variables
        // and service links are ignored with a warning (a typo still names the setting meant).
        if (entry.rfind("QUADRA_", 0) != 0) continue;
        const auto eq = entry.find('=');
        const std::string name = entry.substr(0, eq);
        const std::string text = eq == std::string::npos ? "" : entry.substr(eq + 1);
        if (name == "QUADRA_CONFIG") {
            if (!file) file = text;
            continue;
        }
        const setting* s = find_by(name, env_name);
        if (!s) {
            outcome.warnings.push_back("ignoring the unknown environment variable " + name +
                                       nearest_variable(name));
            continue;
        }
        if (service_link(text)) {
            outcome.warnings.push_back("ignoring " + name + "=" + text +
                                       ": a service link (Kubernetes), not a value for " +
                                       std::string(s->key));
            continue;
        }
        auto value = from_text(*s, text);
        sourced_value v{s, value ? std::move(*value) : json(text), "environment " + name};
        if (!value) return fail(refusal(v));
        variables.push_back(std::move(v));
    }

    std::vector<sourced_value> from_file;
    if (file) {
        std::ifstream in(*file);
        if (!in) return fail("cannot read the config file " + *file);
        const std::string text{std::istreambuf_iterator<char>(in),
                               std::istreambuf_iterator<char>()};
        if (auto error = read_file_settings(text, *file, from_file)) return fail(std::move(*error));
    }
    return settle({&from_file, &variables, &flags}, std::move(outcome));
}

loaded_config load_config_text(std::string_view file_text, const std::string& file_name) {
    std::vector<sourced_value> from_file;
    if (auto error = read_file_settings(file_text, file_name, from_file)) {
        loaded_config failed;
        failed.error = std::move(*error);
        return failed;
    }
    return settle({&from_file}, {});
}

std::string serve_help() {
    const server_config defaults;
    std::string text =
        "usage: quadra serve [--config FILE] [--SETTING VALUE | --SETTING=VALUE]...\n"
        "\n"
        "Runs the game server. Each setting can come from a flag, a QUADRA_* environment\n"
        "variable or a key of the JSON config file (--config FILE or QUADRA_CONFIG; comments\n"
        "allowed); flags win over the environment, which wins over the file. Durations are in\n"
        "seconds (fractions allowed); lists are comma-separated in flags and variables.\n"
        "\n";
    for (const auto& s : settings) {
        text += "  " + flag_name(s.key) + "  (" + env_name(s.key) + ", key \"" +
                std::string(s.key) + "\")\n      " + std::string(s.help) + "\n      default " +
                value_of(s, defaults).dump() + "; " + allowed(s) + "\n";
    }
    text += "  --data DIR is short for --data-dir DIR.\n";
    return text;
}

}  // namespace quadra::server
