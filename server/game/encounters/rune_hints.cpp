#include "server/game/encounters/rune_hints.hpp"

// Where each rune lock's solution is written: the index of hint places by branch (rune_hints.hpp).

namespace dw::game {

const content::rune_hint* rune_hints::hint_at(std::uint64_t branch, dungeon::coord at) const {
  const auto b = hints_.find(branch);
  if (b == hints_.end()) {
    return nullptr;
  }
  const auto h = b->second.find(dungeon::pack(at));
  return h == b->second.end() ? nullptr : &h->second;
}

std::vector<std::pair<dungeon::coord, dungeon::coord>> rune_hints::locks_and_hints(std::uint64_t branch) const {
  std::vector<std::pair<dungeon::coord, dungeon::coord>> out;
  if (const auto found = hints_.find(branch); found != hints_.end()) {
    for (const auto& [key, hint] : found->second) {
      out.emplace_back(dungeon::coord{hint.lock_x, hint.lock_y}, dungeon::unpack(key));
    }
  }
  return out;
}

void rune_hints::write(std::uint64_t branch, dungeon::coord lock_at, const content::rune_lock& lock) {
  hints_[branch][dungeon::pack({lock.hint_x, lock.hint_y})] = content::rune_hint{lock_at.x, lock_at.y, lock.sequence};
}

void rune_hints::erase(std::uint64_t branch, dungeon::coord at) {
  // (a rollback's erase may come after the branch was forgotten: nothing is made for it)
  if (const auto b = hints_.find(branch); b != hints_.end()) {
    b->second.erase(dungeon::pack(at));
  }
}

}  // namespace dw::game
