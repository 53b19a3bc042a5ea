#include "dungeon/room_table.hpp"

#include <bit>
#include <stdexcept>

namespace dw::dungeon {
namespace {

constexpr std::size_t min_capacity = 16;

// Grow at 3/4 load: most lookups are misses (free neighbour coordinates), and linear probing misses get
// long past that.
constexpr bool over_load(std::size_t size, std::size_t capacity) noexcept { return size * 4 > capacity * 3; }

}  // namespace

std::size_t room_table::home_of(std::uint64_t key) const noexcept {
  // Mix first: neighbouring coordinates differ in few bits.
  key ^= key >> 29;
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
}

room_slot* room_table::find(coord c) noexcept {
  return const_cast<room_slot*>(static_cast<const room_table*>(this)->find(c));
}

const room_slot* room_table::find(coord c) const noexcept {
  const std::uint64_t key = pack(c);
  if (size_ == 0 || key == 0) {
    return nullptr;
  }
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home_of(key);; i = (i + 1) & mask) {
    const room_slot& s = slots_[i];
    if (s.key == key) {
      return &s;
    }
    if (s.key == 0) {
      return nullptr;
    }
  }
}

room_slot& room_table::insert(coord c) {
  const std::uint64_t key = pack(c);
  if (key == 0) {
    throw std::invalid_argument("room_table: the start position is not a branch room");
  }
  reserve(size_ + 1);
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = home_of(key);
  while (slots_[i].key != 0) {
    i = (i + 1) & mask;
  }
  room_slot& s = slots_[i];
  s = room_slot{};
  s.key = key;
  ++size_;
  return s;
}

bool room_table::erase(coord c) noexcept {
  room_slot* found = find(c);
  if (found == nullptr) {
    return false;
  }
  // Backward-shift deletion: every later slot of the probe run whose home is not between the hole and
  // itself (cyclically) moves into the hole, so no lookup ever stops early at the emptied slot.
  const std::size_t mask = slots_.size() - 1;
  auto hole = static_cast<std::size_t>(found - slots_.data());
  for (std::size_t j = (hole + 1) & mask; slots_[j].key != 0; j = (j + 1) & mask) {
    const std::size_t home = home_of(slots_[j].key);
    const bool home_in_gap = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
    if (!home_in_gap) {
      slots_[hole] = slots_[j];
      hole = j;
    }
  }
  slots_[hole] = room_slot{};
  --size_;
  return true;
}

void room_table::reserve(std::size_t n) {
  std::size_t capacity = slots_.empty() ? min_capacity : slots_.size();
  while (over_load(n, capacity)) {
    capacity *= 2;
  }
  if (capacity != slots_.size()) {
    rehash(capacity);
  }
}

void room_table::release() noexcept {
  std::vector<room_slot>().swap(slots_);
  size_ = 0;
  shift_ = 64;
}

void room_table::rehash(std::size_t new_capacity) {
  std::vector<room_slot> old;
  old.swap(slots_);
  slots_.assign(new_capacity, room_slot{});
  shift_ = static_cast<unsigned>(64 - std::countr_zero(new_capacity));
  const std::size_t mask = new_capacity - 1;
  for (const room_slot& s : old) {
    if (s.key != 0) {
      std::size_t i = home_of(s.key);
      while (slots_[i].key != 0) {
        i = (i + 1) & mask;
      }
      slots_[i] = s;
    }
  }
}

}  // namespace dw::dungeon
