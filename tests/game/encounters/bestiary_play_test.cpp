// The bestiary in play (issue 27, item 2): look, examine and consider show a monster's description; a
// leader is announced, named on look, and its fall and hoard are said.
#include <gtest/gtest.h>

#include "content/fight_state.hpp"
#include "content/monster_group.hpp"
#include "content/room_roll.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/encounters/encounters_support.hpp"

using dw::testing::game_harness;
using dw::testing::encounters::walk_into_first_room;
using dw::testing::encounters::with_seed;

namespace {

/// Whether `text`, its lines joined as the reader's window wrapped them, says `words`.
bool says(const std::string& text, const std::string& words) {
  std::string flat;
  for (const char c : text) {
    const char d = c == '\n' || c == '\r' ? ' ' : c;
    if (d != ' ' || (!flat.empty() && flat.back() != ' ')) {
      flat += d;
    }
  }
  return flat.find(words) != std::string::npos;
}

/// The monster kind in the first room of the first east branch for world `seed` (depth 1).
const dw::content::monster_def& first_monster(const dw::content::content_tables& tables, std::int64_t seed) {
  const dw::content::tape tape = dw::testing::first_room_east_tape(seed);
  return *tables.find_monster(dw::content::roll_room(tables, tape, 1, {}).monsters->monster_key);
}

}  // namespace

TEST(BestiaryPlay, LookExamineAndConsiderShowTheMonstersDescription) {
  const auto tables = dw::testing::real_content();
  const std::int64_t seed = dw::testing::seed_with_monsters(*tables, false);
  ASSERT_GT(seed, 0);
  const dw::content::monster_def& kind = first_monster(*tables, seed);
  game_harness h(with_seed(seed, 1000000));
  auto ann = h.create("Ann");
  walk_into_first_room(h, ann);
  ann.port->take();
  h.line(ann, "look " + kind.name);
  EXPECT_TRUE(says(ann.port->take(), kind.description)) << kind.key;
  h.line(ann, "examine " + kind.plural);
  EXPECT_TRUE(says(ann.port->take(), kind.description)) << kind.key;
  h.line(ann, "consider");
  const std::string sized = ann.port->take();
  EXPECT_TRUE(says(sized, "You size up")) << sized;
  EXPECT_TRUE(says(sized, kind.description)) << sized;
}

TEST(BestiaryPlay, ALeaderIsAnnouncedNamedOnLookAndItsFallAndHoardAreSaid) {
  const auto tables = dw::testing::real_content();
  const std::int64_t seed = dw::testing::seed_with_monsters(*tables, false);
  ASSERT_GT(seed, 0);
  const dw::content::leader_def* gnawbone = tables->find_leader("gnawbone");
  ASSERT_NE(gnawbone, nullptr);
  game_harness h(with_seed(seed, 1000000));
  auto ann = h.create("Ann");
  walk_into_first_room(h, ann);
  ann.port->take();
  // The room's monsters become the rat-king, as a room at depth 5 rolls him (the top of its which-monster roll).
  const auto stored = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(stored);
  auto* state = h.world.play().contents.find_state(stored->id);
  ASSERT_NE(state, nullptr);
  dw::content::room_contents room;
  room.event = dw::content::room_event::monster;
  room.depth = 5;
  room.monsters = dw::content::make_room_monsters(*tables, 5, 0.9999, 0.5);
  ASSERT_EQ(room.monsters->monster_key, "gnawbone");
  const std::optional<dw::content::fight_state> rolled = dw::content::start_fight(room);
  ASSERT_TRUE(rolled.has_value());
  h.world.play().fight_table.start(stored->id, state->branch, *rolled);

  h.line(ann, "look");
  std::string out = ann.port->take();
  EXPECT_TRUE(says(out, gnawbone->arrival)) << out;
  EXPECT_TRUE(says(out, "Old Gnawbone, the rat-king, ")) << out;
  EXPECT_TRUE(says(out, "Type 'fight' to attack.")) << out;
  h.line(ann, "look gnawbone");
  out = ann.port->take();
  EXPECT_TRUE(says(out, "Old Gnawbone, the rat-king. " + gnawbone->kind.description)) << out;
  h.line(ann, "consider gnawbone");
  out = ann.port->take();
  EXPECT_TRUE(says(out, "You size up Old Gnawbone, the rat-king. " + gnawbone->kind.description)) << out;

  h.line(ann, "fight");  // (the round timers all run in drain(): the fight goes to its end)
  out = ann.port->take();
  EXPECT_TRUE(says(out, "The rat-king Gnawbone")) << out;
  EXPECT_TRUE(says(out, "Old Gnawbone, the rat-king falls! The room is clear")) << out;
  EXPECT_TRUE(says(out, "It leaves behind:")) << "at least one scroll is sure:\n" << out;
  const auto found = out.find("You find ");
  ASSERT_NE(found, std::string::npos) << out;
  EXPECT_GE(std::stoi(out.substr(found + 9)), gnawbone->silver) << "the hoard's silver is sure:\n" << out;
}
