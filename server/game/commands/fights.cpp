// Fighting: fight, flee.
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_sets.hpp"

namespace dw::game {

void register_fight_commands(command_registry& r, fight_parts p) {
  const role P = role::player;
  r.add(make_command(
      "fight", {"attack", "kill"}, P, "Attack the monsters here, or hurry the next round.",
      "fight   (also: attack, kill)\nStarts or joins the fight in the room. Rounds follow on their own every "
      "few seconds; typing fight again strikes at once. A room is cleared when its monsters fall.",
      arguments::raw, [p](command_context& ctx) { p.combat.join(ctx.actor, ctx.conn); }));
  r.add(make_command("flee", {}, P, "Run from a fight through an exit you know.",
                     "flee\nLeaves the fight through an exit into a room that already exists. The monsters stay.",
                     arguments::raw, [p](command_context& ctx) { p.combat.flee(ctx.actor, ctx.conn); }));
}

}  // namespace dw::game
