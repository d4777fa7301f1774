#pragma once
// Where the tests find the built server and the checkout's files. The absolute paths reach only
// test_paths.cpp (as CMake definitions), so every other test source compiles the same in every
// clone and one ccache serves them all.

namespace quadra::testing {

extern const char* const quadra_binary;       // the built `quadra`
extern const char* const web_client_dir;      // web-client/
extern const char* const config_file;         // config/quadra.json
extern const char* const docker_config_file;  // docker/quadra.json
extern const char* const docker_dir;          // docker/
extern const char* const test_data_dir;       // tests/data/

}  // namespace quadra::testing
