// Rune doors through the real world (issue 27's defects): who reads what when a door opens and whether the way
// on is open, what a wrong order costs and what a wrong word is answered, looking at the door and its runes,
// and the scroll of seeing that shows where the nearest door's order is written.
#include <gtest/gtest.h>

#include "content/rune_attempt.hpp"
#include "content/scroll.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/encounters/lock_walk.hpp"

using dw::testing::found_lock;
using dw::testing::game_harness;
using dw::testing::has;
using dw::testing::lock_walk;

namespace {

dw::config::settings seeded(std::int64_t seed) {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = 100000;  // the walk meets monsters that attack on sight
  return s;
}

std::string joined(const std::vector<std::string>& runes, std::string_view between) {
  std::string out;
  for (const std::string& r : runes) {
    out += (out.empty() ? "" : std::string(between)) + r;
  }
  return out;
}

/// A world (seed from 1 up) whose first East branch has a lock for which `wanted` holds, with Ann (an
/// administrator) standing in it.
template <typename Wanted>
struct lock_world {
  explicit lock_world(Wanted wanted) {
    for (std::int64_t seed = 1; seed <= 8 && !lock; ++seed) {
      h.emplace(seeded(seed));
      ann = h->create("Ann");
      ann.port->info.width = 1000;  // nothing wrapped
      ann.port->info.height = 1000;
      walk.emplace(*h, ann);
      lock = walk->find(wanted);
    }
  }
  std::optional<game_harness> h;
  game_harness::player ann{};
  std::optional<lock_walk> walk;
  std::optional<found_lock> lock;
};

dw::game::character& live(game_harness& h, std::string_view name) {
  dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr) << name;
  return *ch;
}

}  // namespace

TEST(RuneDoors, WhoOpensReadsItAsTheirOwnAndTheWayOnIsOpenOnlyWhereThereIsOne) {
  lock_world w([](const found_lock& l) { return !l.way_on; });
  ASSERT_TRUE(w.lock) << "no seed gave a lock with no way on behind it";
  game_harness& h = *w.h;
  auto bob = h.create("Bob");
  h.line(w.ann, "@summon Bob");
  bob.port->take();
  w.ann.port->take();
  h.line(w.ann, "press " + joined(w.lock->order, " "));
  const std::string mine = w.ann.port->take();
  EXPECT_TRUE(has(mine, "You press the runes in turn. The runes blaze white, and the door of black stone grinds "
                        "open.\n"))
      << mine;
  EXPECT_FALSE(has(mine, "Ann presses")) << "the presser reads their own deed in the first person";
  EXPECT_FALSE(has(mine, "the way on is open")) << "nothing unexplored lies behind this door\n" << mine;
  EXPECT_TRUE(has(bob.port->take(), "Ann presses the runes in turn. The runes blaze white"));

  // A door with a way on behind it says so, to the one who spoke the word as well.
  lock_world way([](const found_lock& l) { return l.way_on; });
  ASSERT_TRUE(way.lock) << "no seed gave a lock with a way on behind it";
  way.h->line(way.ann, "say " + joined(way.lock->order, ""));
  const std::string spoken = way.ann.port->take();
  EXPECT_TRUE(has(spoken, "You speak the word of opening. The runes blaze white, and the door of black stone grinds "
                          "open: the way on is open!"))
      << spoken;
}

TEST(RuneDoors, AWrongOrderCostsMoreEachTimeAndAWrongWordIsAnswered) {
  lock_world w([](const found_lock&) { return true; });
  ASSERT_TRUE(w.lock);
  game_harness& h = *w.h;
  const auto& rules = h.world.content().puzzles;
  auto& ann = w.ann;
  live(h, "Ann").hp = 60;
  std::vector<std::string> wrong(w.lock->order.rbegin(), w.lock->order.rend());
  const int first = dw::content::ward_blow(rules, 0);
  const int second = dw::content::ward_blow(rules, 1);
  h.line(ann, "press " + joined(wrong, " "));
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "the door's ward strikes you for " + std::to_string(first) + " hit points (" +
                           std::to_string(60 - first) + "/"))
      << out;
  EXPECT_TRUE(has(out, "the next wrong one will cost " + std::to_string(second))) << out;
  EXPECT_EQ(live(h, "Ann").hp, 60 - first);
  h.line(ann, "press " + joined(wrong, " "));
  EXPECT_TRUE(has(ann.port->take(), "strikes you for " + std::to_string(second) + " hit points"));
  EXPECT_EQ(live(h, "Ann").hp, 60 - first - second) << "each wrong order costs more";

  // Answered for free: a rune the door does not carry, too few runes, some of its runes said.
  h.line(ann, "press star " + w.lock->order.front());
  EXPECT_TRUE(has(ann.port->take(), "There is no 'star' rune on the door"));
  h.line(ann, "press " + w.lock->order.front());
  EXPECT_TRUE(has(ann.port->take(), "press every one of them once"));
  h.line(ann, "say " + w.lock->order.back());
  EXPECT_TRUE(has(ann.port->take(), "The runes stir at their names"));
  h.line(ann, "say hello, door");
  EXPECT_FALSE(has(ann.port->take(), "runes")) << "other speech is just speech";
  EXPECT_EQ(live(h, "Ann").hp, 60 - first - second);

  // A wrong word spoken is a wrong order, answered and paid for.
  const int third = dw::content::ward_blow(rules, 2);
  h.line(ann, "say " + joined(wrong, " "));
  out = ann.port->take();
  EXPECT_TRUE(has(out, "The runes hear you: they flare red and go dark, and the door's ward strikes you for " +
                           std::to_string(third)))
      << out;
  // Too weak to pay: refused, not knocked out.
  live(h, "Ann").hp = dw::content::ward_blow(rules, 3);
  h.line(ann, "press " + joined(wrong, " "));
  EXPECT_TRUE(has(ann.port->take(), "Rest before you try again."));
  EXPECT_EQ(live(h, "Ann").hp, dw::content::ward_blow(rules, 3));
  h.line(ann, "press " + joined(w.lock->order, " "));
  EXPECT_TRUE(has(ann.port->take(), "grinds open"));
}

