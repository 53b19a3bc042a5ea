#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "server/config/settings.hpp"

namespace dw::config {

/// Reads a TOML config file over the defaults. Every key must be known and valid:
/// anything else throws config_error naming the key (or the file and line for a syntax error).
/// A missing file is an error; an empty file is valid. Relative paths in the result, whether written
/// in the file or left at their default, are taken against the file's own folder (resolve_paths), so
/// the file works from any working directory.
settings load_config_file(const std::filesystem::path& path);

/// Same, from TOML text (for tests); `source` names it in messages.
settings load_config_text(std::string_view toml_text, std::string_view source);

/// Makes every relative path setting (those with setting_def::is_path: storage.path, log.dir,
/// content.dir) `base_dir / value`, lexically normalised; absolute paths stay as they are.
void resolve_paths(settings& s, const std::filesystem::path& base_dir);

/// The installed config file as compiled in (CMake, GNUInstallDirs): relative to the folder of the
/// binary ("../etc/deepwell/deepwell.toml") when the install can be moved, otherwise absolute.
std::string_view installed_config_path();

/// Where deepwell looks for a config file when no --config is given, best first: `config/deepwell.toml`
/// under the working directory (running from a source checkout), then the installed file found from
/// `exe_path` (the running binary). The first that exists is used; when none does, the built-in
/// defaults apply with paths relative to the working directory.
std::vector<std::filesystem::path> default_config_candidates(const std::filesystem::path& exe_path,
                                                             std::string_view installed = installed_config_path());

}  // namespace dw::config
