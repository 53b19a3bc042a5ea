#include "dungeon/dungeon.hpp"

#include <stdexcept>
#include <string>

#include "dungeon/random.hpp"
#include "dungeon/way_on.hpp"

namespace dw::dungeon {

dungeon::dungeon(const dungeon_settings& settings, room_loader* loader) : settings_(settings), loader_(loader) {
  if (const auto error = settings_error(settings)) {
    throw std::invalid_argument(std::string(*error));
  }
}

branch_grid* dungeon::find(branch_id b) noexcept {
  const auto it = branches_.find(b);
  return it == branches_.end() ? nullptr : &it->second;
}

const branch_grid* dungeon::find(branch_id b) const noexcept {
  const auto it = branches_.find(b);
  return it == branches_.end() ? nullptr : &it->second;
}

branch_id dungeon::joined_from_start(direction d, std::int64_t now) const {
  const branch_grid* g = find(newest_[index_of(d)]);
  return g != nullptr && joinable(g->info(), now) ? g->info().id : 0;
}

enter_result dungeon::enter_from_start(direction d, std::int64_t now, clear_decider decide) {
  if (branch_grid* g = find(joined_from_start(d, now)); g != nullptr) {
    const room_slot* first = g->find_or_load(first_room_pos(d), loader_);
    if (first == nullptr) {
      throw std::runtime_error("dungeon: the first room of branch " + std::to_string(g->info().id) +
                               " is missing from storage");
    }
    return enter_result{g->info().id, g->to_room(*first), false, {}};
  }
  return create_branch(d, now, decide);
}

enter_result dungeon::create_branch(direction d, std::int64_t now, clear_decider decide) {
  branch_info info;
  info.sequence = counters_.next_branch_sequence++;
  info.id = info.sequence;
  info.dir = d;
  info.number = counters_.next_branch_number[index_of(d)]++;
  // From the direction and the per-direction number, not the global sequence: "East branch 1" is the same
  // whatever other branches were opened first. The seed is stored with the branch and rooms are regenerated
  // from the stored value, so branches saved with the older sequence-based seed still regenerate as before.
  info.seed = branch_seed(settings_.world_seed, d, info.number);
  // The rooms' random tapes follow the same seed (not the id), so what the branch holds is its own too.
  info.tape_key = info.seed;
  info.created = now;
  info.window_end = now + settings_.branch_join_seconds;
  info.last_occupied = now;

  auto [it, inserted] = branches_.try_emplace(info.id, info, true);
  if (!inserted) {
    throw std::logic_error("dungeon: branch id " + std::to_string(info.id) + " already in use");
  }
  newest_[index_of(d)] = info.id;

  enter_result r;
  r.branch = info.id;
  r.new_branch = true;
  r.first_room = it->second.spawn(first_room_pos(d), opposite(d), counters_.next_room_id++,
                                  settings_.max_unexplored_exits, settings_.branches_can_finish, decide, loader_,
                                  r.changes);
  r.changes.counters = counters_;
  return r;
}

move_result dungeon::move(branch_id b, coord from, direction d, bool in_combat, clear_decider decide) {
  move_result r;
  r.dir = d;
  branch_grid* g = find(b);
  if (g == nullptr) {
    return r;
  }
  const room_slot* here = g->find_or_load(from, loader_);
  if (here == nullptr) {
    return r;
  }
  const exit_state exit = here->exits[index_of(d)];
  const bool clear = here->clear;
  if (exit == exit_state::none) {
    r.status = move_status::no_exit;
    return r;
  }
  if (in_combat) {
    r.status = move_status::blocked_in_combat;
    return r;
  }
  if (exit == exit_state::to_start) {
    r.status = move_status::to_start;
    return r;
  }
  const std::optional<coord> target = step(from, d);
  if (!target) {
    throw std::logic_error("dungeon: an exit leads off the grid");
  }
  if (exit == exit_state::unexplored) {
    if (!clear) {
      r.status = move_status::blocked_not_clear;
      return r;
    }
    r.destination =
        g->spawn(*target, opposite(d), counters_.next_room_id++, settings_.max_unexplored_exits,
                 settings_.branches_can_finish, decide, loader_, r.changes);
    r.changes.counters = counters_;
    r.spawned = true;
    r.status = move_status::moved;
    return r;
  }
  const room_slot* there = g->find_or_load(*target, loader_);
  if (there == nullptr) {
    throw std::runtime_error("dungeon: an explored exit of branch " + std::to_string(b) +
                             " leads to a room missing from storage");
  }
  r.destination = g->to_room(*there);
  r.status = move_status::moved;
  return r;
}

change_set dungeon::open_way_around(branch_id b, coord avoid, std::uint64_t seed) {
  change_set changes;
  branch_grid* g = find(b);
  if (g == nullptr) {
    return changes;
  }
  const coord first = first_room_pos(g->info().dir);
  if (g->find_or_load(first, loader_) == nullptr) {
    return changes;
  }
  const std::optional<opened_exit> way = nearest_way_on(*g, first, seed, loader_, avoid);
  if (!way) {
    return changes;
  }
  room_slot* s = g->find_or_load(way->pos, loader_);  // resident: the search has just read it
  s->exits[index_of(way->dir)] = exit_state::unexplored;
  ++g->info().unexplored;
  changes.rooms.push_back(g->to_room(*s));
  changes.branch = g->info();
  changes.opened = way;
  return changes;
}

change_set dungeon::set_clear(branch_id b, coord c, bool clear) {
  change_set changes;
  branch_grid* g = find(b);
  if (g == nullptr) {
    return changes;
  }
  room_slot* s = g->find_or_load(c, loader_);
  if (s == nullptr || s->clear == clear) {
    return changes;
  }
  s->clear = clear;
  changes.rooms.push_back(g->to_room(*s));
  return changes;
}

std::optional<room> dungeon::room_at(branch_id b, coord c) {
  branch_grid* g = find(b);
  if (g == nullptr) {
    return std::nullopt;
  }
  const room_slot* s = g->find_or_load(c, loader_);
  if (s == nullptr) {
    return std::nullopt;
  }
  return g->to_room(*s);
}

std::optional<room> dungeon::resident_room_at(branch_id b, coord c) const {
  const branch_grid* g = find(b);
  if (g == nullptr) {
    return std::nullopt;
  }
  const room_slot* s = g->find_resident(c);
  if (s == nullptr) {
    return std::nullopt;
  }
  return g->to_room(*s);
}

void dungeon::for_each_room_in(branch_id b, coord min, coord max, function_ref<void(const room&)> fn) const {
  const branch_grid* g = find(b);
  if (g == nullptr || min.x > max.x || min.y > max.y) {
    return;
  }
  const auto width = static_cast<std::uint64_t>(static_cast<std::int64_t>(max.x) - min.x + 1);
  const auto height = static_cast<std::uint64_t>(static_cast<std::int64_t>(max.y) - min.y + 1);
  // A map window is small next to a big branch: probe its cells. A huge rectangle scans the table instead.
  if (width * height <= g->resident_rooms()) {
    for (std::int64_t y = max.y; y >= min.y; --y) {
      for (std::int64_t x = min.x; x <= max.x; ++x) {
        const coord c{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
        if (const room_slot* s = g->find_resident(c)) {
          fn(g->to_room(*s));
        }
      }
    }
    return;
  }
  g->for_each_resident([&](const room_slot& s) {
    const coord c = s.pos();
    if (c.x >= min.x && c.x <= max.x && c.y >= min.y && c.y <= max.y) {
      fn(g->to_room(s));
    }
  });
}

void dungeon::for_each_resident_room(branch_id b, function_ref<void(const room&)> fn) const {
  if (const branch_grid* g = find(b)) {
    g->for_each_resident([&](const room_slot& s) { fn(g->to_room(s)); });
  }
}

std::optional<branch_info> dungeon::branch(branch_id b) const {
  if (const branch_grid* g = find(b)) {
    return g->info();
  }
  return std::nullopt;
}

std::optional<std::uint64_t> dungeon::tape_key(branch_id b) const noexcept {
  if (const branch_grid* g = find(b)) {
    return g->info().tape_key;
  }
  return std::nullopt;
}

std::vector<branch_info> dungeon::branches() const {
  std::vector<branch_info> all;
  all.reserve(branches_.size());
  for (const auto& [id, g] : branches_) {
    all.push_back(g.info());
  }
  return all;
}

change_set dungeon::enter_branch(branch_id b) {
  change_set changes;
  if (branch_grid* g = find(b)) {
    ++g->info().occupants;
    changes.branch = g->info();
  }
  return changes;
}

change_set dungeon::leave_branch(branch_id b, std::int64_t now) {
  change_set changes;
  if (branch_grid* g = find(b)) {
    branch_info& info = g->info();
    if (info.occupants > 0) {
      --info.occupants;
    }
    if (info.occupants == 0) {
      info.last_occupied = now;
    }
    changes.branch = info;
  }
  return changes;
}

std::vector<branch_id> dungeon::collect_collapsible(std::int64_t now) const {
  std::vector<branch_id> ids;
  for (const auto& [id, g] : branches_) {
    const branch_info& info = g.info();
    if (!window_open(info, now) && info.occupants == 0 &&
        now - info.last_occupied >= settings_.branch_idle_collapse_seconds) {
      ids.push_back(id);
    }
  }
  return ids;
}

bool dungeon::collapse(branch_id b) {
  const auto it = branches_.find(b);
  // Never collapse on someone: the caller must move occupants out (and leave_branch) first.
  if (it == branches_.end() || it->second.info().occupants > 0) {
    return false;
  }
  branch_id& newest = newest_[index_of(it->second.info().dir)];
  if (newest == b) {
    newest = 0;
  }
  branches_.erase(it);
  return true;
}

void dungeon::undo_spawn(const change_set& spawned) noexcept {
  if (spawned.rooms.empty()) {
    return;
  }
  if (branch_grid* g = find(spawned.rooms[0].branch)) {
    g->undo_spawn(spawned);
  }
}

void dungeon::undo_new_branch(branch_id b) noexcept {
  const auto it = branches_.find(b);
  if (it == branches_.end()) {
    return;
  }
  const direction d = it->second.info().dir;
  branches_.erase(it);
  // The start exit leads to the newest remaining branch of that direction, as it did before.
  branch_id& newest = newest_[index_of(d)];
  newest = 0;
  std::uint64_t best = 0;
  for (const auto& [id, g] : branches_) {
    if (g.info().dir == d && g.info().sequence > best) {
      best = g.info().sequence;
      newest = id;
    }
  }
}

bool dungeon::restore_rooms(branch_id b, const std::vector<room>& rooms) {
  branch_grid* g = find(b);
  if (g == nullptr) {
    return false;
  }
  g->restore_rooms(rooms);
  return true;
}

bool dungeon::fully_resident(branch_id b) const noexcept {
  const branch_grid* g = find(b);
  return g != nullptr && g->fully_resident();
}

bool dungeon::evict(branch_id b) {
  if (branch_grid* g = find(b)) {
    g->evict();
    return true;
  }
  return false;
}

bool dungeon::restore_branch(const branch_info& info) {
  if (info.id == 0 || !branches_.try_emplace(info.id, info, false).second) {
    return false;
  }
  branch_id& newest = newest_[index_of(info.dir)];
  const branch_grid* current = find(newest);
  if (current == nullptr || current->info().sequence < info.sequence) {
    newest = info.id;
  }
  if (counters_.next_branch_sequence <= info.sequence) {
    counters_.next_branch_sequence = info.sequence + 1;
  }
  std::uint32_t& number = counters_.next_branch_number[index_of(info.dir)];
  if (number <= info.number) {
    number = info.number + 1;
  }
  return true;
}

std::optional<std::string_view> dungeon::set_settings(const dungeon_settings& s) {
  if (const auto error = settings_error(s)) {
    return error;
  }
  settings_ = s;
  return std::nullopt;
}

std::size_t dungeon::resident_rooms() const noexcept {
  std::size_t n = 0;
  for (const auto& [id, g] : branches_) {
    n += g.resident_rooms();
  }
  return n;
}

std::size_t dungeon::resident_branches() const noexcept {
  std::size_t n = 0;
  for (const auto& [id, g] : branches_) {
    n += g.resident_rooms() > 0 ? 1 : 0;
  }
  return n;
}

std::size_t dungeon::resident_bytes() const noexcept {
  std::size_t n = 0;
  for (const auto& [id, g] : branches_) {
    n += g.memory_bytes();
  }
  return n;
}

}  // namespace dw::dungeon
