// libFuzzer target for the operator's configuration (server/config): the TOML config file through
// load_config_text, and the first line also as an `@config <key> <value>` change (apply_setting_text).
// A bad configuration must be a config_error naming where it is wrong, never a crash; a good one must
// hold only values within each setting's bounds.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_support.hpp"
#include "server/config/config_loader.hpp"

namespace {

using namespace dw::config;

constexpr std::string_view source = "fuzz.toml";

void check_within_bounds(const settings& s) {
  for (const setting_def& def : setting_defs()) {
    const setting_value value = def.get(s);
    if (def.is_boolean) {
      FUZZ_CHECK(std::get_if<bool>(&value) != nullptr);
    } else if (def.is_integer) {
      const auto* n = std::get_if<std::int64_t>(&value);
      FUZZ_CHECK(n != nullptr && *n >= def.min && *n <= def.max);
    } else {
      const auto* text = std::get_if<std::string>(&value);
      FUZZ_CHECK(text != nullptr);
      FUZZ_CHECK(!def.check_string || !def.check_string(*text).has_value());
    }
  }
}

void check_file(std::string_view text) {
  try {
    check_within_bounds(load_config_text(text, source));
  } catch (const config_error& e) {
    // Every message says which file it is about (and then the line or the key).
    FUZZ_CHECK(std::string_view(e.what()).substr(0, source.size()) == source);
    FUZZ_CHECK(std::string_view(e.what()).size() > source.size());
  }
}

void check_live_change(std::string_view line) {
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) {
    return;
  }
  const setting_def* def = find_setting(line.substr(0, space));
  if (def == nullptr) {
    return;
  }
  settings s;
  try {
    apply_setting_text(s, *def, line.substr(space + 1));
  } catch (const config_error& e) {
    FUZZ_CHECK(e.key() == def->full_name());
    check_within_bounds(s);  // a refused value leaves the settings as they were
    return;
  }
  check_within_bounds(s);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dw::fuzz::as_text(data, size);
  check_file(text);
  check_live_change(text.substr(0, text.find('\n')));
  return 0;
}
