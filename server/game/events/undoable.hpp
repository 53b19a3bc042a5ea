#pragma once

// Changes that undo themselves. An event's batch is saved after the event, and if it cannot be saved the
// memory the event changed must go back (change_sink::on_rollback). Instead of each site writing an undo
// lambda of its own, a part keeps the values it is about to change through these typed calls: each one
// records the value as it is now and how to put it back, and the batch does so, newest first, if it fails.
//
//   keep(changes_, wizlock_);                                  // a value the part owns
//   keep_entry(changes_, xp_, ch.account_id);                  // one entry of a part's table
//   keep_entry(changes_, books_, ch.account_id, before);       // ... put back as it was before the change
//   keep(changes_, people_, ch, &character::silver);           // fields of a character, found again by account
//   set_preference(changes_, people_, ch, "brief", "on");      // a preference: set, saved, and undone
//   keep_new_entry(changes_, warned_, ch.account_id);          // an entry just added is erased again
//   erase_kept(changes_, bans_, lifted);                       // elements erased, and appended again
//   keep_gain(changes_, people_, ch, &character::hp, gained, 1);  // a gain taken back, relative to now
//   keep_new_item(changes_, people_, ch, bought.id);           // an item put in a pack is taken out again
//   keep_lost_items(changes_, people_, ch, scrolls);           // items taken out of a pack come back
//   undo_with<&rune_locks::forget_room>(changes_, this, id);   // what only the part can undo, by name
//
// What only a part can put back (a room spawned in its dungeon, a fight with its timer) it undoes in a
// function of its own, named for what it undoes and declared next to the state it owns; `undo_with`
// registers it with the arguments it needs. No site outside events/ calls change_sink::on_rollback itself.
//
// A character is found again by its account when the undo runs (it may have left play meanwhile: then
// there is nothing to put back). World thread only, like everything the batch touches.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "server/game/events/event_sink.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// `value`, owned by the calling part (it outlives the event), is put back as it is now if the event's
/// batch cannot be saved. Call it before changing `value`.
template <typename T>
void keep(change_sink& changes, T& value) {
  changes.on_rollback([&value, before = value] { value = before; });
}

/// The entry of `table` (a map the calling part owns) under `key` is put back as `before` (the value it had
/// before the event changed it) if the event's batch cannot be saved, as long as the entry still exists then
/// (an entry dropped meanwhile, at logout say, stays dropped).
template <typename Map>
void keep_entry(change_sink& changes, Map& table, const typename Map::key_type& key,
                typename Map::mapped_type before) {
  changes.on_rollback([&table, key, before = std::move(before)] {
    if (auto again = table.find(key); again != table.end()) {
      again->second = before;
    }
  });
}

/// As above, with the entry as it is now (the mapped type's default when there is none yet).
template <typename Map>
void keep_entry(change_sink& changes, Map& table, const typename Map::key_type& key) {
  const auto found = table.find(key);
  keep_entry(changes, table, key, found != table.end() ? found->second : typename Map::mapped_type{});
}

/// The named fields of `ch` are put back as they are now on the character of `ch`'s account, if it is
/// still in play, when the event's batch cannot be saved. Call it before changing them.
template <typename... T>
void keep(change_sink& changes, roster& people, const character& ch, T character::*... fields) {
  changes.on_rollback([&people, account = ch.account_id, where = std::make_tuple(fields...),
                       before = std::make_tuple(ch.*fields...)] {
    if (character* again = people.find_character(account)) {
      std::apply([&](auto... field) { std::apply([&](const auto&... value) { ((again->*field = value), ...); }, before); },
                 where);
    }
  });
}

/// The entry of `table` under `key`, just added by the calling part, is erased again if the event's batch
/// cannot be saved (the entry was never made).
template <typename Map>
void keep_new_entry(change_sink& changes, Map& table, const typename Map::key_type& key) {
  changes.on_rollback([&table, key] { table.erase(key); });
}

/// Erases the elements of `list` (a vector the calling part owns) for which `lifted` is true, and appends
/// them again, in their order, if the event's batch cannot be saved. Returns how many were erased.
template <typename T, typename Pred>
std::size_t erase_kept(change_sink& changes, std::vector<T>& list, Pred lifted) {
  std::vector<T> erased;
  std::copy_if(list.begin(), list.end(), std::back_inserter(erased), lifted);
  const std::size_t count = std::erase_if(list, lifted);
  changes.on_rollback([&list, erased = std::move(erased)] {
    list.insert(list.end(), erased.begin(), erased.end());
  });
  return count;
}

/// `ch` has just gained `gained` of `field` (a loss when negative): if the event's batch cannot be saved, the
/// gain is taken back from the value the character of `ch`'s account has then (not put back to a value
/// kept), never below `at_least`. For a value other events may change meanwhile, such as hit points.
template <typename T>
void keep_gain(change_sink& changes, roster& people, const character& ch, T character::*field, T gained,
               T at_least = std::numeric_limits<T>::lowest()) {
  changes.on_rollback([&people, account = ch.account_id, field, gained, at_least] {
    if (character* again = people.find_character(account)) {
      again->*field = std::max(at_least, static_cast<T>(again->*field - gained));
    }
  });
}

/// The item `id`, just put in `ch`'s pack, is taken out of the pack of the character of `ch`'s account again
/// if the event's batch cannot be saved.
void keep_new_item(change_sink& changes, roster& people, const character& ch, std::int64_t id);

/// `items`, just taken out of `ch`'s pack, are put back at the end of the pack of the character of `ch`'s
/// account if the event's batch cannot be saved.
void keep_lost_items(change_sink& changes, roster& people, const character& ch, std::vector<item> items);

/// `Undo` (a function, or a member function of the part that owns what it puts back, named for what it
/// undoes) is called with `args` (copied now) if the event's batch cannot be saved.
template <auto Undo, typename... Args>
void undo_with(change_sink& changes, Args... args) {
  changes.on_rollback([... args = std::move(args)] { std::invoke(Undo, args...); });
}

/// Sets `ch`'s preference `key` to `value` (empty: back to the default), saves it with the event, and puts
/// the old value back in memory if the event's batch cannot be saved.
void set_preference(change_sink& changes, roster& people, character& ch, std::string_view key,
                    std::string_view value);

}  // namespace dw::game
