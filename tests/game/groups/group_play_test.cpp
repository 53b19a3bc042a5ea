// Following and groups through the real world (places, fights, progression, the store): following into
// the leader's branch and a room nobody had seen, a refused step, a follower held by its fight until it
// flees, invitations, gtell, GMCP Group, a won fight's silver and experience shared in the room, quitting
// and taking over.
#include <gtest/gtest.h>

#include "content/fight_judgement.hpp"
#include "server/game/encounters/encounters.hpp"
#include "server/game/groups/groups.hpp"
#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

constexpr std::string_view group_supports = R"(["Char 1", "Room 1", "Comm.Channel 1", "Group 1"])";

dw::game::character& live(game_harness& h, std::string_view name) {
  dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr) << name;
  return *ch;
}

/// A character whose client enabled GMCP Group.
game_harness::player create_with_group(game_harness& h, std::string_view name) {
  game_harness::player p = h.connect(group_supports);
  h.line(p, "create " + std::string(name) + " password123");
  p.port->take();
  return p;
}

/// The last GMCP Group `p` was sent ("" when none).
std::string last_group(const game_harness::player& p) {
  for (auto it = p.port->gmcp.rbegin(); it != p.port->gmcp.rend(); ++it) {
    if (it->rfind("Group ", 0) == 0) {
      return it->substr(6);
    }
  }
  return "";
}

dw::config::settings with_monsters(std::int64_t hp) {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), false);
  s.game.character_max_hp = hp;
  return s;
}

/// Ann leads a group Bob has joined.
void form_group(game_harness& h, const game_harness::player& ann, const game_harness::player& bob) {
  h.line(ann, "group invite bob");
  h.line(bob, "group accept");
  ann.port->take();
  bob.port->take();
}

}  // namespace

TEST(GroupPlay, AFollowerGoesIntoTheLeadersBranchAndIntoARoomNobodyHadSeen) {
  auto s = dw::testing::fast_settings();
  s.dungeon.branch_join_seconds = 0;  // every newcomer to a passage opens a branch of its own
  game_harness h(s);
  h.world.where().directory.set_clear_decider([](const dw::dungeon::room&) { return true; });
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "follow an");
  EXPECT_TRUE(has(bob.port->take(), "You now follow Ann: where Ann walks, you walk too."));
  EXPECT_TRUE(has(ann.port->take(), "Bob now follows you."));

  h.line(ann, "down");
  std::string out = bob.port->take();
  EXPECT_TRUE(has(out, "Ann climbs down the ladder.")) << out;
  EXPECT_TRUE(has(out, "You follow Ann down.")) << out;
  EXPECT_TRUE(has(out, "The Bottom of the Well")) << out;
  EXPECT_TRUE(has(ann.port->take(), "Bob arrives from above."));

  h.line(ann, "east");
  EXPECT_TRUE(has(ann.port->take(), "East branch 1"));
  out = bob.port->take();
  EXPECT_TRUE(has(out, "You follow your companions into East branch 1.")) << out;
  EXPECT_EQ(live(h, "Bob").where.room_id, live(h, "Ann").where.room_id);
  EXPECT_EQ(live(h, "Bob").where.branch_id, live(h, "Ann").where.branch_id);
  // A newcomer walking the same passage opens a branch of its own: the window closed at once.
  auto cid = h.create("Cid");
  h.line(cid, "down");
  h.line(cid, "east");
  EXPECT_TRUE(has(cid.port->take(), "East branch 2"));

  // On into a room nobody has seen: it is made by Ann's step, and Bob's step finds it.
  const auto here = h.world.where().at(live(h, "Ann").where);
  ASSERT_TRUE(here);
  std::optional<dw::game::exit_dir> onward;
  for (const dw::game::place_exit& e : here->exits) {
    if (e.kind == dw::game::exit_kind::unexplored) {
      onward = e.dir;
    }
  }
  ASSERT_TRUE(onward) << "the first room of a branch has a way on";
  const std::int64_t first_room = live(h, "Ann").where.room_id;
  const std::string way(dw::game::exit_name(*onward));
  h.line(ann, way);
  EXPECT_NE(live(h, "Ann").where.room_id, first_room);
  EXPECT_EQ(live(h, "Bob").where.room_id, live(h, "Ann").where.room_id);
  EXPECT_TRUE(has(bob.port->take(), "You follow Ann " + way + "."));

  // Stopped, Bob stays.
  h.line(bob, "follow self");
  EXPECT_TRUE(has(bob.port->take(), "You stop following Ann."));
  h.line(ann, std::string(dw::game::exit_name(dw::dungeon::opposite(*onward))));
  EXPECT_NE(live(h, "Bob").where.room_id, live(h, "Ann").where.room_id);
}

