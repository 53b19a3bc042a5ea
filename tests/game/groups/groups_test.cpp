// The groups part alone: its tables and rules with a real roster and output, fake connections and a fake
// step taker standing in for places (no world, no dungeon, no store).
#include "server/game/groups/groups.hpp"
#include "server/game/groups/following.hpp"
#include "server/game/groups/membership.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dw::game {
namespace {

/// A connection that keeps what it was sent.
class recording_port final : public session_port {
 public:
  void write_text(std::string_view text) override { text_ += text; }
  void write_gmcp(std::string_view package, std::string_view json) override {
    gmcp.push_back(std::string(package) + " " + std::string(json));
  }
  void write_prompt_end() override {}
  void flush(std::uint64_t) override {}
  void discard(std::uint64_t) override {}
  void discard_unflushed() override {}
  void set_hidden_input(bool) override {}
  void close() override {}
  const client_abilities& client() const override { return info; }
  std::string_view address() const override { return "192.0.2.1"; }
  /// What was written since the last call.
  std::string take() { return std::exchange(text_, {}); }

  client_abilities info;
  std::vector<std::string> gmcp;

 private:
  std::string text_;
};

/// Places as the groups part sees them: a step after a leader moves the follower where the leader is (or
/// is refused, for those named in `refuse`), and a step made is told back, as places tell every step.
class fake_steps final : public step_taker {
 public:
  bool step_after(character& ch, exit_dir d, const location& leader_at) override {
    taken.push_back(ch.name);
    if (refuse.contains(ch.name)) {
      return false;
    }
    const location from = ch.where;
    people->vacate(ch);
    ch.where = leader_at;
    people->occupy(ch);
    watch->stepped(ch, from, d);
    return true;
  }
  roster* people = nullptr;
  step_watch* watch = nullptr;
  std::vector<std::string> taken;  ///< who was asked to step, in order
  std::set<std::string> refuse;
};

location room(std::int64_t id) {
  location at;
  at.room_id = id;
  return at;
}

class GroupsAlone : public ::testing::Test {
 protected:
  explicit GroupsAlone(std::int64_t max_group_size = 4)
      : settings_(settings_with(max_group_size)), out_(people_, settings_), company_(settings_, people_, out_, steps_) {
    steps_.people = &people_;
    steps_.watch = &company_;
    out_.set_vitals_watch(company_);
  }

  static config::settings settings_with(std::int64_t max_group_size) {
    config::settings s;
    s.game.max_group_size = max_group_size;
    return s;
  }

  /// Someone in play in room `room_id`, with a client that enabled GMCP Group when `group_gmcp`.
  character& add(const std::string& name, std::int64_t room_id, bool group_gmcp = true) {
    ports_.push_back(std::make_unique<recording_port>());
    recording_port& port = *ports_.back();
    port.info.gmcp = true;
    connection& conn = people_.add_connection(port, 0);
    conn.stage = login_stage::playing;
    out_.gmcp_supports(conn) = group_gmcp ? std::vector<std::string>{"Group"} : std::vector<std::string>{"Char"};
    character ch;
    ch.account_id = next_account_++;
    ch.name = name;
    ch.where = room(room_id);
    ch.connection = conn.id;
    conn.account_id = ch.account_id;
    character& placed = people_.add_character(std::move(ch));
    people_.occupy(placed);
    port_of_[placed.account_id] = &port;
    return placed;
  }
  recording_port& port(const character& ch) { return *port_of_.at(ch.account_id); }
  std::string told(const character& ch) { return port(ch).take(); }
  /// What a walk by `ch` from where it stands to `to_room` tells the groups part (as places would).
  void walk(character& ch, std::int64_t to_room, exit_dir d = exit_dir::north) {
    const location from = ch.where;
    people_.vacate(ch);
    ch.where = room(to_room);
    people_.occupy(ch);
    company_.stepped(ch, from, d);
  }
  /// Ann leads a group that Bob (and each of `more`) has accepted.
  void form(character& leader, const std::vector<character*>& members) {
    for (character* m : members) {
      company_.members.invite(leader, *m);
      company_.members.accept(*m);
    }
  }

