// The pager, output's side of it: which text is cut into pages, the --More-- prompt, and the answers to it.
// The text held back lives in output's own table (pager.hpp), keyed by connection id.
#include <algorithm>

#include "server/game/output/output.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {

/// Rows of text a page holds: the window's height less the prompt's line (a silly NAWS height must not
/// cut text into slivers).
std::size_t page_rows(const client_abilities& client) { return std::max<std::size_t>(client.height, 10) - 1; }

/// Columns a line may take before the terminal wraps it (the same floor as text_wrap's).
std::size_t page_width(const client_abilities& client) { return std::max<std::size_t>(client.width, 20); }

}  // namespace

paging output::pager_state(const connection& conn, const character& ch) const {
  if (conn.port != nullptr && conn.port->client().web_page) {
    return paging::off_web_client;  // its text scrolls in a pane of its own, of a height nobody knows
  }
  if (view_with(conn, &ch).screen_reader) {
    return paging::off_screen_reader;  // a screen reader reads on; --More-- would only interrupt it
  }
  return ch.prefs.get(pref::pager) == "off" ? paging::off_by_choice : paging::on;
}

void output::write_out(connection& conn, std::string_view laid_out) {
  if (!pager_.idle() && pager_.filling(conn.id)) {
    pager_.append(conn.id, laid_out);  // paging began in this event: this comes after what is held
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
  if (ch == nullptr || ch->connection != conn.id || pager_state(conn, *ch) != paging::on) {
    conn.port->write_text(laid_out);
    return;
  }
  conn.port->write_text(laid_out.substr(0, cut));
  pager_.hold(conn.id, std::string(laid_out.substr(cut)));
}

bool output::answer_pager(connection& conn, std::string_view line) {
  if (pager_.idle() || !pager_.paging(conn.id)) {
    return false;
  }
  const std::string_view word = text::trim(line);
  if (word.empty()) {
    const client_abilities& client = conn.port->client();
    render_buffer_.clear();
    pager_.next_page(conn.id, page_rows(client), page_width(client), render_buffer_);
    client_state& m = state_of(conn);
    leave_prompt(conn, m);
    conn.port->write_text(render_buffer_);
    touch(m, conn.id);
    return true;
  }
  pager_.stop(conn.id);  // q, or another command: the rest is dropped
  if (word == "q" || word == "Q") {
    touch(conn);  // (a fresh prompt)
    return true;
  }
  return false;
}

void output::more_prompt(const connection& conn) {
  // Rows are counted to a bound: "more than 999" is as useful as the exact count of a huge text.
  constexpr std::size_t most = 999;
  const std::size_t left = pager_.rows_left(conn.id, page_width(conn.port->client()), most);
  prompt_buffer_.assign("--More-- (");
  prompt_buffer_ += left > most ? "over " + std::to_string(most) : std::to_string(left);
  prompt_buffer_ += left == 1 ? " more line" : " more lines";
  prompt_buffer_ += ": Enter for more, q to stop) ";
}

}  // namespace dw::game
