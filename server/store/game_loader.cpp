#include "server/store/game_loader.hpp"

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
#include "server/store/transaction.hpp"

namespace dw::store {
namespace storage = game::storage;
namespace {

std::optional<storage::login_record> login_of(database& db, std::optional<account_record> account) {
  if (!account) {
    return std::nullopt;
  }
  storage::login_record out;
  out.character = characters::load(db, account->id);
  out.items = items::list_carried(db, account->id);
  out.preferences = preferences::list(db, account->id);
  out.progress = progress::load(db, account->id);
  out.bounties = bounties::load(db, account->id);
  out.account = std::move(*account);
  return out;
}

}  // namespace

std::optional<storage::login_record> game_loader::login_by_name(std::string_view name) {
  transaction snapshot(db_, transaction_kind::deferred);  // account, character and items agree
  return login_of(db_, accounts::find_by_name(db_, name));
}

std::optional<storage::login_record> game_loader::login_by_id(std::int64_t account_id) {
  transaction snapshot(db_, transaction_kind::deferred);
  return login_of(db_, accounts::find_by_id(db_, account_id));
}

storage::branch_snapshot game_loader::branch(std::int64_t branch_id) {
  transaction snapshot(db_, transaction_kind::deferred);  // rooms and items from one moment
  storage::branch_snapshot out;
  out.branch_id = branch_id;
  out.exists = db_.query_int64("SELECT count(*) FROM branches WHERE id = ?", branch_id) > 0;
  if (out.exists) {
    out.rooms = rooms::list_in_branch(db_, branch_id);
    out.floor_items = items::list_in_branch(db_, branch_id);
  }
  return out;
}

std::int64_t game_loader::branch_of_room(std::int64_t room_id) {
  const auto room = rooms::load_by_id(db_, room_id);
  return room ? room->branch_id : 0;
}

std::vector<audit_record> game_loader::audit_tail(std::int64_t n) { return audit::last(db_, n); }

storage::world_snapshot game_loader::world(std::int64_t now, const std::vector<std::int64_t>& static_rooms) {
  transaction snapshot(db_, transaction_kind::deferred);
  storage::world_snapshot out;
  out.branches = branches::load_all(db_);
  for (const char* name : {"next_room_id", "next_branch_sequence", "next_branch_number_n", "next_branch_number_e",
                           "next_branch_number_s", "next_branch_number_w"}) {
    if (auto value = counters::get(db_, name)) {
      out.counters.emplace_back(name, *value);
    }
  }
  out.settings = settings::get_all(db_);
  out.bans = bans::list_active(db_, now);
  out.max_item_id = items::max_id(db_);
  // The board shows only the top few; more are read so that a board size raised by a content reload fills up.
  constexpr std::int64_t fame_rows = 1000;
  out.deepest = characters::deepest(db_, fame_rows);
  for (std::int64_t room : static_rooms) {
    for (item_record& it : items::list_in_room(db_, room)) {
      out.static_floor_items.push_back(std::move(it));
    }
  }
  return out;
}

}  // namespace dw::store
