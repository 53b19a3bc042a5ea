// libFuzzer target for the GMCP messages a client sends (server/game/output/gmcp_parse.cpp): Core.Hello and
// Core.Supports.Set/Add/Remove. Input: messages one per line, each "<package> <json>" as the codec's
// gmcp_event carries it; they are applied in order to one connection's list of supported modules.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/output/gmcp_parse.hpp"

namespace {

using namespace dw::game;

void check_field(const std::string& field) {
  FUZZ_CHECK(field.size() <= max_gmcp_field_bytes);
  // Boost.JSON only passes valid UTF-8, and a cut never splits a character.
  FUZZ_CHECK(dw::fuzz::is_valid_utf8(field));
}

void check_supports(const std::vector<std::string>& supports) {
  FUZZ_CHECK(supports.size() <= max_gmcp_supports);
  for (std::size_t i = 0; i < supports.size(); ++i) {
    check_field(supports[i]);
    FUZZ_CHECK(supports[i].find(' ') == std::string::npos);  // the version is never kept
    FUZZ_CHECK(std::count(supports.begin(), supports.end(), supports[i]) == 1);
    // The send filter: a listed module enables itself and what lies below it (an empty name nothing).
    FUZZ_CHECK(supports[i].empty() || gmcp_enabled(supports, supports[i] + ".Sub"));
  }
  FUZZ_CHECK(gmcp_enabled(supports, "Core.Ping"));  // Core is always answered
}

void apply_message(std::vector<std::string>& supports, std::string_view message) {
  const std::size_t space = message.find(' ');
  const std::string_view package = message.substr(0, space);
  const std::string_view json = space == std::string_view::npos ? std::string_view() : message.substr(space + 1);

  if (const auto hello = parse_core_hello(json)) {
    check_field(hello->client);
    check_field(hello->version);
  }

  if (!is_gmcp_supports_package(package)) {
    return;
  }
  const std::vector<std::string> before = supports;
  const bool parsed = apply_gmcp_supports(supports, package, json);
  check_supports(supports);
  if (!parsed) {
    FUZZ_CHECK(supports == before);  // JSON that does not parse changes nothing
    return;
  }
  if (iequals(package, "Core.Supports.Remove")) {
    // Remove only ever takes away.
    for (const std::string& module : supports) {
      FUZZ_CHECK(std::find(before.begin(), before.end(), module) != before.end());
    }
  } else if (iequals(package, "Core.Supports.Add")) {
    // Add keeps what was there unless the same module was listed again (it moves to the end).
    FUZZ_CHECK(supports.size() >= before.size());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input = dw::fuzz::as_text(data, size);
  std::vector<std::string> supports;
  for (;;) {
    const std::size_t end = input.find('\n');
    apply_message(supports, input.substr(0, end));
    if (end == std::string_view::npos) {
      break;
    }
    input.remove_prefix(end + 1);
  }
  return 0;
}
