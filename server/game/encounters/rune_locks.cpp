#include "server/game/encounters/rune_locks.hpp"


#include "content/room_event.hpp"
#include "content/text_helpers.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

// The puzzles' table: each rune lock and hint room by room id, filled from new rooms and stored branches,
// emptied with collapsed branches; opening a door.

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
  std::optional<std::uint64_t> hint_key;
  if (lock) {
    hint_key = dungeon::pack({lock->hint_x, lock->hint_y});
    index_hint(branch, at, *lock);
  }
  rooms_[room_id] = puzzle_room{branch, std::move(lock), std::move(hint)};
  // A room that could not be saved does not exist: neither does its lock or hint.
  changes_.on_rollback([this, room_id, branch, hint_key] {
    rooms_.erase(room_id);
    if (hint_key) {
      hints_[branch].erase(*hint_key);
    }
  });
}

bool rune_locks::open(std::int64_t room_id) {
  const auto found = rooms_.find(room_id);
  if (found == rooms_.end() || !found->second.lock || found->second.lock->solved) {
    return false;
  }
  found->second.lock->solved = true;
  changes_.on_rollback([this, room_id] {
    if (auto again = rooms_.find(room_id); again != rooms_.end() && again->second.lock) {
      again->second.lock->solved = false;
    }
  });
  return true;
}

void rune_locks::save_lock(std::int64_t room_id, const content::rune_lock& lock) {
  changes_.persist(
      storage::save_room_contents{room_id, static_cast<std::int32_t>(content::room_event::rune_lock), lock.encode()});
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
      index_hint(branch, {rec.x, rec.y}, *lock);
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
  hints_.erase(branch);
  std::erase_if(rooms_, [branch](const auto& kv) { return kv.second.branch == branch; });
}

}  // namespace dw::game
