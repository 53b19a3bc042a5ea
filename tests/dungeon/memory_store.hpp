#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dungeon/change_set.hpp"
#include "dungeon/room.hpp"
#include "dungeon/room_loader.hpp"

namespace dw::dungeon::testing {

/// Stands in for the server's SQLite store: applies change sets and serves rooms back as a loader.
class memory_store : public room_loader {
 public:
  std::optional<room> load(branch_id b, coord c) override {
    ++loads_;
    const auto it = rooms_.find(key{b, pack(c)});
    if (it == rooms_.end()) {
      return std::nullopt;
    }
    return it->second;
  }

  /// Persists a change set the way the server would (upsert everything).
  void apply(const change_set& changes) {
    for (const room& r : changes.rooms) {
      rooms_[key{r.branch, pack(r.pos)}] = r;
    }
    if (changes.branch) {
      branches_[changes.branch->id] = *changes.branch;
    }
    if (changes.counters) {
      counters_ = *changes.counters;
    }
  }

  /// Puts a hand-made room in storage (scenario set-up).
  void put(const room& r) { rooms_[key{r.branch, pack(r.pos)}] = r; }

  /// Deletes a collapsed branch.
  void remove_branch(branch_id b) {
    std::erase_if(rooms_, [b](const auto& entry) { return entry.first.branch == b; });
    branches_.erase(b);
  }

  std::optional<room> find(branch_id b, coord c) const {
    const auto it = rooms_.find(key{b, pack(c)});
    if (it == rooms_.end()) {
      return std::nullopt;
    }
    return it->second;
  }

  /// Every stored room of b, in a stable order.
  std::vector<room> rooms_of(branch_id b) const {
    std::vector<room> out;
    for (const auto& [k, r] : rooms_) {
      if (k.branch == b) {
        out.push_back(r);
      }
    }
    std::sort(out.begin(), out.end(), [](const room& a, const room& z) { return pack(a.pos) < pack(z.pos); });
    return out;
  }

  /// Everything stored, ordered: two stores from the same play compare equal.
  std::map<std::pair<branch_id, std::uint64_t>, room> snapshot() const {
    std::map<std::pair<branch_id, std::uint64_t>, room> out;
    for (const auto& [k, r] : rooms_) {
      out.emplace(std::pair{k.branch, k.packed}, r);
    }
    return out;
  }

  const std::map<branch_id, branch_info>& branches() const { return branches_; }
  std::size_t loads() const { return loads_; }
  std::size_t room_count() const { return rooms_.size(); }

 private:
  struct key {
    branch_id branch;
    std::uint64_t packed;
    friend bool operator==(const key&, const key&) = default;
  };
  struct key_hash {
    std::size_t operator()(const key& k) const noexcept {
      return static_cast<std::size_t>((k.packed ^ (k.branch * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL);
    }
  };

  std::unordered_map<key, room, key_hash> rooms_;
  std::map<branch_id, branch_info> branches_;
  std::optional<id_counters> counters_;
  std::size_t loads_ = 0;
};

}  // namespace dw::dungeon::testing
