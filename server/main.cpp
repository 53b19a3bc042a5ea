// deepwell: the Deepwell MUD server.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "content/content_loader.hpp"
#include "server/app/bind_listeners.hpp"
#include "server/app/logging.hpp"
#include "server/app/maintenance.hpp"
#include "server/app/metrics.hpp"
#include "server/app/server.hpp"
#include "server/app/startup.hpp"
#include "server/config/config_loader.hpp"
#include "server/log/log.hpp"
#include "server/store/database.hpp"
#include "server/store/store_error.hpp"

int main(int argc, char** argv) {
  CLI::App cli{"Deepwell, a MUD server with a procedural dungeon"};
  std::string config_path;
  std::string db_path;
  std::string log_dir;
  std::string log_level;
  std::string host;
  int port = -1;
  int web_port = -1;
  dw::app::run_options options;
  cli.add_option("--config", config_path,
                 "TOML config file (default: ./config/deepwell.toml, else the installed one, else built-in defaults)");
  cli.add_option("--port", port, "TCP port to listen on (overrides server.port; 0 picks a free one)");
  cli.add_option("--web-port", web_port, "TCP port of the web client (overrides web.port; 0 picks a free one)");
  cli.add_option("--host", host, "Address to listen on (overrides server.host)");
  cli.add_option("--db", db_path, "SQLite database file (overrides storage.path)");
  cli.add_option("--log-dir", log_dir, "Folder of the log file deepwell.log (overrides log.dir)");
  cli.add_option("--log-level", log_level, "trace, debug, info, warn, error, critical, off (overrides log.level)");
  cli.add_option("--port-file", options.port_file, "Write the bound port to this file once listening");
  cli.add_option("--tls-port-file", options.tls_port_file,
                 "Write the bound TLS port to this file once listening (before --port-file; not when TLS is off)");
  cli.add_option("--web-port-file", options.web_port_file,
                 "Write the bound web port to this file once listening (before --port-file; not when the web port is off)");
  cli.add_option("--reboot-state", options.reboot_state, "Internal: take over from a hot reboot");
  bool check_only = false;
  cli.add_flag("--check", check_only,
               "Check the configuration, content tables and database, list the bans in force and the settings "
               "changed in the game, then exit");
  // The way back in after a lock-out, without SQL: each changes a stopped server's database, then exits.
  dw::app::maintenance_request maintenance;
  cli.add_option("--unban", maintenance.unban,
                 "With the server stopped: lift the bans on this name, address or pattern (as @unban does), then "
                 "exit; may be repeated")
      ->type_name("TARGET")
      ->allow_extra_args(false);
  cli.add_flag("--lift-bans", maintenance.lift_all_bans, "With the server stopped: lift every ban, then exit");
  cli.add_option("--reset-setting", maintenance.reset,
                 "With the server stopped: forget the value @config stored for this setting, so that the config "
                 "file's applies again, then exit; may be repeated")
      ->type_name("KEY")
      ->allow_extra_args(false);
  cli.add_flag("--reset-settings", maintenance.reset_all_settings,
               "With the server stopped: forget every value @config stored, then exit");
  CLI11_PARSE(cli, argc, argv);
  if (!maintenance.empty() && (check_only || !options.reboot_state.empty())) {
    dw::log::critical("--unban, --lift-bans, --reset-setting and --reset-settings cannot be combined with --check");
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    options.args.emplace_back(argv[i]);
  }
  {
    // Resolved now: after a rebuild the same path holds the new binary, which is what a reboot wants.
    std::error_code ec;
    options.exe_path = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  }

  // Start-up order matters: the configuration and the content tables are checked before anything is
  // created on disk, so a mistake in either leaves no empty database or log folder behind.
  std::string config_used = "none (built-in defaults)";
  dw::config::settings settings;
  try {
    if (config_path.empty()) {
      // A source checkout (./config/deepwell.toml) or an install (found from this binary's folder);
      // a reboot runs in the same working directory with the same arguments, so it finds the same file.
      for (const std::filesystem::path& candidate : dw::config::default_config_candidates(options.exe_path)) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec)) {
          config_path = candidate.string();
          break;
        }
      }
    }
    if (!config_path.empty()) {
      // Relative paths in the file are taken against its folder, so it works from any working directory.
      settings = dw::config::load_config_file(config_path);
      config_used = config_path;
    }
    // Paths given on the command line stay relative to the working directory, as on any command line.
    auto apply = [&](std::string_view key, const std::string& value) {
      dw::config::apply_setting_text(settings, *dw::config::find_setting(key), value);
    };
    if (port >= 0) {
      apply("server.port", std::to_string(port));
    }
    if (web_port >= 0) {
      apply("web.port", std::to_string(web_port));
    }
    if (!host.empty()) {
      apply("server.host", host);
    }
    if (!db_path.empty()) {
      apply("storage.path", db_path);
    }
    if (!log_dir.empty()) {
      apply("log.dir", log_dir);
    }
    if (!log_level.empty()) {
      apply("log.level", log_level);
    }
    // Read with the game's address patterns (as @ban's), which the config module cannot include.
    static_cast<void>(dw::app::metrics_access(settings.metrics.allowed_addresses));
  } catch (const dw::config::config_error& e) {
    dw::log::critical("configuration error: {}", e.what());
    return 2;
  }

  if (!maintenance.empty()) {
    // No content, no log file and no listener: a change to the database of a stopped server, made by whoever
    // runs this (so it leaves no file behind that the server's own user could not write), with each change
    // recorded in the audit trail.
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    const dw::app::maintenance_result result = dw::app::run_maintenance(settings.storage.path, maintenance, now);
    if (result.exit_code != 0) {
      dw::log::critical("{}", std::string_view(result.report).substr(0, result.report.find_last_not_of('\n') + 1));
    } else {
      std::fputs(result.report.c_str(), stdout);
    }
    return result.exit_code;
  }

  std::shared_ptr<const dw::content::content_tables> content;
  {
    auto loaded = dw::content::load_content(settings.content.dir);
    if (auto* error = std::get_if<dw::content::content_error>(&loaded)) {
      dw::log::critical("content error: {}", error->to_string());
      return 4;
    }
    content =
        std::make_shared<const dw::content::content_tables>(std::move(std::get<dw::content::content_tables>(loaded)));
  }

  if (!check_only && options.reboot_state.empty()) {
    // Every listener is bound before anything is written (the log folder, the database, a TLS key pair):
    // a port in use stops start-up here, naming the listener and what sets its port, and leaves no file.
    // (--check binds nothing: it runs beside the server that holds the ports; a hot reboot is handed them.)
    dw::app::listener_origins origins;
    if (port >= 0) {
      origins.port = "--port (over server.port)";
    }
    if (web_port >= 0) {
      origins.web_port = "--web-port (over web.port)";
    }
    if (!host.empty()) {
      origins.host = "--host (over server.host)";
    }
    try {
      const dw::app::bound_listeners bound = dw::app::bind_listeners(settings, origins);
      options.telnet_listen_fd = bound.telnet;
      options.tls_listen_fd = bound.tls;
      options.web_listen_fd = bound.web;
    } catch (const dw::app::bind_error& e) {
      dw::log::critical("start-up stopped: {}", e.what());
      return dw::app::exit_port_unavailable;
    }
  }

  try {
    dw::app::setup_logging(settings.log.dir, settings.log.level);
  } catch (const std::exception& e) {
    dw::log::critical("cannot set up logging in '{}': {}", settings.log.dir, e.what());
    return 2;
  }
  // However main returns from here on, the log queue is written out and any drops reported first.
  struct logging_shutdown {
    ~logging_shutdown() { dw::app::shutdown_logging(); }
  } const shutdown_logging_on_return;
  dw::log::info("configuration: {}; content: {}; database: {}; logs: {}", config_used, settings.content.dir,
               settings.storage.path, settings.log.dir);
  for (const std::string& w : dw::content::load_warnings(*content)) {
    dw::log::warn("content: {}", w);
  }

  std::string stored_state;  // for --check
  try {
    // Open (and migrate) the database once before anything listens: a bad file stops start-up here.
    const std::filesystem::path db_file(settings.storage.path);
    if (db_file.has_parent_path()) {
      std::filesystem::create_directories(db_file.parent_path());
    }
    dw::store::database db = dw::store::database::open(settings.storage.path);
    // Refuse a database that cannot be written (read-only file or folder, a lock another process holds,
    // a full disk) now, rather than welcome players whose every action would then be lost.
    db.set_busy_timeout(static_cast<int>(settings.storage.lock_wait_ms));
    db.check_writable();
    if (options.reboot_state.empty()) {
      // A damaged page stops start-up here, naming its table, instead of crashing play later. A hot
      // reboot skips it: the preflight (--check) of the same file ran it a moment ago.
      const dw::store::check_report report = db.quick_check();
      if (!report.ok) {
        std::string tables;
        for (const std::string& t : report.damaged_tables) {
          tables += (tables.empty() ? "" : ", ") + t;
        }
        dw::log::critical(
            "database {} is damaged: PRAGMA quick_check failed in {} ({}); restore it from a backup or repair it "
            "with the sqlite3 tool's .recover",
            settings.storage.path, tables.empty() ? std::string("an unknown table") : "table " + tables,
            report.problems.empty() ? std::string("no detail") : report.problems.front());
        return 3;
      }
      dw::log::info("database check (PRAGMA quick_check) passed in {} ms", report.took.count());
    }
    {
      // The world's seed is fixed once the world is made: a different one is a configuration error.
      const auto now =
          std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
      if (const auto refused = dw::app::check_world_seed(db, settings, !check_only, now)) {
        dw::log::critical("configuration error: {}", *refused);
        return 2;
      }
    }
    if (check_only) {
      // What the database keeps that the config file does not show: the bans, the settings changed in the game.
      const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
      stored_state = dw::app::stored_state_report(db, settings, now);
    }
  } catch (const dw::store::store_error& e) {
    dw::log::critical("start-up stopped: {}", e.what());  // the message names the file and the reason
    return 3;
  } catch (const std::exception& e) {
    dw::log::critical("start-up stopped: cannot use database {}: {}", settings.storage.path, e.what());
    return 3;
  }

  if (settings.tls.enabled) {
    // The TLS key pair is part of the configuration: a file that cannot be used stops start-up (and a
    // reboot's --check) naming its key. Without configured files the self-signed pair is made here,
    // in the database's folder, on first start (never by --check).
    try {
      dw::app::load_tls(settings, !check_only);
    } catch (const dw::config::config_error& e) {
      dw::log::critical("configuration error: {}", e.what());
      return 2;
    }
  }

  if (check_only) {
    std::fputs(stored_state.c_str(), stdout);
    std::fflush(stdout);
    dw::log::info("configuration, content and database are fine");
    return 0;
  }

  try {
    return dw::app::run_server(settings, options, std::move(content));
  } catch (const std::exception& e) {
    dw::log::critical("fatal: {}", e.what());
    return 1;
  }
}
