// Reading danger in a fight (issue 26, item 6) through the real world with fake connections and a real
// store: a failed flight goes on by itself, the warning at a third of one's hit points comes once a fight,
// and wimpy is a stored setting that flees for you.
#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <span>

#include "content/fight_judgement.hpp"
#include "content/fight_round.hpp"
#include "content/room_roll.hpp"
#include "server/store/accounts.hpp"
#include "server/store/preferences.hpp"
#include "tests/game/encounters/encounters_support.hpp"

using dw::testing::game_harness;
using dw::testing::has;
using dw::testing::encounters::walk_into_first_room;
using dw::testing::encounters::with_seed;

namespace {

using player = game_harness::player;

/// The fight in East branch 1's first room (1,0, depth 1) for world `seed`, and that room's tape.
struct first_fight {
  dw::content::tape tape{0};
  dw::content::fight_state state;
};

std::optional<first_fight> first_fight_of(const dw::content::content_tables& tables, std::int64_t seed) {
  const dw::content::tape tape = dw::testing::first_room_east_tape(seed);
  const auto rolled = dw::content::roll_room(tables, tape, 1, {});
  if (rolled.event != dw::content::room_event::monster) {
    return std::nullopt;
  }
  auto state = dw::content::start_fight(rolled);
  if (!state) {
    return std::nullopt;
  }
  return first_fight{tape, *state};
}

/// The first world seed (from 1) whose first room's fight passes `wanted`, or -1.
std::int64_t seed_where(const std::function<bool(const dw::content::content_tables&, const first_fight&)>& wanted) {
  const auto tables = dw::testing::real_content();
  for (std::int64_t seed = 1; seed < 20000; ++seed) {
    if (const auto fight = first_fight_of(*tables, seed); fight && wanted(*tables, *fight)) {
      return seed;
    }
  }
  return -1;
}

/// The fighter's roll of round `round` (1-based) of a fight with one fighter who has not yet won (each
/// round reads one value per behaviour of the monsters, then the monsters' blow and the fighter's roll).
double fighter_roll(const first_fight& f, int round) {
  const std::uint64_t per_round = 2 + f.state.behaviours.size();
  return f.tape.at(f.state.tape_position + per_round * static_cast<std::uint64_t>(round) - 1);
}

/// A seed whose first flight (depth 1) is cut off in round 1 and gets away in round 2.
std::int64_t cut_off_once_seed() {
  return seed_where([](const dw::content::content_tables& tables, const first_fight& f) {
    const double chance = dw::content::flee_chance(tables, 1);
    return fighter_roll(f, 1) >= chance && fighter_roll(f, 2) < chance;
  });
}

int count_of(const std::string& text, std::string_view part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

/// Ann, just created on `h`, standing in the first room of East branch 1 with its monsters.
player ann_at_the_monsters(game_harness& h) {
  player ann = h.create("Ann");
  walk_into_first_room(h, ann);
  ann.port->take();
  return ann;
}

}  // namespace

TEST(Danger, AFailedFlightKeepsTryingUntilItGetsAway) {
  const std::int64_t seed = cut_off_once_seed();
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1000000));
  h.services.hold_timers = true;  // one round at a time
  const player ann = ann_at_the_monsters(h);
  h.line(ann, "fight");
  h.line(ann, "flee");
  const std::string chose = ann.port->take();
  EXPECT_TRUE(has(chose, "you try to flee, every round")) << chose;
  ASSERT_TRUE(h.services.run_timer());
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "You try to flee but")) << out;
  EXPECT_TRUE(has(out, "You keep looking for a way out")) << out;
  // Nothing typed: the next round tries again, and gets away.
  ASSERT_TRUE(h.services.run_timer());
  out = ann.port->take();
  EXPECT_TRUE(has(out, "You break away and flee!")) << out;
  EXPECT_TRUE(has(out, "You flee west!")) << out;
  EXPECT_TRUE(has(out, "The Bottom of the Well")) << out;
  EXPECT_FALSE(h.services.run_timer()) << "nobody is left fighting: no more rounds";
}

TEST(Danger, ChoosingToFightOnEndsTheFlight) {
  const std::int64_t seed = cut_off_once_seed();
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 1000000));
  h.services.hold_timers = true;
  const player ann = ann_at_the_monsters(h);
  h.line(ann, "fight");
  h.line(ann, "flee");
  ASSERT_TRUE(h.services.run_timer());
  ASSERT_TRUE(has(ann.port->take(), "You try to flee but"));
  h.line(ann, "attack");
  EXPECT_TRUE(has(ann.port->take(), "You will attack in the next round."));
  ASSERT_TRUE(h.services.run_timer());
  const std::string out = ann.port->take();
  EXPECT_FALSE(has(out, "flee")) << out;
  EXPECT_TRUE(has(out, "You hit") || has(out, "You miss")) << out;
}

