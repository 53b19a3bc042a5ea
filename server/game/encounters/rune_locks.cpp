#include "server/game/encounters/rune_locks.hpp"

#include "content/hint_places.hpp"
#include "content/room_event.hpp"
#include "content/text_helpers.hpp"
#include "dungeon/reach.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

// The puzzles' table: each rune lock and hint room by room id, filled from new rooms and stored branches,
// emptied with collapsed branches; opening a door; moving a hint whose place was walled in to the next place
// still reachable without passing the lock (the index of hint places is rune_hints').

namespace dw::game {

rune_locks::rune_locks(const live_settings& settings, const content_source& content, change_sink& changes,
                       ground& where)
    : settings_(settings), content_(content), changes_(changes), ground_(where) {}

const content::rune_lock* rune_locks::lock_in(std::int64_t room_id) const {
  const auto found = rooms_.find(room_id);
  return found != rooms_.end() && found->second.lock ? &*found->second.lock : nullptr;
}

const content::rune_hint* rune_locks::hint_in(std::int64_t room_id) const {
  const auto found = rooms_.find(room_id);
  return found != rooms_.end() && found->second.hint ? &*found->second.hint : nullptr;
}

std::string rune_locks::stored_contents(std::int64_t room_id) const {
  if (const content::rune_lock* lock = lock_in(room_id)) {
    return lock->encode();
  }
  if (const content::rune_hint* hint = hint_in(room_id)) {
    return hint->encode();
  }
  return {};
}

std::string rune_locks::text(std::int64_t room_id) const {
  if (const content::rune_lock* lock = lock_in(room_id)) {
    const std::vector<std::string> shown = lock->shown();
    const std::string count = content::capitalise(content::count_word(static_cast<int>(shown.size())));
    if (lock->solved) {
      return "A door of black stone stands open; its runes (" + content::rune_list(shown) + ") are dark.\n";
    }
    return "A door of black stone seals the way on. " + count + " runes are carved in it: " +
           content::rune_list(shown) + ". Press them in the right order ('press " + shown.front() +
           " ...') or speak the word of opening.\n";
  }
  if (const content::rune_hint* hint = hint_in(room_id); hint != nullptr && !hint->sequence.empty()) {
    std::string order = hint->sequence.front();
    for (std::size_t i = 1; i < hint->sequence.size(); ++i) {
      order += (i == 1 ? ", then " : ", ") + hint->sequence[i];
    }
    return "Scratched into the wall: " + order + " - the way through a sealed door nearby.\n";
  }
  return {};
}

void rune_locks::room_created(std::int64_t room_id, std::uint64_t branch, dungeon::coord at,
                              std::optional<content::rune_lock> lock, std::optional<content::rune_hint> hint) {
  if (!lock && !hint) {
    return;
  }
  std::optional<dungeon::coord> hint_place;
  if (lock) {
    hint_place = dungeon::coord{lock->hint_x, lock->hint_y};
    hints_.write(branch, at, *lock);
  }
  rooms_[room_id] = puzzle_room{branch, std::move(lock), std::move(hint)};
  // A room that could not be saved does not exist: neither does its lock or hint.
  undo_with<&rune_locks::forget_new_room>(changes_, this, room_id, branch, hint_place);
}

void rune_locks::forget_new_room(std::int64_t room_id, std::uint64_t branch,
                                 const std::optional<dungeon::coord>& hint_place) {
  rooms_.erase(room_id);
  if (hint_place) {
    hints_.erase(branch, *hint_place);
  }
}

bool rune_locks::open(std::int64_t room_id) {
  const auto found = rooms_.find(room_id);
  if (found == rooms_.end() || !found->second.lock || found->second.lock->solved) {
    return false;
  }
  found->second.lock->solved = true;
  undo_with<&rune_locks::seal_again>(changes_, this, room_id);
  return true;
}

void rune_locks::seal_again(std::int64_t room_id) {
  if (auto again = rooms_.find(room_id); again != rooms_.end() && again->second.lock) {
    again->second.lock->solved = false;
  }
}

void rune_locks::save_lock(std::int64_t room_id, const content::rune_lock& lock) {
  changes_.persist(
      storage::save_room_contents{room_id, static_cast<std::int32_t>(content::room_event::rune_lock), lock.encode()});
}

void rune_locks::move_walled_in_hints(std::uint64_t branch) {
  // After every spawn: an unsolved lock whose hint room does not exist yet and whose hint place can no longer
  // be reached without passing through the lock (walled in by this room, or its way cut off) gets the next
  // reachable place: its tape's candidates first, else the nearest reachable place. The move is saved with
  // the lock's contents in this spawn's change set.
  const std::vector<std::pair<dungeon::coord, dungeon::coord>> written = hints_.locks_and_hints(branch);
  if (written.empty()) {
    return;
  }
  const dungeon::dungeon& d = ground_.dungeon();
  std::vector<std::pair<dungeon::coord, dungeon::coord>> stale;  // (lock, hint)
  for (const auto& [lock_at, at] : written) {
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
    const auto refused = [&](dungeon::coord c) { return hints_.hint_at(branch, c) != nullptr; };
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
    hints_.erase(branch, old_at);
    lock.hint_x = to->x;
    lock.hint_y = to->y;
    hints_.write(branch, lock_at, lock);
    save_lock(room_id, lock);
    log::info("branch {} ({},{}): rune lock's hint moved from ({},{}) to ({},{}), the old place walled off", branch,
                 lock_at.x, lock_at.y, old_at.x, old_at.y, to->x, to->y);
    undo_with<&rune_locks::put_back_hint>(changes_, this, branch, room_id, lock_at, before, *to);
  }
}

void rune_locks::put_back_hint(std::uint64_t branch, std::int64_t room_id, dungeon::coord lock_at,
                               const content::rune_lock& before, dungeon::coord moved_to) {
  hints_.erase(branch, moved_to);
  if (auto s = rooms_.find(room_id); s != rooms_.end() && s->second.lock) {
    *s->second.lock = before;
    hints_.write(branch, lock_at, before);
  }
}

void rune_locks::restore_branch(const storage::branch_snapshot& snapshot) {
  const auto branch = static_cast<std::uint64_t>(snapshot.branch_id);
  for (const storage::room_record& rec : snapshot.rooms) {
    if (rec.event == static_cast<std::int32_t>(content::room_event::rune_lock)) {
      if (rooms_.count(rec.id) != 0) {
        continue;  // already in memory, and newer
      }
      std::optional<content::rune_lock> lock = content::rune_lock::decode(rec.contents);
      if (!lock) {
        log::error("room {}: unreadable rune lock '{}' ignored", rec.id, log_safe(rec.contents));
        continue;
      }
      hints_.write(branch, {rec.x, rec.y}, *lock);
      rooms_.emplace(rec.id, puzzle_room{branch, std::move(lock), std::nullopt});
    } else if (rec.event == static_cast<std::int32_t>(content::room_event::rune_hint)) {
      if (rooms_.count(rec.id) != 0) {
        continue;
      }
      std::optional<content::rune_hint> hint = content::rune_hint::decode(rec.contents);
      if (!hint) {
        log::error("room {}: unreadable rune hint '{}' ignored", rec.id, log_safe(rec.contents));
        continue;
      }
      rooms_.emplace(rec.id, puzzle_room{branch, std::nullopt, std::move(hint)});
    }
  }
}

void rune_locks::forget_branch(std::uint64_t branch) {
  hints_.forget_branch(branch);
  std::erase_if(rooms_, [branch](const auto& kv) { return kv.second.branch == branch; });
}

}  // namespace dw::game
