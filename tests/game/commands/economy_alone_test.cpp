// The economy's commands built alone (issue 29): the economy's set registered in a real dispatcher (over a real
// administration, which it takes for the audit of administrators' commands; none here is one), with the
// encounters classes it takes built as the encounters' alone tests build them (rune_locks, fight_table,
// room_stock, item_news, fights) on a fake ground over a real dungeon model, a real map_view over that ground, a
// real hall of fame and real progression behind a deed relay. No world: what the commands ask of places (saves,
// Char.Status, the dungeon's rooms) is read from the fake ground, and what they persist from the recording change
// sink. Lines are typed through dispatcher::run, as the world runs them (register_economy_commands registers give
// with the rest of the set).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "content/room_event.hpp"
#include "content/scroll.hpp"
#include "server/game/administration/administration.hpp"
#include "server/game/commands/dispatcher.hpp"
#include "server/game/commands/economy_set.hpp"
#include "server/game/deeds.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/places/hall_of_fame.hpp"
#include "server/game/places/map_view.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/game/progression/progression.hpp"
#include "tests/game/encounters/fight_parts.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::encounter_ports;
using dw::testing::has;
using dw::testing::square;
using dw::testing::well_bottom;

constexpr std::int64_t ann_account = 7;
constexpr std::int64_t bob_account = 8;
constexpr std::int64_t cat_account = 9;

/// Hears the deeds the economy tells (the relay hands each to progression as well, as the world wires it).
struct heard_deeds final : deeds {
  void won(const fight_won&) override {}
  void reached(character&, int) override {}
  void opened(character&, int) override {}
  void sold_scroll(character& ch, std::string_view effect) override {
    sold.push_back(std::to_string(ch.account_id) + ":" + std::string(effect));
  }
  std::vector<std::string> sold;  ///< "<account>:<effect>", in order
};

/// The economy's set on the fakes.
struct economy_alone {
  economy_alone() {
    told.listen(levels);
    told.listen(heard);
    register_economy_commands(commands.commands(), {p.ground, maps, fame, p.people, contents, locks, fighting,
                                                    p.changes, news, told, levels, nullptr});
  }

  /// A player standing at `where` with `silver`, in play as a login would leave it (its connection knows
  /// its account, progression knows its experience: none).
  encounter_ports::player add(std::string name, std::int64_t account, const location& where, std::int64_t silver) {
    encounter_ports::player pl = p.add_player(std::move(name), account, where, 30, 40);
    pl.conn->account_id = account;
    pl.ch->silver = silver;
    levels.enter(*pl.ch, nullptr);
    return pl;
  }
  /// `who` types `line`; what it was told.
  std::string type(const encounter_ports::player& who, std::string_view line) {
    commands.run(*who.conn, line);
    return p.told(who);
  }
  /// A new scroll (carried by nobody yet) whose effect is `effect`: the first seed that makes one.
  item scroll_of(std::string_view effect) {
    for (std::uint64_t seed = 1; seed < 10000; ++seed) {
      const dw::content::scroll_effect* e = dw::content::scroll_effect_of(p.content.get(), seed);
      if (e != nullptr && e->key == effect) {
        return contents.make_scroll(seed);
      }
    }
    ADD_FAILURE() << "no scroll of " << effect << " in 10000 seeds";
    return contents.make_scroll(1);
  }
  /// What the merchant pays for `scroll`, as merchant.toml says (its price times the scroll factor).
  std::int64_t scroll_value(const item& scroll) const {
    return std::max<std::int64_t>(1, std::llround(static_cast<double>(contents.artefact_of(scroll)->price) *
                                                  p.content.get().merchant.scroll_factor));
  }
  int price_of(std::string_view supply) const { return p.content.get().merchant.find_supply(supply)->price; }
  std::size_t saves_of(std::int64_t account) const { return p.ground.saves_of(account).size(); }

  encounter_ports p;
  rune_locks locks{p.settings, p.content, p.changes, p.ground};
  fight_table table{p.changes};
  room_stock contents{p.settings, p.content, p.changes, p.ground, locks, table, p.startup};
  item_news news{p.people, p.out, contents};
  dw::testing::fight_parts parts{p, contents, table, news};
  fights& fighting = parts.fighting;
  map_view maps{p.people, p.out, p.services, p.ground};
  hall_of_fame fame;
  progression levels{p.content, p.people, p.out, p.changes, p.services};
  heard_deeds heard;
  deed_relay told;
  administration admin{p.services, p.changes, p.out, p.startup};
  dispatcher commands{p.people, p.out, admin};
};