  live_settings settings_;
  roster people_;
  output out_;
  fake_steps steps_;
  groups company_;

 private:
  std::vector<std::unique_ptr<recording_port>> ports_;
  std::unordered_map<std::int64_t, recording_port*> port_of_;
  std::int64_t next_account_ = 1;
};

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST_F(GroupsAlone, FollowersStandingWhereTheLeaderWasTakeItsStepAndTheirOwnFollowersTheirs) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 1);
  character& dan = add("Dan", 2);  // follows Ann, but stands elsewhere
  company_.followers.follow(bob, ann);
  company_.followers.follow(cid, bob);  // a chain: Cid walks after Bob
  company_.followers.follow(dan, ann);
  EXPECT_TRUE(has(told(ann), "Bob now follows you."));
  EXPECT_TRUE(has(told(bob), "You now follow Ann"));
  EXPECT_EQ(company_.followers.followers_of(ann.account_id),
            (std::vector<std::int64_t>{bob.account_id, dan.account_id}));

  told(dan);
  walk(ann, 5, exit_dir::east);
  EXPECT_EQ(steps_.taken, (std::vector<std::string>{"Bob", "Cid"})) << "Dan was not where Ann stood";
  EXPECT_EQ(bob.where.room_id, 5);
  EXPECT_EQ(cid.where.room_id, 5);
  EXPECT_EQ(dan.where.room_id, 2);
  EXPECT_TRUE(has(told(bob), "You follow Ann east."));
  EXPECT_TRUE(has(told(cid), "You follow Bob east."));
  EXPECT_TRUE(told(dan).empty());

  // Someone walking whom nobody follows asks nothing of places.
  steps_.taken.clear();
  walk(dan, 3);
  EXPECT_TRUE(steps_.taken.empty());
}

TEST_F(GroupsAlone, ARefusedStepIsToldAndTheFollowerStillFollows) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  company_.followers.follow(bob, ann);
  told(bob);
  steps_.refuse.insert("Bob");
  walk(ann, 5, exit_dir::west);
  const std::string out = told(bob);
  EXPECT_TRUE(has(out, "You follow Ann west.")) << out;
  EXPECT_TRUE(has(out, "Ann goes on without you.")) << out;
  EXPECT_EQ(bob.where.room_id, 1);
  EXPECT_EQ(company_.followers.followed_by(bob.account_id), ann.account_id);
  // Back where Ann is, Bob walks with her again.
  steps_.refuse.clear();
  walk(bob, 5, exit_dir::west);
  walk(ann, 6);
  EXPECT_EQ(bob.where.room_id, 6);
}

TEST_F(GroupsAlone, FollowingInACircleEndsAfterOneStepEach) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  company_.followers.follow(bob, ann);
  company_.followers.follow(ann, bob);
  walk(ann, 2);
  EXPECT_EQ(steps_.taken, std::vector<std::string>{"Bob"});
  EXPECT_EQ(ann.where.room_id, 2);
  EXPECT_EQ(bob.where.room_id, 2);
}

TEST_F(GroupsAlone, FollowSelfStopsAndBothAreTold) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  company_.followers.follow(bob, bob);
  EXPECT_TRUE(has(told(bob), "You are not following anyone."));
  company_.followers.follow(bob, ann);
  company_.followers.follow(bob, ann);
  EXPECT_TRUE(has(told(bob), "You already follow Ann."));
  told(ann);
  company_.followers.follow(bob, bob);
  EXPECT_TRUE(has(told(bob), "You stop following Ann."));
  EXPECT_TRUE(has(told(ann), "Bob stops following you."));
  EXPECT_EQ(company_.followers.followed_by(bob.account_id), 0);
  EXPECT_TRUE(company_.followers.followers_of(ann.account_id).empty());
}

