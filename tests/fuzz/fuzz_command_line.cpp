// libFuzzer target for what a player types: the command parser (server/game/commands/command_parser.cpp) and
// the name and password rules (server/game/roster/names.cpp). Input: one line as the codec hands it over.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/roster/names.hpp"

namespace {

using namespace dw::game;

bool blank(char c) { return c == ' ' || c == '\t'; }

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/// True when `part` lies inside `whole` (a view into it, not a copy).
bool within(std::string_view part, std::string_view whole) {
  return part.empty() || (part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size());
}

void check_trim(std::string_view s) {
  const std::string_view t = trim(s);
  FUZZ_CHECK(within(t, s));
  FUZZ_CHECK(t.empty() || (!blank(t.front()) && !blank(t.back())));
  FUZZ_CHECK(trim(t) == t);
  // Only blanks were cut.
  const std::size_t front = t.empty() ? s.size() : static_cast<std::size_t>(t.data() - s.data());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i < front || i >= front + t.size()) {
      FUZZ_CHECK(blank(s[i]));
    }
  }
}

void check_parse(std::string_view line) {
  const parsed_command parsed = parse_command(line);
  const std::string_view trimmed = trim(line);
  FUZZ_CHECK(parsed.verb.empty() == trimmed.empty());
  FUZZ_CHECK(trim(parsed.args) == parsed.args);
  FUZZ_CHECK(within(parsed.args, line));
  if (trimmed.empty()) {
    FUZZ_CHECK(parsed.args.empty());
    return;
  }
  const char first = trimmed.front();
  if (first == '\'' || first == '"') {
    FUZZ_CHECK(parsed.verb == "say");
    FUZZ_CHECK(parsed.args == trim(trimmed.substr(1)));
    return;
  }
  if (first == ':') {
    FUZZ_CHECK(parsed.verb == "emote");
    FUZZ_CHECK(parsed.args == trim(trimmed.substr(1)));
    return;
  }
  // An ordinary command: the first word, then everything after the blanks that follow it.
  FUZZ_CHECK(within(parsed.verb, line));
  FUZZ_CHECK(parsed.verb.data() == trimmed.data());
  FUZZ_CHECK(parsed.verb.find_first_of(" \t") == std::string_view::npos);
  const std::string_view rest = trimmed.substr(parsed.verb.size());
  FUZZ_CHECK(rest.empty() || blank(rest.front()));
  FUZZ_CHECK(parsed.args == trim(rest));
}

void check_case(std::string_view s) {
  const std::string lower = lower_copy(s);
  FUZZ_CHECK(lower.size() == s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    FUZZ_CHECK(!(lower[i] >= 'A' && lower[i] <= 'Z'));
    if (!is_ascii_letter(s[i])) {
      FUZZ_CHECK(lower[i] == s[i]);  // bytes that are not ASCII letters never change
    }
  }
  FUZZ_CHECK(iequals(s, s));
  FUZZ_CHECK(iequals(s, lower) && iequals(lower, s));
  for (std::size_t k = 0; k <= s.size(); k += 1 + k / 4) {
    FUZZ_CHECK(istarts_with(s, s.substr(0, k)));
    FUZZ_CHECK(istarts_with(s, lower_copy(s.substr(0, k))));
  }
  FUZZ_CHECK(!istarts_with(s, std::string(s) + "x"));
  if (!s.empty()) {
    std::string other(s);
    other.back() = static_cast<char>(other.back() ^ 0x20);  // a letter turns into its other case
    FUZZ_CHECK(iequals(s, other) == (is_ascii_letter(s.back()) && is_ascii_letter(other.back())));
  }
}

void check_names(std::string_view text) {
  const bool shaped = is_name_shaped(text);
  const std::string canonical = canonical_name(text);
  FUZZ_CHECK(canonical.size() == text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    // Printable stays printable: case changes can never make a control character.
    if (dw::fuzz::is_printable_ascii(text[i])) {
      FUZZ_CHECK(dw::fuzz::is_printable_ascii(canonical[i]));
    }
    if (!is_ascii_letter(text[i])) {
      FUZZ_CHECK(canonical[i] == text[i]);
    }
  }
  FUZZ_CHECK(is_name_shaped(canonical) == shaped);
  FUZZ_CHECK(canonical_name(canonical) == canonical);
  FUZZ_CHECK(lower_name(canonical) == lower_name(text));
  if (shaped) {
    FUZZ_CHECK(canonical.front() >= 'A' && canonical.front() <= 'Z');
  }

  const auto why = check_name(text);
  if (!why) {
    FUZZ_CHECK(shaped);  // a usable name is always name-shaped
  } else {
    FUZZ_CHECK(!why->empty());
  }
  FUZZ_CHECK(!shaped || check_name(canonical).has_value() == why.has_value());

  const auto weak = check_password(text);
  FUZZ_CHECK(weak.has_value() == (text.size() < 8 || text.size() > 256));
  FUZZ_CHECK(!weak || !weak->empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line = dw::fuzz::as_text(data, size);
  check_trim(line);
  check_parse(line);
  check_case(line);
  check_names(line);
  // Login takes "create <name> <password>": the words after the verb get the same rules.
  const parsed_command parsed = parse_command(line);
  check_names(parsed.verb);
  check_names(parsed.args);
  check_names(parsed.args.substr(0, parsed.args.find(' ')));
  return 0;
}
