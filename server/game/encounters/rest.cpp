#include "server/game/encounters/rest.hpp"

#include <algorithm>

#include "server/game/events/undoable.hpp"

namespace dw::game {

void rest::tick() {
  const std::int64_t per_minute = settings_.get().game.rest_hp_per_minute;
  if (per_minute <= 0) {
    return;
  }
  ++counter_;
  for (const character* c : people_.characters_in(village_square_id)) {
    character* ch = people_.find_character(c->account_id);
    if (ch == nullptr || ch->hp >= ch->max_hp) {
      continue;
    }
    // per_minute hit points spread over the minute: gain one whenever the running total passes a whole point.
    const std::int64_t before = (counter_ - 1) * per_minute / 60;
    const std::int64_t after = counter_ * per_minute / 60;
    if (after > before) {
      const std::int32_t was = ch->hp;
      ch->hp = static_cast<std::int32_t>(std::min<std::int64_t>(ch->max_hp, ch->hp + (after - before)));
      ground_.save_character(*ch);
      keep_gain(changes_, people_, *ch, &character::hp, ch->hp - was, 1);
      out_.send_vitals(*ch);
      if (ch->hp == ch->max_hp) {
        out_.send(ch->connection, "You feel fully rested.\n");
      }
    }
  }
}

}  // namespace dw::game
