#include "server/game/progression/progression.hpp"


#include "content/text_helpers.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"

namespace dw::game {

progression::progression(const content_source& content, roster& people, output& out, change_sink& changes,
                         services& svc)
    : content_(content), people_(people), out_(out), changes_(changes), services_(svc) {}

void progression::enter(const character& ch, const storage::login_record* stored) {
  const std::int64_t xp = stored != nullptr && stored->progress ? stored->progress->xp : 0;
  xp_.try_emplace(ch.account_id, xp);  // (already there: a take-over, and what is in play is newer)
}

void progression::leave(std::int64_t account) { xp_.erase(account); }

std::int64_t progression::xp_of(std::int64_t account) const {
  const auto it = xp_.find(account);
  return it == xp_.end() ? 0 : it->second;
}

standing progression::standing_of(std::int64_t account) const {
  const content::progression_rules& rules = content_.get().progression;
  standing s;
  s.xp = xp_of(account);
  s.level = rules.level_for(s.xp).level;
  if (const content::level_def* next = rules.next_after(s.level)) {
    s.xp_next = next->xp;
  }
  return s;
}

void progression::arm(const character& ch, content::fighter& f) const {
  const content::level_def& level = content_.get().progression.level_for(xp_of(ch.account_id));
  f.hit = level.hit;
  f.extra_damage = level.damage;
}

void progression::award(character& ch, std::int64_t xp, std::string_view why) {
  if (xp <= 0) {
    return;
  }
  const content::progression_rules& rules = content_.get().progression;
  const std::int64_t before = xp_of(ch.account_id);
  const content::level_def& was = rules.level_for(before);
  const std::int64_t after = before + xp;
  const content::level_def& now = rules.level_for(after);
  keep_entry(changes_, xp_, ch.account_id);
  keep(changes_, people_, ch, &character::hp, &character::max_hp);
  xp_[ch.account_id] = after;
  changes_.persist(storage::save_progress{storage::progress_record{ch.account_id, after}});
  out_.send(ch.connection, "You gain " + std::to_string(xp) + " experience for " + std::string(why) + ".\n");
  if (now.level == was.level) {
    return;
  }
  // A level gained: the hit points it gives come at once, and the new maximum is saved with the character.
  const int more_hp = now.hp - was.hp;
  ch.max_hp += more_hp;
  ch.hp += more_hp;
  changes_.persist(storage::save_character{record_of(ch, services_.now())});
  log::info("{} reached level {} ({} experience)", ch.name, now.level, after);
  std::string told = "You have reached level " + std::to_string(now.level) + "!";
  if (more_hp > 0) {
    told += " You can take " + std::to_string(more_hp) + " more hit points (" + std::to_string(ch.max_hp) + " in all)";
  }
  if (now.damage > was.damage || now.hit > was.hit) {
    told += more_hp > 0 ? ", and your blows land surer and harder." : " Your blows land surer and harder.";
  } else if (more_hp > 0) {
    told += ".";
  }
  out_.send(ch.connection, styled(style::combat, told) + "\n");
  out_.send_room(ch.where.room_id,
                 styled(style::player, ch.name) + " looks stronger: " + ch.name + " has reached level " +
                     std::to_string(now.level) + ".\n",
                 ch.account_id);
  out_.send_vitals(ch);
}

void progression::won(const fight_won& fight) {
  const std::int64_t total = content_.get().progression.fight_xp(fight.depth, fight.monsters);
  const auto n = static_cast<std::int64_t>(fight.sharing.size());
  if (n == 0 || total <= 0) {
    return;
  }
  const content::monster_def* kind = content_.get().find_monster(fight.monster_key);
  const std::string what =
      kind == nullptr ? std::string("the fight")
                      : "defeating " + (fight.monsters == 1 ? kind->name : content::count_word(fight.monsters) + " " +
                                                                                  kind->plural);
  for (std::int64_t i = 0; i < n; ++i) {
    // Shared evenly among the fighters standing and their groups' members in the room; the first to join
    // the fight get the odd points.
    const std::int64_t share = total / n + (i < total % n ? 1 : 0);
    award(*fight.sharing[static_cast<std::size_t>(i)], share, what);
  }
}

void progression::reached(character& ch, int depth) {
  award(ch, content_.get().progression.depth_xp(depth), "reaching depth " + std::to_string(depth));
}

}  // namespace dw::game