TEST(RuneDoors, ADoorTheStoreRefusesToRecordOpenStaysSealedAndAnAdministratorsClearOpensIt) {
  lock_world w([](const found_lock&) { return true; });
  ASSERT_TRUE(w.lock);
  game_harness& h = *w.h;
  auto& ann = w.ann;
  const auto at = live(h, "Ann").where;
  const dw::game::rune_locks& locks = h.world.play().locks;
  const auto stored_lock = [&] {
    const auto rec = dw::store::rooms::load(h.services.db(), at.branch_id, at.x, at.y);
    return rec ? dw::content::rune_lock::decode(rec->contents) : std::nullopt;
  };
  ASSERT_NE(locks.lock_in(at.room_id), nullptr);

  // The right order while the database refuses: nothing changed, in memory or in the store.
  h.services.refuse_writes(true);
  h.line(ann, "press " + joined(w.lock->order, " "));
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "nothing changed")) << out;
  ASSERT_NE(locks.lock_in(at.room_id), nullptr);
  EXPECT_FALSE(locks.lock_in(at.room_id)->solved) << "the door is sealed again in memory";
  h.line(ann, "@clear");
  EXPECT_TRUE(has(ann.port->take(), "nothing changed"));
  EXPECT_FALSE(locks.lock_in(at.room_id)->solved) << "a refused @clear leaves the door sealed too";
  h.services.refuse_writes(false);
  ASSERT_TRUE(stored_lock().has_value());
  EXPECT_FALSE(stored_lock()->solved);
  h.line(ann, "look");
  EXPECT_TRUE(has(ann.port->take(), "A door of black stone seals the way on."));

  // An administrator's clear opens the door, saved with the room.
  h.line(ann, "@clear");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "the room is clear")) << out;
  EXPECT_TRUE(locks.lock_in(at.room_id)->solved);
  ASSERT_TRUE(stored_lock().has_value());
  EXPECT_TRUE(stored_lock()->solved);
  h.line(ann, "press " + joined(w.lock->order, " "));
  EXPECT_TRUE(has(ann.port->take(), "The door already stands open."));
}

TEST(RuneDoors, LookDoorAndLookRunesDescribeTheSealedDoor) {
  lock_world w([](const found_lock&) { return true; });
  ASSERT_TRUE(w.lock);
  game_harness& h = *w.h;
  h.line(w.ann, "look door");
  std::string out = w.ann.port->take();
  EXPECT_TRUE(has(out, "A door of black stone seals the way on")) << out;
  for (const std::string& rune : w.lock->order) {
    EXPECT_TRUE(has(out, rune)) << out;
  }
  h.line(w.ann, "look runes");
  out = w.ann.port->take();
  EXPECT_FALSE(has(out, "You see no")) << out;
  EXPECT_TRUE(has(out, "The door carries")) << out;
  h.line(w.ann, "look " + w.lock->order.front());
  EXPECT_TRUE(has(w.ann.port->take(), "The " + w.lock->order.front() + " rune is cut deep"));
  h.line(w.ann, "press " + joined(w.lock->order, " "));
  h.line(w.ann, "look door");
  EXPECT_TRUE(has(w.ann.port->take(), "The door of black stone stands open."));
}

TEST(RuneDoors, AScrollOfSeeingShowsTheNearestSealedDoorAndWhereItsOrderIsWritten) {
  lock_world w([](const found_lock&) { return true; });
  ASSERT_TRUE(w.lock);
  game_harness& h = *w.h;
  std::uint64_t seeing = 0;
  for (std::uint64_t seed = 1; seed < 10000 && seeing == 0; ++seed) {
    const auto* effect = dw::content::scroll_effect_of(h.world.content(), seed);
    seeing = effect != nullptr && effect->key == "map" ? seed : 0;
  }
  ASSERT_NE(seeing, 0U);
  // Read at the door itself (nothing else lies on a sealed door's floor to pick up by mistake).
  h.line(w.ann, "@spawn scroll " + std::to_string(seeing));
  h.line(w.ann, "get scroll");
  w.ann.port->take();
  h.line(w.ann, "read scroll");
  const std::string out = w.ann.port->take();
  const auto at = [](int x, int y) { return "(" + std::to_string(x) + "," + std::to_string(y) + ")"; };
  EXPECT_TRUE(has(out, "R: the nearest sealed door, at " + at(w.lock->x, w.lock->y) + ", right where you stand."))
      << out;
  EXPECT_TRUE(has(out, "H: where the order that opens it is written, at " + at(w.lock->hint_x, w.lock->hint_y)))
      << out;
  EXPECT_TRUE(has(out, "(H)") || has(out, "[H]")) << "where the order is written, drawn on the map\n" << out;
  h.line(w.ann, "map");
  const std::string plain = w.ann.port->take();
  EXPECT_FALSE(has(plain, "(H)") || has(plain, "[H]")) << "which the free map does not show\n" << plain;
}
