#include "server/cli/admin_command.hpp"

#include <charconv>
#include <ctime>
#include <future>
#include <optional>
#include <string_view>
#include <vector>

#include "server/app/address_range.hpp"
#include "server/ops/config_loader.hpp"
#include "server/store/store.hpp"

namespace quadra::server {

namespace {

constexpr std::string_view usage =
    "usage: quadra admin <action> [--config FILE] [--data DIR] [--store S] [--database-url U]\n"
    "\n"
    "actions:\n"
    "  grant NAME moderator|admin [--reason R]   give an account a role\n"
    "  revoke NAME [--reason R]                  take its role away\n"
    "  ban NAME --reason R                       end its sessions everywhere, refuse sign-in\n"
    "  unban NAME --reason R\n"
    "  mute NAME --reason R [--minutes N]        refuse its chat lines (for good without N)\n"
    "  unmute NAME --reason R\n"
    "  unlist NAME --reason R                    remove it from the leaderboards\n"
    "  relist NAME --reason R                    put it back\n"
    "  block CIDR guests|accounts|both --reason R [--minutes N]\n"
    "                                            refuse new guests or accounts from an\n"
    "                                            address range (for good without N)\n"
    "  unblock CIDR --reason R\n"
    "  roles                                     the accounts with a role or a sanction,\n"
    "                                            and the address blocks\n"
    "  log [--limit N]                           the audit log, newest first\n";

// The flags that say where the store is, passed on to load_config.
bool names_store(std::string_view flag) {
    return flag == "--config" || flag == "--data" || flag == "--data-dir" || flag == "--store" ||
           flag == "--database-url";
}

struct admin_args {
    std::vector<std::string> words;  // the action and its operands
    std::vector<std::string> store_flags;
    std::optional<std::string> reason;
    std::optional<std::int64_t> minutes;
    int limit = 50;
};

std::optional<std::int64_t> whole_number(const std::string& text, std::int64_t max) {
    std::int64_t n = 0;
    const auto* end = text.data() + text.size();
    const auto [at, ec] = std::from_chars(text.data(), end, n);
    if (ec != std::errc() || at != end || n < 1 || n > max) return std::nullopt;
    return n;
}

// None: the arguments do not follow the usage.
std::optional<admin_args> parse(std::span<const std::string> args) {
    admin_args out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0) {
            out.words.push_back(arg);
            continue;
        }
        const auto equals = arg.find('=');
        const std::string name = arg.substr(0, equals);
        std::string value;
        if (equals != std::string::npos) {
            value = arg.substr(equals + 1);
        } else {
            if (i + 1 >= args.size()) return std::nullopt;
            value = args[++i];
        }
        if (names_store(name)) {
            out.store_flags.push_back(name + "=" + value);
        } else if (name == "--reason" && !value.empty()) {
            out.reason = value;
        } else if (name == "--minutes") {
            out.minutes = whole_number(value, 10LL * 366 * 24 * 60);
            if (!out.minutes) return std::nullopt;
        } else if (name == "--limit") {
            const auto limit = whole_number(value, 10'000);
            if (!limit) return std::nullopt;
            out.limit = static_cast<int>(*limit);
        } else {
            return std::nullopt;
        }
    }
    return out;
}

std::string utc(std::int64_t ms) {
    const std::time_t seconds = ms / 1000;
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &parts);
    return text;
}

int list_standings(const store& records, std::ostream& out) {
    const auto standings = records.standings();
    if (!standings) return 1;
    const auto now = unix_ms();
    for (const auto& s : *standings) {
        out << s.account;
        if (!s.role.empty()) out << "  role " << s.role;
        if (s.banned) out << "  banned";
        if (s.unlisted) out << "  off the leaderboards";
        if (s.muted_until_ms == forever_ms)
            out << "  muted for good";
        else if (s.muted_until_ms > now)
            out << "  muted until " << utc(s.muted_until_ms) << " UTC";
        out << '\n';
    }
    const auto blocks = records.address_blocks(now);
    if (!blocks) return 1;
    for (const auto& b : *blocks)
        out << b.cidr << " refuses " << b.refuses
            << (b.until_ms == forever_ms ? " for good" : " until " + utc(b.until_ms) + " UTC")
            << '\n';
    return 0;
}

