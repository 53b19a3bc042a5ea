#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "content/content_tables.hpp"
#include "content/fight_round.hpp"
#include "content/fight_state.hpp"

namespace dw::game {

/// One fighter of a round, as the narration needs it.
struct round_fighter {
  std::int64_t account = 0;
  std::string name;    ///< "Ann"
  std::string armour;  ///< "leather jerkin" (no article), or empty
};

/// A round, as told: who fought, what happened, and the monsters after it.
struct round_story {
  const content::content_tables* tables = nullptr;
  const content::round_result* result = nullptr;
  std::vector<round_fighter> fighters;  ///< parallel to result->fighters
  std::string monster;                  ///< "mud crawler"
  std::string monsters;                 ///< "mud crawlers"
  int alive_before = 1;                 ///< monsters standing when the round began (who strikes: one or many)
  const content::fight_state* after = nullptr;  ///< the fight after the round
};

/// The sentences of a round as `viewer` reads them: first person for the viewer's own fighter ("You hit
/// the mud crawler for 4."), third person for everyone else's ("Ann hits the mud crawler for 4."), each
/// carrying style markup, then the deaths and the monsters' health in words. What the monsters'
/// behaviours did is said in their words (fights.toml [behaviours]): their own acts first, then each
/// fighter's with its turn ("Your blow glances off..." to the fighter, "Ann's blow glances off..." to others).
std::vector<std::string> round_sentences(const round_story& story, std::int64_t viewer);

/// "The mud crawler is badly wounded." / "The mud crawlers: wounded, unhurt." ("" when none stand).
std::string health_sentence(const content::content_tables& tables, const content::fight_state& fight,
                            const std::string& monster, const std::string& monsters);

/// The GMCP Char.Combat body: {"fighting": bool, "monsters": [{"name", "hp" (percent), "health"}]}.
std::string combat_json(const content::content_tables& tables, const content::fight_state* fight, bool fighting,
                        const std::string& monster);

/// "leather jerkin" from "a leather jerkin".
std::string without_article(const std::string& name);

}  // namespace dw::game
