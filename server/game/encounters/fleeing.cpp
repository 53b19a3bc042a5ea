// Fleeing: the way out of a fight, and the run.
#include "server/game/encounters/fleeing.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "content/fight_judgement.hpp"

namespace dw::game {

std::optional<exit_dir> fleeing::way_out(const character& ch, const content::tape& tape, std::uint32_t round) const {
  const std::optional<place> here = ground_.at(ch.where);
  if (!here) {
    return std::nullopt;
  }
  std::vector<exit_dir> known;
  for (const place_exit& e : here->exits) {
    if (e.kind != exit_kind::open && e.kind != exit_kind::one_way && e.kind != exit_kind::to_well) {
      continue;  // never into the unknown
    }
    if (const int came_by = ground_.arrived_side(ch);
        came_by >= 0 && static_cast<int>(dungeon::index_of(e.dir)) == came_by) {
      return e.dir;  // back the way it came
    }
    known.push_back(e.dir);
  }
  if (known.empty()) {
    return std::nullopt;
  }
  const double roll = tape.at(content::flee_exit_tape_index + round);
  return known[std::min(known.size() - 1, static_cast<std::size_t>(roll * static_cast<double>(known.size())))];
}

void fleeing::run(character& ch, exit_dir way) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  out_.send(*conn, "You flee " + std::string(exit_name(way)) + "!\n");
  ground_.walk(*conn, ch, way);
}

}  // namespace dw::game
