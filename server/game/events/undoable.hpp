#pragma once

// Changes that undo themselves. An event's batch is saved after the event, and if it cannot be saved the
// memory the event changed must go back (change_sink::on_rollback). Instead of each site writing an undo
// lambda of its own, a part keeps the values it is about to change through these typed calls: each one
// records the value as it is now and how to put it back, and the batch does so, newest first, if it fails.
//
//   keep(changes_, wizlock_);                                  // a value the part owns
//   keep_entry(changes_, xp_, ch.account_id);                  // one entry of a part's table
//   keep(changes_, people_, ch, &character::silver);           // fields of a character, found again by account
//   set_preference(changes_, people_, ch, "brief", "on");      // a preference: set, saved, and undone
//
// A character is found again by its account when the undo runs (it may have left play meanwhile: then
// there is nothing to put back). World thread only, like everything the batch touches.
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "server/game/events/event_sink.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// `value`, owned by the calling part (it outlives the event), is put back as it is now if the event's
/// batch cannot be saved. Call it before changing `value`.
template <typename T>
void keep(change_sink& changes, T& value) {
  changes.on_rollback([&value, before = value] { value = before; });
}

/// The entry of `table` (a map the calling part owns) under `key` is put back as it is now (the mapped
/// type's default when there is none yet) if the event's batch cannot be saved, as long as the entry still
/// exists then (an entry dropped meanwhile, at logout say, stays dropped).
template <typename Map>
void keep_entry(change_sink& changes, Map& table, const typename Map::key_type& key) {
  const auto found = table.find(key);
  typename Map::mapped_type before = found != table.end() ? found->second : typename Map::mapped_type{};
  changes.on_rollback([&table, key, before = std::move(before)] {
    if (auto again = table.find(key); again != table.end()) {
      again->second = before;
    }
  });
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

/// Sets `ch`'s preference `key` to `value` (empty: back to the default), saves it with the event, and puts
/// the old value back in memory if the event's batch cannot be saved.
void set_preference(change_sink& changes, roster& people, character& ch, std::string_view key,
                    std::string_view value);

}  // namespace dw::game
