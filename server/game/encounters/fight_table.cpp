#include "server/game/encounters/fight_table.hpp"

#include "server/game/events/undoable.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

// The fights' table: each fight by room id, filled from new rooms and stored branches, emptied as fights end
// and branches collapse.

namespace dw::game {

room_fight* fight_table::find(std::int64_t room_id) {
  const auto found = rooms_.find(room_id);
  return found != rooms_.end() ? &found->second : nullptr;
}

const room_fight* fight_table::find(std::int64_t room_id) const {
  const auto found = rooms_.find(room_id);
  return found != rooms_.end() ? &found->second : nullptr;
}

room_fight& fight_table::start(std::int64_t room_id, std::uint64_t branch, content::fight_state monsters) {
  keep_row(room_id);
  return place(room_id, branch, std::move(monsters));
}

void fight_table::end(std::int64_t room_id) {
  keep_row(room_id);
  rooms_.erase(room_id);
}

void fight_table::set_ward(std::int64_t account, ward w) {
  keep_entry(changes_, wards_, account);
  wards_[account] = w;
}

void fight_table::leave(std::int64_t room_id, std::int64_t account) {
  room_fight* fight = find(room_id);
  if (fight == nullptr) {
    return;
  }
  std::erase(fight->fighters, account);
  fight->choices.erase(account);  // (a flight that got away is over; a fight joined later starts afresh)
  if (fight->fighters.empty()) {
    fight->active = false;  // monsters wait; the room stays uncleared
  }
}

room_fight& fight_table::place(std::int64_t room_id, std::uint64_t branch, content::fight_state monsters) {
  branches_.insert(branch);
  room_fight fight;
  fight.branch = branch;
  fight.monsters = std::move(monsters);
  return rooms_.insert_or_assign(room_id, std::move(fight)).first->second;
}

void fight_table::keep_row(std::int64_t room_id) {
  const auto found = rooms_.find(room_id);
  std::optional<room_fight> before;
  if (found != rooms_.end()) {
    before = found->second;
  }
  // (a row put back keeps its generation: a round timer still set for it finds it again, and one that
  // found nothing meanwhile is set again by the fights' own undo of the round)
  undo_with<&fight_table::put_back_row>(changes_, this, room_id, std::move(before));
}

void fight_table::put_back_row(std::int64_t room_id, const std::optional<room_fight>& before) {
  if (before) {
    // A branch that collapsed between the event and its failed commit took its rooms with it: a row put
    // back would be a fight in a room nobody can reach, never forgotten.
    if (branches_.contains(before->branch)) {
      rooms_.insert_or_assign(room_id, *before);
    }
  } else {
    rooms_.erase(room_id);
  }
}

std::string fight_table::stored_contents(std::int64_t room_id) const {
  const room_fight* fight = find(room_id);
  return fight != nullptr ? fight->monsters.encode() : std::string();
}

void fight_table::room_created(std::int64_t room_id, std::uint64_t branch,
                               std::optional<content::fight_state> monsters) {
  if (!monsters) {
    return;
  }
  place(room_id, branch, std::move(*monsters));
  // A room that could not be saved does not exist: neither do its monsters.
  keep_new_entry(changes_, rooms_, room_id);
}

void fight_table::restore_room(std::int64_t room_id, std::uint64_t branch, content::room_event event,
                               std::string_view contents) {
  if (event == content::room_event::rune_lock || event == content::room_event::rune_hint || contents.empty()) {
    return;
  }
  std::optional<content::fight_state> fight = content::fight_state::decode(contents);
  if (!fight) {
    log::error("room {}: unreadable fight state '{}' ignored", room_id, log_safe(contents));
    return;
  }
  place(room_id, branch, std::move(*fight));  // (what storage holds: nothing to undo)
}

void fight_table::forget_branch(std::uint64_t branch) {
  branches_.erase(branch);
  std::erase_if(rooms_, [branch](const auto& kv) { return kv.second.branch == branch; });
}

}  // namespace dw::game
