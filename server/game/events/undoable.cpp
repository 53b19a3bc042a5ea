#include "server/game/events/undoable.hpp"

#include <algorithm>

#include "server/game/storage/changes.hpp"

namespace dw::game {

void set_preference(change_sink& changes, roster& people, character& ch, std::string_view key,
                    std::string_view value) {
  std::string before(ch.prefs.get(key));
  ch.prefs.set(key, value);
  changes.persist(storage::save_preference{ch.account_id, std::string(key), std::string(value)});
  changes.on_rollback([&people, account = ch.account_id, key = std::string(key), before = std::move(before)] {
    if (character* again = people.find_character(account)) {
      again->prefs.set(key, before);
    }
  });
}

void keep_new_item(change_sink& changes, roster& people, const character& ch, std::int64_t id) {
  changes.on_rollback([&people, account = ch.account_id, id] {
    if (character* again = people.find_character(account)) {
      std::erase_if(again->inventory, [id](const item& i) { return i.id == id; });
    }
  });
}

void keep_lost_items(change_sink& changes, roster& people, const character& ch, std::vector<item> items) {
  changes.on_rollback([&people, account = ch.account_id, items = std::move(items)] {
    if (character* again = people.find_character(account)) {
      again->inventory.insert(again->inventory.end(), items.begin(), items.end());
    }
  });
}

}  // namespace dw::game
