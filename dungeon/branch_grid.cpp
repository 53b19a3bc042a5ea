#include "dungeon/branch_grid.hpp"

#include <array>
#include <stdexcept>

#include "dungeon/random.hpp"
#include "dungeon/spawn_rule.hpp"
#include "dungeon/way_on.hpp"

namespace dw::dungeon {

room_slot* branch_grid::find_or_load(coord c, room_loader* loader) {
  if (room_slot* s = rooms_.find(c)) {
    return s;
  }
  if (fully_resident_ || loader == nullptr || c == start_pos) {
    return nullptr;
  }
  const std::optional<room> stored = loader->load(info_.id, c);
  if (!stored) {
    // Not remembered: storage stays the authority for coordinates that are not resident.
    return nullptr;
  }
  if (stored->pos != c || stored->branch != info_.id) {
    throw std::runtime_error("room_loader returned a room from another place");
  }
  room_slot& s = rooms_.insert(c);
  s.id = stored->id;
  s.exits = stored->exits;
  s.clear = stored->clear;
  return &s;
}

room branch_grid::spawn(coord target, direction back, room_id id, std::uint32_t budget, bool can_finish,
                        clear_decider decide, room_loader* loader, change_set& out) {
  if (rooms_.find(target) != nullptr) {
    throw std::logic_error("spawn: a room already exists there");
  }
  // Up to four neighbours may load plus the new room: reserve first so slot pointers stay valid below.
  rooms_.reserve(rooms_.size() + 5);

  room fresh{id, info_.id, target, {}, true};
  std::array<room_slot*, 4> neighbours{};
  std::uint8_t candidates = 0;
  for (direction d : all_directions) {
    const std::optional<coord> n = step(target, d);
    if (!n || *n == start_pos) {
      if (d == back && n) {
        fresh.exits[index_of(d)] = exit_state::to_start;
      }
      // Never an exit to the start room (other than the way back) nor off the grid.
      continue;
    }
    neighbours[index_of(d)] = find_or_load(*n, loader);
    if (neighbours[index_of(d)] == nullptr && d != back) {
      candidates = static_cast<std::uint8_t>(candidates | bit_of(d));
    }
  }

  const room_slot* from = neighbours[index_of(back)];
  const bool from_start = fresh.exits[index_of(back)] == exit_state::to_start;
  if (!from_start && (from == nullptr || from->exits[index_of(opposite(back))] != exit_state::unexplored)) {
    throw std::logic_error("spawn: the walked exit is not unexplored");
  }

  // Every exit that pointed at target is explored now: the walked one becomes two-way, others one-way
  // (the new room gets no exit back to them).
  std::uint32_t open = info_.unexplored;
  std::array<bool, 4> modified{};
  for (direction d : all_directions) {
    room_slot* n = neighbours[index_of(d)];
    if (n == nullptr) {
      continue;
    }
    exit_state& toward_target = n->exits[index_of(opposite(d))];
    if (toward_target != exit_state::unexplored) {
      continue;
    }
    if (d == back) {
      toward_target = exit_state::two_way;
      fresh.exits[index_of(d)] = exit_state::two_way;
    } else {
      toward_target = exit_state::one_way;
    }
    modified[index_of(d)] = true;
    if (open > 0) {
      --open;
    }
  }
  const std::uint8_t chosen = choose_new_exits(room_seed(info_.seed, target), candidates, open, budget);
  for (direction d : all_directions) {
    if ((chosen & bit_of(d)) != 0) {
      fresh.exits[index_of(d)] = exit_state::unexplored;
      ++open;
    }
  }
  fresh.clear = decide(fresh);

  room_slot& s = rooms_.insert(target);
  s.id = fresh.id;
  s.exits = fresh.exits;
  s.clear = fresh.clear;
  info_.unexplored = open;
  ++info_.room_count;

  out.rooms.push_back(fresh);
  for (direction d : all_directions) {
    if (modified[index_of(d)]) {
      out.rooms.push_back(to_room(*neighbours[index_of(d)]));
    }
  }
  if (open == 0 && !can_finish) {
    // The walked exit was the last way on and this room (boxed in) offers none. The design wants a branch that
    // never runs dry, so the nearest room that borders an empty coordinate gets a new exit instead. It is
    // part of this change set, so it is saved together with the room that caused it. The new room itself is
    // never chosen: open == 0 means it had no free neighbour (with one, the spawn rule gives it k >= 1).
    const std::uint64_t choice_seed = room_seed(info_.seed, target) ^ 0x776179206F6E0000ULL;
    if (const std::optional<opened_exit> way = nearest_way_on(*this, target, choice_seed, loader)) {
      room_slot* opened = rooms_.find(way->pos);  // resident: the search has just read it
      opened->exits[index_of(way->dir)] = exit_state::unexplored;
      info_.unexplored = 1;
      const room value = to_room(*opened);
      bool listed = false;
      for (room& r : out.rooms) {
        if (r.id == value.id) {
          r = value;
          listed = true;
        }
      }
      if (!listed) {
        out.rooms.push_back(value);
      }
      out.opened = way;
    }
  }
  out.branch = info_;
  return fresh;
}

void branch_grid::undo_spawn(const change_set& spawned) noexcept {
  if (spawned.rooms.empty()) {
    return;
  }
  const room& fresh = spawned.rooms[0];
  const room_slot* here = rooms_.find(fresh.pos);
  if (here == nullptr || here->id != fresh.id) {
    return;  // already gone (evicted, or taken back before)
  }
  // Counted from the room as it is now, so that exits explored from it since then are not counted twice:
  // those later spawns give their own exit back when they are taken back.
  std::int64_t open = info_.unexplored;
  for (exit_state e : here->exits) {
    open -= e == exit_state::unexplored ? 1 : 0;
  }
  for (std::size_t i = 1; i < spawned.rooms.size(); ++i) {
    const room& neighbour = spawned.rooms[i];
    for (direction d : all_directions) {
      if (step(fresh.pos, d) != neighbour.pos) {
        continue;
      }
      room_slot* n = rooms_.find(neighbour.pos);
      if (n == nullptr) {
        continue;
      }
      exit_state& toward = n->exits[index_of(opposite(d))];
      if (toward == exit_state::two_way || toward == exit_state::one_way) {
        toward = exit_state::unexplored;
        ++open;
      }
    }
  }
  if (spawned.opened) {
    room_slot* n = rooms_.find(spawned.opened->pos);
    if (n != nullptr && n->id == spawned.opened->room) {
      exit_state& e = n->exits[index_of(spawned.opened->dir)];
      // Walked since: the room beyond exists now and is taken back (or not) on its own.
      if (e == exit_state::unexplored) {
        e = exit_state::none;
        --open;
      }
    }
  }
  info_.unexplored = static_cast<std::uint32_t>(open < 0 ? 0 : open);
  if (info_.room_count > 0) {
    --info_.room_count;
  }
  rooms_.erase(fresh.pos);
}

void branch_grid::restore_rooms(const std::vector<room>& rooms) {
  rooms_.reserve(rooms_.size() + rooms.size());
  for (const room& r : rooms) {
    if (r.branch != info_.id || rooms_.find(r.pos) != nullptr || r.pos == start_pos) {
      continue;
    }
    room_slot& s = rooms_.insert(r.pos);
    s.id = r.id;
    s.exits = r.exits;
    s.clear = r.clear;
  }
  fully_resident_ = true;
}

void branch_grid::evict() noexcept {
  rooms_.release();
  fully_resident_ = false;
}

}  // namespace dw::dungeon