TEST(GroupPlay, AFollowerInAFightIsToldItStaysAndFollowsAgainOnceItHasFled) {
  game_harness h(with_monsters(1'000'000));
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "follow ann");
  h.line(ann, "down");
  h.line(ann, "east");  // the branch's first room holds monsters, which block the way on but not the way back
  const std::int64_t monster_room = live(h, "Ann").where.room_id;
  ASSERT_EQ(live(h, "Bob").where.room_id, monster_room);
  h.services.hold_timers = true;  // one round per run_timers()
  h.line(bob, "fight");
  ASSERT_TRUE(has(bob.port->take(), "You attack"));

  h.line(ann, "west");
  ASSERT_EQ(live(h, "Ann").where.room_id, dw::game::start_room_id);
  std::string out = bob.port->take();
  EXPECT_TRUE(has(out, "You follow Ann west.")) << out;
  EXPECT_TRUE(has(out, "You are fighting! You cannot simply walk away; try 'flee'.")) << out;
  EXPECT_TRUE(has(out, "Ann goes on without you.")) << out;
  EXPECT_EQ(live(h, "Bob").where.room_id, monster_room);
  EXPECT_EQ(h.world.company().followers.followed_by(live(h, "Bob").account_id), live(h, "Ann").account_id);

  // Bob flees (back the way he came in, to the well), trying again each round until it works.
  for (int round = 0; round < 100 && live(h, "Bob").where.room_id == monster_room; ++round) {
    h.line(bob, "flee");
    h.services.run_timers();
  }
  ASSERT_EQ(live(h, "Bob").where.room_id, dw::game::start_room_id) << bob.port->take();
  h.services.hold_timers = false;
  bob.port->take();
  h.line(ann, "east");
  EXPECT_TRUE(has(bob.port->take(), "You follow Ann east."));
  EXPECT_EQ(live(h, "Bob").where.room_id, monster_room);
}

TEST(GroupPlay, InviteAcceptDeclineKickLeaveAndGtell) {
  game_harness h;
  auto ann = create_with_group(h, "Ann");
  auto bob = create_with_group(h, "Bob");
  auto cid = h.create("Cid");
  h.line(ann, "group");
  EXPECT_TRUE(has(ann.port->take(), "You are not in a group."));
  h.line(ann, "group invite bo");
  EXPECT_TRUE(has(ann.port->take(), "You invite Bob to join your group."));
  EXPECT_TRUE(has(bob.port->take(), "Ann invites you to join a group led by Ann."));
  h.line(bob, "group accept");
  EXPECT_TRUE(has(bob.port->take(), "You join Ann's group, and follow Ann"));
  EXPECT_TRUE(has(ann.port->take(), "Bob joins the group."));
  const std::string both = R"({"leader":"Ann","members":[{"name":"Ann","hp":40,"maxhp":40,"leader":true},)"
                           R"({"name":"Bob","hp":40,"maxhp":40,"leader":false}]})";
  EXPECT_EQ(last_group(ann), both);
  EXPECT_EQ(last_group(bob), both);

  h.line(ann, "group invite cid");
  h.line(cid, "group decline");
  EXPECT_TRUE(has(cid.port->take(), "You decline Ann's invitation."));
  EXPECT_TRUE(has(ann.port->take(), "Cid declines to join your group."));
  h.line(cid, "gtell anyone?");
  EXPECT_TRUE(has(cid.port->take(), "You are not in a group."));

  h.line(bob, "gtell onward,\xE2\x80\xAE to the deep");  // a direction-changing character is filtered out
  EXPECT_TRUE(has(ann.port->take(), "[group] Bob: onward, to the deep"));
  EXPECT_TRUE(has(bob.port->take(), "[group] Bob: onward, to the deep"));
  EXPECT_FALSE(has(cid.port->take(), "onward"));
  EXPECT_TRUE(has(ann.port->gmcp.back(), R"("channel":"group","talker":"Bob")")) << ann.port->gmcp.back();
  h.line(ann, "channels off group");
  ann.port->take();
  h.line(bob, "gtell again");
  EXPECT_FALSE(has(ann.port->take(), "again"));
  h.line(ann, "channels on group");

  h.line(bob, "group");
  const std::string shown = bob.port->take();
  EXPECT_TRUE(has(shown, "Your group, led by Ann (2 of at most 6):")) << shown;
  EXPECT_TRUE(has(shown, "40/40 hp, leads, here")) << shown;
  EXPECT_TRUE(has(shown, "You follow Ann.")) << shown;

  h.line(bob, "group kick ann");
  EXPECT_TRUE(has(bob.port->take(), "Only Ann, who leads your group, can remove anyone from it."));
  h.line(ann, "group kick bob");
  EXPECT_TRUE(has(bob.port->take(), "Ann removes you from the group."));
  EXPECT_TRUE(has(ann.port->take(), "Ann removes Bob from the group.\nYour group has broken up."));
  EXPECT_EQ(last_group(bob), R"({"leader":"","members":[]})");
  EXPECT_EQ(last_group(ann), R"({"leader":"","members":[]})");
  EXPECT_EQ(h.world.company().followers.followed_by(live(h, "Bob").account_id), 0);

  form_group(h, ann, bob);
  h.line(bob, "group leave");
  EXPECT_TRUE(has(bob.port->take(), "You leave Ann's group."));
  EXPECT_TRUE(has(ann.port->take(), "Bob leaves the group.\nYour group has broken up."));
  h.line(bob, "group leave");
  EXPECT_TRUE(has(bob.port->take(), "You are not in a group."));
  h.line(bob, "group frobnicate");
  EXPECT_TRUE(has(bob.port->take(), "Usage: group"));
  h.line(bob, "group invite zed");
  EXPECT_TRUE(has(bob.port->take(), "There is nobody called 'zed' playing."));
}

