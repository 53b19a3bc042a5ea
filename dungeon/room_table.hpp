#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "dungeon/coord.hpp"
#include "dungeon/room.hpp"

namespace dw::dungeon {

/// A resident room as stored: 24 bytes, position in the key, branch implied by the owning table.
struct room_slot {
  std::uint64_t key = 0;  ///< pack(pos); 0 marks an empty slot (the start position is never a branch room)
  room_id id = 0;
  std::array<exit_state, 4> exits{};
  bool clear = true;

  coord pos() const noexcept { return unpack(key); }
};

/// Resident rooms of one branch: open addressing with linear probing, one flat array, no per-room allocation.
/// A single room is removed only when a spawn is taken back (its change could not be saved); erase shifts the
/// following run back instead of leaving tombstones, so lookups stay as short as before.
class room_table {
 public:
  /// Number of resident rooms.
  std::size_t size() const noexcept { return size_; }
  /// Heap bytes held by the table.
  std::size_t memory_bytes() const noexcept { return slots_.capacity() * sizeof(room_slot); }

  /// The resident room at c, or nullptr.
  room_slot* find(coord c) noexcept;
  const room_slot* find(coord c) const noexcept;

  /// Inserts a room at c (c must be absent and not the start position). May grow the table, which
  /// invalidates slot pointers unless reserve() already made room.
  room_slot& insert(coord c);

  /// Removes the room at c; false when there is none. Invalidates slot pointers.
  bool erase(coord c) noexcept;

  /// Makes room for n rooms in total, so that inserts up to n keep slot pointers valid.
  void reserve(std::size_t n);

  /// Drops every room and frees the memory.
  void release() noexcept;

  /// Calls fn(const room_slot&) for every resident room, in table order.
  template <class F>
  void for_each(F&& fn) const {
    for (const room_slot& s : slots_) {
      if (s.key != 0) {
        fn(s);
      }
    }
  }

 private:
  std::size_t home_of(std::uint64_t key) const noexcept;
  void rehash(std::size_t new_capacity);

  std::vector<room_slot> slots_;
  std::size_t size_ = 0;
  unsigned shift_ = 64;  ///< 64 - log2(capacity): Fibonacci hashing takes the top bits
};

}  // namespace dw::dungeon
