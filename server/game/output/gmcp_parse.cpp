#include "server/game/output/gmcp_parse.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "server/text/ascii.hpp"

namespace dw::game {
namespace json = boost::json;
namespace {

std::optional<json::value> parse(std::string_view text) {
  if (text.empty()) {
    return json::value();
  }
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec) {
    return std::nullopt;
  }
  return v;
}

/// Cuts at a byte limit without splitting a UTF-8 sequence.
std::string clip(std::string_view s, std::size_t limit) {
  if (s.size() <= limit) {
    return std::string(s);
  }
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) {
    --end;
  }
  return std::string(s.substr(0, end));
}

std::string string_field(const json::object& o, std::string_view key) {
  if (auto it = o.find(key); it != o.end() && it->value().is_string()) {
    const json::string& s = it->value().get_string();
    return clip(std::string_view(s.data(), s.size()), max_gmcp_field_bytes);
  }
  return {};
}

}  // namespace

std::optional<gmcp_hello> parse_core_hello(std::string_view text) {
  const auto v = parse(text);
  if (!v) {
    return std::nullopt;
  }
  gmcp_hello hello;
  if (const json::object* o = v->if_object()) {
    hello.client = string_field(*o, "client");
    hello.version = string_field(*o, "version");
  }
  return hello;
}

bool is_gmcp_supports_package(std::string_view package) {
  return text::iequals(package, "Core.Supports.Set") || text::iequals(package, "Core.Supports.Add") ||
         text::iequals(package, "Core.Supports.Remove");
}

bool gmcp_enabled(const std::vector<std::string>& supports, std::string_view package) {
  const auto under = [package](std::string_view module) {
    return !module.empty() && package.size() >= module.size() &&
           text::iequals(package.substr(0, module.size()), module) &&
           (package.size() == module.size() || package[module.size()] == '.');
  };
  if (under("Core")) {
    return true;
  }
  return std::any_of(supports.begin(), supports.end(), [&](const std::string& m) { return under(m); });
}

bool apply_gmcp_supports(std::vector<std::string>& supports, std::string_view package, std::string_view text) {
  const auto v = parse(text);
  if (!v) {
    return false;
  }
  const bool set = text::iequals(package, "Core.Supports.Set");
  const bool remove = text::iequals(package, "Core.Supports.Remove");
  if (set) {
    supports.clear();
  }
  const json::array* list = v->if_array();
  if (list == nullptr) {
    return true;
  }
  for (const json::value& item : *list) {
    const json::string* s = item.if_string();
    if (s == nullptr) {
      continue;
    }
    const std::string_view entry(s->data(), s->size());
    const std::string module = clip(entry.substr(0, entry.find(' ')), max_gmcp_field_bytes);
    std::erase(supports, module);
    if (!remove && supports.size() < max_gmcp_supports) {
      supports.push_back(module);
    }
  }
  return true;
}

}  // namespace dw::game
