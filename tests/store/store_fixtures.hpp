#pragma once

#include <cstdint>

#include "server/store/records.hpp"

namespace dw::store::testing {

inline branch_record make_branch(std::int64_t id, std::int64_t sequence = 1) {
  branch_record b;
  b.id = id;
  b.direction = 2;
  b.number = static_cast<std::int32_t>(id);
  b.sequence = sequence;
  b.seed = 0xFEEDFACECAFEBEEFull;
  b.created_at = 1000;
  b.window_end = 2000;
  b.last_occupied = 1500;
  b.unexplored = 3;
  b.room_count = 10;
  return b;
}

inline room_record make_room(std::int64_t id, std::int64_t branch_id, std::int32_t x, std::int32_t y) {
  room_record r;
  r.id = id;
  r.branch_id = branch_id;
  r.x = x;
  r.y = y;
  r.depth = x + y;
  r.clear = (x % 2) == 0;
  r.exits = {2, 1, 0, 3};
  r.event = 7;
  r.contents = "m:goblin,3;f:0";
  return r;
}

inline item_record make_item(std::int64_t owner_account, std::int64_t room_id) {
  item_record i;
  i.kind = "weapon";
  i.key = "short_sword";
  i.seed = 0x8000000000000001ull;
  i.owner_account = owner_account;
  i.room_id = room_id;
  return i;
}

}  // namespace dw::store::testing
