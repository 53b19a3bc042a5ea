#include "tests/dungeon/invariants.hpp"

#include <set>
#include <sstream>

namespace dw::dungeon::testing {
namespace {

std::string where(const room& r) {
  std::ostringstream s;
  s << "branch " << r.branch << " room " << r.id << " at (" << r.pos.x << "," << r.pos.y << ")";
  return s.str();
}

void check_rooms(const dungeon& d, const memory_store& store, const branch_info& info,
                 std::vector<std::string>& out) {
  const std::vector<room> rooms = store.rooms_of(info.id);
  const std::uint32_t budget = d.settings().max_unexplored_exits;
  std::uint32_t unexplored = 0;
  bool first_seen = false;
  for (const room& r : rooms) {
    if (r.branch != info.id) {
      out.push_back(where(r) + ": wrong branch field");
    }
    if (r.pos == start_pos) {
      out.push_back(where(r) + ": a branch room at the start position");
    }
    const auto n = static_cast<std::uint64_t>(static_cast<std::int64_t>(r.pos.x) * r.pos.x +
                                              static_cast<std::int64_t>(r.pos.y) * r.pos.y);
    const auto depth = static_cast<std::uint64_t>(depth_of(r.pos));
    if (depth * depth > n || (depth + 1) * (depth + 1) <= n) {
      out.push_back(where(r) + ": wrong depth");
    }
    const bool is_first = r.pos == first_room_pos(info.dir);
    first_seen = first_seen || is_first;
    for (direction dir : all_directions) {
      const exit_state e = r.exit(dir);
      const std::optional<coord> t = step(r.pos, dir);
      if (e == exit_state::none) {
        continue;
      }
      if (e == exit_state::to_start) {
        if (!is_first || dir != opposite(info.dir)) {
          out.push_back(where(r) + ": a to_start exit other than the first room's way back");
        }
        continue;
      }
      if (!t || *t == start_pos) {
        out.push_back(where(r) + ": an exit toward " + std::string(name(dir)) + " into the start room");
        continue;
      }
      const std::optional<room> target = store.find(info.id, *t);
      switch (e) {
        case exit_state::unexplored:
          ++unexplored;
          if (target) {
            out.push_back(where(r) + ": unexplored exit " + std::string(name(dir)) + " into an existing room");
          }
          break;
        case exit_state::two_way:
          if (!target || target->exit(opposite(dir)) != exit_state::two_way) {
            out.push_back(where(r) + ": two_way exit " + std::string(name(dir)) + " without its reverse");
          }
          break;
        case exit_state::one_way:
          if (!target || target->exit(opposite(dir)) != exit_state::none) {
            out.push_back(where(r) + ": one_way exit " + std::string(name(dir)) + " whose target leads back");
          }
          break;
        default:
          break;
      }
    }
    if (is_first && r.exit(opposite(info.dir)) != exit_state::to_start) {
      out.push_back(where(r) + ": first room without its way back");
    }
  }
  if (!rooms.empty() && !first_seen) {
    out.push_back("branch " + std::to_string(info.id) + ": no first room");
  }
  if (unexplored != info.unexplored) {
    out.push_back("branch " + std::to_string(info.id) + ": stored unexplored " + std::to_string(info.unexplored) +
                  " but recount " + std::to_string(unexplored));
  }
  if (info.unexplored > budget) {
    out.push_back("branch " + std::to_string(info.id) + ": budget exceeded");
  }
  if (rooms.size() != info.room_count) {
    out.push_back("branch " + std::to_string(info.id) + ": room_count " + std::to_string(info.room_count) +
                  " but stored " + std::to_string(rooms.size()));
  }
  const auto stored = store.branches().find(info.id);
  if (stored == store.branches().end() || stored->second != info) {
    out.push_back("branch " + std::to_string(info.id) + ": stored branch info differs from the model");
  }
  std::size_t resident = 0;
  d.for_each_resident_room(info.id, [&](const room& r) {
    ++resident;
    if (store.find(info.id, r.pos) != r) {
      out.push_back(where(r) + ": resident room not persisted as is");
    }
  });
  if (resident > rooms.size()) {
    out.push_back("branch " + std::to_string(info.id) + ": more resident rooms than stored");
  }
}

}  // namespace

std::vector<std::string> check_branch(const dungeon& d, const memory_store& store, branch_id b) {
  std::vector<std::string> out;
  if (const std::optional<branch_info> info = d.branch(b)) {
    check_rooms(d, store, *info, out);
  } else if (!store.rooms_of(b).empty()) {
    out.push_back("branch " + std::to_string(b) + ": rooms stored for a branch the model does not know");
  }
  return out;
}

std::vector<std::string> check_invariants(const dungeon& d, const memory_store& store) {
  std::vector<std::string> out;
  std::set<room_id> ids;
  for (const branch_info& info : d.branches()) {
    check_rooms(d, store, info, out);
    for (const room& r : store.rooms_of(info.id)) {
      // Branches are disjoint: no room id is shared, even across grids that reuse a coordinate.
      if (!ids.insert(r.id).second || r.id < 3) {
        out.push_back(where(r) + ": room id reused or reserved");
      }
    }
  }
  return out;
}

}  // namespace dw::dungeon::testing