std::vector<std::string> keys_of(const std::vector<item>& items) {
  std::vector<std::string> keys;
  for (const item& it : items) {
    keys.push_back(it.key);
  }
  return keys;
}

TEST(EconomyAlone, BuyingInTheSquareTakesThePriceAndGivesTheWareSavedThroughTheGround) {
  economy_alone e;
  const int price = e.price_of("healing_draught");
  const auto ann = e.add("Ann", ann_account, square(), price + 5);

  const std::string out = e.type(ann, "buy draught");
  EXPECT_TRUE(has(out, "You buy a healing draught for " + std::to_string(price) + " silver")) << out;
  EXPECT_EQ(ann.ch->silver, 5);
  EXPECT_EQ(keys_of(ann.ch->inventory), std::vector<std::string>{"healing_draught"});
  const auto items = e.p.changes.all<storage::save_item>();
  ASSERT_EQ(items.size(), 1U) << "the new item is persisted, carried by its buyer";
  EXPECT_EQ(items[0].item.id, ann.ch->inventory[0].id);
  EXPECT_EQ(items[0].item.owner_account, ann_account);
  const auto saves = e.p.ground.saves_of(ann_account);
  ASSERT_EQ(saves.size(), 1U) << "the buyer is saved through the ground";
  EXPECT_EQ(saves.back().silver, 5);
  EXPECT_EQ(e.p.ground.statuses, std::vector<std::int64_t>{ann_account}) << "Char.Status: the silver changed";
}

TEST(EconomyAlone, TooLittleSilverOrNoMerchantRefusesWithAMessageAndChangesNothing) {
  economy_alone e;
  const int price = e.price_of("healing_draught");
  const auto ann = e.add("Ann", ann_account, square(), price - 1);

  std::string out = e.type(ann, "buy draught");
  EXPECT_TRUE(has(out, "A healing draught costs " + std::to_string(price) + " silver; you have " +
                           std::to_string(price - 1) + " silver."))
      << out;
  EXPECT_EQ(ann.ch->silver, price - 1);
  EXPECT_TRUE(ann.ch->inventory.empty());
  EXPECT_TRUE(e.p.changes.persisted.empty()) << "nothing is persisted";
  EXPECT_EQ(e.p.changes.pending_undo(), 0U);
  EXPECT_EQ(e.saves_of(ann_account), 0U);
  EXPECT_TRUE(e.p.ground.statuses.empty());

  // The merchant stands in the village square only.
  const auto bob = e.add("Bob", bob_account, well_bottom(), 1000);
  out = e.type(bob, "buy draught");
  EXPECT_TRUE(has(out, "There is no one here to trade with.")) << out;
  EXPECT_EQ(bob.ch->silver, 1000);
  EXPECT_TRUE(bob.ch->inventory.empty());
  EXPECT_TRUE(e.p.changes.persisted.empty());
}

TEST(EconomyAlone, SellingAScrollGivesItsValueTakesItForGoodAndTellsTheDeed) {
  economy_alone e;
  const auto ann = e.add("Ann", ann_account, square(), 10);
  const item scroll = e.scroll_of("ward");
  const std::int64_t value = e.scroll_value(scroll);
  ann.ch->inventory.push_back(scroll);

  const std::string out = e.type(ann, "sell scroll");
  EXPECT_TRUE(has(out, "for " + std::to_string(value) + " silver.")) << out;
  EXPECT_TRUE(has(out, "You have " + std::to_string(10 + value) + " silver.")) << out;
  EXPECT_EQ(ann.ch->silver, 10 + value);
  EXPECT_TRUE(ann.ch->inventory.empty());
  EXPECT_EQ(ann.ch->scrolls_sold, 1);
  const auto removed = e.p.changes.all<storage::remove_item>();
  ASSERT_EQ(removed.size(), 1U) << "the scroll leaves the world in storage too";
  EXPECT_EQ(removed[0].item_id, scroll.id);
  const auto saves = e.p.ground.saves_of(ann_account);
  ASSERT_EQ(saves.size(), 1U);
  EXPECT_EQ(saves.back().silver, 10 + value);
  EXPECT_EQ(saves.back().scrolls_sold, 1);
  EXPECT_EQ(e.heard.sold, std::vector<std::string>{"7:ward"}) << "the deed is told, with the scroll's kind";
  EXPECT_EQ(e.p.ground.statuses, std::vector<std::int64_t>{ann_account});
}

