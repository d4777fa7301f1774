#include "tests/test_paths.hpp"

namespace quadra::testing {

const char* const quadra_binary = QUADRA_BINARY;
const char* const web_client_dir = QUADRA_WEB_ROOT;
const char* const config_file = QUADRA_CONFIG_FILE;
const char* const docker_config_file = QUADRA_DOCKER_CONFIG_FILE;
const char* const docker_dir = QUADRA_DOCKER_DIR;
const char* const test_data_dir = QUADRA_TEST_DATA;

}  // namespace quadra::testing
