// The laid-out room heads places keeps (room_view.cpp): a look shows exactly the room's text wrapped and
// rendered for the one looking, and whatever changed since the last look (exits walked, a room cleared,
// people, colour settings) shows at the next one.
#include <gtest/gtest.h>

#include <string>

#include "server/game/output/style.hpp"
#include "server/game/output/text_wrap.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

namespace {

using player = game_harness::player;

/// The room's text as `name` should be shown it now by a client without colour: wrapped to `width`, plain.
std::string expected_look(game_harness& h, std::string_view name, std::size_t width) {
  const dw::game::character* ch = h.world.people().find_character_by_name(name);
  EXPECT_NE(ch, nullptr);
  std::string wrapped;
  dw::game::wrap_text(h.world.where().view.room_text(*ch), width, wrapped);
  std::string plain;
  dw::game::strip_styles(wrapped, plain);
  return plain;
}

std::string look(game_harness& h, const player& p) {
  p.port->take();
  h.line(p, "look");
  return p.port->take();
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(RoomTextCache, ALookIsTheRoomTextLaidOutForEachWindowEveryTime) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  ann.port->info.width = 200;
  bob.port->info.width = 30;
  for (int i = 0; i < 2; ++i) {  // the second time from the kept heads
    const std::string ann_sees = look(h, ann);
    const std::string bob_sees = look(h, bob);
    const std::string ann_expected = expected_look(h, "Ann", 200);
    const std::string bob_expected = expected_look(h, "Bob", 30);
    EXPECT_NE(ann_expected, bob_expected);
    EXPECT_TRUE(has(ann_sees, ann_expected)) << ann_sees << "\n---\n" << ann_expected;
    EXPECT_TRUE(has(bob_sees, bob_expected)) << bob_sees << "\n---\n" << bob_expected;
    EXPECT_TRUE(has(ann_sees, "Here: Bob.")) << ann_sees;
  }
  // A window made narrower is wrapped for at once.
  ann.port->info.width = 30;
  EXPECT_TRUE(has(look(h, ann), expected_look(h, "Ann", 30)));
}

TEST(RoomTextCache, ColourTurnedOffOrOnShowsAtTheNextLook) {
  game_harness h;
  auto ann = h.create("Ann");
  ann.port->info.truecolour = true;
  EXPECT_TRUE(has(look(h, ann), "\x1b[38;2;"));
  h.line(ann, "colour off");
  const std::string plain = look(h, ann);
  EXPECT_FALSE(has(plain, "\x1b")) << plain;
  EXPECT_TRUE(has(plain, expected_look(h, "Ann", ann.port->info.width))) << plain;
  h.line(ann, "colour on");
  EXPECT_TRUE(has(look(h, ann), "\x1b[38;2;"));
}

TEST(RoomTextCache, ARoomClearedAndExitsWalkedShowAtTheNextLook) {
  game_harness h;
  h.world.where().directory.set_clear_decider([](const dw::dungeon::room&) { return false; });  // every room holds a challenge
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  ann.port->info.width = 200;  // the exits line whole
  bob.port->info.width = 200;
  for (const player& p : {ann, bob}) {
    h.line(p, "down");
    h.line(p, "east");
  }
  auto& model = h.world.where().dungeon();
  const auto room = model.room_at(1, {1, 0});
  ASSERT_TRUE(room);
  std::string way;
  for (auto d : dw::dungeon::all_directions) {
    if (room->exit(d) == dw::dungeon::exit_state::unexplored) {
      way = std::string(dw::dungeon::name(d));
      break;
    }
  }
  if (way.empty()) {
    GTEST_SKIP() << "the first room has no unexplored way on with this seed";
  }
  std::string out = look(h, ann);
  EXPECT_TRUE(has(out, "blocked until this room is cleared")) << out;
  EXPECT_TRUE(has(out, way + " (unexplored)")) << out;
  EXPECT_TRUE(has(out, "Here: Bob.")) << out;
  EXPECT_EQ(out, look(h, ann)) << "nothing changed, nothing shows differently";

  // Cleared: the blocked line goes.
  EXPECT_FALSE(model.set_clear(1, {1, 0}, true).empty());
  out = look(h, ann);
  EXPECT_FALSE(has(out, "blocked until this room is cleared")) << out;
  EXPECT_TRUE(has(out, expected_look(h, "Ann", 200))) << out;

  // Bob walks the unexplored way: it is a plain exit now, and Bob is gone.
  h.line(bob, way);
  out = look(h, ann);
  EXPECT_FALSE(has(out, way + " (unexplored)")) << out;
  EXPECT_TRUE(has(out, way)) << out;
  EXPECT_FALSE(has(out, "Here: Bob.")) << out;
  EXPECT_TRUE(has(out, expected_look(h, "Ann", 200))) << out;
}

TEST(RoomTextCache, NewsToARoomIsLaidOutForEachListenersColourAndWindow) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  auto cat = h.create("Cat");
  auto dee = h.create("Dee");
  ann.port->info.truecolour = true;  // laid out once for her, once for the two plain 30-column listeners
  bob.port->info.width = 30;
  cat.port->info.width = 30;
  for (const player& p : {ann, bob, cat}) {
    p.port->take();
  }
  h.line(dee, "down");
  const std::string to_ann = ann.port->take();
  const std::string to_bob = bob.port->take();
  const std::string to_cat = cat.port->take();
  EXPECT_TRUE(has(to_ann, "\x1b[38;2;")) << to_ann;
  EXPECT_TRUE(has(to_ann, "Dee")) << to_ann;
  EXPECT_FALSE(has(to_bob, "\x1b")) << to_bob;
  EXPECT_TRUE(has(to_bob, "Dee")) << to_bob;
  EXPECT_EQ(to_bob, to_cat);
}
