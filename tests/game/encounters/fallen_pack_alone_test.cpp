// The fallen pack built alone (issue 29): what a knocked-out character leaves where it fell, with the part's
// tables it writes (room_stock, and the rune_locks and fight_table room_stock reads) and item_news, on a fake
// ground over a real dungeon model, with a recording change sink. No fight: the knock-out is the fights'.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "content/room_event.hpp"
#include "content/scroll.hpp"
#include "server/game/encounters/fallen_pack.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "tests/game/encounters/ground_fake.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
namespace testing = dw::testing;

constexpr std::int64_t ann_account = 7;

/// A branch of two known rooms, and Ann standing in the second with `silver`, two unsold scrolls and a dagger.
struct fallen_pack_alone {
  explicit fallen_pack_alone(std::int64_t silver) {
    rooms = p.dig();
    storage::branch_snapshot stored;
    stored.branch_id = static_cast<std::int64_t>(rooms.second.branch);
    stored.exists = true;
    for (const dw::dungeon::room& r : {rooms.first, rooms.second}) {
      stored.rooms.push_back(testing::fake_ground::record_of_room(r, dw::content::room_event::none, ""));
    }
    locks.restore_branch(stored);
    contents.restore_branch(stored);
    ann = p.add_player("Ann", ann_account, testing::fake_ground::location_of(rooms.second), 0, 40);
    ann.ch->silver = silver;
    ann.ch->inventory.push_back(contents.make_scroll(11));
    ann.ch->inventory.push_back(contents.make_scroll(12));
    item dagger;
    dagger.id = contents.new_item_id();
    dagger.kind = kind_name(dw::content::item_kind::weapon);
    dagger.key = "dagger";
    dagger.equipped = true;
    ann.ch->inventory.push_back(dagger);
  }

  std::int64_t room_id() const { return static_cast<std::int64_t>(rooms.second.id); }
  std::size_t scrolls_held() const {
    return static_cast<std::size_t>(std::count_if(ann.ch->inventory.begin(), ann.ch->inventory.end(),
                                                  [](const item& it) { return it.kind == dw::content::scroll_type; }));
  }

  testing::encounter_ports p;
  rune_locks locks{p.settings, p.content, p.changes, p.ground};
  fight_table table{p.changes};
  room_stock contents{p.settings, p.content, p.changes, p.ground, locks, table, p.startup};
  item_news news{p.people, p.out, contents};
  fallen_pack pack{p.people, p.out, p.changes, p.ground, contents, news};
  testing::encounter_ports::two_rooms rooms;
  testing::encounter_ports::player ann;
};

TEST(FallenPackAlone, TheUnsoldScrollsAndHalfTheSilverStayWhereTheCharacterFell) {
  fallen_pack_alone f(11);
  f.pack.drop(*f.ann.ch);

  EXPECT_EQ(f.ann.ch->silver, 6) << "the fallen keep half their silver, rounded up";
  EXPECT_EQ(f.scrolls_held(), 0U);
  ASSERT_EQ(f.ann.ch->inventory.size(), 1U) << "what it wields stays with it";
  EXPECT_EQ(f.ann.ch->inventory[0].key, "dagger");
  const std::vector<item>& floor = f.contents.floor_of(f.room_id());
  ASSERT_EQ(floor.size(), 1U);
  EXPECT_EQ(floor[0].kind, pack_kind);
  EXPECT_EQ(floor[0].key, "Ann") << "the pack is named after who fell";
  EXPECT_EQ(floor[0].amount, 5);
  const std::vector<item>* inside = f.contents.inside_of(floor[0].id);
  ASSERT_NE(inside, nullptr);
  ASSERT_EQ(inside->size(), 2U);
  for (const item& scroll : *inside) {
    EXPECT_EQ(scroll.kind, dw::content::scroll_type);
    EXPECT_EQ(scroll.container_id, floor[0].id);
  }
  const auto saves = f.p.ground.saves_of(ann_account);
  ASSERT_EQ(saves.size(), 1U) << "the character is saved without them through the ground";
  EXPECT_EQ(saves[0].silver, 6);
  EXPECT_TRUE(testing::has(f.p.told(f.ann), "Your unsold scrolls and half your silver stay behind"));
}

TEST(FallenPackAlone, APackThatCannotBeSavedGoesAndWhatItHeldGoesBack) {
  fallen_pack_alone f(11);
  f.pack.drop(*f.ann.ch);
  const std::int64_t pack_id = f.contents.floor_of(f.room_id()).at(0).id;

  EXPECT_EQ(f.p.changes.fail(), 0) << "no undo step throws";
  EXPECT_EQ(f.ann.ch->silver, 11);
  EXPECT_EQ(f.scrolls_held(), 2U);
  EXPECT_TRUE(f.contents.floor_of(f.room_id()).empty());
  EXPECT_EQ(f.contents.inside_of(pack_id), nullptr) << "the pack's contents are forgotten with it";
}

TEST(FallenPackAlone, NothingIsLeftInTheFixedRoomsNorWhenThereIsNothingToLeave) {
  fallen_pack_alone f(11);
  const location fell_at = f.ann.ch->where;
  f.ann.ch->where = location{village_square_id, 0, 0, 0};
  f.pack.drop(*f.ann.ch);
  EXPECT_EQ(f.ann.ch->silver, 11) << "only the dungeon keeps what the fallen drop";
  EXPECT_EQ(f.scrolls_held(), 2U);
  EXPECT_TRUE(f.contents.floor_of(village_square_id).empty());

  f.ann.ch->where = fell_at;
  f.ann.ch->silver = 1;  // (half of 1, rounded down, is nothing)
  std::erase_if(f.ann.ch->inventory, [](const item& it) { return it.kind == dw::content::scroll_type; });
  f.pack.drop(*f.ann.ch);
  EXPECT_EQ(f.ann.ch->silver, 1);
  EXPECT_TRUE(f.contents.floor_of(f.room_id()).empty());
  EXPECT_EQ(f.p.changes.pending_undo(), 0U);
  EXPECT_TRUE(f.p.ground.saved.empty());
}

}  // namespace
