// One's standing: score (level, hit points, silver, deepest depth, deeds, bounties, gear, ward) and deepest
// (the board by the well: the deepest delvers, from the hall of fame).
#include <string>

#include "server/game/bounties/bounties.hpp"
#include "server/game/commands/economy_support.hpp"
#include "server/game/commands/time_text.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/hall_of_fame.hpp"
#include "server/game/progression/progression.hpp"

namespace dw::game {
namespace {

std::string date_of(std::int64_t unix_seconds) { return time_text(unix_seconds, "%Y-%m-%d"); }

void score(const economy_parts& p, command_context& ctx) {
  const character& ch = ctx.actor;
  const standing st = p.levels.standing_of(ch.account_id);
  std::string out = "Level: " + std::to_string(st.level) + " (" + std::to_string(st.xp) + " experience" +
                    (st.xp_next > 0 ? "; level " + std::to_string(st.level + 1) + " at " + std::to_string(st.xp_next)
                                    : "; the highest level there is") +
                    ")\n";
  out += "Hit points: " + std::to_string(ch.hp) + "/" + std::to_string(ch.max_hp) + "\n";
  out += "Silver: " + std::to_string(ch.silver) + "\n";
  out += "Deepest depth reached: " + std::to_string(ch.deepest) +
         (ch.deepest_at > 0 ? " (on " + date_of(ch.deepest_at) + ")" : "") + "\n";
  out += "Monsters defeated: " + std::to_string(ch.kills) + "\n";
  out += "Scrolls sold: " + std::to_string(ch.scrolls_sold) + "\n";
  if (p.board != nullptr) {
    out += p.board->score_text(ch);
  }
  std::string gear;
  for (const item& it : ch.inventory) {
    if (it.equipped) {
      gear += (gear.empty() ? "" : ", ") + p.contents.item_name(it) +
              (is_gear(it, content::item_kind::weapon) ? " (wielded)" : " (worn)");
    }
  }
  out += "Gear: " + (gear.empty() ? std::string("nothing wielded or worn") : gear) + "\n";
  if (const ward up = p.fights.ward_of(ch); up.up()) {
    out += "Ward: " + std::to_string(up.points) + " damage for " + std::to_string(up.rounds) + " rounds\n";
  }
  ctx.reply(out);
}

void deepest(const economy_parts& p, command_context& ctx) {
  const auto rows = p.fame.top(static_cast<std::size_t>(p.contents.tables().merchant.board_lines));
  if (rows.empty()) {
    ctx.reply("The board by the well is blank: no one has gone down yet.\n");
    return;
  }
  std::string out = "The deepest delvers:\n";
  int rank = 0;
  for (const storage::depth_record& r : rows) {
    out += "  " + std::to_string(++rank) + ". ";
    append_styled(out, style::player, r.name);
    out += ", depth " + std::to_string(r.deepest) + ", on " + date_of(r.deepest_at) + "\n";
  }
  ctx.reply(out);
}

}  // namespace

void register_score_commands(command_registry& r, const economy_parts& p) {
  const role P = role::player;
  r.add(make_command("score", {}, P, "Your level, hit points, silver, deepest depth, deeds and bounties.", "score",
                     arguments::raw, [p](command_context& ctx) { score(p, ctx); }));
  r.add(make_command("deepest", {}, P, "The board by the well: the deepest delvers.", "deepest", arguments::raw,
                     [p](command_context& ctx) { deepest(p, ctx); }));
}

}  // namespace dw::game
