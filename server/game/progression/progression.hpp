#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "content/fighter.hpp"
#include "server/game/content_source.hpp"
#include "server/game/deeds.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

/// Where a character stands: its level, its experience, and the experience the next level needs.
struct standing {
  int level = 1;
  std::int64_t xp = 0;
  std::int64_t xp_next = 0;  ///< 0 at the top of the table
};

/// Experience and levels: what defeating monsters and going deeper earn (levels.toml), what each level
/// gives (more hit points, surer and harder blows), and telling the player and the room of a level
/// gained. Keeps each character's experience in its own table, by account, while it is in play; saves it
/// with the event that earned it. World thread only.
class progression final : public deeds {
 public:
  progression(const content_source& content, roster& people, output& out, change_sink& changes, services& svc);

  /// `ch` comes into play with what storage holds of it. A take-over keeps what is already in play.
  void enter(const character& ch, const storage::login_record* stored);
  /// `account` has left play (its experience is saved with every change).
  void leave(std::int64_t account);

  standing standing_of(std::int64_t account) const;
  /// Sets the fight bonuses of `ch`'s level on `f`.
  void arm(const character& ch, content::fighter& f) const;
  /// Gives `ch` experience for `why` ("defeating three mud crawlers"): saved in this event, and any
  /// level gained raises its hit points and is told to it and to the room.
  void award(character& ch, std::int64_t xp, std::string_view why);

  // ---- deeds
  void won(const fight_won& fight) override;
  void reached(character& ch, int depth) override;
  void opened(character&, int) override {}
  void sold_scroll(character&, std::string_view) override {}

 private:
  std::int64_t xp_of(std::int64_t account) const;

  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  services& services_;
  std::unordered_map<std::int64_t, std::int64_t> xp_;  ///< by account, for characters in play
};

}  // namespace dw::game