TEST(GroupPlay, AWonFightsSilverAndExperienceAreSharedWithTheGroupInTheRoom) {
  game_harness h(with_monsters(1'000'000));
  auto ann = create_with_group(h, "Ann");
  auto bob = create_with_group(h, "Bob");
  auto cid = h.create("Cid");
  form_group(h, ann, bob);
  h.line(ann, "down");
  h.line(ann, "east");  // Bob follows
  h.line(cid, "down");
  h.line(cid, "east");  // the same branch: its team-up window is open
  const std::int64_t room = live(h, "Ann").where.room_id;
  ASSERT_EQ(live(h, "Bob").where.room_id, room);
  ASSERT_EQ(live(h, "Cid").where.room_id, room);
  auto* fight = h.world.play().fight_table.find(room);
  ASSERT_TRUE(fight != nullptr);
  fight->monsters.behaviours = {};  // (what is shared is the rule here: no kin called in to change the count)
  const int depth = fight->monsters.depth;
  const int monsters = static_cast<int>(fight->monsters.monster_hp.size());
  const auto xp = [&h](std::string_view name) { return h.world.progress().standing_of(live(h, name).account_id).xp; };
  const std::int64_t ann_xp = xp("Ann");
  const std::int64_t bob_xp = xp("Bob");
  const std::int64_t cid_xp = xp("Cid");
  ann.port->take();
  bob.port->take();
  cid.port->take();

  h.line(ann, "fight");  // Ann alone fights; Bob stands by
  const std::string ann_out = ann.port->take();
  const std::string bob_out = bob.port->take();
  ASSERT_TRUE(has(ann_out, "The room is clear")) << ann_out;
  const std::int64_t total = dw::content::silver_for(h.world.content(), depth, monsters);
  ASSERT_GE(total, 2);
  EXPECT_TRUE(has(ann_out, "You find " + std::to_string(total) + " silver between you")) << ann_out;
  EXPECT_TRUE(has(bob_out, "You find " + std::to_string(total) + " silver between you")) << bob_out;
  EXPECT_EQ(live(h, "Ann").silver + live(h, "Bob").silver, total) << "silver is conserved";
  EXPECT_EQ(live(h, "Ann").silver, (total + 1) / 2) << "the fighter gets the odd coin";
  EXPECT_EQ(live(h, "Cid").silver, 0) << "not in the group";
  EXPECT_FALSE(has(cid.port->take(), "silver"));
  const std::int64_t fight_xp = h.world.content().progression.fight_xp(depth, monsters);
  EXPECT_EQ((xp("Ann") - ann_xp) + (xp("Bob") - bob_xp), fight_xp);
  EXPECT_GT(xp("Bob"), bob_xp);
  EXPECT_TRUE(has(bob_out, "experience for defeating")) << bob_out;
  EXPECT_EQ(xp("Cid"), cid_xp);
  // Both sides are saved with the round that won.
  dw::store::game_loader loader(h.services.db());
  EXPECT_EQ(loader.login_by_name("Bob")->character->silver, live(h, "Bob").silver);
  EXPECT_EQ(loader.login_by_name("Bob")->progress->xp, xp("Bob"));
  // The members' hit points went out as GMCP Group during the fight.
  EXPECT_TRUE(has(last_group(bob), R"("name":"Ann","hp":)")) << last_group(bob);
}

TEST(GroupPlay, ATakeOverKeepsTheGroupAndQuittingLeavesIt) {
  game_harness h;
  auto ann = create_with_group(h, "Ann");
  auto bob = create_with_group(h, "Bob");
  form_group(h, ann, bob);
  auto again = h.connect(group_supports);
  h.line(again, "connect Bob password123");
  EXPECT_TRUE(has(again.port->take(), "You take over your character"));
  EXPECT_EQ(h.world.company().members.members_of(live(h, "Bob").account_id).size(), 2U);
  EXPECT_TRUE(has(last_group(again), R"("leader":"Ann")")) << "the new connection is sent its group";
  h.line(ann, "down");
  EXPECT_TRUE(has(again.port->take(), "You follow Ann down."));
  EXPECT_EQ(live(h, "Bob").where.room_id, dw::game::start_room_id);

  h.line(ann, "quit");
  h.disconnect(ann);
  h.services.drain();
  EXPECT_TRUE(has(again.port->take(), "Ann has left the game, and the group.\nYour group has broken up."));
  EXPECT_TRUE(h.world.company().members.members_of(live(h, "Bob").account_id).empty());
  EXPECT_EQ(h.world.company().followers.followed_by(live(h, "Bob").account_id), 0);
  EXPECT_EQ(last_group(again), R"({"leader":"","members":[]})");
}
