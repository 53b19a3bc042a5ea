#include "server/config/settings.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <utility>
#include <vector>

namespace dw::config {
namespace {

template <typename Section, typename Field>
setting_def integer(std::string_view section, std::string_view name, Section settings::*sec, Field Section::*field,
                    std::int64_t min, std::int64_t max, bool live, std::string_view help) {
  return setting_def{
      section,
      name,
      help,
      true,
      min,
      max,
      live,
      [sec, field](const settings& s) { return setting_value{static_cast<std::int64_t>(s.*sec.*field)}; },
      [sec, field](settings& s, const setting_value& v) { s.*sec.*field = std::get<std::int64_t>(v); },
      nullptr,
      false,
      false};
}

template <typename Section>
setting_def text(std::string_view section, std::string_view name, Section settings::*sec, std::string Section::*field,
                 bool live, std::string_view help,
                 std::function<std::optional<std::string>(const std::string&)> check) {
  return setting_def{section,
                     name,
                     help,
                     false,
                     0,
                     0,
                     live,
                     [sec, field](const settings& s) { return setting_value{s.*sec.*field}; },
                     [sec, field](settings& s, const setting_value& v) { s.*sec.*field = std::get<std::string>(v); },
                     std::move(check),
                     false,
                     false};
}

template <typename Section>
setting_def boolean(std::string_view section, std::string_view name, Section settings::*sec, bool Section::*field,
                    bool live, std::string_view help) {
  return setting_def{section,
                     name,
                     help,
                     false,
                     0,
                     0,
                     live,
                     [sec, field](const settings& s) { return setting_value{s.*sec.*field}; },
                     [sec, field](settings& s, const setting_value& v) { s.*sec.*field = std::get<bool>(v); },
                     nullptr,
                     false,
                     true};
}

/// A file that may be left empty (optional): taken against the config file's folder when set.
template <typename Section>
setting_def optional_path(std::string_view section, std::string_view name, Section settings::*sec,
                          std::string Section::*field, std::string_view help) {
  setting_def d = text(section, name, sec, field, false, help, nullptr);
  d.is_path = true;
  return d;
}

std::optional<std::string> non_empty(const std::string& v) {
  if (v.empty()) {
    return "must not be empty";
  }
  return std::nullopt;
}

/// A string setting naming a file or folder (see resolve_paths).
template <typename Section>
setting_def path(std::string_view section, std::string_view name, Section settings::*sec, std::string Section::*field,
                 std::string_view help) {
  setting_def d = text(section, name, sec, field, false, help, non_empty);
  d.is_path = true;
  return d;
}

/// web.allowed_origins: "*", or origins ("scheme://host[:port]", no path) separated by commas.
std::optional<std::string> origins_check(const std::string& v) {
  std::size_t from = 0;
  while (from <= v.size()) {
    const std::size_t comma = std::min(v.find(',', from), v.size());
    std::string_view o = std::string_view(v).substr(from, comma - from);
    while (!o.empty() && o.front() == ' ') {
      o.remove_prefix(1);
    }
    while (!o.empty() && o.back() == ' ') {
      o.remove_suffix(1);
    }
    const std::size_t scheme = o.find("://");
    if (!v.empty() && o != "*" &&
        (scheme == std::string_view::npos || scheme == 0 || o.size() == scheme + 3 ||
         o.find_first_of("/ \t", scheme + 3) != std::string_view::npos)) {
      return "must be \"*\" or origins such as \"https://play.example.org\" separated by commas (got \"" +
             std::string(o) + "\")";
    }
    from = comma + 1;
  }
  return std::nullopt;
}

std::optional<std::string> log_level(const std::string& v) {
  static constexpr std::array levels{"trace", "debug", "info", "warn", "error", "critical", "off"};
  for (const char* level : levels) {
    if (v == level) {
      return std::nullopt;
    }
  }
  return "must be one of trace, debug, info, warn, error, critical, off";
}

/// MSSP listing text: sent inside a telnet subnegotiation and as tab-separated lines, so no control
/// characters (and so none of the bytes 0, 1, 2 that MSSP reserves).
std::optional<std::string> listing_text(const std::string& v) {
  for (const char c : v) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7F || byte == 0xFF) {
      return "must not contain control characters";
    }
  }
  if (v.size() > 200) {
    return "must be at most 200 bytes";
  }
  return std::nullopt;
}