TEST_F(GroupsAlone, InviteAcceptLeaveAndTheGroupPassesToTheNextWhoJoined) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 3);
  company_.members.accept(bob);
  EXPECT_TRUE(has(told(bob), "Nobody has invited you to a group."));
  company_.members.invite(ann, bob);
  EXPECT_TRUE(has(told(bob), "Ann invites you to join a group led by Ann. Type 'group accept'"));
  EXPECT_EQ(company_.members.invited_by(bob.account_id), ann.account_id);
  EXPECT_TRUE(company_.members.members_of(ann.account_id).empty()) << "no group until someone accepts";
  company_.members.accept(bob);
  EXPECT_TRUE(has(told(bob), "You join Ann's group, and follow Ann"));
  EXPECT_TRUE(has(told(ann), "Bob joins the group."));
  EXPECT_EQ(company_.members.members_of(bob.account_id), (std::vector<std::int64_t>{ann.account_id, bob.account_id}));
  EXPECT_EQ(company_.followers.followed_by(bob.account_id), ann.account_id);
  form(ann, {&cid});
  company_.followers.follow(ann, cid);  // the leader may follow whom it likes
  told(ann);
  told(bob);
  told(cid);

  // Only the leader invites; nobody is in two groups.
  character& dan = add("Dan", 1);
  company_.members.invite(bob, dan);
  EXPECT_TRUE(has(told(bob), "Only Ann, who leads your group, can invite anyone to it."));
  company_.members.invite(dan, bob);
  EXPECT_TRUE(has(told(dan), "Bob is already in a group."));

  // Ann leaves: Bob joined first and leads; Cid, who followed Ann for the group, now follows Bob, and Bob
  // follows nobody. Leaving, Ann stops following anyone in the group.
  company_.members.leave_group(ann);
  EXPECT_TRUE(has(told(ann), "You leave the group you led.\nYou stop following Cid."));
  EXPECT_TRUE(has(told(bob), "You lead the group now."));
  EXPECT_TRUE(has(told(cid), "Bob leads the group now. You follow Bob."));
  EXPECT_EQ(company_.members.members_of(cid.account_id), (std::vector<std::int64_t>{bob.account_id, cid.account_id}));
  EXPECT_EQ(company_.followers.followed_by(cid.account_id), bob.account_id);
  EXPECT_EQ(company_.followers.followed_by(bob.account_id), 0);
  EXPECT_EQ(company_.followers.followed_by(ann.account_id), 0);

  // Cid leaves: one member is no group.
  company_.members.leave_group(cid);
  EXPECT_TRUE(has(told(bob), "Cid leaves the group.\nYour group has broken up."));
  EXPECT_TRUE(company_.members.members_of(bob.account_id).empty());
  EXPECT_EQ(company_.followers.followed_by(cid.account_id), 0) << "Cid followed Bob as a member";
}

TEST_F(GroupsAlone, TheLeaderKicksMembersAndFollowersButNobodyElse) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 1);
  character& dan = add("Dan", 1);
  form(ann, {&bob, &cid});
  company_.followers.follow(dan, ann);
  told(ann);
  company_.members.kick(bob, cid);
  EXPECT_TRUE(has(told(bob), "Only Ann, who leads your group, can remove anyone from it."));
  company_.members.kick(ann, ann);
  EXPECT_TRUE(has(told(ann), "To leave your group, type 'group leave'."));
  company_.members.kick(ann, bob);
  EXPECT_TRUE(has(told(bob), "Ann removes you from the group.\nYou stop following Ann."));
  EXPECT_TRUE(has(told(cid), "Ann removes Bob from the group."));
  EXPECT_EQ(company_.members.members_of(ann.account_id), (std::vector<std::int64_t>{ann.account_id, cid.account_id}));
  company_.members.kick(ann, dan);
  EXPECT_TRUE(has(told(dan), "you stop following Ann"));
  EXPECT_EQ(company_.followers.followed_by(dan.account_id), 0);
  company_.members.kick(ann, bob);
  EXPECT_TRUE(has(told(ann), "Bob is neither in your group nor following you."));
}

