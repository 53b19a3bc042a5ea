#include "server/app/startup.hpp"

#include <chrono>
#include <filesystem>
#include <string_view>
#include <vector>

#include "server/game/places/static_rooms.hpp"
#include "server/log/log.hpp"
#include "server/store/game_loader.hpp"
#include "server/store/stored_settings.hpp"
#include "server/store/world.hpp"

namespace dw::app {

config::settings with_stored_settings(config::settings s, const game::storage::world_snapshot& startup) {
  for (const store::setting_record& rec : startup.settings) {
    if (rec.key.rfind("config.", 0) != 0) {
      continue;
    }
    const config::setting_def* def = config::find_setting(std::string_view(rec.key).substr(7));
    if (def == nullptr || !def->live) {
      log::warn("stored setting {} is not a live setting; ignored", rec.key);
      continue;
    }
    try {
      config::apply_setting_text(s, *def, rec.value);
      log::info("setting {} = {} (changed in game)", def->full_name(), rec.value);
    } catch (const config::config_error& e) {
      log::warn("stored setting ignored: {}", e.what());
    }
  }
  return s;
}

game::storage::world_snapshot read_startup(const std::string& path) {
  store::database db = store::database::open(path);
  store::game_loader loader(db);
  const std::vector<std::int64_t> static_rooms{game::village_square_id, game::start_room_id};
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  return loader.world(now, static_rooms);
}

std::unique_ptr<net::tls_server> load_tls(const config::settings& s, bool may_create) {
  const bool have_cert = !s.tls.certificate.empty();
  const bool have_key = !s.tls.private_key.empty();
  if (have_cert != have_key) {
    const std::string key = have_cert ? "tls.private_key" : "tls.certificate";
    throw config::config_error(key, key + ": must be set together with " +
                                        (have_cert ? "tls.certificate" : "tls.private_key") +
                                        " (or leave both empty for a self-signed pair)");
  }
  try {
    net::tls_key_files files;
    if (have_cert) {
      files = {s.tls.certificate, s.tls.private_key};
    } else {
      // Next to the database: the folder that is the server's own and survives upgrades.
      const std::filesystem::path dir = std::filesystem::path(s.storage.path).parent_path();
      if (may_create) {
        bool created = false;
        files = net::ensure_self_signed(dir.empty() ? "." : dir, s.server.host, created);
        log::info("TLS: {} self-signed certificate {} (key {}), SHA-256 fingerprint {}",
                     created ? "made a new" : "using the", files.certificate.string(), files.private_key.string(),
                     net::certificate_fingerprint(files.certificate));
      } else {
        files = net::self_signed_paths(dir.empty() ? "." : dir);
        std::error_code ec;
        if (!std::filesystem::exists(files.certificate, ec) || !std::filesystem::exists(files.private_key, ec)) {
          return nullptr;  // the server makes the pair when it starts
        }
      }
    }
    return std::make_unique<net::tls_server>(files);
  } catch (const net::tls_file_error& e) {
    const std::string key = e.which() == net::tls_file::certificate ? "tls.certificate" : "tls.private_key";
    throw config::config_error(key, key + ": " + e.what());
  }
}

std::optional<std::string> check_world_seed(store::database& db, const config::settings& s, bool may_record,
                                            std::int64_t now) {
  const std::int64_t configured = s.dungeon.world_seed;
  if (const std::optional<std::int64_t> recorded = store::world::recorded_seed(db)) {
    if (*recorded == configured) {
      return std::nullopt;
    }
    return fmt::format(
        "dungeon.world_seed: the configuration says {} but the world in {} was made with {}; the seed is fixed "
        "once the world is made (every room, what it holds and every saved fight are drawn from it): set "
        "dungeon.world_seed = {} again, or give a new database (storage.path) for a new world",
        configured, s.storage.path, *recorded, *recorded);
  }
  // Rows in `branches` mean a world made before its seed was recorded (schema version 8 or older).
  const bool older = db.query_int64("SELECT count(*) FROM branches") > 0;
  if (!may_record) {
    log::info("no world seed is recorded in {} yet; the next start records dungeon.world_seed = {}", s.storage.path,
                 configured);
    return std::nullopt;
  }
  store::world::record_seed(db, configured, now);
  if (older) {
    log::info(
        "the world in {} was made before its seed was recorded: recorded the configured "
        "dungeon.world_seed = {}; a different seed will be refused from now on",
        s.storage.path, configured);
  } else {
    log::info("new world: recorded dungeon.world_seed = {} in {}; a different seed will be refused from now on",
                 configured, s.storage.path);
  }
  return std::nullopt;
}

store::database open_with_lock_wait(const std::string& path, std::int64_t wait_ms) {
  store::database db = store::database::open(path);
  db.set_busy_timeout(static_cast<int>(wait_ms));
  return db;
}

}  // namespace dw::app