int list_log(const store& records, int limit, std::ostream& out) {
    for (const auto& e : records.audit_log(limit)) {
        out << '#' << e.id << "  " << utc(e.at_ms) << " UTC  "
            << (e.actor.empty() ? "(operator)" : e.actor) << "  " << e.action << ' ' << e.target;
        if (!e.role.empty()) out << ' ' << e.role;
        if (e.action == "mute" || e.action == "block")
            out << (e.until_ms == forever_ms ? " for good" : " until " + utc(e.until_ms) + " UTC");
        out << "  \"" << e.reason << "\"\n";
    }
    return 0;
}

std::optional<moderation_write::kind> action_of(std::string_view word) {
    using kind = moderation_write::kind;
    for (const auto k : {kind::grant, kind::revoke, kind::ban, kind::unban, kind::mute,
                         kind::unmute, kind::unlist, kind::relist, kind::block, kind::unblock})
        if (action_name(k) == word) return k;
    return std::nullopt;
}

}  // namespace

int run_admin_command(std::span<const std::string> args, std::span<const std::string> environment,
                      std::ostream& out, std::ostream& err) {
    using kind = moderation_write::kind;
    const auto parsed = parse(args);
    const auto bad_usage = [&err] {
        err << usage;
        return 2;
    };
    if (!parsed || parsed->words.empty()) return bad_usage();
    const auto& words = parsed->words;
    const auto action = action_of(words[0]);
    const bool listing = words[0] == "roles" || words[0] == "log";
    if (!listing && !action) return bad_usage();
    if (listing && words.size() != 1) return bad_usage();
    if (action) {
        const bool third = *action == kind::grant || *action == kind::block;
        const bool reason_needed = *action != kind::grant && *action != kind::revoke;
        const bool timed = *action == kind::mute || *action == kind::block;
        if (words.size() != (third ? 3u : 2u) || (reason_needed && !parsed->reason) ||
            (parsed->minutes && !timed))
            return bad_usage();
        if (*action == kind::grant && words[2] != "moderator" && words[2] != "admin")
            return bad_usage();
        if (*action == kind::block && words[2] != "guests" && words[2] != "accounts" &&
            words[2] != "both")
            return bad_usage();
    }

    const auto loaded = load_config(parsed->store_flags, environment);
    if (!loaded.config) {
        err << "quadra admin: " << loaded.error << '\n';
        return 1;
    }
    const auto& c = *loaded.config;
    auto opened = open_store({c.store, c.data_dir, c.database_url});
    if (!opened) {
        err << "quadra admin: " << opened.error().describe() << '\n';
        return 1;
    }
    auto& records = *opened.value();
    if (words[0] == "roles") return list_standings(records, out);
    if (words[0] == "log") return list_log(records, parsed->limit, out);

    // The target: an account, or an address range (block, unblock).
    std::int64_t target_id = 0;
    std::string target_name;
    if (*action == kind::block || *action == kind::unblock) {
        const auto range = address_range::parse(words[1]);
        if (!range) {
            err << "quadra admin: " << words[1]
                << " is not an IP address or a CIDR range with its host bits zero\n";
            return 1;
        }
        target_name = range->text();
    } else {
        const auto target = records.find_account(words[1]);
        if (!target) {
            err << "quadra admin: no account is named " << words[1] << '\n';
            return 1;
        }
        target_id = target->id;
        target_name = target->account;
    }
    const auto now = unix_ms();
    write_batch batch;
    batch.moderation = moderation_write{
        *action,
        0,
        {},
        target_id,
        target_name,
        *action == kind::grant || *action == kind::block ? words[2] : std::string(),
        parsed->minutes ? now + *parsed->minutes * 60'000 : forever_ms,
        parsed->reason.value_or(""),
        now};
    std::promise<write_outcome> outcome;
    records.submit(std::move(batch), [&outcome](write_outcome o) { outcome.set_value(o); });
    records.drain();
    if (outcome.get_future().get() != write_outcome::committed) {
        err << "quadra admin: nothing changed: " << target_name
            << (*action == kind::grant ? " holds that role already" : " is already so") << '\n';
        return 1;
    }
    out << action_name(*action) << ' ' << target_name << ": done\n";
    return 0;
}

}  // namespace quadra::server
