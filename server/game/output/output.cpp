#include "server/game/output/output.hpp"

#include <boost/json.hpp>
#include <algorithm>
#include <charconv>

#include "server/game/output/gmcp_parse.hpp"
#include "server/game/output/style.hpp"
#include "server/game/output/text_wrap.hpp"

namespace dw::game {
namespace {

void append_number(std::string& out, std::int64_t n) {
  char digits[24];
  const auto end = std::to_chars(std::begin(digits), std::end(digits), n).ptr;
  out.append(digits, end);
}

}  // namespace

colour_depth client_colour_depth(const client_abilities& client) {
  if (client.truecolour) {
    return colour_depth::truecolour;
  }
  if (client.xterm256) {
    return colour_depth::xterm256;
  }
  return client.ansi ? colour_depth::ansi16 : colour_depth::none;
}

bool screen_reader_mode(const client_abilities& client, const character* ch) {
  const std::string_view sr = ch != nullptr ? ch->prefs.get(pref::screen_reader) : std::string_view();
  return sr == "on" || (sr != "off" && client.screen_reader);
}

output::output(roster& people, live_settings& settings) : people_(people), settings_(settings) {
  load_theme(settings.get());
  // The theme is read again once a change has been applied (a listener runs before it is).
  settings.on_change([this](const config::settings&) -> std::optional<std::string> {
    theme_stale_ = true;
    return std::nullopt;
  });
}

void output::load_theme(const config::settings& s) {
  const std::string* colours[] = {&s.colours.room_name, &s.colours.exit,    &s.colours.exit_unexplored,
                                  &s.colours.monster,   &s.colours.item,    &s.colours.combat,
                                  &s.colours.channel,   &s.colours.prompt,  &s.colours.player,
                                  &s.colours.warning};
  static_assert(std::size(colours) == static_cast<std::size_t>(style::count_), "one colour per style");
  for (std::size_t i = 0; i < theme_.size(); ++i) {
    if (auto c = config::parse_hex_colour(*colours[i])) {  // (validated when loaded or changed)
      theme_[i] = rgb{(*c)[0], (*c)[1], (*c)[2]};
    }
  }
  theme_stale_ = false;
  ++theme_generation_;
}

const colour_theme& output::theme() {
  if (theme_stale_) {
    load_theme(settings_.get());
  }
  return theme_;
}

view output::view_with(const connection& conn, const character* ch) const {
  static const client_abilities unknown;
  const client_abilities& client = conn.port != nullptr ? conn.port->client() : unknown;
  view v;
  v.client_colour = client_colour_depth(client);
  v.screen_reader = screen_reader_mode(client, ch);
  const std::string_view colour = ch != nullptr ? ch->prefs.get(pref::colour) : std::string_view();
  if (colour == "on") {
    v.colour = v.client_colour == colour_depth::none ? colour_depth::ansi16 : v.client_colour;
  } else if (colour != "off" && !v.screen_reader) {
    v.colour = v.client_colour;
  }
  v.brief = ch != nullptr && ch->prefs.get(pref::brief) == "on";
  return v;
}

view output::view_of(const connection& conn) const {
  const character* ch = conn.stage == login_stage::playing ? people_.find_character(conn.account_id) : nullptr;
  return view_with(conn, ch);
}

view output::view_of(const character& ch) const {
  if (const connection* conn = people_.find_connection(ch.connection)) {
    return view_with(*conn, &ch);
  }
  const connection none;
  return view_with(none, &ch);
}

std::string_view output::prompt_format(const character& ch) const {
  const std::string_view own = ch.prefs.get(pref::prompt);
  if (!own.empty()) {
    return own;
  }
  return view_of(ch).screen_reader ? default_screen_reader_prompt : default_prompt;
}

void output::touch(client_state& m, std::uint64_t conn_id) {
  m.gmcp_only = false;  // text was sent: a prompt is owed
  if (!m.touched) {
    m.touched = true;
    touched_.push_back(conn_id);
  }
}

void output::leave_prompt(connection& conn, client_state& m) {
  if (m.at_prompt) {
    conn.port->write_text("\n");  // leave the prompt line the person was looking at
    m.at_prompt = false;
  }
}

output::client_state& output::look_up_state(std::uint64_t conn_id) {
  recent_ = &clients_[conn_id];
  recent_id_ = conn_id;
  return *recent_;
}

const output::client_state* output::find_state_in_table(std::uint64_t conn_id) const {
  const auto it = clients_.find(conn_id);
  return it == clients_.end() ? nullptr : &it->second;
}

void output::fresh_line(const connection& conn) {
  if (const client_state* m = find_state(conn.id); m != nullptr && m->at_prompt) {
    state_of(conn).at_prompt = false;
  }
}

bool output::at_prompt(const connection& conn) const {
  const client_state* m = find_state(conn.id);
  return m != nullptr && m->at_prompt;
}

namespace {

/// The width text is wrapped to for `conn`: its window's, or 0 (no wrapping) for a web page, which lays text
/// out in its own width (lines broken at 80 would break again on a phone).
std::uint16_t wrap_width(const connection& conn) {
  const client_abilities& client = conn.port->client();
  return client.web_page ? 0 : client.width;
}

}  // namespace

layout_key output::layout_of(const connection& conn) const {
  layout_key key;
  key.width = wrap_width(conn);
  key.colour = view_of(conn).colour;
  // (a stale theme is read again by the next lay_out or send; its generation moves then)
  key.theme_generation = theme_stale_ ? theme_generation_ + 1 : theme_generation_;
  return key;
}

void output::lay_out(std::string_view text, const layout_key& key, std::string& out) {
  // Wrapped first (markup takes no columns), then rendered: a coloured span broken over two lines is
  // reset before the break and started again after it.
  wrap_buffer_.clear();
  wrap_text(text, key.width, wrap_buffer_);
  if (wrap_buffer_.find(style_begin) == std::string::npos) {
    out += wrap_buffer_;
  } else {
    render_styles(wrap_buffer_, key.colour, theme(), out);
  }
}

void output::send(connection& conn, std::string_view text) {
  if (conn.closing) {
    return;
  }
  client_state& m = state_of(conn);
  leave_prompt(conn, m);
  // Buffers reused for every message: broadcasting to a full room allocates nothing once they have grown.
  render_buffer_.clear();
  lay_out(text, layout_key{wrap_width(conn), view_of(conn).colour, 0}, render_buffer_);
  pager_.write(conn, render_buffer_);
  touch(m, conn.id);
}

void output::send_laid_out(connection& conn, std::string_view laid_out, std::string_view text) {
  if (conn.closing) {
    return;
  }
  client_state& m = state_of(conn);
  leave_prompt(conn, m);
  if (text.empty()) {
    pager_.write(conn, laid_out);
  } else {
    render_buffer_.assign(laid_out);
    lay_out(text, layout_key{wrap_width(conn), view_of(conn).colour, 0}, render_buffer_);
    pager_.write(conn, render_buffer_);
  }
  touch(m, conn.id);
}

void output::send(std::uint64_t conn_id, std::string_view text) {
  if (connection* conn = people_.find_connection(conn_id)) {
    send(*conn, text);
  }
}

void output::send_room(std::int64_t room_id, std::string_view text, std::int64_t except_account) {
  send_room(room_id, text, text, except_account);
}

void output::send_room(std::int64_t room_id, std::string_view text, std::string_view screen_reader_text,
                       std::int64_t except_account) {
  // Everyone gets the same words: laid out once for each layout in a row rather than once a person (people
  // in one room mostly share a window width and colour depth).
  const bool same_words = text.data() == screen_reader_text.data() && text.size() == screen_reader_text.size();
  std::string laid;
  layout_key last{};
  bool last_spoken = false;
  bool have = false;
  for (std::int64_t account : people_.occupants(room_id)) {
    if (account == except_account) {
      continue;
    }
    const character* ch = people_.find_character(account);
    if (ch == nullptr) {
      continue;
    }
    connection* conn = people_.find_connection(ch->connection);
    if (conn == nullptr || conn->closing) {
      continue;
    }
    const layout_key key = layout_of(*conn);
    // (the screen-reader words only when there are other words for it: working it out costs a view)
    const bool spoken = !same_words && view_with(*conn, ch).screen_reader;
    if (!have || !(key == last) || spoken != last_spoken) {
      laid.clear();
      lay_out(spoken ? screen_reader_text : text, key, laid);
      last = key;
      last_spoken = spoken;
      have = true;
    }
    send_laid_out(*conn, laid, {});
  }
}

void output::send_all(std::string_view text) {
  for (const auto& [id, conn] : people_.connections()) {
    send(*conn, text);
  }
}

void output::tell_admins(std::string_view text) {
  people_.for_each_character([&](const character& ch) {
    if (ch.account_role == role::admin) {
      send(ch.connection, text);
    }
  });
}

bool output::gmcp_wanted(const connection& conn, std::string_view package) const {
  if (conn.closing) {
    return false;
  }
  const client_state* asked = find_state(conn.id);
  return asked != nullptr && conn.port->client().gmcp && gmcp_enabled(asked->gmcp_supports, package);
}

const std::vector<std::string>& output::gmcp_supports_of(const connection& conn) const {
  static const std::vector<std::string> none;
  const client_state* m = find_state(conn.id);
  return m == nullptr ? none : m->gmcp_supports;
}

void output::send_gmcp(connection& conn, std::string_view package, std::string_view json) {
  const client_state* asked = find_state(conn.id);
  if (asked == nullptr || !gmcp_enabled(asked->gmcp_supports, package)) {
    return;  // the client did not ask for this package
  }
  conn.port->write_gmcp(package, json);
  if (client_state& m = state_of(conn); !m.touched) {
    // GMCP alone needs a flush but no prompt.
    m.touched = true;
    m.gmcp_only = true;
    touched_.push_back(conn.id);
  }
}

void output::send_vitals(const character& ch) {
  if (vitals_watch_ != nullptr) {
    vitals_watch_->vitals_changed(ch);  // (whatever this client asked for: the others may want to know)
  }
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  if (!gmcp_wanted(*conn, "Char.Vitals")) {
    return;
  }
  boost::json::object o;
  o["hp"] = ch.hp;
  o["maxhp"] = ch.max_hp;
  send_gmcp(*conn, "Char.Vitals", boost::json::serialize(o));
}

bool output::answer_pager(connection& conn, std::string_view line) {
  render_buffer_.clear();
  switch (pager_.answer(conn, line, render_buffer_)) {
    case pager::reply::next_page: {
      client_state& m = state_of(conn);
      leave_prompt(conn, m);
      conn.port->write_text(render_buffer_);
      touch(m, conn.id);
      return true;
    }
    case pager::reply::stopped:
      touch(conn);  // (a fresh prompt)
      return true;
    case pager::reply::for_commands:
      break;
  }
  return false;
}

void output::disconnect(connection& conn, std::string_view farewell) {
  if (conn.closing) {
    return;
  }
  send(conn, farewell);
  conn.closing = true;
  conn.port->close();
}

void output::send_prompt(connection& conn) {
  std::string_view prompt = "> ";
  switch (conn.stage) {
    case login_stage::ask_name:
      prompt = "Name: ";
      break;
    case login_stage::ask_password:
    case login_stage::ask_new_password:
      prompt = "Password: ";
      break;
    case login_stage::confirm_password:
      prompt = "Password again: ";
      break;
    case login_stage::waiting:
      return;  // the answer comes with its own prompt
    case login_stage::menu:
      break;
    case login_stage::playing:
      if (!pager_.idle() && pager_.holds(conn.id)) {
        prompt_buffer_.clear();
        pager_.more_prompt(conn, prompt_buffer_);  // (not the player's prompt: what they type now answers the pager)
        prompt = prompt_buffer_;
        if (const colour_depth depth = view_of(conn).colour; depth != colour_depth::none) {
          wrap_buffer_.clear();
          append_styled(wrap_buffer_, style::prompt, prompt);
          render_buffer_.clear();
          render_styles(wrap_buffer_, depth, theme(), render_buffer_);
          prompt = render_buffer_;
        }
      } else if (const character* ch = people_.find_character(conn.account_id)) {
        // One view for the format and the colour (prompt_format and view_of would each work it out again).
        const view v = view_with(conn, ch);
        std::string_view format = ch->prefs.get(pref::prompt);
        if (format.empty()) {
          format = ch->connection == conn.id ? (v.screen_reader ? default_screen_reader_prompt : default_prompt)
                                             : prompt_format(*ch);
        }
        if (format == default_prompt) {
          // "[%d/%d hp] > " by hand into the reused buffer: snprintf's format parsing cost more than the
          // rest of the prompt
          prompt_buffer_.clear();
          prompt_buffer_ += '[';
          append_number(prompt_buffer_, ch->hp);
          prompt_buffer_ += '/';
          append_number(prompt_buffer_, ch->max_hp);
          prompt_buffer_ += " hp] > ";
          prompt = prompt_buffer_;
        } else {
          prompt_buffer_.clear();
          expand_prompt(format, *ch, facts_, prompt_buffer_);
          prompt = prompt_buffer_;
        }
        const colour_depth depth = v.colour;
        if (depth != colour_depth::none) {
          wrap_buffer_.clear();
          append_styled(wrap_buffer_, style::prompt, prompt);
          render_buffer_.clear();
          render_styles(wrap_buffer_, depth, theme(), render_buffer_);
          prompt = render_buffer_;
        }
      }
      break;
  }
  conn.port->write_text(prompt);
  conn.port->write_prompt_end();
  state_of(conn).at_prompt = true;
}

void output::end_event(std::uint64_t ticket) {
  if (vitals_watch_ != nullptr) {
    vitals_watch_->event_ending();  // (what it sends joins this event's output)
  }
  if (!pager_.idle()) {
    pager_.end_event();  // (before the prompts: they ask whether a connection still pages)
  }
  for (std::uint64_t id : touched_) {
    connection* conn = people_.find_connection(id);
    if (conn == nullptr) {
      continue;
    }
    client_state& m = state_of(*conn);
    const bool owes_prompt = !m.gmcp_only;
    m.touched = false;
    m.gmcp_only = false;
    if (!conn->closing && owes_prompt) {
      send_prompt(*conn);
    }
    conn->port->flush(ticket);
  }
  touched_.clear();
}

void output::discard_event() {
  if (!pager_.idle()) {
    pager_.discard_event();
  }
  for (std::uint64_t id : touched_) {
    if (connection* c = people_.find_connection(id)) {
      c->port->discard_unflushed();
      client_state& m = state_of(*c);
      m.touched = false;
      m.gmcp_only = false;
    }
  }
  touched_.clear();
}

void output::forget(std::uint64_t conn_id) {
  std::erase(touched_, conn_id);
  if (recent_id_ == conn_id) {
    recent_ = nullptr;
  }
  clients_.erase(conn_id);
  pager_.forget(conn_id);
}

}  // namespace dw::game