TEST(Danger, WimpyIsStoredAndSurvivesLoggingInAgain) {
  game_harness h(with_seed(1, 40));
  player ann = h.create("Ann");
  const auto said = [&h](const player& p, std::string_view command) {
    h.line(p, command);
    return p.port->take();
  };
  EXPECT_TRUE(has(said(ann, "wimpy"), "Wimpy is off"));
  EXPECT_TRUE(has(said(ann, "wimpy 40"), "Wimpy must be below your most hit points (40)"));
  EXPECT_TRUE(has(said(ann, "wimpy lots"), "Usage: wimpy <hit points>, wimpy off"));
  EXPECT_TRUE(has(said(ann, "wimpy -3"), "Usage: wimpy"));
  EXPECT_TRUE(has(said(ann, "wimpy 12"), "Wimpy is 12: when a fight round leaves you at 12 hit points or fewer"));
  const auto account = dw::store::accounts::find_by_name(h.services.db(), "Ann");
  ASSERT_TRUE(account);
  const auto stored = dw::store::preferences::list(h.services.db(), account->id);
  ASSERT_EQ(stored.size(), 1U);
  EXPECT_EQ(stored.front().key, "wimpy");
  EXPECT_EQ(stored.front().value, "12");

  h.line(ann, "quit");
  h.disconnect(ann);
  ann = h.connect();
  h.line(ann, "connect Ann password123");
  ann.port->take();
  EXPECT_TRUE(has(said(ann, "wimpy"), "Wimpy is 12"));
  EXPECT_TRUE(has(said(ann, "wimpy 0"), "Wimpy is off."));
  EXPECT_TRUE(dw::store::preferences::list(h.services.db(), account->id).empty()) << "off is the default: no row";
  EXPECT_TRUE(has(said(ann, "wimpy 5"), "Wimpy is 5"));
  EXPECT_TRUE(has(said(ann, "wimpy off"), "Wimpy is off."));
}

TEST(Danger, WimpyFleesForYouWhenARoundLeavesYouThatLow) {
  // A fight whose first blow lands (a 40 hp character then stands at 39 or less).
  const std::int64_t seed = seed_where([](const dw::content::content_tables&, const first_fight& f) {
    const std::int64_t most = static_cast<std::int64_t>(f.state.alive()) * f.state.damage_each;
    return dw::content::blow(f.tape.at(f.state.tape_position), most) > 0;
  });
  ASSERT_GT(seed, 0);
  game_harness h(with_seed(seed, 40));
  const player ann = ann_at_the_monsters(h);
  h.line(ann, "wimpy 39");
  h.line(ann, "fight");  // the rounds run to the end of the fight
  const std::string out = ann.port->take();
  EXPECT_EQ(count_of(out, "You panic and will try to flee in the next round!"), 1) << out;
  EXPECT_TRUE(has(out, "(wimpy 39)")) << out;
  EXPECT_TRUE(has(out, "You break away and flee!")) << out;
  EXPECT_TRUE(has(out, "The Bottom of the Well")) << out;
  EXPECT_FALSE(has(out, "The room is clear")) << out;
}

TEST(Danger, TheLowHealthWarningComesOnceAFight) {
  // Most hit points with which Ann, bare-handed, ends at least two rounds of the first fight at a third of
  // them or fewer and still standing (the fight fought as the server fights it, from the room's tape).
  const auto tables = dw::testing::real_content();
  const std::int64_t seed = seed_where([](const dw::content::content_tables&, const first_fight&) { return true; });
  ASSERT_GT(seed, 0);
  const auto fight = first_fight_of(*tables, seed);
  ASSERT_TRUE(fight);
  int hp = 0;
  for (int most = 6; most < 400 && hp == 0; ++most) {
    dw::content::fight_state state = fight->state;
    dw::content::fighter me{1, most, most, std::nullopt, std::nullopt};
    int low_rounds = 0;
    for (int round = 0; round < 1000 && !state.won() && me.hp > 0; ++round) {
      me.hp = dw::content::fight_round(*tables, fight->tape, state, std::span(&me, 1)).fighters[0].hp_after;
      low_rounds += me.hp > 0 && me.hp * 3 <= most && !state.won() ? 1 : 0;
    }
    hp = low_rounds >= 2 ? most : 0;
  }
  ASSERT_GT(hp, 0);
  game_harness h(with_seed(seed, hp));
  const player ann = ann_at_the_monsters(h);
  h.line(ann, "fight");
  const std::string out = ann.port->take();
  EXPECT_EQ(count_of(out, "You are badly hurt: "), 1) << out;
  EXPECT_TRUE(has(out, " of " + std::to_string(hp) + " hit points left!")) << out;
  EXPECT_FALSE(has(out, "You panic")) << "wimpy is off by default";
}
