#include "server/game/output/pager.hpp"

#include <algorithm>
#include <cstring>

#include "server/game/output/text_wrap.hpp"

namespace dw::game {
namespace {

/// Rows one line (without its "\n") takes in a window `width` columns wide.
std::size_t line_rows(std::string_view line, std::size_t width) {
  if (line.size() <= width) {
    return 1;  // a column takes at least a byte: no need to count them
  }
  const std::size_t columns = text_columns(line);
  return columns <= width ? 1 : (columns + width - 1) / width;
}

/// Where the line starting at `pos` ends (its "\n", or the end of the text).
std::size_t line_end(std::string_view text, std::size_t pos) {
  const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
  return nl == nullptr ? text.size() : static_cast<std::size_t>(static_cast<const char*>(nl) - text.data());
}

}  // namespace

std::size_t rows_of(std::string_view laid_out, std::size_t width, std::size_t limit) {
  width = std::max<std::size_t>(width, 1);
  std::size_t rows = 0;
  for (std::size_t pos = 0; pos < laid_out.size() && rows <= limit;) {
    const std::size_t end = line_end(laid_out, pos);
    rows += line_rows(laid_out.substr(pos, end - pos), width);
    pos = end + 1;
  }
  return rows;
}

std::size_t page_end(std::string_view laid_out, std::size_t rows, std::size_t width) {
  if (laid_out.size() <= rows) {
    return std::string_view::npos;  // every row takes at least a byte: it fits
  }
  width = std::max<std::size_t>(width, 1);
  std::size_t used = 0;
  for (std::size_t pos = 0; pos < laid_out.size();) {
    const std::size_t end = line_end(laid_out, pos);
    const std::size_t r = line_rows(laid_out.substr(pos, end - pos), width);
    if (used > 0 && used + r > rows) {
      return pos;
    }
    used += r;
    pos = end + 1;
  }
  return std::string_view::npos;
}

bool pager::filling(std::uint64_t conn) const {
  const auto it = held_.find(conn);
  return it != held_.end() && it->second.filling;
}

void pager::remember(std::uint64_t conn) {
  if (std::any_of(before_.begin(), before_.end(), [conn](const auto& b) { return b.first == conn; })) {
    return;  // the state before this event is kept already
  }
  const auto it = held_.find(conn);
  before_.emplace_back(conn, it == held_.end() ? std::nullopt : std::optional<held_text>(it->second));
}

void pager::hold(std::uint64_t conn, std::string rest) {
  remember(conn);
  held_[conn] = held_text{std::move(rest), 0, true};
}

void pager::append(std::uint64_t conn, std::string_view more) {
  if (const auto it = held_.find(conn); it != held_.end()) {
    remember(conn);
    it->second.text += more;
  }
}

void pager::next_page(std::uint64_t conn, std::size_t rows, std::size_t width, std::string& out) {
  const auto it = held_.find(conn);
  if (it == held_.end()) {
    return;
  }
  remember(conn);
  const std::string_view rest = std::string_view(it->second.text).substr(it->second.at);
  const std::size_t cut = page_end(rest, rows, width);
  if (cut == std::string_view::npos) {
    out += rest;
    held_.erase(it);
    return;
  }
  out += rest.substr(0, cut);
  it->second.at += cut;
}

std::size_t pager::rows_left(std::uint64_t conn, std::size_t width, std::size_t limit) const {
  const auto it = held_.find(conn);
  return it == held_.end() ? 0 : rows_of(std::string_view(it->second.text).substr(it->second.at), width, limit);
}

void pager::stop(std::uint64_t conn) {
  if (held_.contains(conn)) {
    remember(conn);
    held_.erase(conn);
  }
}

void pager::end_event() {
  for (const auto& [conn, was] : before_) {
    if (const auto it = held_.find(conn); it != held_.end()) {
      it->second.filling = false;  // later events' output no longer belongs behind it
    }
  }
  before_.clear();
}

void pager::discard_event() {
  for (auto& [conn, was] : before_) {
    if (was) {
      held_[conn] = std::move(*was);
    } else {
      held_.erase(conn);
    }
  }
  before_.clear();
}

void pager::forget(std::uint64_t conn) {
  held_.erase(conn);
  std::erase_if(before_, [conn](const auto& b) { return b.first == conn; });
}

}  // namespace dw::game
