#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace dw::config {

/// Every setting the server knows, with its default. config/deepwell.toml documents each one.
struct settings {
  struct server_section {
    std::string host = "127.0.0.1";
    std::int64_t port = 4000;
    std::int64_t idle_timeout_seconds = 3600;
    std::int64_t max_line_bytes = 4096;
    std::int64_t max_subneg_bytes = 8192;
    std::int64_t max_output_queue_bytes = 1024 * 1024;
    std::int64_t max_connections = 512;
    std::int64_t max_connections_per_address = 16;
    std::int64_t max_commands_per_second = 20;
    std::int64_t flood_disconnect_seconds = 10;
    std::int64_t login_timeout_seconds = 120;
    std::int64_t max_unauthenticated_per_address = 4;
    std::int64_t mccp2_level = 4;  ///< zlib level of MCCP2 compression; 0 turns MCCP2 off
  } server;
  /// What MUD crawlers are told (MSSP); the live facts (players, uptime, port, protocols) are added.
  struct mssp_section {
    std::string name = "Deepwell";
    std::string hostname = "";
    std::string contact = "";
    std::string website = "";
    std::string language = "English";
    std::string family = "Custom";
    std::string genre = "Fantasy";
    std::string gameplay = "Hack and Slash";
    std::string status = "Alpha";
    std::string created = "2026";
    std::int64_t crawl_delay = -1;
  } mssp;
  struct storage_section {
    std::string path = "data/deepwell.db";
    std::int64_t lock_wait_ms = 2000;
  } storage;
  /// Online backups of the database (server/store/backup.hpp), taken while the game runs.
  struct backup_section {
    std::string folder = "data/backups";
    std::int64_t interval_seconds = 21600;  ///< 0: no scheduled backups (@backup still takes one)
    std::int64_t keep = 8;                  ///< the newest this many of the server's own backups are kept
  } backup;
  struct log_section {
    std::string level = "info";
    std::string dir = "data/logs";
  } log;
  struct accounts_section {
    std::int64_t hash_ops_limit = 2;
    std::int64_t hash_memory_kib = 65536;
    std::int64_t failed_login_base_delay_ms = 500;
    std::int64_t failed_login_max_delay_ms = 8000;
    std::int64_t lockout_after_failures = 10;
    std::int64_t lockout_minutes = 30;
    std::int64_t max_creations_per_address_per_hour = 5;
    std::int64_t max_pending_logins_per_address = 2;
    std::int64_t max_pending_logins = 64;
  } accounts;
  struct game_section {
    std::int64_t fight_round_ms = 2000;
    std::int64_t character_max_hp = 40;
    std::int64_t rest_hp_per_minute = 30;
    std::int64_t wander_step_ms = 20000;  ///< 0: wanderers stand still
    std::int64_t crowd_names = 10;        ///< most other players a room's text names
    std::int64_t crowd_size = 20;         ///< above this many people a room hears comings and goings in batches
    std::int64_t crowd_flush_ms = 1000;   ///< how long a crowded room's batch gathers
    std::int64_t max_group_size = 6;      ///< most members of a group, and followers of one person, plus them
  } game;
  struct content_section {
    std::string dir = "content";
  } content;
  struct tls_section {
    bool enabled = false;
    std::int64_t port = 4443;
    std::string certificate;  ///< PEM file; empty: a self-signed pair is made next to the database
    std::string private_key;  ///< PEM file; set together with `certificate`
    std::int64_t handshake_timeout_seconds = 10;
  } tls;
  /// The web port: the web client's files, /status.json and WebSocket play on /ws (https/wss too when
  /// tls.enabled).
  struct web_section {
    bool enabled = true;
    std::int64_t port = 4001;
    std::string root = "web";  ///< the web client's folder
    std::string allowed_origins;  ///< comma-separated origins besides the page's own ("*": any)
    std::int64_t max_message_bytes = 65536;
    std::int64_t request_timeout_seconds = 30;
    std::int64_t header_timeout_seconds = 5;  ///< from a request's first byte to the end of its headers
    std::int64_t max_http_connections = 64;   ///< web connections not yet upgraded, over all addresses
    bool permessage_deflate = true;
  } web;
  /// Prometheus metrics at /metrics on the web port, for the addresses listed (loopback by default).
  struct metrics_section {
    bool enabled = true;
    std::string allowed_addresses = "127.0.0.0/8, ::1";  ///< comma-separated, as @ban writes them
  } metrics;
  struct dungeon_section {
    std::int64_t world_seed = 20261122;
    std::int64_t max_unexplored_exits = 4;
    std::int64_t branch_join_seconds = 300;
    std::int64_t branch_idle_collapse_seconds = 3600;
    bool branches_can_finish = false;  ///< the literal rule: a branch may run out of unexplored exits
  } dungeon;
  /// The colour theme: one "#rrggbb" per kind of text; clients with 256 or 16 colours get the nearest.
  struct colours_section {
    std::string room_name = "#5fafff";
    std::string exit = "#5fd75f";
    std::string exit_unexplored = "#d7af5f";
    std::string monster = "#ff5f5f";
    std::string item = "#d787ff";
    std::string combat = "#ff875f";
    std::string channel = "#5fd7d7";
    std::string prompt = "#afafaf";
    std::string player = "#ffd75f";
    std::string warning = "#ff5f87";
  } colours;
};

/// Reads "#rrggbb" (as the colours section holds it) into its three channels; nullopt when malformed.
std::optional<std::array<std::uint8_t, 3>> parse_hex_colour(std::string_view text);

/// A setting's value as it appears in TOML: an integer, a string or a boolean.
using setting_value = std::variant<std::int64_t, std::string, bool>;

/// Thrown for a bad configuration; `key()` names the offending key ("server.port").
class config_error : public std::runtime_error {
 public:
  config_error(std::string key, const std::string& message) : std::runtime_error(message), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

/// Describes one setting: where it lives, its type, its bounds, whether it may change at run time.
struct setting_def {
  std::string_view section;
  std::string_view name;
  std::string_view help;
  bool is_integer;
  std::int64_t min;  ///< integers only
  std::int64_t max;  ///< integers only
  bool live;         ///< may be changed while the server runs (administration)
  std::function<setting_value(const settings&)> get;
  std::function<void(settings&, const setting_value&)> set;
  /// Extra validation for strings (nullopt = fine, otherwise the reason).
  std::function<std::optional<std::string>(const std::string&)> check_string;
  /// A file or folder: when relative, it is taken against the config file's folder (resolve_paths).
  bool is_path;
  /// A boolean (true/false); is_integer is false for it.
  bool is_boolean = false;

  std::string full_name() const;
};

/// The table of every setting. The config loader and live administration both go through it.
std::span<const setting_def> setting_defs();

/// Finds a setting by "section.name" or, when unambiguous, by "name" alone.
const setting_def* find_setting(std::string_view key);

/// Validates `value` for `def` and stores it; throws config_error naming the key on a bad value.
void apply_setting(settings& s, const setting_def& def, const setting_value& value);

/// Parses a textual value (from a command line) into the setting's type and applies it.
void apply_setting_text(settings& s, const setting_def& def, std::string_view text);

/// The port TLS listens on as configured, 0 when TLS is off (what MSSP's SSL field advertises). A
/// configured 0 (a free port, for tests) is replaced by the bound port once the server listens.
std::int64_t effective_tls_port(const settings& s);

/// Renders a value for display ("4000", "\"info\"").
std::string to_display(const setting_value& value);

}  // namespace dw::config
