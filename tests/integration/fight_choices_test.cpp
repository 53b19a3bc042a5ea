// Fight choices over telnet (issue 12): first and third person rounds, health words and Char.Combat,
// rounds only on the timer, defend, flee back the way you came, consider, the fallen pack, quitting
// mid-fight, and wimpy (issue 26).
#include <tuple>

#include "tests/integration/admin_support.hpp"
#include "tests/support/content_seeds.hpp"

using namespace dw::testing::admin_flow;

namespace {

bool has_health_word(const std::string& text) {
  for (std::string_view word : {"unhurt", "scratched", "wounded", "near death", " dies."}) {
    if (contains(text, word)) {
      return true;
    }
  }
  return false;
}

std::string fight_config(std::int64_t seed, int hp, int round_ms) {
  return seed_config(seed, "[game]\nfight_round_ms = " + std::to_string(round_ms) +
                               "\ncharacter_max_hp = " + std::to_string(hp) + "\n");
}

/// Hit points enough to outlast any fight here.
constexpr int many_hp = 100000;

/// A server on `seed` (a long_fight_seed) with rounds every `round_ms`, and Ann, just created, standing in
/// the first room of East branch 1 with its monsters.
struct at_a_long_fight {
  at_a_long_fight(std::int64_t seed, int round_ms)
      : server(fight_config(seed, many_hp, round_ms)), ann(server.port(), wide_client()) {
    ann.create("Ann", "annpassword");
    walk_into_east_branch(ann);
  }
  server_process server;
  telnet_client ann;
};

/// `fight`, and its first answer.
void start_fighting(telnet_client& c) {
  c.send_line("fight");
  c.expect("You attack");
}

/// A world seed whose first room of East branch 1 holds monsters whose first blow lands on a bare-handed
/// character of `hp` hit points, and who survive that round with the character still standing.
std::int64_t first_blow_lands_seed(int hp) {
  return dw::testing::seed_with_first_round(
      tables(), hp, [](const dw::content::fight_state&, const dw::content::round_result& round) {
        return !round.won && !round.fighters.empty() && !round.fighters[0].out && round.fighters[0].damage_taken > 0;
      });
}

/// A world seed whose first room of East branch 1 holds monsters with a behaviour that acts in the first
/// round of a fight against a bare-handed character (an ambush, or kin called), with the sentence that
/// character reads for it and the words consider says of it; -1 when none.
std::tuple<std::int64_t, std::string, std::string> first_round_behaviour_seed() {
  std::string words;
  std::string phrase;
  const std::int64_t seed = dw::testing::seed_with_first_round(
      tables(), many_hp, [&](const dw::content::fight_state& fight, const dw::content::round_result& round) {
        if (round.events.empty()) {
          return false;
        }
        const dw::content::behaviour_event& e = round.events.front();
        const auto& rule = tables().combat.behaviours[static_cast<std::size_t>(e.which)];
        words = e.fighter ? rule.you : rule.words;
        for (const auto& [from, to] :
             {std::pair<std::string, std::string>{"{monster}", tables().find_monster(fight.monster_key)->name},
              std::pair<std::string, std::string>{"{amount}", std::to_string(e.amount)}}) {
          for (std::size_t at = words.find(from); at != std::string::npos; at = words.find(from)) {
            words.replace(at, from.size(), to);
          }
        }
        phrase = rule.consider;
        return true;
      });
  return {seed, words, phrase};
}

}  // namespace

TEST(FightChoices, AMonstersBehaviourIsSaidInItsWordsWhenItActs) {
  const auto [seed, words, phrase] = first_round_behaviour_seed();
  ASSERT_GT(seed, 0);
  at_a_long_fight at(seed, 300);
  telnet_client& ann = at.ann;
  const std::string considered = answer(ann, "consider", "You size up");
  EXPECT_TRUE(contains(considered, phrase)) << "'" << phrase << "' in\n" << considered;
  start_fighting(ann);
  std::string round = ann.expect("Round 1:", 60s);
  round += ann.expect(prompt, 60s);
  EXPECT_TRUE(contains(round, words)) << "'" << words << "' in\n" << round;
}

