// The parsed values: lookups, paths and the document that owns them (the parser is in json.cpp).
#include <vector>

#include "mapgen/json.hpp"

namespace dw::mapgen::json {

std::string_view describe(kind k) noexcept {
  switch (k) {
    case kind::null:
      return "null";
    case kind::boolean:
      return "true or false";
    case kind::number:
      return "a number";
    case kind::string:
      return "a string";
    case kind::array:
      return "an array";
    case kind::object:
      return "an object";
  }
  return "a value";
}

const value& value::operator[](std::size_t i) const noexcept { return doc_->nodes_[children_[i]]; }

const value* value::find(std::string_view key) const noexcept {
  if (kind_ != kind::object) {
    return nullptr;
  }
  for (std::uint32_t child : children_) {
    const value& v = doc_->nodes_[child];
    if (v.key_ == key) {
      return &v;
    }
  }
  return nullptr;
}

namespace {

// A key that is not a plain word is written as ["the key"], so the path stays readable and unambiguous.
bool plain_key(std::string_view key) {
  if (key.empty()) {
    return false;
  }
  for (char c : key) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!word) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string value::path() const {
  std::vector<const value*> chain;
  for (const value* v = this; v->parent_ != static_cast<std::uint32_t>(v - doc_->nodes_.data()); v = &doc_->nodes_[v->parent_]) {
    chain.push_back(v);
  }
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const value& v = **it;
    if (doc_->nodes_[v.parent_].kind_ == kind::array) {
      out += '[' + std::to_string(v.index_in_parent_) + ']';
    } else if (plain_key(v.key_)) {
      if (!out.empty()) {
        out += '.';
      }
      out += v.key_;
    } else {
      out += "[\"";
      for (char c : v.key_) {
        if (c == '"' || c == '\\') {
          out += '\\';
        }
        out += (static_cast<unsigned char>(c) < 0x20) ? '?' : c;
      }
      out += "\"]";
    }
  }
  return out;
}

document::document(document&& other) noexcept : nodes_(std::move(other.nodes_)) { adopt(); }

document& document::operator=(document&& other) noexcept {
  nodes_ = std::move(other.nodes_);
  adopt();
  return *this;
}

void document::adopt() noexcept {
  for (value& v : nodes_) {
    v.doc_ = this;
  }
}

}  // namespace dw::mapgen::json
