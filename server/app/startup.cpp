#include "server/app/startup.hpp"

#include <spdlog/spdlog.h>
#include <chrono>
#include <string_view>
#include <vector>

#include "server/game/places/static_rooms.hpp"
#include "server/store/game_loader.hpp"
#include "server/store/settings.hpp"

namespace dw::app {

config::settings with_stored_settings(config::settings s, const game::storage::world_snapshot& startup) {
  for (const store::setting_record& rec : startup.settings) {
    if (rec.key.rfind("config.", 0) != 0) {
      continue;
    }
    const config::setting_def* def = config::find_setting(std::string_view(rec.key).substr(7));
    if (def == nullptr || !def->live) {
      spdlog::warn("stored setting {} is not a live setting; ignored", rec.key);
      continue;
    }
    try {
      config::apply_setting_text(s, *def, rec.value);
      spdlog::info("setting {} = {} (changed in game)", def->full_name(), rec.value);
    } catch (const config::config_error& e) {
      spdlog::warn("stored setting ignored: {}", e.what());
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

store::database open_with_lock_wait(const std::string& path, std::int64_t wait_ms) {
  store::database db = store::database::open(path);
  db.set_busy_timeout(static_cast<int>(wait_ms));
  return db;
}

}  // namespace dw::app
