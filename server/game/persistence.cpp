#include "server/game/persistence.hpp"

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

}  // namespace dw::game