TEST(FightChoices, EachPlayerReadsTheirOwnBlowsInTheFirstPersonAndOthersInTheThird) {
  const std::int64_t seed = long_fight_seed(many_hp);
  ASSERT_GT(seed, 0);
  at_a_long_fight at(seed, 1500);
  telnet_client& ann = at.ann;
  telnet_client bob(at.server.port(), wide_client());
  bob.create("Bob", "bobpassword");
  walk_into_east_branch(bob);
  start_fighting(ann);
  EXPECT_TRUE(contains(ann.expect_gmcp("Char.Combat"), "\"fighting\":true"));
  start_fighting(bob);
  // Typing fight again neither hurries a round nor joins twice.
  ann.send_line("fight");
  const std::string waiting = ann.expect("You are already fighting; rounds come every few seconds.");
  EXPECT_FALSE(contains(waiting, "Round 1:")) << waiting;
  // (two statements each: the operands of + may be evaluated in either order)
  std::string ann_round = ann.expect("Round 1:", 60s);
  ann_round += ann.expect(prompt, 60s);
  std::string bob_round = bob.expect("Round 1:", 60s);
  bob_round += bob.expect(prompt, 60s);
  EXPECT_TRUE(contains(ann_round, "You hit") || contains(ann_round, "You miss")) << ann_round;
  EXPECT_TRUE(contains(ann_round, "Bob")) << ann_round;
  EXPECT_TRUE(contains(bob_round, "Ann hits") || contains(bob_round, "Ann misses")) << bob_round;
  EXPECT_TRUE(contains(bob_round, " you")) << bob_round;
  EXPECT_FALSE(contains(ann_round, "takes 0 damage")) << ann_round;
  EXPECT_TRUE(has_health_word(ann_round)) << ann_round;
  const std::string combat = ann.expect_gmcp("Char.Combat", 60s);
  EXPECT_TRUE(contains(combat, "\"monsters\":[")) << combat;
}

TEST(FightChoices, ConsiderWeighsTheMonstersAndDefendIsAChoiceForTheNextRound) {
  const std::int64_t seed = long_fight_seed(many_hp);
  ASSERT_GT(seed, 0);
  at_a_long_fight at(seed, 1000);
  telnet_client& ann = at.ann;
  const std::string considered = answer(ann, "consider monsters", "You size up");
  EXPECT_TRUE(contains(considered, "You would win easily.")) << considered;
  ann.send_line("consider dragon");
  ann.expect("You see no dragon here.");
  ann.send_line("defend");
  ann.expect("You are not fighting anything.");
  start_fighting(ann);
  ann.send_line("defend");
  ann.expect("You will defend from the next round");
  ann.expect("Round 1:", 60s);
  ann.send_line("attack");
  ann.expect("You will attack in the next round.");
}

TEST(FightChoices, FleeLeavesBackTheWayYouCameIn) {
  const std::int64_t seed = long_fight_seed(many_hp);
  ASSERT_GT(seed, 0);
  at_a_long_fight at(seed, 1500);
  telnet_client& ann = at.ann;
  ann.send_line("flee");
  ann.expect("You are not fighting anything.");
  start_fighting(ann);
  // A flight can be cut off; it is tried again until it works.
  bool fled = false;
  std::string round;
  for (int attempt = 0; attempt < 30 && !fled; ++attempt) {
    ann.send_line("flee");
    round = ann.expect("Round ", 60s);
    round += ann.expect(prompt, 60s);
    ASSERT_FALSE(contains(round, "The room is clear")) << round;
    fled = contains(round, "You break away and flee!");
  }
  ASSERT_TRUE(fled);
  // The first room was entered from the well, on its west side: back that way.
  EXPECT_TRUE(contains(round, "You flee west!")) << round;
  EXPECT_TRUE(contains(round, "The Bottom of the Well")) << round;
}

