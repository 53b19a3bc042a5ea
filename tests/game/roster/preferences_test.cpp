#include "server/game/roster/preferences.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "server/store/records.hpp"

namespace dw::game {
namespace {

TEST(Preferences, LoadedFromRecordsSetAndCleared) {
  const std::vector<store::preference_record> stored{{"prompt", "%h> "}, {"colour", "off"}};
  preferences prefs(stored);
  EXPECT_EQ(prefs.get("colour"), "off");
  EXPECT_EQ(prefs.get("prompt"), "%h> ");
  EXPECT_EQ(prefs.get("brief"), "");
  prefs.set("brief", "on");
  prefs.set("colour", "on");
  EXPECT_EQ(prefs.get("brief"), "on");
  EXPECT_EQ(prefs.get("colour"), "on");
  prefs.set("colour", "");
  EXPECT_EQ(prefs.get("colour"), "");
  EXPECT_EQ(prefs.get("brief"), "on");
}

}  // namespace
}  // namespace dw::game