std::optional<std::string> hex_colour(const std::string& v) {
  if (!parse_hex_colour(v)) {
    return "must be a colour written \"#rrggbb\" (six hexadecimal digits, e.g. \"#d7af5f\")";
  }
  return std::nullopt;
}

std::optional<std::string> listing_name(const std::string& v) {
  if (v.empty()) {
    return "must not be empty";
  }
  return listing_text(v);
}

std::optional<std::string> listing_status(const std::string& v) {
  static constexpr std::array statuses{"Alpha", "Closed Beta", "Open Beta", "Live"};
  for (const char* status : statuses) {
    if (v == status) {
      return std::nullopt;
    }
  }
  return "must be one of Alpha, Closed Beta, Open Beta, Live";
}

std::vector<setting_def> make_defs() {
  using S = settings;
  constexpr std::int64_t day = 86400;
  std::vector<setting_def> d;
  d.push_back(text("server", "host", &S::server, &S::server_section::host, false, "Address to listen on.", non_empty));
  d.push_back(integer("server", "port", &S::server, &S::server_section::port, 0, 65535, false,
                      "TCP port to listen on (0 picks a free port, for tests)."));
  d.push_back(integer("server", "idle_timeout_seconds", &S::server, &S::server_section::idle_timeout_seconds, 60,
                      30 * day, true, "Disconnect a connection idle this long; a warning comes first."));
  d.push_back(integer("server", "max_line_bytes", &S::server, &S::server_section::max_line_bytes, 80, 1024 * 1024,
                      false, "Longest input line accepted; longer lines are discarded."));
  d.push_back(integer("server", "max_subneg_bytes", &S::server, &S::server_section::max_subneg_bytes, 64, 1024 * 1024,
                      false, "Largest telnet subnegotiation (GMCP message) accepted."));
  d.push_back(integer("server", "max_output_queue_bytes", &S::server, &S::server_section::max_output_queue_bytes, 4096,
                      256 * 1024 * 1024, true,
                      "A client whose unsent output passes this is disconnected (it stopped reading)."));
  d.push_back(integer("server", "max_connections", &S::server, &S::server_section::max_connections, 1, 100000, true,
                      "Connections accepted at once."));
  d.push_back(integer("server", "max_connections_per_address", &S::server,
                      &S::server_section::max_connections_per_address, 1, 100000, true,
                      "Connections accepted at once from one address."));
  d.push_back(integer("server", "max_commands_per_second", &S::server, &S::server_section::max_commands_per_second, 1,
                      10000, true, "Commands one connection may send per second (bursts of twice that)."));
  d.push_back(integer("server", "flood_disconnect_seconds", &S::server, &S::server_section::flood_disconnect_seconds,
                      1, 3600, true,
                      "A client still sending faster than the command limit after this many seconds of flooding is "
                      "disconnected (it is warned once when the flood starts)."));
  d.push_back(integer("server", "login_timeout_seconds", &S::server, &S::server_section::login_timeout_seconds, 10,
                      3600, true, "A connection that has not logged in after this many seconds is closed."));
  d.push_back(integer("server", "max_unauthenticated_per_address", &S::server,
                      &S::server_section::max_unauthenticated_per_address, 1, 100000, true,
                      "Connections from one address that may be at the login screen at once."));
  d.push_back(integer("server", "mccp2_level", &S::server, &S::server_section::mccp2_level, 0, 9, false,
                      "zlib level of MCCP2 output compression (1 fastest .. 9 smallest); 0 turns MCCP2 off "
                      "(neither offered nor accepted, and MSSP says MCCP 0)."));
  d.push_back(path("storage", "path", &S::storage, &S::storage_section::path,
                   "SQLite database file; its folder is created if missing."));
  d.push_back(integer("storage", "lock_wait_ms", &S::storage, &S::storage_section::lock_wait_ms, 0, 60000, false,
                      "How long a write waits for a lock held by another process before it fails (the player is "
                      "told it was not saved). The game itself never waits on a lock."));
  d.push_back(path("backup", "folder", &S::backup, &S::backup_section::folder,
                   "Folder of the online backups (created if missing)."));
  d.push_back(integer("backup", "interval_seconds", &S::backup, &S::backup_section::interval_seconds, 0, 365 * day,
                      true, "Seconds between scheduled backups, counted from start-up and from the last one (0: none)."));
  d.push_back(integer("backup", "keep", &S::backup, &S::backup_section::keep, 1, 100000, true,
                      "How many backups to keep: after each one the oldest beyond this many are deleted."));
  d.push_back(text("log", "level", &S::log, &S::log_section::level, true,
                   "trace, debug, info, warn, error, critical or off.", log_level));
  d.push_back(path("log", "dir", &S::log, &S::log_section::dir, "Folder of the rotating log file deepwell.log."));
  d.push_back(integer("accounts", "hash_ops_limit", &S::accounts, &S::accounts_section::hash_ops_limit, 1, 20, false,
                      "argon2id operations limit for new password hashes (libsodium opslimit)."));
  d.push_back(integer("accounts", "hash_memory_kib", &S::accounts, &S::accounts_section::hash_memory_kib, 8,
                      4 * 1024 * 1024, false, "argon2id memory for new password hashes, in KiB."));
  d.push_back(integer("accounts", "failed_login_base_delay_ms", &S::accounts,
                      &S::accounts_section::failed_login_base_delay_ms, 0, 60000, true,
                      "Delay before answering a failed login; doubles with each further failure."));
  d.push_back(integer("accounts", "failed_login_max_delay_ms", &S::accounts,
                      &S::accounts_section::failed_login_max_delay_ms, 0, 600000, true,
                      "Upper bound of the failed-login delay."));
  d.push_back(integer("accounts", "lockout_after_failures", &S::accounts, &S::accounts_section::lockout_after_failures,
                      1, 1000, true,
                      "Failed logins in a row on one account after which it is locked (an administrator can lift it "
                      "with @unlock)."));
  d.push_back(integer("accounts", "lockout_minutes", &S::accounts, &S::accounts_section::lockout_minutes, 1,
                      525600, true, "How long a locked account stays locked."));
  d.push_back(integer("accounts", "max_creations_per_address_per_hour", &S::accounts,
                      &S::accounts_section::max_creations_per_address_per_hour, 1, 100000, true,
                      "Accounts one address may create in an hour."));
  d.push_back(integer("accounts", "max_pending_logins_per_address", &S::accounts,
                      &S::accounts_section::max_pending_logins_per_address, 1, 1000, true,
                      "Password checks one address may have waiting or running at once; more are refused at once."));
  d.push_back(integer("accounts", "max_pending_logins", &S::accounts, &S::accounts_section::max_pending_logins, 1,
                      100000, true, "Password checks waiting or running at once, over all addresses."));
  d.push_back(integer("game", "fight_round_ms", &S::game, &S::game_section::fight_round_ms, 100, 60000, true,
                      "Milliseconds between fight rounds (typing 'fight' during a fight strikes at once)."));
  d.push_back(integer("game", "character_max_hp", &S::game, &S::game_section::character_max_hp, 1, 100000, true,
                      "Hit points of a new character."));
  d.push_back(integer("game", "rest_hp_per_minute", &S::game, &S::game_section::rest_hp_per_minute, 0, 100000, true,
                      "Hit points regained per minute while resting in the village square."));
  d.push_back(integer("game", "wander_step_ms", &S::game, &S::game_section::wander_step_ms, 0, 3600000, true,
                      "Milliseconds between the steps of the monsters that roam a branch while people are in it "
                      "(0: they stand still; below 100 counts as 100)."));
  d.push_back(integer("game", "crowd_names", &S::game, &S::game_section::crowd_names, 1, 1000, true,
                      "Most other players a room's text names (\"Here: Ann, Bob and 2,997 others.\"); the same cap "
                      "applies to the names in a crowded room's batched arrivals and departures."));
  d.push_back(integer("game", "crowd_size", &S::game, &S::game_section::crowd_size, 1, 100000, true,
                      "A room holding more people than this hears arrivals and departures gathered into one line "
                      "each per game.crowd_flush_ms instead of one line a person."));
  d.push_back(integer("game", "crowd_flush_ms", &S::game, &S::game_section::crowd_flush_ms, 100, 60000, true,
                      "Milliseconds a crowded room's arrivals and departures gather before they are told."));
  d.push_back(integer("game", "max_group_size", &S::game, &S::game_section::max_group_size, 2, 50, true,
                      "Most members of a group, its leader included; one person may have one fewer followers."));
  d.push_back(path("content", "dir", &S::content, &S::content_section::dir,
                   "Folder of the content tables (monsters, items, scrolls, room descriptions)."));
  d.push_back(boolean("tls", "enabled", &S::tls, &S::tls_section::enabled, false,
                      "Serve the game over TLS on a second port as well (plain telnet stays on)."));
  d.push_back(integer("tls", "port", &S::tls, &S::tls_section::port, 0, 65535, false,
                      "TCP port of the TLS listener, on server.host (0 picks a free port, for tests)."));
  d.push_back(optional_path("tls", "certificate", &S::tls, &S::tls_section::certificate,
                            "PEM certificate (chain) for TLS; empty: a self-signed one made next to the database."));
  d.push_back(optional_path("tls", "private_key", &S::tls, &S::tls_section::private_key,
                            "PEM private key of tls.certificate; set both or neither."));
  d.push_back(integer("tls", "handshake_timeout_seconds", &S::tls, &S::tls_section::handshake_timeout_seconds, 1,
                      300, false, "A TLS client that has not finished its handshake after this long is dropped."));
  d.push_back(boolean("web", "enabled", &S::web, &S::web_section::enabled, false,
                      "Serve the web client and WebSocket play on web.port as well."));
  d.push_back(integer("web", "port", &S::web, &S::web_section::port, 0, 65535, false,
                      "TCP port of the web client (HTTP, and HTTPS when tls.enabled), on server.host (0: a free one)."));
  d.push_back(path("web", "root", &S::web, &S::web_section::root, "Folder of the web client's files."));
  d.push_back(text("web", "allowed_origins", &S::web, &S::web_section::allowed_origins, false,
                   "Comma-separated origins (\"https://example.org\") whose pages may open a game connection, "
                   "besides the web client's own; \"*\" for any.",
                   origins_check));
  d.push_back(integer("web", "max_message_bytes", &S::web, &S::web_section::max_message_bytes, 1024, 16777216, false,
                      "Largest WebSocket message a client may send; a larger one closes its connection."));
  d.push_back(integer("web", "request_timeout_seconds", &S::web, &S::web_section::request_timeout_seconds, 1, 300,
                      false,
                      "A connection that has not begun a request (or finished its TLS handshake) this long after "
                      "opening, or after its last answer, is closed."));
  d.push_back(integer("web", "header_timeout_seconds", &S::web, &S::web_section::header_timeout_seconds, 1, 300,
                      false, "A request whose headers are not all in this long after its first byte closes the connection."));
  d.push_back(integer("web", "max_http_connections", &S::web, &S::web_section::max_http_connections, 1, 100000,
                      false,
                      "Connections to the web port not yet a WebSocket, over all addresses (they count in "
                      "server.max_connections too)."));
  d.push_back(boolean("web", "permessage_deflate", &S::web, &S::web_section::permessage_deflate, false,
                      "Compress WebSocket messages (permessage-deflate) when the browser offers it."));
  d.push_back(boolean("metrics", "enabled", &S::metrics, &S::metrics_section::enabled, false,
                      "Serve Prometheus metrics at /metrics on the web port (to metrics.allowed_addresses)."));
  d.push_back(text("metrics", "allowed_addresses", &S::metrics, &S::metrics_section::allowed_addresses, false,
                   "Comma-separated addresses that may read /metrics: an address, a CIDR block (\"10.0.0.0/8\") or "
                   "the start of addresses (\"10.1.*\"), as @ban takes them; \"\" for nobody.",
                   nullptr));
  d.push_back(integer("dungeon", "world_seed", &S::dungeon, &S::dungeon_section::world_seed, 0,
                      std::numeric_limits<std::int64_t>::max(), false, "Seed of every random choice in the dungeon."));
  d.push_back(integer("dungeon", "max_unexplored_exits", &S::dungeon, &S::dungeon_section::max_unexplored_exits, 1, 64,
                      true, "Most unexplored exits a branch may have at once."));
  d.push_back(integer("dungeon", "branch_join_seconds", &S::dungeon, &S::dungeon_section::branch_join_seconds, 0,
                      7 * day, true, "How long after a branch opens others walking the same exit join it."));
  d.push_back(integer("dungeon", "branch_idle_collapse_seconds", &S::dungeon,
                      &S::dungeon_section::branch_idle_collapse_seconds, 1, 365 * day, true,
                      "A closed branch nobody has been inside this long collapses."));
  d.push_back(boolean("dungeon", "branches_can_finish", &S::dungeon, &S::dungeon_section::branches_can_finish, true,
                      "Let a branch run out of unexplored exits (false: a new way opens elsewhere in it)."));
  const auto listing = [&d](std::string_view name, std::string S::mssp_section::*field, std::string_view help,
                            std::function<std::optional<std::string>(const std::string&)> check) {
    d.push_back(text("mssp", name, &S::mssp, field, false, help, std::move(check)));
  };
  listing("name", &S::mssp_section::name, "The game's name in MUD listings (MSSP NAME).", listing_name);
  listing("hostname", &S::mssp_section::hostname, "Host name players connect to (MSSP HOSTNAME); empty: none.",
          listing_text);
  listing("contact", &S::mssp_section::contact, "Contact e-mail address (MSSP CONTACT); empty: none.", listing_text);
  listing("website", &S::mssp_section::website, "Web site (MSSP WEBSITE); empty: none.", listing_text);
  listing("language", &S::mssp_section::language, "Language the game is played in (MSSP LANGUAGE).", listing_name);
  listing("family", &S::mssp_section::family, "Codebase family (MSSP FAMILY), e.g. Custom.", listing_name);
  listing("genre", &S::mssp_section::genre, "Genre (MSSP GENRE), e.g. Fantasy.", listing_name);
  listing("gameplay", &S::mssp_section::gameplay, "Gameplay (MSSP GAMEPLAY), e.g. Hack and Slash.", listing_name);
  listing("status", &S::mssp_section::status, "Alpha, Closed Beta, Open Beta or Live (MSSP STATUS).", listing_status);
  listing("created", &S::mssp_section::created, "Year the game was created (MSSP CREATED).", listing_text);
  d.push_back(integer("mssp", "crawl_delay", &S::mssp, &S::mssp_section::crawl_delay, -1, 8760, false,
                      "Hours a crawler should wait between visits (MSSP CRAWL DELAY); -1 leaves it to the crawler."));
  using C = S::colours_section;
  const std::pair<std::string_view, std::string C::*> colours[] = {
      {"room_name", &C::room_name}, {"exit", &C::exit},       {"exit_unexplored", &C::exit_unexplored},
      {"monster", &C::monster},     {"item", &C::item},       {"combat", &C::combat},
      {"channel", &C::channel},     {"prompt", &C::prompt},   {"player", &C::player},
      {"warning", &C::warning}};
  for (const auto& [name, field] : colours) {
    d.push_back(text("colours", name, &S::colours, field, true,
                     "Colour of this kind of text, \"#rrggbb\" (brought down to 256 or 16 colours as the client needs).",
                     hex_colour));
  }
  return d;
}

