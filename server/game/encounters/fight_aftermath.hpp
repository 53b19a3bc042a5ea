#pragma once

#include <cstdint>
#include <optional>

#include "server/game/encounters/danger.hpp"
#include "server/game/encounters/fallen_pack.hpp"
#include "server/game/encounters/fight_outcomes.hpp"
#include "server/game/encounters/fleeing.hpp"
#include "server/game/encounters/item_news.hpp"

namespace dw::game {

/// The game's fight outcomes, told to the parts that own them.
class fight_aftermath final : public fight_outcomes {
 public:
  fight_aftermath(danger& warnings, fleeing& ways, fallen_pack& pack, item_news& news)
      : danger_(warnings), fleeing_(ways), pack_(pack), news_(news) {}

  void warn_after_round(character& ch, const content::fighter_outcome& o, room_fight& fight,
                        const content::tape& tape, std::uint32_t round) override {
    danger_.after_round(ch, o, fight, tape, round);
  }
  void forget_warnings(std::int64_t account) override { danger_.forget(account); }
  std::optional<exit_dir> way_out(const character& ch, const content::tape& tape,
                                  std::uint32_t round) const override {
    return fleeing_.way_out(ch, tape, round);
  }
  void run(character& ch, exit_dir way) override { fleeing_.run(ch, way); }
  void drop_pack(character& ch) override { pack_.drop(ch); }
  void loot_shown(std::int64_t room_id, const item& it) override { news_.room_added(room_id, it); }

 private:
  danger& danger_;
  fleeing& fleeing_;
  fallen_pack& pack_;
  item_news& news_;
};

}  // namespace dw::game