TEST_F(GroupsAlone, LeavingPlayLeavesTheGroupAndEveryFollowingAndDropsInvitations) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 1);
  character& dan = add("Dan", 1);
  form(ann, {&bob});
  company_.members.invite(ann, cid);
  company_.members.invite(dan, ann);  // (Ann is in a group: refused) ...
  company_.followers.follow(dan, ann);  // ... so Dan follows her instead
  told(bob);
  told(cid);
  told(dan);
  company_.leave_play(ann.account_id);
  EXPECT_TRUE(has(told(bob), "Ann has left the game, and the group.\nYour group has broken up."));
  EXPECT_TRUE(has(told(cid), "the invitation to join Ann's group has lapsed"));
  EXPECT_TRUE(has(told(dan), "Ann has left the game: you follow nobody now."));
  EXPECT_EQ(company_.members.invited_by(cid.account_id), 0);
  EXPECT_EQ(company_.followers.followed_by(bob.account_id), 0);
  EXPECT_EQ(company_.followers.followed_by(dan.account_id), 0);
  EXPECT_TRUE(company_.members.members_of(bob.account_id).empty());
  company_.members.accept(cid);
  EXPECT_TRUE(has(told(cid), "Nobody has invited you to a group."));
}

class SmallGroups : public GroupsAlone {
 protected:
  SmallGroups() : GroupsAlone(2) {}
};

TEST_F(SmallGroups, AGroupAndOnePersonsFollowersAreBounded) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 1);
  form(ann, {&bob});
  told(ann);
  company_.members.invite(ann, cid);
  EXPECT_TRUE(has(told(ann), "Your group is full: a group holds at most 2."));
  company_.followers.follow(cid, ann);
  EXPECT_TRUE(has(told(cid), "Ann already has as many followers as a group can hold (1)."));
  EXPECT_EQ(company_.followers.followed_by(cid.account_id), 0);
}

TEST_F(GroupsAlone, GroupMembersInTheRoomShareAWonFightFightingOrNot) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);  // Ann's group, here, not fighting
  character& cid = add("Cid", 2);  // Ann's group, elsewhere
  character& dan = add("Dan", 1);  // fighting, in no group
  character& eve = add("Eve", 1);  // here, in no group, not fighting
  form(ann, {&bob, &cid});
  std::vector<character*> standing{&dan, &ann};
  EXPECT_EQ(company_.sharers(standing, 1), (std::vector<character*>{&dan, &ann, &bob}));
  bob.hp = 0;  // knocked out: shares nothing
  EXPECT_EQ(company_.sharers(standing, 1), (std::vector<character*>{&dan, &ann}));
  bob.hp = 10;
  std::vector<character*> both{&bob, &ann};
  EXPECT_EQ(company_.sharers(both, 1), both) << "nobody twice";
  (void)eve;
}

TEST_F(GroupsAlone, GmcpGroupGoesOnceAnEventToMembersWhoAskedForIt) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 1, false);  // a client without Group
  character& dan = add("Dan", 1);         // in no group
  form(ann, {&bob, &cid});
  out_.end_event(0);
  ASSERT_EQ(port(ann).gmcp.size(), 1U);
  EXPECT_EQ(port(ann).gmcp.back(),
            R"(Group {"leader":"Ann","members":[{"name":"Ann","hp":20,"maxhp":20,"leader":true},)"
            R"({"name":"Bob","hp":20,"maxhp":20,"leader":false},{"name":"Cid","hp":20,"maxhp":20,"leader":false}]})");
  EXPECT_EQ(port(bob).gmcp, port(ann).gmcp);
  EXPECT_TRUE(port(cid).gmcp.empty());

  // A round that changes three members' hit points, and another's who is in no group: one Group each.
  ann.hp = 12;
  bob.hp = 7;
  out_.send_vitals(ann);
  out_.send_vitals(bob);
  out_.send_vitals(ann);
  out_.send_vitals(dan);
  out_.end_event(0);
  ASSERT_EQ(port(ann).gmcp.size(), 2U);
  EXPECT_TRUE(has(port(ann).gmcp.back(), R"({"name":"Ann","hp":12,"maxhp":20,"leader":true})"));
  EXPECT_TRUE(has(port(bob).gmcp.back(), R"({"name":"Bob","hp":7,"maxhp":20,"leader":false})"));
  EXPECT_TRUE(port(dan).gmcp.empty());
  out_.end_event(0);
  EXPECT_EQ(port(ann).gmcp.size(), 2U) << "nothing changed, nothing sent";

  // Leaving: an empty Group to the one who left, the smaller group to the rest.
  company_.members.leave_group(bob);
  out_.end_event(0);
  EXPECT_EQ(port(bob).gmcp.back(), R"(Group {"leader":"","members":[]})");
  EXPECT_FALSE(has(port(ann).gmcp.back(), "Bob"));
  EXPECT_EQ(company_.news.group_json(dan.account_id), R"({"leader":"","members":[]})");
}