const std::vector<setting_def>& defs() {
  static const std::vector<setting_def> table = make_defs();  // immutable after first use
  return table;
}

}  // namespace

std::optional<std::array<std::uint8_t, 3>> parse_hex_colour(std::string_view text) {
  if (text.size() != 7 || text[0] != '#') {
    return std::nullopt;
  }
  std::array<std::uint8_t, 3> rgb{};
  for (std::size_t i = 0; i < 3; ++i) {
    unsigned value = 0;
    const char* first = text.data() + 1 + 2 * i;
    const auto [end, ec] = std::from_chars(first, first + 2, value, 16);
    if (ec != std::errc{} || end != first + 2) {
      return std::nullopt;
    }
    rgb[i] = static_cast<std::uint8_t>(value);
  }
  return rgb;
}

std::string setting_def::full_name() const {
  std::string out(section);
  out += '.';
  out += name;
  return out;
}

std::span<const setting_def> setting_defs() { return defs(); }

const setting_def* find_setting(std::string_view key) {
  const setting_def* found = nullptr;
  int matches = 0;
  for (const setting_def& d : defs()) {
    if (d.full_name() == key) {
      return &d;
    }
    if (d.name == key) {
      found = &d;
      ++matches;
    }
  }
  return matches == 1 ? found : nullptr;
}

