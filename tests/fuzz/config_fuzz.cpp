// Any config file's text through the loader `quadra serve --config` uses: settings or a message
// naming what was wrong, and loaded settings written back as a file load to the same settings.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz_check.hpp"
#include "server/ops/config_loader.hpp"

using quadra::fuzzing::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto loaded = quadra::server::load_config_text(text, "fuzz.json");
    require(!loaded.help, "a file cannot ask for help");
    require(loaded.config.has_value() != !loaded.error.empty(),
            "a file gives settings or an error, never both");
    if (!loaded.config) return 0;

    const auto written = quadra::server::config_to_json(*loaded.config);
    const auto reloaded = quadra::server::load_config_text(written.dump(), "written.json");
    require(reloaded.config.has_value(), "loaded settings written back load again");
    require(quadra::server::config_to_json(*reloaded.config) == written,
            "loaded settings written back load to the same settings");
    return 0;
}