TEST_F(GroupsAlone, GroupShowsMembersHitPointsFollowingAndInvitations) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 4);
  character& dan = add("Dan", 1);
  EXPECT_TRUE(has(company_.news.describe(ann), "You are not in a group."));
  form(ann, {&bob, &cid});
  company_.followers.follow(dan, ann);
  bob.hp = 9;
  const std::string shown = company_.news.describe(ann);
  EXPECT_TRUE(has(shown, "Your group, led by Ann (3 of at most 4):")) << shown;
  EXPECT_TRUE(has(shown, "  Ann")) << shown;
  EXPECT_TRUE(has(shown, "20/20 hp, leads\n")) << shown;
  EXPECT_TRUE(has(shown, "9/20 hp, here\n")) << shown;
  EXPECT_TRUE(has(shown, "Following you: Bob, Cid, Dan.")) << shown;
  company_.members.invite(bob, dan);
  const std::string bobs = company_.news.describe(bob);
  EXPECT_TRUE(has(bobs, "You follow Ann.")) << bobs;
  character& eve = add("Eve", 1);
  company_.members.invite(ann, eve);
  EXPECT_TRUE(has(company_.news.describe(eve), "Ann has invited you to a group: 'group accept' or 'group decline'."));
}

/// What membership tells group_news, kept.
class recording_watch final : public group_watch {
 public:
  void group_changed(std::uint64_t group) override { changed.push_back(group); }
  void left_group(std::int64_t account) override { left.push_back(account); }
  std::vector<std::uint64_t> changed;
  std::vector<std::int64_t> left;
};

/// Membership alone, over its own following and a watch that records what it is told (no group_news).
class MembershipAlone : public GroupsAlone {
 protected:
  following trail_{settings_, people_, out_, steps_};
  recording_watch watch_;
  membership members_{settings_, people_, out_, trail_, watch_};
};

TEST_F(MembershipAlone, TellsItsWatchOfEveryJoinLeaveAndEnd) {
  character& ann = add("Ann", 1);
  character& bob = add("Bob", 1);
  character& cid = add("Cid", 1);
  EXPECT_TRUE(members_.none());
  members_.invite(ann, bob);
  EXPECT_TRUE(watch_.changed.empty()) << "an invitation changes no group";
  members_.accept(bob);
  const std::uint64_t group = members_.group_of(ann.account_id);
  ASSERT_NE(group, 0U);
  EXPECT_EQ(members_.group_of(bob.account_id), group);
  EXPECT_EQ(trail_.followed_by(bob.account_id), ann.account_id);
  members_.invite(ann, cid);
  members_.accept(cid);
  EXPECT_EQ(watch_.changed, (std::vector<std::uint64_t>{group, group}));

  // The leader leaves: the group passes to Bob, and Cid, who followed Ann, follows Bob.
  members_.leave_group(ann);
  EXPECT_EQ(watch_.left, (std::vector<std::int64_t>{ann.account_id}));
  EXPECT_EQ(watch_.changed.size(), 3U);
  ASSERT_NE(members_.members(group), nullptr);
  EXPECT_EQ(*members_.members(group), (std::vector<std::int64_t>{bob.account_id, cid.account_id}));
  EXPECT_EQ(trail_.followed_by(cid.account_id), bob.account_id);

  // One left is no group: both are told they left it, and it is gone.
  members_.leave_group(cid);
  EXPECT_EQ(watch_.left, (std::vector<std::int64_t>{ann.account_id, cid.account_id, bob.account_id}));
  EXPECT_EQ(watch_.changed.size(), 3U) << "an ended group is not sent";
  EXPECT_EQ(members_.members(group), nullptr);
  EXPECT_TRUE(members_.none());
}

}  // namespace
}  // namespace dw::game
