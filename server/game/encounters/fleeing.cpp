// Fights, part three: fleeing (the choice, the way out, the run).
#include <algorithm>

#include "content/fight_judgement.hpp"
#include "server/game/encounters/fights.hpp"

namespace dw::game {

void fights::flee(character& ch, connection& conn) {
  if (!in_combat(ch)) {
    out_.send(conn, "You are not fighting anything.\n");
    return;
  }
  const room_fight* fight = table_.find(ch.where.room_id);  // (in combat: there is one)
  const content::tape tape = contents_.tape_of(fight->branch, ch.where.x, ch.where.y);
  if (!flee_way(ch, tape, fight->monsters.round)) {
    out_.send(conn, "There is nowhere to flee to!\n");
    return;
  }
  set_choice(ch, conn, content::fight_choice::flee,
             "You look for a way out: from the next round you try to flee, every round until you get away.\n");
}

std::optional<exit_dir> fights::flee_way(const character& ch, const content::tape& tape, std::uint32_t round) {
  const std::optional<place> here = ground_.at(ch.where);
  if (!here) {
    return std::nullopt;
  }
  std::vector<exit_dir> known;
  for (const place_exit& e : here->exits) {
    if (e.kind != exit_kind::open && e.kind != exit_kind::one_way && e.kind != exit_kind::to_well) {
      continue;  // never into the unknown
    }
    if (ch.arrived_side >= 0 && static_cast<int>(dungeon::index_of(e.dir)) == ch.arrived_side) {
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

void fights::run_away(character& ch, exit_dir way) {
  leave_room(ch);  // out of the fight first, so the move is no longer refused
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  out_.send(*conn, "You flee " + std::string(exit_name(way)) + "!\n");
  ground_.walk(*conn, ch, way);
}

}  // namespace dw::game
