// Branches that fall in: idle ones on the tick, and any one at an administrator's word.
#include "server/game/places/collapse.hpp"
#include "server/game/events/undoable.hpp"
#include "server/log/log.hpp"


namespace dw::game {

int branch_collapse::collapse(dungeon::branch_id b, bool evacuate) {
  const auto info = rooms_.dungeon().branch(b);
  if (!info) {
    return 0;
  }
  location well;
  well.room_id = start_room_id;
  int moved = 0;
  if (evacuate) {
    std::vector<std::int64_t> inside;
    for (const character* c : people_.online()) {
      if (c->where.branch_id == static_cast<std::int64_t>(b)) {
        inside.push_back(c->account_id);
      }
    }
    for (std::int64_t account : inside) {
      if (character* ch = people_.find_character(account)) {
        out_.send(ch->connection, "The passages around you shudder and fall in! You are thrown back to the well.\n");
        moves_.move_character(*ch, well, "", ch->name + " tumbles out of a collapsing passage.\n");
        ++moved;
      }
    }
  }
  // Read after the evacuation (nobody inside): if the collapse cannot be saved, the branch comes back
  // as it is now and the evacuees' own undo puts them back inside.
  const auto emptied = rooms_.dungeon().branch(b);
  if (!emptied || !rooms_.dungeon().collapse(b)) {
    return moved;
  }
  log::info("{} (branch {}) collapsed", branch_name(*info), b);
  hooks_->forget_branch(b);
  rooms_.forget_interiors(static_cast<std::int64_t>(b));
  undo_with<&dungeon::dungeon::restore_branch>(changes_, &rooms_.dungeon(), *emptied);
  // Characters who logged out inside wake up at the bottom of the well, and are told why.
  changes_.persist(storage::collapse_branch{
      static_cast<std::int64_t>(b), well,
      "While you were away, the passages you were exploring collapsed. You wake at the bottom of the well."});
  return moved;
}

void branch_collapse::collapse_idle() {
  for (dungeon::branch_id b : rooms_.dungeon().collect_collapsible(services_.now())) {
    collapse(b, false);
  }
}

}  // namespace dw::game
