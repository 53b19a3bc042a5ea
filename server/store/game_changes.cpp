#include "server/store/game_changes.hpp"

#include <variant>

#include "server/store/accounts.hpp"
#include "server/store/audit.hpp"
#include "server/store/bans.hpp"
#include "server/store/bounties.hpp"
#include "server/store/branches.hpp"
#include "server/store/characters.hpp"
#include "server/store/counters.hpp"
#include "server/store/database.hpp"
#include "server/store/items.hpp"
#include "server/store/preferences.hpp"
#include "server/store/progress.hpp"
#include "server/store/rooms.hpp"
#include "server/store/stored_settings.hpp"

namespace dw::store {
namespace storage = game::storage;
namespace {

struct applier {
  database& db;

  void operator()(const storage::save_character& c) const { characters::save(db, c.character); }
  void operator()(const storage::save_item& c) const { items::upsert(db, c.item); }
  void operator()(const storage::remove_item& c) const { items::remove(db, c.item_id); }
  void operator()(const storage::save_dungeon& c) const {
    if (c.branch) {
      branches::upsert(db, *c.branch);
    }
    for (const room_record& r : c.rooms) {
      rooms::upsert_layout(db, r);
    }
    for (const storage::save_dungeon::counter& k : c.counters) {
      counters::set(db, k.name, k.value);
    }
  }
  void operator()(const storage::save_room_contents& c) const {
    rooms::set_contents(db, c.room_id, c.event, c.contents);
  }
  void operator()(const storage::collapse_branch& c) const {
    characters::move_all_in_branch_to(db, c.branch_id, c.wake_at, c.message);
    branches::remove(db, c.branch_id);
  }
  void operator()(const storage::add_ban& c) const { bans::add(db, c.ban); }
  void operator()(const storage::remove_bans& c) const {
    bans::remove_target(db, c.target);
  }
  void operator()(const storage::set_setting& c) const { settings::set(db, c.key, c.value); }
  void operator()(const storage::remove_setting& c) const { settings::remove(db, c.key); }
  void operator()(const storage::save_preference& c) const {
    preferences::set(db, c.account_id, c.key, c.value);
  }
  void operator()(const storage::save_progress& c) const { progress::save(db, c.progress); }
  void operator()(const storage::save_bounties& c) const { bounties::save(db, c.book); }
  void operator()(const storage::append_audit& c) const { audit::append(db, c.at, c.actor, c.action, c.result); }
  void operator()(const storage::record_login& c) const { accounts::record_login(db, c.account_id, c.at); }
  void operator()(const storage::record_failed_login& c) const {
    const std::int64_t until = accounts::record_failed_login(db, c.account_id, c.at, c.lock_after, c.lock_seconds);
    if (c.locked_until) {
      *c.locked_until = until;
    }
    audit::append(db, c.at, c.name, until > c.at ? "failed login; account locked" : "failed login", c.address);
  }
  void operator()(const storage::create_account& c) const {
    storage::create_outcome out;
    // Inside the batch's transaction, so the count and the insert cannot interleave with another create.
    const role r = accounts::count(db) == 0 ? role::admin : role::player;
    const create_account_result created = accounts::create(db, c.name, c.password_hash, r, c.at);
    out.name_taken = created.name_taken;
    if (!created.name_taken) {
      out.account.id = created.id;
      out.account.name = c.name;
      out.account.password_hash = c.password_hash;
      out.account.account_role = r;
      out.account.created_at = c.at;
      out.account.last_login = c.at;
      out.character.account_id = created.id;
      out.character.where.room_id = c.start_room;
      out.character.hp = c.max_hp;
      out.character.max_hp = c.max_hp;
      out.character.last_seen = c.at;
      characters::save(db, out.character);
      audit::append(db, c.at, c.name, "account created", c.address);
    }
    if (c.outcome) {
      *c.outcome = std::move(out);
    }
  }
  void operator()(const storage::set_role& c) const {
    storage::role_outcome out;
    if (const auto account = accounts::find_by_name(db, c.name)) {
      out.name = account->name;
      if (account->account_role == role::admin && c.role != role::admin) {
        std::int64_t admins = 0;
        for (const account_record& a : accounts::list(db)) {
          admins += a.account_role == role::admin ? 1 : 0;
        }
        out.last_admin = admins <= 1;
      }
      if (!out.last_admin) {
        out.changed = account->account_role != c.role;
        accounts::set_role(db, account->id, c.role);
      }
    }
    if (c.outcome) {
      *c.outcome = out;
    }
  }
  void operator()(const storage::unlock_account& c) const {
    std::optional<std::string> unlocked;
    if (const auto account = accounts::find_by_name(db, c.name); account && accounts::unlock(db, account->id)) {
      unlocked = account->name;
    }
    if (c.unlocked) {
      *c.unlocked = unlocked;
    }
  }
};

}  // namespace

void apply(database& db, const storage::change& change) { std::visit(applier{db}, change); }

void apply(database& db, const storage::batch& batch) {
  for (const storage::change& c : batch) {
    apply(db, c);
  }
}

}  // namespace dw::store
