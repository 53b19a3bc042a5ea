// Fighting: fight, attack, defend, flee, consider (wimpy is with the settings).
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/fights_set.hpp"
#include "server/game/encounters/fights.hpp"

namespace dw::game {

void register_fight_commands(command_registry& r, fight_parts p) {
  const role P = role::player;
  r.add(make_command(
      "fight", {"kill"}, P, "Attack the monsters here.",
      "fight\nStarts or joins the fight in the room. Rounds follow on their own every few seconds; "
      "in each you take the monsters' blow and strike back (or do what you chose: attack, defend, flee). A room "
      "is cleared when its monsters fall.",
      arguments::raw, [p](command_context& ctx) { p.fights.join(ctx.actor, ctx.conn); }));
  r.add(make_command("attack", {}, P, "Strike in your next rounds (the default), or start a fight.",
                     "attack\nIn a fight: from the next round you strike at the monsters again. Outside one: as fight.",
                     arguments::raw, [p](command_context& ctx) { p.fights.attack(ctx.actor, ctx.conn); }));
  r.add(make_command("defend", {}, P, "Guard in your next rounds: take less, deal less.",
                     "defend\nFrom the next round you take less of the monsters' blows and deal less yourself, "
                     "until you choose attack.",
                     arguments::raw, [p](command_context& ctx) { p.fights.defend(ctx.actor, ctx.conn); }));
  r.add(make_command("flee", {}, P, "Try to run from a fight, every round until you get away.",
                     "flee\nFrom the next round you try to run: back the way you came if it is open, otherwise "
                     "through another exit you know. Deeper monsters cut you off more often; then their blow "
                     "lands and you deal none, and you try again in the next round, until you get away or choose "
                     "'attack' or 'defend'. Quaffing or reading meanwhile spends that round; the flight goes on "
                     "after it. The monsters stay. See also 'wimpy', which flees for you.",
                     arguments::raw, [p](command_context& ctx) { p.fights.flee(ctx.actor, ctx.conn); }));
  r.add(make_command("consider", {"con"}, P, "Weigh up the monsters here: would you win?",
                     "consider [monster]\nSays what the monsters here are, and weighs them against you alone, as you both stand now: "
                     "their hit points and blows against your hit points, ward, weapon, armour and level. It "
                     "fights the fight many times in its head by the real rules and says how it would likely "
                     "go (win easily, likely win, an even fight, likely fall, surely fall), then about how many "
                     "rounds you would need to finish them and they to fell you. Fights are chancy: a likely "
                     "win can still be lost.",
                     arguments::raw,
                     [p](command_context& ctx) { p.fights.consider(ctx.actor, ctx.conn, ctx.args.raw); }));
}

}  // namespace dw::game
