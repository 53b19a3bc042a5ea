#include "server/game/events/undoable.hpp"

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

}  // namespace dw::game
