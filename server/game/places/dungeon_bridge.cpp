#include "server/game/places/dungeon_bridge.hpp"

#include "dungeon/coord.hpp"

namespace dw::game {

storage::room_record to_record(const dungeon::room& r) {
  storage::room_record rec{};
  rec.id = static_cast<std::int64_t>(r.id);
  rec.branch_id = static_cast<std::int64_t>(r.branch);
  rec.x = r.pos.x;
  rec.y = r.pos.y;
  rec.depth = static_cast<std::int32_t>(dungeon::depth_of(r.pos));
  rec.clear = r.clear;
  for (std::size_t i = 0; i < 4; ++i) {
    rec.exits[i] = static_cast<std::uint8_t>(r.exits[i]);
  }
  return rec;
}

dungeon::room to_room(const storage::room_record& r) {
  dungeon::room room;
  room.id = static_cast<dungeon::room_id>(r.id);
  room.branch = static_cast<dungeon::branch_id>(r.branch_id);
  room.pos = {r.x, r.y};
  room.clear = r.clear;
  for (std::size_t i = 0; i < 4; ++i) {
    room.exits[i] = static_cast<dungeon::exit_state>(r.exits[i] <= 4 ? r.exits[i] : 0);
  }
  return room;
}

storage::branch_record to_record(const dungeon::branch_info& b) {
  storage::branch_record rec{};
  rec.id = static_cast<std::int64_t>(b.id);
  rec.direction = static_cast<std::int32_t>(b.dir);
  rec.number = static_cast<std::int32_t>(b.number);
  rec.sequence = static_cast<std::int64_t>(b.sequence);
  rec.seed = b.seed;
  rec.tape_key = b.tape_key;
  rec.created_at = b.created;
  rec.window_end = b.window_end;
  rec.last_occupied = b.last_occupied;
  rec.unexplored = static_cast<std::int32_t>(b.unexplored);
  rec.room_count = static_cast<std::int32_t>(b.room_count);
  return rec;
}

dungeon::branch_info to_info(const storage::branch_record& b) {
  dungeon::branch_info info;
  info.id = static_cast<dungeon::branch_id>(b.id);
  info.dir = static_cast<dungeon::direction>(b.direction & 3);
  info.number = static_cast<std::uint32_t>(b.number);
  info.sequence = static_cast<std::uint64_t>(b.sequence);
  info.seed = b.seed;
  info.tape_key = b.tape_key;
  info.created = b.created_at;
  info.window_end = b.window_end;
  info.last_occupied = b.last_occupied;
  info.unexplored = static_cast<std::uint32_t>(b.unexplored);
  info.room_count = static_cast<std::uint32_t>(b.room_count);
  info.occupants = 0;  // nobody is inside a branch when the server starts
  return info;
}

storage::save_dungeon to_change(const dungeon::change_set& changes) {
  storage::save_dungeon out;
  // The branch row first: rooms reference it.
  if (changes.branch) {
    out.branch = to_record(*changes.branch);
  }
  out.rooms.reserve(changes.rooms.size());
  for (const dungeon::room& r : changes.rooms) {
    out.rooms.push_back(to_record(r));
  }
  if (changes.counters) {
    // Every spawn takes a room id, so only that counter is written each time; the branch counters
    // change only when a branch opens.
    const dungeon::id_counters& c = *changes.counters;
    out.counters.push_back({"next_room_id", static_cast<std::int64_t>(c.next_room_id)});
    if (changes.branch && changes.branch->room_count <= 1) {
      out.counters.push_back({"next_branch_sequence", static_cast<std::int64_t>(c.next_branch_sequence)});
      for (dungeon::direction d : dungeon::all_directions) {
        out.counters.push_back({std::string("next_branch_number_") + dungeon::letter(d),
                                static_cast<std::int64_t>(c.next_branch_number[dungeon::index_of(d)])});
      }
    }
  }
  return out;
}

dungeon_snapshot dungeon_state_of(const storage::world_snapshot& startup) {
  dungeon_snapshot snap;
  for (const storage::branch_record& b : startup.branches) {
    snap.branches.push_back(to_info(b));
  }
  auto counter = [&](std::string_view name) -> std::optional<std::int64_t> {
    for (const auto& [key, value] : startup.counters) {
      if (key == name) {
        return value;
      }
    }
    return std::nullopt;
  };
  if (auto next_room = counter("next_room_id")) {
    dungeon::id_counters c;
    c.next_room_id = static_cast<dungeon::room_id>(*next_room);
    c.next_branch_sequence = static_cast<std::uint64_t>(counter("next_branch_sequence").value_or(1));
    for (dungeon::direction d : dungeon::all_directions) {
      c.next_branch_number[dungeon::index_of(d)] = static_cast<std::uint32_t>(
          counter(std::string("next_branch_number_") + dungeon::letter(d)).value_or(1));
    }
    snap.counters = c;
  }
  return snap;
}

}  // namespace dw::game
