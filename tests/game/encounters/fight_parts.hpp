#pragma once

// The fights and the classes of their part they take (fleeing, danger and fallen_pack behind fight_aftermath,
// fight_rounds on the game clock), built on the fake ports and the encounters' tables the way `encounters` builds
// them, for a test that builds fights alone (or a part that takes fights, as wanderers and the economy's commands
// do).
#include "server/game/encounters/danger.hpp"
#include "server/game/encounters/fallen_pack.hpp"
#include "server/game/encounters/fight_aftermath.hpp"
#include "server/game/encounters/game_clock.hpp"
#include "server/game/encounters/fight_rounds.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/fleeing.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "tests/game/encounters/ground_fake.hpp"

namespace dw::testing {

struct fight_parts {
  fight_parts(encounter_ports& p, game::room_stock& contents, game::fight_table& table, game::item_news& news)
      : ways{p.people, p.out, p.ground},
        warnings{p.out, p.changes, ways},
        pack{p.people, p.out, p.changes, p.ground, contents, news},
        clock{p.settings, p.services, p.events},
        outcomes{warnings, ways, pack, news},
        rounds{p.people, p.out, p.changes, clock, p.ground, contents, table, outcomes},
        fighting{p.content, p.people, p.out, p.ground, contents, table, outcomes, rounds} {}

  game::fleeing ways;
  game::danger warnings;
  game::fallen_pack pack;
  game::game_clock clock;
  game::fight_aftermath outcomes;
  game::fight_rounds rounds;
  game::fights fighting;
};

}  // namespace dw::testing
