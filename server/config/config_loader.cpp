#include "server/config/config_loader.hpp"

#include <toml++/toml.h>
#include <fstream>
#include <sstream>
#include <system_error>

// CMake sets this from GNUInstallDirs; a build that compiles this file by itself (the fuzzers) gets
// the usual layout.
#ifndef DW_INSTALLED_CONFIG
#define DW_INSTALLED_CONFIG "../etc/deepwell/deepwell.toml"
#endif

namespace dw::config {

settings load_config_text(std::string_view toml_text, std::string_view source) {
  toml::table root;
  try {
    root = toml::parse(toml_text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << source << ":" << e.source().begin.line << ": " << e.description();
    throw config_error("", msg.str());
  }

  settings s;
  for (const auto& [section_key, section_node] : root) {
    const std::string section(section_key.str());
    const toml::table* table = section_node.as_table();
    if (table == nullptr) {
      throw config_error(section, std::string(source) + ": " + section +
                                      ": unknown key (settings live in sections "
                                      "such as [server])");
    }
    for (const auto& [name_key, node] : *table) {
      const std::string key = section + "." + std::string(name_key.str());
      const setting_def* def = nullptr;
      for (const setting_def& d : setting_defs()) {
        if (d.full_name() == key) {
          def = &d;
          break;
        }
      }
      if (def == nullptr) {
        throw config_error(key, std::string(source) + ": " + key + ": unknown key");
      }
      setting_value value;
      if (const auto* i = node.as_integer()) {
        value = i->get();
      } else if (const auto* str = node.as_string()) {
        value = str->get();
      } else if (const auto* b = node.as_boolean()) {
        value = b->get();
      } else {
        throw config_error(key, std::string(source) + ": " + key + ": must be " +
                                    (def->is_boolean ? "true or false" : def->is_integer ? "an integer" : "a string"));
      }
      try {
        apply_setting(s, *def, value);
      } catch (const config_error& e) {
        throw config_error(key, std::string(source) + ": " + e.what());
      }
    }
  }
  return s;
}

settings load_config_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw config_error("", "cannot read config file " + path.string());
  }
  std::ostringstream text;
  text << in.rdbuf();
  settings s = load_config_text(text.str(), path.string());
  std::error_code ec;
  const std::filesystem::path file = std::filesystem::absolute(path, ec);
  if (ec) {
    throw config_error("", "cannot locate config file " + path.string() + ": " + ec.message());
  }
  resolve_paths(s, file.parent_path());
  return s;
}

void resolve_paths(settings& s, const std::filesystem::path& base_dir) {
  for (const setting_def& def : setting_defs()) {
    if (!def.is_path) {
      continue;
    }
    const std::filesystem::path value(std::get<std::string>(def.get(s)));
    if (!value.empty() && value.is_relative()) {  // an optional file left empty stays unset
      def.set(s, setting_value{(base_dir / value).lexically_normal().string()});
    }
  }
}

std::string_view installed_config_path() { return DW_INSTALLED_CONFIG; }

std::vector<std::filesystem::path> default_config_candidates(const std::filesystem::path& exe_path,
                                                             std::string_view installed) {
  std::vector<std::filesystem::path> out{std::filesystem::path("config") / "deepwell.toml"};
  if (!installed.empty() && !exe_path.empty()) {
    // An absolute `installed` replaces the binary's folder altogether (path's operator/).
    out.push_back((exe_path.parent_path() / installed).lexically_normal());
  }
  return out;
}

}  // namespace dw::config
