// Puzzles: press.
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/puzzles_set.hpp"
#include "server/game/encounters/puzzles.hpp"

namespace dw::game {

void register_puzzle_commands(command_registry& r, puzzle_parts p) {
  r.add(make_command(
      "press", {}, role::player, "Press the runes of a sealed door in order.",
      "press <rune> <rune> ...\nPresses the runes carved in a door of black stone, in the order given. The right "
      "order opens the door and clears the room; it is written somewhere else in the same branch. Saying the "
      "runes in order (say sun moon eye) works as well. A wrong order is not free: the door's ward strikes "
      "whoever tried it, harder each time (look door, look runes).",
      arguments::raw, [p](command_context& ctx) { p.puzzles.press(ctx.actor, ctx.conn, ctx.args.raw); }));
}

}  // namespace dw::game
