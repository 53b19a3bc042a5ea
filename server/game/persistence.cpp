#include "server/game/persistence.hpp"

#include "server/game/static_rooms.hpp"
#include "server/store/accounts.hpp"
#include "server/store/characters.hpp"
#include "server/store/database.hpp"
#include "server/store/items.hpp"

namespace dw::game {

login_lookup read_login(store::database& db, const std::string& name) {
  login_lookup out;
  out.account = store::accounts::find_by_name(db, name);
  if (out.account) {
    out.character = store::characters::load(db, out.account->id);
    out.items = store::items::list_carried(db, out.account->id);
  }
  return out;
}

login_lookup read_login_by_id(store::database& db, std::int64_t account_id) {
  login_lookup out;
  out.account = store::accounts::find_by_id(db, account_id);
  if (out.account) {
    out.character = store::characters::load(db, account_id);
    out.items = store::items::list_carried(db, account_id);
  }
  return out;
}

void create_account(store::database& db, create_outcome& out, const std::string& name, const std::string& hash,
                    std::int64_t now, std::int32_t max_hp) {
  // Runs inside the writer's transaction: the count and the insert cannot interleave with another create.
  const store::role r = store::accounts::count(db) == 0 ? store::role::admin : store::role::player;
  const store::create_account_result created = store::accounts::create(db, name, hash, r, now);
  out.name_taken = created.name_taken;
  if (created.name_taken) {
    return;
  }
  out.account = store::account_record{};
  out.account.id = created.id;
  out.account.name = name;
  out.account.password_hash = hash;
  out.account.account_role = r;
  out.account.created_at = now;
  out.account.last_login = now;
  out.character = store::character_record{};
  out.character.account_id = created.id;
  out.character.where.room_id = village_square_id;
  out.character.hp = max_hp;
  out.character.max_hp = max_hp;
  out.character.last_seen = now;
  store::characters::save(db, out.character);
}

void save_character(store::database& db, const store::character_record& rec) { store::characters::save(db, rec); }

void touch_login(store::database& db, std::int64_t account_id, std::int64_t now) {
  store::accounts::touch_login(db, account_id, now);
}

}  // namespace dw::game
