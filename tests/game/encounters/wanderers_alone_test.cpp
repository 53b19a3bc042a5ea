// Wanderers built alone (issue 29): the wanderers class on the game clock with the fights of its own part
// (fights, room_stock, fight_table, rune_locks, item_news) on a fake ground whose real dungeon model holds a branch
// big enough to have wanderers, with an inline event runner and the harness's inline services (timers held); and
// once on fakes of its two ports alone (wanderer_fights, encounter_clock).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content/fight_state.hpp"
#include "content/room_event.hpp"
#include "content/wanderers.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/encounters/wanderers.hpp"
#include "tests/game/encounters/fight_parts.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::encounter_ports;
using dw::testing::fake_ground;
using dw::testing::has;

constexpr std::int64_t ann_account = 7;
constexpr int most_steps = 2000;  ///< a bound on every loop of steps

/// The wanderers class on the fakes, over a branch of `rooms` clear rooms dug with the dungeon's own API (so
/// that wanderers.toml gives it wanderers), each read into the encounters' tables as storage would give it;
/// the second room dug holds monsters of its own.
struct wanderers_alone {
  explicit wanderers_alone(std::size_t wanted) {
    const dw::dungeon::enter_result entered = p.ground.open_branch(dw::dungeon::direction::east, true);
    branch = entered.branch;
    rooms.push_back(entered.first_room);
    // Breadth first: each room dug opens into the next through its first unexplored exit.
    for (std::size_t at = 0; rooms.size() < wanted && at < rooms.size() * 4 + 64; ++at) {
      const dw::dungeon::room from = *p.ground.room(branch, rooms[at % rooms.size()].pos);
      if (const auto dug = p.ground.spawn_from(from, true)) {
        rooms.push_back(dug->destination);
      }
    }
    dw::game::storage::branch_snapshot stored;
    stored.branch_id = static_cast<std::int64_t>(branch);
    stored.exists = true;
    for (std::size_t i = 0; i < rooms.size(); ++i) {
      if (i == monster_index) {
        dw::content::fight_state f;
        f.monster_key = "mud_crawler";
        f.size_key = "ordinary";
        f.depth = 1;
        f.hp_each = 5;
        f.monster_hp = {5};
        stored.rooms.push_back(fake_ground::record_of_room(rooms[i], dw::content::room_event::monster, f.encode()));
      } else {
        stored.rooms.push_back(fake_ground::record_of_room(rooms[i], dw::content::room_event::none, ""));
      }
    }
    locks.restore_branch(stored);
    contents.restore_branch(stored);
  }

  std::int64_t id_of(std::size_t i) const { return static_cast<std::int64_t>(rooms[i].id); }
  /// The room of the branch's wanderers' fight `ch` is in, or nullopt.
  std::optional<std::uint32_t> wanderer_fighting(const character& ch) const {
    const room_fight* fight = fighting.fight_in(ch.where.room_id);
    return fight != nullptr ? fight->wanderer : std::nullopt;
  }

  static constexpr std::size_t monster_index = 1;
  encounter_ports p;
  rune_locks locks{p.settings, p.content, p.changes, p.ground};
  fight_table table{p.changes};
  room_stock contents{p.settings, p.content, p.changes, p.ground, locks, table, p.startup};
  item_news news{p.people, p.out, contents};
  dw::testing::fight_parts parts{p, contents, table, news};
  fights& fighting = parts.fighting;
  wanderers roaming{p.content, p.people, p.out, p.changes, parts.clock, p.ground, fighting};
  std::uint64_t branch = 0;
  std::vector<dw::dungeon::room> rooms;
};

TEST(WanderersAlone, AWandererFindsWhoeverStandsInTheBranchAndAttacksThroughTheFights) {
  wanderers_alone w(12);
  ASSERT_EQ(w.rooms.size(), 12U);
  ASSERT_GE(dw::content::wanderer_count(w.p.content.get().wanderers, w.p.ground.dungeon().branch(w.branch)->room_count),
            1)
      << "a branch this big has wanderers";
  const auto ann = w.p.add_player("Ann", ann_account, fake_ground::location_of(w.rooms.back()), 40, 40);
  const std::int64_t monster_room = w.id_of(wanderers_alone::monster_index);

  int steps = 0;
  for (; steps < most_steps && !w.wanderer_fighting(*ann.ch); ++steps) {
    w.roaming.step_all();
    ASSERT_TRUE(w.roaming.room_extras(monster_room).empty()) << "no wanderer walks into a room whose monsters stand";
    ASSERT_FALSE(w.fighting.fight_in(monster_room)->wanderer.has_value());
  }
  ASSERT_TRUE(w.wanderer_fighting(*ann.ch).has_value()) << "no attack in " << most_steps << " steps";
  EXPECT_TRUE(w.fighting.in_combat(*ann.ch)) << "the wanderer's fight is Ann's";
  EXPECT_TRUE(w.fighting.fight_in(ann.ch->where.room_id)->active);
  EXPECT_NE(std::find(w.p.ground.refreshed.begin(), w.p.ground.refreshed.end(), ann.ch->where.room_id),
            w.p.ground.refreshed.end())
      << "everyone there gets a fresh Room.Info";
  EXPECT_TRUE(has(w.p.told(ann), "you!")) << "attacked (\"... attacks you!\")";
  EXPECT_TRUE(has(w.roaming.describe_branch(w.branch), "fighting"));
  EXPECT_TRUE(w.p.ground.cleared.empty()) << "a wanderer's attack clears nothing";

  ASSERT_TRUE(w.p.services.run_timer()) << "the fight's rounds come on the timer";
  EXPECT_TRUE(has(ann.port->take(), "Round 1:"));
}

