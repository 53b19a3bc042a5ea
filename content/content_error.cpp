#include "content/content_error.hpp"

namespace dw::content {

std::string content_error::to_string() const {
  std::string out = file;
  if (line > 0) {
    out += ':';
    out += std::to_string(line);
  }
  out += ": ";
  if (!key.empty()) {
    out += key;
    out += ": ";
  }
  out += reason;
  return out;
}

}  // namespace dw::content
