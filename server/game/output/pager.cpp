#include "server/game/output/pager.hpp"

#include <algorithm>
#include <cstring>

#include "server/game/output/output.hpp"
#include "server/game/output/text_wrap.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {

/// Rows of text a page holds: the window's height less the prompt's line (a silly NAWS height must not
/// cut text into slivers).
std::size_t page_rows(const client_abilities& client) { return std::max<std::size_t>(client.height, 10) - 1; }

/// Columns a line may take before the terminal wraps it (the same floor as text_wrap's).
std::size_t page_width(const client_abilities& client) { return std::max<std::size_t>(client.width, 20); }

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

// ---------------------------------------------------------------- a connection's text

paging pager::mode(const connection& conn, const character& ch) {
  static const client_abilities unknown;  // (a connection with no port is shown things as a plain client)
  const client_abilities& client = conn.port != nullptr ? conn.port->client() : unknown;
  if (client.web_page) {
    return paging::off_web_client;  // its text scrolls in a pane of its own, of a height nobody knows
  }
  if (screen_reader_mode(client, &ch)) {
    return paging::off_screen_reader;  // a screen reader reads on; --More-- would only interrupt it
  }
  return ch.prefs.get(pref::pager) == "off" ? paging::off_by_choice : paging::on;
}

void pager::write(connection& conn, std::string_view laid_out) {
  if (!idle() && filling(conn.id)) {
    append(conn.id, laid_out);  // paging began in this event: this comes after what is held
    return;
  }
  // Most output is a few lines: page_end sees that from the lines' lengths alone and nothing else is asked.
  const client_abilities& client = conn.port->client();
  const std::size_t cut = page_end(laid_out, page_rows(client), page_width(client));
  if (cut == std::string_view::npos || conn.stage != login_stage::playing) {
    conn.port->write_text(laid_out);
    return;
  }
  const character* ch = people_.find_character(conn.account_id);
  if (ch == nullptr || ch->connection != conn.id || mode(conn, *ch) != paging::on) {
    conn.port->write_text(laid_out);
    return;
  }
  conn.port->write_text(laid_out.substr(0, cut));
  hold(conn.id, std::string(laid_out.substr(cut)));
}

pager::reply pager::answer(const connection& conn, std::string_view line, std::string& page) {
  if (idle() || !holds(conn.id)) {
    return reply::for_commands;
  }
  const std::string_view word = text::trim(line);
  if (word.empty()) {
    const client_abilities& client = conn.port->client();
    next_page(conn.id, page_rows(client), page_width(client), page);
    return reply::next_page;
  }
  stop(conn.id);  // q, or another command: the rest is dropped
  return word == "q" || word == "Q" ? reply::stopped : reply::for_commands;
}

void pager::more_prompt(const connection& conn, std::string& out) const {
  // Rows are counted to a bound: "more than 999" is as useful as the exact count of a huge text.
  constexpr std::size_t most = 999;
  const std::size_t left = rows_left(conn.id, page_width(conn.port->client()), most);
  out += "--More-- (";
  out += left > most ? "over " + std::to_string(most) : std::to_string(left);
  out += left == 1 ? " more line" : " more lines";
  out += ": Enter for more, q to stop) ";
}

// ---------------------------------------------------------------- the table

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