TEST(WanderersAlone, TheSameSeedGivesTheSameWalks) {
  std::vector<std::string> seen[2];
  for (auto& walk : seen) {
    wanderers_alone w(12);
    w.p.add_player("Ann", ann_account, fake_ground::location_of(w.rooms.front()), 40, 40);
    for (int i = 0; i < 30; ++i) {
      w.roaming.step_all();
      walk.push_back(w.roaming.describe_branch(w.branch));
    }
  }
  EXPECT_EQ(seen[0], seen[1]);
  EXPECT_TRUE(has(seen[0].back(), "#0")) << seen[0].back();
}

TEST(WanderersAlone, ABranchNobodyIsInDoesNotStepAndStepsComeOnTheTimerAsEvents) {
  wanderers_alone w(12);
  location square;
  square.room_id = village_square_id;
  const auto ann = w.p.add_player("Ann", ann_account, square, 40, 40);
  for (int i = 0; i < 20; ++i) {
    w.roaming.step_all();
  }
  EXPECT_EQ(w.roaming.describe_branch(w.branch), "  wanderers: none\n") << "nobody is in it";

  w.p.people.vacate(*ann.ch);
  ann.ch->where = fake_ground::location_of(w.rooms.front());
  w.p.people.occupy(*ann.ch);
  w.roaming.start();
  EXPECT_TRUE(w.p.events.actors.empty()) << "nothing steps before its timer";
  ASSERT_TRUE(w.p.services.run_timer());
  EXPECT_EQ(w.p.events.actors, std::vector<std::uint64_t>{0}) << "a step is an event of its own";
  EXPECT_TRUE(has(w.roaming.describe_branch(w.branch), "step 1")) << w.roaming.describe_branch(w.branch);
}

/// The line of wanderer `id` in a describe_branch text ("    #0 a cave rat at (1,2) room 9, fighting").
std::string line_of(const std::string& described, std::uint32_t id) {
  const std::string mark = "#" + std::to_string(id) + " ";
  const std::size_t at = described.find(mark);
  return at == std::string::npos ? std::string() : described.substr(at, described.find('\n', at) - at);
}

TEST(WanderersAlone, AWandererWhoseFightEveryoneLeftWalksOnAndFightsAgainIfThatCannotBeSaved) {
  wanderers_alone w(12);
  const auto ann = w.p.add_player("Ann", ann_account, fake_ground::location_of(w.rooms.back()), 40, 40);
  for (int steps = 0; steps < most_steps && !w.wanderer_fighting(*ann.ch); ++steps) {
    w.roaming.step_all();
    w.p.changes.commit();
  }
  const std::optional<std::uint32_t> attacker = w.wanderer_fighting(*ann.ch);
  ASSERT_TRUE(attacker.has_value()) << "no attack in " << most_steps << " steps";
  const std::int64_t room = ann.ch->where.room_id;

  // Ann walks back to the branch's first room (the branch steps while someone is in it): the fight has
  // nobody in it, and rounds stop.
  ASSERT_NE(w.id_of(0), room);
  w.fighting.leave_room(*ann.ch);
  w.p.people.vacate(*ann.ch);
  ann.ch->where = fake_ground::location_of(w.rooms.front());
  w.p.people.occupy(*ann.ch);
  ASSERT_FALSE(w.fighting.fight_in(room)->active);
  const std::string fighting_before = w.roaming.describe_branch(w.branch);
  ASSERT_TRUE(has(fighting_before, "fighting")) << fighting_before;

  // The next step: the wanderer leaves its fight (the room saved without it) and walks on.
  const std::size_t saved_before = w.p.changes.persisted.size();
  w.roaming.step_all();
  EXPECT_EQ(w.fighting.fight_in(room), nullptr) << "the fight's row is gone with its wanderer";
  EXPECT_GT(w.p.changes.persisted.size(), saved_before) << "the room is saved without the fight";
  EXPECT_FALSE(has(w.roaming.describe_branch(w.branch), "fighting")) << w.roaming.describe_branch(w.branch);

  // That step could not be saved: the wanderer stands fighting where it was, its fight's row back.
  EXPECT_EQ(w.p.changes.fail(), 0) << "no undo step threw";
  const room_fight* back = w.fighting.fight_in(room);
  ASSERT_NE(back, nullptr) << "the fight's row is back";
  EXPECT_EQ(back->wanderer, attacker);
  EXPECT_EQ(line_of(w.roaming.describe_branch(w.branch), *attacker), line_of(fighting_before, *attacker))
      << "the wanderer is as it was, where it was";

  // And the step after, saved, settles it again.
  w.roaming.step_all();
  w.p.changes.commit();
  EXPECT_EQ(w.fighting.fight_in(room), nullptr);
  EXPECT_FALSE(has(w.roaming.describe_branch(w.branch), "fighting"));
}

