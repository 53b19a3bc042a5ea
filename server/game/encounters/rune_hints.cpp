#include "server/game/encounters/rune_locks.hpp"

#include "server/game/encounters/room_stock.hpp"


#include "content/hint_places.hpp"
#include "dungeon/reach.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "server/log/log.hpp"

// Where each rune lock's solution is written (the puzzles' table, rune_locks.hpp): the index of hint places by
// branch, and moving a hint whose place was walled in to the next place still reachable without passing the lock.

namespace dw::game {

const content::rune_hint* rune_locks::hint_at(std::uint64_t branch, dungeon::coord at) const {
  const auto b = hints_.find(branch);
  if (b == hints_.end()) {
    return nullptr;
  }
  const auto h = b->second.find(dungeon::pack(at));
  return h == b->second.end() ? nullptr : &h->second;
}

std::vector<std::pair<dungeon::coord, dungeon::coord>> rune_locks::locks_and_hints(std::uint64_t branch) const {
  std::vector<std::pair<dungeon::coord, dungeon::coord>> out;
  if (const auto found = hints_.find(branch); found != hints_.end()) {
    for (const auto& [key, hint] : found->second) {
      out.emplace_back(dungeon::coord{hint.lock_x, hint.lock_y}, dungeon::unpack(key));
    }
  }
  return out;
}

void rune_locks::index_hint(std::uint64_t branch, dungeon::coord lock_at, const content::rune_lock& lock) {
  hints_[branch][dungeon::pack({lock.hint_x, lock.hint_y})] = content::rune_hint{lock_at.x, lock_at.y, lock.sequence};
}

void rune_locks::move_walled_in_hints(std::uint64_t branch) {
  // After every spawn: an unsolved lock whose hint room does not exist yet and whose hint place can no longer
  // be reached without passing through the lock (walled in by this room, or its way cut off) gets the next
  // reachable place: its tape's candidates first, else the nearest reachable place. The move is saved with
  // the lock's contents in this spawn's change set.
  const auto found = hints_.find(branch);
  if (found == hints_.end()) {
    return;
  }
  const dungeon::dungeon& d = ground_.dungeon();
  std::vector<std::pair<dungeon::coord, dungeon::coord>> stale;  // (lock, hint)
  for (const auto& [key, hint] : found->second) {
    const dungeon::coord at = dungeon::unpack(key);
    const dungeon::coord lock_at{hint.lock_x, hint.lock_y};
    if (d.resident_room_at(branch, at).has_value()) {
      continue;  // written already
    }
    const auto lock_room = d.resident_room_at(branch, lock_at);
    const content::rune_lock* lock = lock_room ? lock_in(static_cast<std::int64_t>(lock_room->id)) : nullptr;
    if (lock == nullptr || lock->solved) {
      continue;
    }
    if (!dungeon::reach_without(d, branch, lock_at).can_reach(at)) {
      stale.emplace_back(lock_at, at);
    }
  }
  for (const auto& [lock_at, old_at] : stale) {
    const auto lock_room = d.resident_room_at(branch, lock_at);
    const auto room_id = static_cast<std::int64_t>(lock_room->id);
    content::rune_lock& lock = *rooms_.at(room_id).lock;
    std::vector<dungeon::coord> candidates;
    for (const auto& [x, y] : content::hint_candidates(content_.get().puzzles,
                                                       tape_in_branch(settings_.get(), d, branch, lock_at.x, lock_at.y),
                                                       lock_at.x, lock_at.y)) {
      candidates.push_back({x, y});
    }
    const auto refused = [&](dungeon::coord c) { return hint_at(branch, c) != nullptr; };
    std::optional<dungeon::coord> to =
        dungeon::reachable_place(dungeon::reach_without(d, branch, lock_at), lock_at, candidates, refused);
    if (!to) {
      // Every way on of the branch is behind this lock's sealed door: its blocked exits do not count as open
      // for the never-dry rule, so the branch opens one elsewhere, reached without passing the door.
      const dungeon::change_set opened =
          ground_.dungeon().open_way_around(branch, lock_at, dungeon::pack(lock_at) ^ dungeon::pack(old_at));
      if (!opened.empty()) {
        changes_.persist(to_change(opened));
        log::info("branch {} ({},{}): every way on lay behind the sealed rune lock; a way on opened {} of ({},{})",
                     branch, lock_at.x, lock_at.y, dungeon::name(opened.opened->dir), opened.opened->pos.x,
                     opened.opened->pos.y);
        to = dungeon::reachable_place(dungeon::reach_without(d, branch, lock_at), lock_at, candidates, refused);
      }
    }
    if (!to) {
      // Nothing reached without the door borders an empty place: the order cannot be written anywhere yet.
      log::warn(
          "branch {} ({},{}): the rune lock's hint at ({},{}) cannot be reached and there is no place "
          "left to move it",
          branch, lock_at.x, lock_at.y, old_at.x, old_at.y);
      continue;
    }
    const content::rune_lock before = lock;
    hints_[branch].erase(dungeon::pack(old_at));
    lock.hint_x = to->x;
    lock.hint_y = to->y;
    index_hint(branch, lock_at, lock);
    save_lock(room_id, lock);
    log::info("branch {} ({},{}): rune lock's hint moved from ({},{}) to ({},{}), the old place walled off", branch,
                 lock_at.x, lock_at.y, old_at.x, old_at.y, to->x, to->y);
    changes_.on_rollback([this, branch, room_id, lock_at, before, moved_to = *to] {
      hints_[branch].erase(dungeon::pack(moved_to));
      if (auto s = rooms_.find(room_id); s != rooms_.end() && s->second.lock) {
        *s->second.lock = before;
        index_hint(branch, lock_at, before);
      }
    });
  }
}

}  // namespace dw::game