TEST(EconomyAlone, AnEventThatCannotBeSavedPutsSilverAndItemsBack) {
  economy_alone e;
  const int price = e.price_of("healing_draught");
  const auto ann = e.add("Ann", ann_account, square(), 3 * price);

  e.type(ann, "buy 2 draughts");
  ASSERT_EQ(ann.ch->silver, price);
  ASSERT_EQ(ann.ch->inventory.size(), 2U);
  EXPECT_EQ(e.p.changes.fail(), 0) << "no undo step throws";
  EXPECT_EQ(ann.ch->silver, 3 * price) << "the price is given back";
  EXPECT_TRUE(ann.ch->inventory.empty()) << "and the draughts taken back";

  // A sale that cannot be saved: the scroll is back in the pack, the silver and the count as they were.
  const item scroll = e.scroll_of("heal");
  ann.ch->inventory.push_back(scroll);
  e.type(ann, "sell scroll");
  ASSERT_TRUE(ann.ch->inventory.empty());
  ASSERT_EQ(ann.ch->scrolls_sold, 1);
  EXPECT_EQ(e.p.changes.fail(), 0);
  EXPECT_EQ(ann.ch->silver, 3 * price);
  EXPECT_EQ(ann.ch->scrolls_sold, 0);
  ASSERT_EQ(ann.ch->inventory.size(), 1U);
  EXPECT_EQ(ann.ch->inventory[0].id, scroll.id);

  // A purchase that was saved stays when a later event fails.
  e.type(ann, "buy draught");
  e.p.changes.commit();
  e.type(ann, "buy draught");
  EXPECT_EQ(e.p.changes.fail(), 0);
  EXPECT_EQ(ann.ch->silver, 2 * price);
  ASSERT_EQ(ann.ch->inventory.size(), 2U) << "the scroll and the first draught, saved, are kept";
  EXPECT_EQ(ann.ch->inventory[1].key, "healing_draught");
}

TEST(EconomyAlone, GivingSilverToSomeoneHereMovesItSavesBothAndSendsBothTheirStatus) {
  economy_alone e;
  const auto ann = e.add("Ann", ann_account, well_bottom(), 100);
  const auto bob = e.add("Bob", bob_account, well_bottom(), 0);
  const auto cat = e.add("Cat", cat_account, square(), 0);

  EXPECT_TRUE(has(e.type(ann, "give 30 silver to bob"), "You give 30 silver to Bob. You have 70 silver left."));
  EXPECT_TRUE(has(e.p.told(bob), "Ann gives you 30 silver. You have 30 silver."));
  EXPECT_EQ(ann.ch->silver, 70);
  EXPECT_EQ(bob.ch->silver, 30);
  ASSERT_EQ(e.saves_of(ann_account), 1U);
  ASSERT_EQ(e.saves_of(bob_account), 1U);
  EXPECT_EQ(e.p.ground.saves_of(ann_account).back().silver, 70);
  EXPECT_EQ(e.p.ground.saves_of(bob_account).back().silver, 30);
  std::vector<std::int64_t> statuses = e.p.ground.statuses;
  std::sort(statuses.begin(), statuses.end());
  EXPECT_EQ(statuses, (std::vector<std::int64_t>{ann_account, bob_account})) << "both get Char.Status";

  // Someone in another room is nobody to give to; nothing moves.
  EXPECT_FALSE(has(e.type(ann, "give 5 silver to cat"), "You give"));
  EXPECT_EQ(ann.ch->silver, 70);
  EXPECT_EQ(cat.ch->silver, 0);
  EXPECT_EQ(e.saves_of(cat_account), 0U);

  // Taken back on both sides if the event cannot be saved.
  e.p.changes.commit();
  e.type(ann, "give 20 silver to bob");
  ASSERT_EQ(bob.ch->silver, 50);
  EXPECT_EQ(e.p.changes.fail(), 0);
  EXPECT_EQ(ann.ch->silver, 70);
  EXPECT_EQ(bob.ch->silver, 30);
}

TEST(EconomyAlone, GivingAnItemMovesItToTheOtherPackAndPersistsItsNewOwner) {
  economy_alone e;
  const auto ann = e.add("Ann", ann_account, well_bottom(), 0);
  const auto bob = e.add("Bob", bob_account, well_bottom(), 0);
  const item scroll = e.scroll_of("ward");
  ann.ch->inventory.push_back(scroll);

  EXPECT_TRUE(has(e.type(ann, "give scroll to bob"), "You give"));
  EXPECT_TRUE(has(e.p.told(bob), "Ann gives you"));
  EXPECT_TRUE(ann.ch->inventory.empty());
  ASSERT_EQ(bob.ch->inventory.size(), 1U);
  EXPECT_EQ(bob.ch->inventory[0].id, scroll.id);
  const auto items = e.p.changes.all<storage::save_item>();
  ASSERT_EQ(items.size(), 1U);
  EXPECT_EQ(items[0].item.id, scroll.id);
  EXPECT_EQ(items[0].item.owner_account, bob_account) << "the item is saved as Bob's";

  EXPECT_EQ(e.p.changes.fail(), 0);
  EXPECT_TRUE(bob.ch->inventory.empty()) << "an event that cannot be saved gives it back";
  ASSERT_EQ(ann.ch->inventory.size(), 1U);
  EXPECT_EQ(ann.ch->inventory[0].id, scroll.id);
}

