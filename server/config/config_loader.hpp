#pragma once

#include <filesystem>

#include "server/config/settings.hpp"

namespace dw::config {

/// Reads a TOML config file over the defaults. Every key must be known and valid:
/// anything else throws config_error naming the key (or the file and line for a syntax error).
/// A missing file is an error; an empty file is valid.
settings load_config_file(const std::filesystem::path& path);

/// Same, from TOML text (for tests); `source` names it in messages.
settings load_config_text(std::string_view toml_text, std::string_view source);

}  // namespace dw::config
