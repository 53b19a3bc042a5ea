// What a branch holds depends only on the branch (issue 28, seeds 000 and 004): the random tape of a room
// (its items, monsters, fights and puzzles) is keyed by the branch's own seed (world seed, direction, number),
// as its layout is, not by the global branch id, so East branch 1 holds the same whether or not North opened
// first. Branches stored before keep the key their rooms were drawn with, their id (schema version 9).
#include <gtest/gtest.h>

#include <string>

#include "content/tape.hpp"
#include "dungeon/random.hpp"
#include "server/store/branches.hpp"
#include "server/store/migrations.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

namespace {

/// What the first room of East branch 1 holds, as the game keeps it: the branch's name and the room's name,
/// the items on its floor, its event and the monsters in it.
struct first_room {
  std::uint64_t branch_id = 0;
  std::string holds;
};

first_room east_first_room(std::int64_t seed, bool north_first) {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  game_harness h(s);
  if (north_first) {
    auto ann = h.create("Ann");
    h.line(ann, "down");
    h.line(ann, "north");  // opens North branch 1: branch id 1
  }
  auto bob = h.create("Bob");
  h.line(bob, "down");
  h.line(bob, "east");
  const dw::game::character* ch = h.world.people().find_character_by_name("Bob");
  if (ch == nullptr || ch->where.branch_id == 0) {
    ADD_FAILURE() << "Bob did not reach East branch 1";
    return {};
  }
  auto& contents = h.world.play().contents;
  first_room out;
  out.branch_id = static_cast<std::uint64_t>(ch->where.branch_id);
  const auto here = h.world.where().at(ch->where);
  out.holds = (here ? here->area + ", " + here->name : std::string("?")) + ":";
  for (const dw::game::item& it : contents.floor_of(ch->where.room_id)) {
    out.holds += " " + contents.item_name(it) + ";";
  }
  if (const auto* state = contents.find_state(ch->where.room_id)) {
    const dw::game::room_fight* fight = h.world.play().fight_table.find(ch->where.room_id);
    out.holds += " event " + std::to_string(static_cast<int>(state->event)) + "; " +
                 (fight != nullptr ? contents.monsters_text(fight->monsters) : std::string());
  }
  return out;
}

}  // namespace

TEST(TapeKeys, EastBranchOneHoldsTheSameWhetherOrNotNorthOpenedFirst) {
  // Before issue 28 the tape was keyed by the branch id (1 alone, 2 after North): most of these seeds gave
  // East branch 1's first room other items or monsters (content/README.md has an example).
  int holding = 0;
  for (std::int64_t seed = 1; seed <= 12; ++seed) {
    const first_room alone = east_first_room(seed, false);
    const first_room after_north = east_first_room(seed, true);
    ASSERT_EQ(alone.branch_id, 1U);
    ASSERT_EQ(after_north.branch_id, 2U) << "North branch 1 took id 1";
    EXPECT_EQ(alone.holds, after_north.holds) << "world seed " << seed;
    holding += alone.holds.find(';') != std::string::npos ? 1 : 0;
  }
  EXPECT_GT(holding, 0) << "some of the first rooms hold something to compare";
}

TEST(TapeKeys, ABranchStoredBeforeKeepsTheTapesItsRoomsWereDrawnFrom) {
  constexpr std::int64_t world_seed = 4242;
  const std::uint64_t world = static_cast<std::uint64_t>(world_seed);
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = world_seed;
  game_harness h(s, [&](dw::store::database& db) {
    // The database as schema version 8 left it (no tape key, no recorded world seed), holding East branch 1
    // stored then under id 5 with the sequence-based seed of the time; then migrated as on start-up.
    db.exec(
        "ALTER TABLE branches DROP COLUMN tape_key; DROP TABLE world; ALTER TABLE items DROP COLUMN made; "
        "UPDATE schema_version SET version = 8;");
    db.exec(
        "INSERT INTO branches (id, direction, number, sequence, seed, created_at, window_end, last_occupied, "
        "unexplored, room_count) VALUES (5, 1, 1, 5, " +
        std::to_string(static_cast<std::int64_t>(dw::dungeon::branch_seed(world, 5))) + ", 0, 0, 0, 1, 0)");
    dw::store::migrate(db, dw::store::migrations());
  });
  auto& contents = h.world.play().contents;
  EXPECT_EQ(h.world.where().dungeon().tape_key(5), 5U);
  for (const auto& [x, y] : {std::pair{1, 0}, std::pair{2, 0}, std::pair{2, 1}, std::pair{3, -4}}) {
    // What every room of the branch was drawn from before issue 28: the world seed and the branch id.
    EXPECT_EQ(contents.tape_of(5, x, y), dw::content::tape(dw::content::tape_seed(world, 5, x, y))) << x << "," << y;
  }

  // Its window is closed, so walking east opens East branch 2 (id 6), keyed by its own seed.
  auto bob = h.create("Bob");
  h.line(bob, "down");
  h.line(bob, "east");
  const dw::game::character* ch = h.world.people().find_character_by_name("Bob");
  ASSERT_NE(ch, nullptr);
  ASSERT_EQ(ch->where.branch_id, 6);
  const std::uint64_t own = dw::dungeon::branch_seed(world, dw::dungeon::direction::east, 2);
  EXPECT_EQ(h.world.where().dungeon().tape_key(6), own);
  EXPECT_EQ(contents.tape_of(6, 1, 0), dw::content::tape(dw::content::tape_seed(world, own, 1, 0)));
  EXPECT_EQ(dw::store::branches::load_all(h.services.db()).back().tape_key, own) << "stored with the branch";
}
