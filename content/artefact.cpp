#include "content/artefact.hpp"

#include <charconv>
#include <system_error>

namespace dw::content {

namespace {

void put_escaped(std::string& out, std::string_view value) {
  for (const char c : value) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      default: out += c;
    }
  }
}

std::string unescaped(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '\\' || i + 1 == value.size()) {
      out += value[i];
      continue;
    }
    const char next = value[++i];
    out += next == 't' ? '\t' : next == 'n' ? '\n' : next;
  }
  return out;
}

std::string number(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back to the same double
  return std::string(buf, r.ptr);
}

template <typename T>
bool read_number(std::string_view text, T& out) {
  const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

void field(std::string& out, std::string_view name, std::string_view value) {
  out += name;
  out += '\t';
  put_escaped(out, value);
  out += '\n';
}

}  // namespace

std::string encode_artefact(const artefact& a) {
  std::string out;
  field(out, "type", a.type);
  field(out, "seed", std::to_string(a.seed));
  field(out, "name", a.name);
  field(out, "short", a.short_description);
  field(out, "appearance", a.appearance);
  field(out, "text", a.text);
  for (const artefact_attribute& attr : a.attributes) {
    out += "attribute\t";
    put_escaped(out, attr.role);
    out += '\t';
    put_escaped(out, attr.word);
    out += '\t';
    out += number(attr.multiplier);
    out += '\n';
  }
  field(out, "base_price", number(a.base_price));
  field(out, "effect", a.effect);
  field(out, "effect_name", a.effect_name);
  field(out, "effect_multiplier", number(a.effect_multiplier));
  field(out, "price", std::to_string(a.price));
  field(out, "pounds", number(a.pounds));
  return out;
}

std::optional<artefact> decode_artefact(std::string_view text) {
  artefact a;
  bool has_price = false;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) {
      continue;
    }
    const std::string_view name = line.substr(0, tab);
    const std::string_view raw = line.substr(tab + 1);
    bool ok = true;
    if (name == "attribute") {
      const std::size_t second = raw.find('\t');
      const std::size_t third = second == std::string_view::npos ? second : raw.find('\t', second + 1);
      artefact_attribute attr;
      ok = third != std::string_view::npos && read_number(raw.substr(third + 1), attr.multiplier);
      if (ok) {
        attr.role = unescaped(raw.substr(0, second));
        attr.word = unescaped(raw.substr(second + 1, third - second - 1));
        a.attributes.push_back(std::move(attr));
      }
    } else if (name == "type") {
      a.type = unescaped(raw);
    } else if (name == "seed") {
      ok = read_number(raw, a.seed);
    } else if (name == "name") {
      a.name = unescaped(raw);
    } else if (name == "short") {
      a.short_description = unescaped(raw);
    } else if (name == "appearance") {
      a.appearance = unescaped(raw);
    } else if (name == "text") {
      a.text = unescaped(raw);
    } else if (name == "base_price") {
      ok = read_number(raw, a.base_price);
    } else if (name == "effect") {
      a.effect = unescaped(raw);
    } else if (name == "effect_name") {
      a.effect_name = unescaped(raw);
    } else if (name == "effect_multiplier") {
      ok = read_number(raw, a.effect_multiplier);
    } else if (name == "price") {
      ok = has_price = read_number(raw, a.price);
    } else if (name == "pounds") {
      ok = read_number(raw, a.pounds);
    }  // (a field a later version adds is skipped)
    if (!ok) {
      return std::nullopt;
    }
  }
  if (a.type.empty() || a.name.empty() || !has_price) {
    return std::nullopt;
  }
  return a;
}

}  // namespace dw::content