/// The fights as wanderers see them, faked (the wanderer_fights port): a room's fight is a row here, and who
/// was ambushed where is noted. Nothing keeps wanderers out.
struct fake_wanderer_fights final : wanderer_fights {
  const room_fight* fight_in(std::int64_t room_id) const override {
    const auto found = rows.find(room_id);
    return found == rows.end() ? nullptr : &found->second;
  }
  bool keeps_wanderers_out(std::int64_t) const override { return false; }
  bool start_wanderer_fight(std::int64_t room_id, dw::content::fight_state fight, std::uint32_t wanderer) override {
    room_fight& row = rows[room_id];
    row.monsters = std::move(fight);
    row.wanderer = wanderer;
    return true;
  }
  void claim_fight(std::int64_t room_id, std::uint32_t wanderer) override { rows[room_id].wanderer = wanderer; }
  bool ambush(std::int64_t room_id, character& target) override {
    ambushed.emplace_back(room_id, target.account_id);
    rows[room_id].active = true;  // (an active fight holds its wanderer: it does not walk on)
    return true;
  }
  void end_fight(std::int64_t room_id, bool) override { rows.erase(room_id); }

  std::unordered_map<std::int64_t, room_fight> rows;
  std::vector<std::pair<std::int64_t, std::int64_t>> ambushed;  ///< (room, account)
};

/// The encounters' clock, faked: the step's pace is `step_ms`, timers wait in `timers`, events run at once.
struct fake_clock final : encounter_clock {
  std::int64_t round_ms() const override { return 1000; }
  std::int64_t wander_step_ms() const override { return step_ms; }
  void after(std::chrono::milliseconds, std::function<void()> fn) override { timers.push_back(std::move(fn)); }
  void run_event(const std::function<void()>& work) override {
    ++events;
    work();
  }
  /// Runs the timers set so far (and none they set).
  void run_timers() {
    std::vector<std::function<void()>> due;
    due.swap(timers);
    for (const auto& fn : due) {
      fn();
    }
  }

  std::int64_t step_ms = 0;
  std::vector<std::function<void()>> timers;
  int events = 0;
};

TEST(WanderersAlone, OnFakePortsAWandererThatFindsSomeoneAmbushesItThroughTheFightsPort) {
  wanderers_alone w(12);  // (for its branch and roster: its own wanderers never step here)
  fake_wanderer_fights fights;
  fake_clock clock;
  wanderers roaming{w.p.content, w.p.people, w.p.out, w.p.changes, clock, w.p.ground, fights};
  const auto ann = w.p.add_player("Ann", ann_account, fake_ground::location_of(w.rooms.back()), 40, 40);

  roaming.start();
  ASSERT_EQ(clock.timers.size(), 1U) << "a step waits for its timer";
  clock.run_timers();
  EXPECT_EQ(clock.events, 0) << "at the clock's pace 0 wanderers stand still";

  clock.step_ms = 1000;
  int steps = 0;
  for (; steps < most_steps && fights.ambushed.empty(); ++steps) {
    roaming.start();
    clock.run_timers();
  }
  ASSERT_FALSE(fights.ambushed.empty()) << "no attack in " << most_steps << " steps";
  EXPECT_EQ(clock.events, steps) << "each step is an event of its own";
  const std::int64_t room = ann.ch->where.room_id;
  EXPECT_EQ(fights.ambushed, (std::vector<std::pair<std::int64_t, std::int64_t>>{{room, ann_account}}));
  ASSERT_NE(fights.fight_in(room), nullptr);
  ASSERT_TRUE(fights.fight_in(room)->wanderer.has_value()) << "the fight started there is the wanderer's";
  EXPECT_TRUE(has(line_of(roaming.describe_branch(w.branch), *fights.fight_in(room)->wanderer), "fighting"))
      << roaming.describe_branch(w.branch);

  roaming.start();
  clock.run_timers();
  EXPECT_EQ(fights.ambushed.size(), 1U) << "a wanderer in a fight going on does not attack again";
}

}  // namespace