TEST(EconomyAlone, ScoreShowsLevelExperienceAndSilverAndDeepestReadsTheHallOfFame) {
  economy_alone e;
  const auto ann = e.add("Ann", ann_account, square(), 42);
  e.levels.award(*ann.ch, 5, "testing");
  e.p.told(ann);
  const standing st = e.levels.standing_of(ann_account);
  ASSERT_EQ(st.xp, 5);

  std::string out = e.type(ann, "score");
  EXPECT_TRUE(has(out, "Level: " + std::to_string(st.level) + " (5 experience; level " + std::to_string(st.level + 1) +
                           " at " + std::to_string(st.xp_next) + ")"))
      << out;
  EXPECT_TRUE(has(out, "Silver: 42")) << out;

  EXPECT_TRUE(has(e.type(ann, "deepest"), "The board by the well is blank")) << "nobody has gone down yet";
  e.fame.reached("Bob", 4, 1'800'000'000);
  e.fame.reached("Ann", 9, 1'800'000'000);
  out = e.type(ann, "deepest");
  const std::size_t first = out.find("Ann");
  const std::size_t second = out.find("Bob");
  ASSERT_NE(first, std::string::npos) << out;
  ASSERT_NE(second, std::string::npos) << out;
  EXPECT_LT(first, second) << "deepest first\n" << out;
  EXPECT_TRUE(has(out, "depth 9")) << out;
}

TEST(EconomyAlone, AScrollOfSeeingDrawsTheMapThroughMapViewWithTheNearestSealedDoor) {
  economy_alone e;
  const encounter_ports::two_rooms rooms = e.p.dig();
  // A rune door seals the second room; where its order is written no room is yet.
  dw::content::rune_lock lock;
  lock.sequence = {"sun", "moon", "serpent"};
  lock.hint_x = rooms.second.pos.x + 3;
  lock.hint_y = rooms.second.pos.y;
  storage::branch_snapshot stored;
  stored.branch_id = static_cast<std::int64_t>(rooms.second.branch);
  stored.exists = true;
  stored.rooms.push_back(dw::testing::fake_ground::record_of_room(rooms.first, dw::content::room_event::none, ""));
  stored.rooms.push_back(
      dw::testing::fake_ground::record_of_room(rooms.second, dw::content::room_event::rune_lock, lock.encode()));
  e.locks.restore_branch(stored);
  e.contents.restore_branch(stored);
  const auto ann = e.add("Ann", ann_account, dw::testing::fake_ground::location_of(rooms.first), 0);
  const item scroll = e.scroll_of("map");
  ann.ch->inventory.push_back(scroll);

  const std::string out = e.type(ann, "read scroll");
  const dw::dungeon::coord hint{lock.hint_x, lock.hint_y};
  const std::string drawn = e.maps.map_for(*ann.ch, {{rooms.second.pos, 'R'}, {hint, 'H'}});
  EXPECT_TRUE(has(out, drawn)) << "the map map_view draws, with both marks\n" << out << "\n" << drawn;
  EXPECT_TRUE(has(drawn, "[R]")) << "the door's room is known: drawn on it\n" << drawn;
  const auto at = [](dw::dungeon::coord c) { return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")"; };
  // (the door is the room next to the reader's: "1 north room from you", or whichever way the branch went)
  EXPECT_TRUE(has(out, "R: the nearest sealed door, at " + at(rooms.second.pos) + ", 1 ")) << out;
  EXPECT_TRUE(has(out, " room from you.\nH:")) << out;
  EXPECT_TRUE(has(out, "H: where the order that opens it is written, at " + at(hint))) << out;
  EXPECT_TRUE(has(out, "; no one has been there yet.")) << "no room stands where the order is written\n" << out;
  EXPECT_TRUE(has(out, "The scroll crumbles to dust.")) << out;
  EXPECT_TRUE(ann.ch->inventory.empty());
  EXPECT_TRUE(ann.ch->identified.contains("map"));
  ASSERT_EQ(e.saves_of(ann_account), 1U) << "the reader is saved through the ground";
}

}  // namespace
