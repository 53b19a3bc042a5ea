// What the players read of a round with behaviours: the behaviour's words, in the second person for the
// fighter it acted on and the third for everyone else.
#include <gtest/gtest.h>

#include "server/game/encounters/fight_news.hpp"
#include "server/game/output/style.hpp"
#include "tests/game/game_harness.hpp"

namespace {

std::string plain(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) {
    dw::game::strip_styles(line, out);
    out += '\n';
  }
  return out;
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(FightNews, ABehaviourIsSaidInItsWordsToTheFighterAndToTheRoom) {
  using dw::content::behaviour;
  using dw::content::behaviour_event;
  const auto tables = dw::testing::real_content();
  dw::content::round_result result;
  result.round = 1;
  dw::content::fighter_outcome ann{1, true, 0, 2, 40, false, 0};
  ann.struck = true;
  ann.turned = 3;
  ann.behaviour_taken = 4;
  dw::content::fighter_outcome bob{2, true, 0, 0, 30, false, 0};
  bob.struck = true;
  bob.turned = 5;  // the ward took all of Bob's blow: no "misses"
  result.fighters = {ann, bob};
  result.events = {{behaviour::pack, behaviour_event::kind::acts, std::nullopt, 1, false},
                   {behaviour::ambusher, behaviour_event::kind::on, 0, 4, true},
                   {behaviour::armoured, behaviour_event::kind::on, 0, 3, false},
                   {behaviour::wards, behaviour_event::kind::on, 1, 5, false}};
  dw::content::fight_state after;
  after.hp_each = 20;
  after.monster_hp = {20};
  const dw::game::round_story story{tables.get(), &result, {{1, "Ann", ""}, {2, "Bob", ""}}, "stone beetle",
                                    "stone beetles", 1, &after};
  const std::string to_ann = plain(dw::game::round_sentences(story, 1));
  const std::string to_bob = plain(dw::game::round_sentences(story, 2));
  EXPECT_TRUE(has(to_ann, "A shriek answers from the dark: another stone beetle joins the fight!")) << to_ann;
  EXPECT_TRUE(has(to_ann, "The stone beetle strikes from hiding before you can act: 4 damage.")) << to_ann;
  EXPECT_TRUE(has(to_ann, "Your blow glances off the stone beetle's hide: 3 turned aside.")) << to_ann;
  EXPECT_TRUE(has(to_ann, "The stone beetle's ward takes 5 of Bob's blow.")) << to_ann;
  EXPECT_TRUE(has(to_bob, "The stone beetle strikes Ann from hiding: 4 damage.")) << to_bob;
  EXPECT_TRUE(has(to_bob, "Ann's blow glances off the stone beetle's hide: 3 turned aside.")) << to_bob;
  EXPECT_TRUE(has(to_bob, "The stone beetle's ward takes 5 of your blow.")) << to_bob;
  EXPECT_FALSE(has(to_bob, "You miss")) << to_bob;
  // The ambush comes before Ann's own blow, the glance after it.
  EXPECT_LT(to_ann.find("from hiding"), to_ann.find("You hit"));
  EXPECT_LT(to_ann.find("You hit"), to_ann.find("glances off"));
}

}  // namespace
