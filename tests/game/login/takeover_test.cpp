// A take-over moves the live character, whole, to the new connection: nothing of it is re-read from the
// row that the password check read before the old connection went on playing.
#include <gtest/gtest.h>

#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using dw::testing::game_harness;
using dw::testing::has;

/// Starts `connect <name>` on `p` and runs the password check (which reads the stored row now), but
/// leaves its answer queued: whatever runs before the next drain() runs in the take-over's window.
void begin_connect(game_harness& h, const game_harness::player& p, std::string_view name) {
  h.world.on_line(p.id, "connect " + std::string(name) + " password123");
}

std::int64_t stored_silver(game_harness& h, std::string_view name) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  EXPECT_TRUE(found && found->character);
  return found && found->character ? found->character->silver : -1;
}

std::size_t stored_items(game_harness& h, std::string_view name) {
  dw::store::game_loader loader(h.services.db());
  auto found = loader.login_by_name(std::string(name));
  return found ? found->items.size() : 0;
}

TEST(TakeOver, EveryFieldOfTheLiveCharacterMovesToTheNewConnection) {
  game_harness h;
  auto rex = h.create("Rex");  // the first account is the administrator: Alice is a player
  auto first = h.create("Alice");
  auto second = h.connect();
  begin_connect(h, second, "Alice");

  dw::game::character* live = h.world.people().find_character_by_name("Alice");
  ASSERT_NE(live, nullptr);
  // Every field of the record, by name: a field added to `character` makes this line fail to compile
  // until the test changes and checks it too.
  auto& [account_id, name, account_role, where, hp, max_hp, connection, inventory, prefs, silver, deepest, deepest_at,
         kills, scrolls_sold, identified] = *live;
  const std::int64_t account = account_id;
  const std::string alice = name;
  EXPECT_EQ(connection, first.id);
  // Changed in the window, after the row was read. `where` changes the way a player changes it.
  h.world.on_line(first.id, "down");
  const dw::store::location below = where;
  ASSERT_EQ(below.room_id, dw::game::start_room_id);
  account_role = dw::game::role::builder;  // promoted while playing
  hp = 7;
  max_hp = 31;
  dw::game::item knife;
  knife.id = 424242;
  knife.kind = "weapon";
  knife.key = "rusty_knife";
  knife.equipped = true;
  inventory.push_back(knife);
  prefs.set("prompt", "%h>");
  prefs.set("brief", "on");
  silver = 1282;
  deepest = 9;
  deepest_at = 1'800'000'123;
  kills = 67;
  scrolls_sold = 11;
  identified = {"map", "ward"};
  // What other parts keep of the character in play, by its account, is kept too: whom `reply` answers (talk),
  // the rooms it has been shown (the well, by "down" above), the side it came in by (places) and the ward it
  // has up (fights).
  h.world.play().fights.read_ward(*live, 6, 3);
  h.world.on_line(rex.id, "tell Alice still there?");
  h.world.where().directory.set_arrived_side(account, 2);

  h.services.drain();  // the password check's answer: the take-over
  const std::string taken = second.port->take();
  EXPECT_TRUE(has(taken, "You take over your character"));
  EXPECT_TRUE(has(taken, "The Bottom of the Well")) << taken;
  EXPECT_FALSE(has(taken, "ankle-deep")) << "brief mode, and the well was seen before the take-over: " << taken;
  EXPECT_TRUE(first.port->closed);

  const dw::game::character* now = h.world.people().find_character_by_name("Alice");
  ASSERT_NE(now, nullptr);
  EXPECT_EQ(now->account_id, account);
  EXPECT_EQ(now->name, alice);
  EXPECT_EQ(now->account_role, dw::game::role::builder);
  EXPECT_EQ(now->where, below);
  EXPECT_EQ(now->hp, 7);
  EXPECT_EQ(now->max_hp, 31);
  EXPECT_EQ(now->connection, second.id);
  ASSERT_EQ(now->inventory.size(), 1U);
  EXPECT_EQ(now->inventory[0].id, 424242);
  EXPECT_TRUE(now->inventory[0].equipped);
  EXPECT_EQ(now->prefs.get("prompt"), "%h>");
  EXPECT_EQ(now->silver, 1282);
  EXPECT_EQ(now->deepest, 9);
  EXPECT_EQ(now->deepest_at, 1'800'000'123);
  EXPECT_EQ(now->kills, 67);
  EXPECT_EQ(now->scrolls_sold, 11);
  EXPECT_EQ(now->identified, (std::set<std::string>{"map", "ward"}));
  EXPECT_EQ(h.world.play().fights.ward_of(*now), (dw::game::ward{6, 3}));
  // Placed once, in the room it was in.
  EXPECT_EQ(h.world.people().characters_in(dw::game::start_room_id).size(), 1U);
  EXPECT_EQ(h.world.where().directory.arrived_side(account), 2);
  rex.port->take();
  h.line(second, "reply yes");
  EXPECT_TRUE(has(rex.port->take(), "Alice tells you: yes"));
}

TEST(TakeOver, GoodsBoughtInTheWindowAreStillPaidFor) {
  game_harness h;
  auto first = h.create("Alice");
  dw::game::character* live = h.world.people().find_character_by_name("Alice");
  ASSERT_NE(live, nullptr);
  live->silver = 1000;
  h.line(first, "buy lantern");  // saves the character, with its silver
  const std::string bought = first.port->take();
  ASSERT_TRUE(has(bought, "You buy")) << bought;
  const std::int64_t price = 1000 - live->silver;
  ASSERT_GT(price, 0);

  auto second = h.connect();
  h.services.hold_reads = true;
  begin_connect(h, second, "Alice");  // reads the row: 1000 - price silver, one lantern
  for (int i = 0; i < 5; ++i) {
    h.line(first, "buy lantern");  // each answered and saved while the password is being checked
  }
  EXPECT_TRUE(has(first.port->take(), "You have " + std::to_string(1000 - 6 * price) + " silver left."));
  h.services.release_reads();
  EXPECT_TRUE(has(second.port->take(), "You take over your character"));
  const std::int64_t told = 1000 - 6 * price;
  h.line(second, "score");
  const std::string score = second.port->take();
  EXPECT_TRUE(has(score, "Silver: " + std::to_string(told) + "\n")) << score;
  EXPECT_EQ(h.world.people().find_character_by_name("Alice")->inventory.size(), 6U);
  h.line(second, "quit");
  EXPECT_EQ(stored_silver(h, "Alice"), told);
  EXPECT_EQ(stored_items(h, "Alice"), 6U);
}

TEST(TakeOver, AScrollSoldInTheWindowStaysPaid) {
  game_harness h;
  auto first = h.create("Alice");
  dw::game::character* live = h.world.people().find_character_by_name("Alice");
  ASSERT_NE(live, nullptr);
  live->silver = 100;
  h.line(first, "buy lantern");
  first.port->take();
  const std::int64_t before = live->silver;

  auto second = h.connect();
  begin_connect(h, second, "Alice");
  // The lantern is not bought back; a weapon is. The knife comes into the pack through storage, as
  // a found one does.
  dw::game::item knife;
  knife.id = 777001;
  knife.kind = "weapon";
  knife.key = "rusty_knife";
  live->inventory.push_back(knife);
  h.world.on_line(first.id, "sell knife");
  const std::int64_t told = live->silver;
  ASSERT_GT(told, before) << "the merchant buys a rusty knife";
  h.services.drain();
  h.line(second, "score");
  const std::string score = second.port->take();
  EXPECT_TRUE(has(score, "Silver: " + std::to_string(told) + "\n")) << score;
  h.line(second, "quit");
  EXPECT_EQ(stored_silver(h, "Alice"), told);
}

}  // namespace