TEST(FightChoices, AKnockedOutCharacterLeavesAFallenPackAnyoneCanTake) {
  const std::int64_t seed = monster_seed();
  ASSERT_GT(seed, 0);
  server_process server(fight_config(seed, 1, 100));
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  ann.send_line("@spawn scroll 4242");
  ann.expect("(seed 4242)");
  ann.send_line("get scroll");
  ann.expect("You pick up");
  walk_into_east_branch(ann);
  ann.send_line("fight");
  ann.expect("Your unsold scrolls and half your silver stay behind in your fallen pack.", 60s);
  ann.expect("You wake up in the village square", 60s);
  const std::string inventory = answer(ann, "inventory", "You");
  EXPECT_FALSE(contains(inventory, "scroll")) << inventory;

  // The pack is saved where Ann fell: it is still there after a restart.
  server.restart();
  telnet_client bob(server.port(), wide_client());
  bob.create("Bob", "bobpassword");
  const std::string room = walk_into_east_branch(bob);
  EXPECT_TRUE(contains(room, "Ann's fallen pack")) << room;
  const std::string inside = answer(bob, "look in pack", "Ann's fallen pack");
  EXPECT_TRUE(contains(inside, "1 scroll")) << inside;
  bob.send_line("get pack");
  bob.expect("You take Ann's fallen pack: 1 scroll.");
  const std::string carried = answer(bob, "inventory", "You");
  EXPECT_TRUE(contains(carried, "scroll")) << carried;
  const std::string after = answer(bob, "look", "[East branch 1");
  EXPECT_FALSE(contains(after, "fallen pack")) << after;

  // Taken is taken: after another restart Bob still has the scroll and the pack is gone.
  server.restart();
  telnet_client bob2(server.port(), wide_client());
  bob2.connect("Bob", "bobpassword");
  const std::string again = answer(bob2, "inventory", "You");
  EXPECT_TRUE(contains(again, "scroll")) << again;
  const std::string there = answer(bob2, "look", "[East branch 1");
  EXPECT_FALSE(contains(there, "fallen pack")) << there;
}

TEST(FightChoices, QuittingMidFightFightsOneMoreRoundFirst) {
  const std::int64_t seed = long_fight_seed(many_hp);
  ASSERT_GT(seed, 0);
  at_a_long_fight at(seed, 60000);
  telnet_client& ann = at.ann;
  start_fighting(ann);
  ann.expect(prompt);
  ann.send_line("quit");
  ann.expect("You cannot escape a fight by leaving");
  ann.expect("Round 1:");
  ann.expect("Goodbye");
  EXPECT_TRUE(ann.wait_closed());
  // Saved out of the fight: back in play, fight starts a new one rather than being "already fighting".
  telnet_client again(at.server.port(), wide_client());
  again.connect("Ann", "annpassword");
  start_fighting(again);
}

TEST(FightChoices, WimpyIsKeptOverARestartAndFleesForYou) {
  const std::int64_t seed = first_blow_lands_seed(40);
  ASSERT_GT(seed, 0);
  server_process server(fight_config(seed, 40, 300));
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  EXPECT_TRUE(contains(answer(ann, "wimpy", "Wimpy is"), "Wimpy is off"));
  ann.send_line("wimpy 40");
  ann.expect("Wimpy must be below your most hit points (40)");
  EXPECT_TRUE(contains(answer(ann, "wimpy 39", "Wimpy is"), "Wimpy is 39: when a fight round leaves you at 39"));

  // Stored with the account: after a restart it is still set.
  server.restart();
  telnet_client again(server.port(), wide_client());
  again.connect("Ann", "annpassword");
  EXPECT_TRUE(contains(answer(again, "wimpy", "Wimpy is"), "Wimpy is 39")) << "kept over a restart";
  walk_into_east_branch(again);
  start_fighting(again);
  // The first blow lands: Ann stands at 39 or less, panics, and runs (cut off, she tries again by herself).
  std::string told = again.expect("You panic and will try to flee in the next round! (wimpy 39)", 60s);
  told += again.expect("You break away and flee!", 60s);
  told += again.expect("The Bottom of the Well", 60s);
  EXPECT_FALSE(contains(told, "The room is clear")) << told;
}