void apply_setting(settings& s, const setting_def& def, const setting_value& value) {
  const std::string key = def.full_name();
  if (def.is_boolean) {
    if (std::get_if<bool>(&value) == nullptr) {
      throw config_error(key, key + ": must be true or false");
    }
  } else if (def.is_integer) {
    const auto* v = std::get_if<std::int64_t>(&value);
    if (v == nullptr) {
      throw config_error(key, key + ": must be an integer");
    }
    if (*v < def.min || *v > def.max) {
      throw config_error(key, key + ": must be between " + std::to_string(def.min) + " and " + std::to_string(def.max) +
                                  " (got " + std::to_string(*v) + ")");
    }
  } else {
    const auto* v = std::get_if<std::string>(&value);
    if (v == nullptr) {
      throw config_error(key, key + ": must be a string");
    }
    if (def.check_string) {
      if (auto why = def.check_string(*v)) {
        throw config_error(key, key + ": " + *why + " (got \"" + *v + "\")");
      }
    }
  }
  def.set(s, value);
}

void apply_setting_text(settings& s, const setting_def& def, std::string_view text) {
  if (def.is_boolean) {
    if (text == "true" || text == "on") {
      apply_setting(s, def, setting_value{true});
    } else if (text == "false" || text == "off") {
      apply_setting(s, def, setting_value{false});
    } else {
      throw config_error(def.full_name(),
                         def.full_name() + ": must be true or false (got \"" + std::string(text) + "\")");
    }
    return;
  }
  if (!def.is_integer) {
    std::string v(text);
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
      v = v.substr(1, v.size() - 2);
    }
    apply_setting(s, def, setting_value{v});
    return;
  }
  std::int64_t n = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, n);
  if (ec != std::errc{} || ptr != end) {
    throw config_error(def.full_name(), def.full_name() + ": must be an integer (got \"" + std::string(text) + "\")");
  }
  apply_setting(s, def, setting_value{n});
}

std::int64_t effective_tls_port(const settings& s) { return s.tls.enabled ? s.tls.port : 0; }

std::string to_display(const setting_value& value) {
  if (const auto* n = std::get_if<std::int64_t>(&value)) {
    return std::to_string(*n);
  }
  if (const auto* b = std::get_if<bool>(&value)) {
    return *b ? "true" : "false";
  }
  return "\"" + std::get<std::string>(value) + "\"";
}

}  // namespace dw::config
