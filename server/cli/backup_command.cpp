#include "server/cli/backup_command.hpp"

#include <charconv>
#include <chrono>
#include <map>
#include <optional>
#include <ostream>
#include <string_view>

#include "server/store/sqlite_backup.hpp"

namespace quadra::server {

namespace {

constexpr std::string_view backup_usage =
    "usage: quadra backup --data-dir DIR --to FILE [--force] [--pages-per-step N] [--pause-ms "
    "MS]\n";
constexpr std::string_view restore_usage =
    "usage: quadra restore --from FILE --data-dir DIR [--force]\n";

// The flags given ("--name VALUE" or "--name=VALUE"; `switches` take no value), or none when an
// argument is not one of `valued` or `switches` or lacks its value.
std::optional<std::map<std::string, std::string, std::less<>>> parse_flags(
    std::span<const std::string> args, std::span<const std::string_view> valued,
    std::span<const std::string_view> switches) {
    std::map<std::string, std::string, std::less<>> flags;
    const auto is_one_of = [](std::string_view name, std::span<const std::string_view> names) {
        for (const auto n : names)
            if (n == name) return true;
        return false;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view arg = args[i];
        const auto equals = arg.find('=');
        std::string name(arg.substr(0, equals));
        if (name == "--data") name = "--data-dir";  // as `quadra serve` spells it too
        if (is_one_of(name, switches) && equals == std::string_view::npos) {
            flags[name] = "";
            continue;
        }
        // A valued flag: `--name=value` or `--name value`.
        const bool valued_here = is_one_of(name, valued);
        if (valued_here && equals != std::string_view::npos) {
            flags[name] = std::string(arg.substr(equals + 1));
        } else if (valued_here && ++i < args.size()) {
            flags[name] = args[i];
        } else {
            return std::nullopt;
        }
    }
    return flags;
}

// Reads the flag `name`, if given, into `value`: false when it is not a whole number >= `least`.
bool number_flag(const std::map<std::string, std::string, std::less<>>& flags,
                 std::string_view name, int least, int& value) {
    const auto found = flags.find(name);
    if (found == flags.end()) return true;
    const auto& text = found->second;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc{} && end == text.data() + text.size() && value >= least;
}

// "N pages (B bytes, schema version V) in S steps, T ms"
std::string described(const sqlite_copy& copy, std::chrono::steady_clock::duration took) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
    return std::to_string(copy.pages) + " pages (" + std::to_string(copy.bytes) +
           " bytes, schema version " + std::to_string(copy.schema_version) + ") in " +
           std::to_string(copy.steps) + " steps, " + std::to_string(ms) + " ms";
}

}  // namespace

int run_backup_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    constexpr std::string_view valued[] = {"--data-dir", "--to", "--pages-per-step", "--pause-ms"};
    constexpr std::string_view switches[] = {"--force"};
    const auto flags = parse_flags(args, valued, switches);
    backup_pace pace;
    int pause_ms = 0;
    const bool paced = flags && number_flag(*flags, "--pages-per-step", 1, pace.pages_per_step) &&
                       number_flag(*flags, "--pause-ms", 0, pause_ms);
    pace.pause = std::chrono::milliseconds(pause_ms);
    if (!paced || !flags->contains("--data-dir") || !flags->contains("--to") ||
        flags->at("--data-dir").empty() || flags->at("--to").empty()) {
        err << backup_usage;
        return 2;
    }
    const auto& data_dir = flags->at("--data-dir");
    const auto& file = flags->at("--to");
    const auto started = std::chrono::steady_clock::now();
    const auto copied = back_up_sqlite_store(data_dir, file, flags->contains("--force"), pace);
    if (!copied) {
        err << "quadra backup: " << copied.error().message << '\n';
        return 1;
    }
    out << "quadra backup: copied the store in '" << data_dir << "' to '" << file
        << "': " << described(copied.value(), std::chrono::steady_clock::now() - started) << '\n';
    return 0;
}

int run_restore_command(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    constexpr std::string_view valued[] = {"--from", "--data-dir"};
    constexpr std::string_view switches[] = {"--force"};
    const auto flags = parse_flags(args, valued, switches);
    if (!flags || !flags->contains("--from") || !flags->contains("--data-dir") ||
        flags->at("--from").empty() || flags->at("--data-dir").empty()) {
        err << restore_usage;
        return 2;
    }
    const auto& file = flags->at("--from");
    const auto& data_dir = flags->at("--data-dir");
    const auto started = std::chrono::steady_clock::now();
    const auto restored = restore_sqlite_store(file, data_dir, flags->contains("--force"));
    if (!restored) {
        err << "quadra restore: " << restored.error().message << '\n';
        return 1;
    }
    out << "quadra restore: checked '" << file << "' and put it in place in '" << data_dir
        << "': " << described(restored.value(), std::chrono::steady_clock::now() - started) << '\n';
    return 0;
}

}  // namespace quadra::server
