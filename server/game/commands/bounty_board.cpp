// The bounty board in the village square: bounties (read it, hand in what is done; elsewhere, your own
// tasks), accept, and bounties drop. The rules and the words are the bounties part's; this set knows
// where the board stands.
#include <charconv>

#include "server/game/bounties/bounties.hpp"
#include "server/game/commands/bounty_board_set.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/places/room_view.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {

bool at_board(const character& ch) { return ch.where.branch_id == 0 && ch.where.room_id == village_square_id; }

/// The number `word` spells (1 and up), or 0.
int number_in(std::string_view word) {
  int n = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), n);
  return error == std::errc() && end == word.data() + word.size() && n > 0 ? n : 0;
}

void accept(const bounty_parts& p, command_context& ctx, std::string_view which) {
  if (!at_board(ctx.actor)) {
    ctx.reply(
        "Bounties are taken at the board by the merchant's stall in the village square, up the ladder from the "
        "bottom of the well.\n");
    return;
  }
  const int n = number_in(which);
  if (n == 0) {
    ctx.reply("Accept which? Give the number of a notice on the board ('bounties' reads it): accept 2\n");
    return;
  }
  p.board.accept(ctx.actor, n);
}

void bounties_command(const bounty_parts& p, command_context& ctx) {
  const std::vector<std::string_view>& words = ctx.args.words;
  if (words.empty()) {
    if (at_board(ctx.actor)) {
      if (p.board.visit_board(ctx.actor) > 0) {
        p.view.send_status(ctx.actor);  // (the reward's silver)
      }
    } else {
      p.board.show_own(ctx.actor, false);
    }
    return;
  }
  if (text::iequals(words[0], "drop") || text::iequals(words[0], "abandon")) {
    const int n = words.size() == 2 ? number_in(words[1]) : 0;
    if (n == 0) {
      ctx.reply("Give up which? 'bounties drop <number>', with the number 'bounties' shows beside yours.\n");
      return;
    }
    p.board.drop(ctx.actor, n);
    return;
  }
  if (text::iequals(words[0], "accept")) {
    accept(p, ctx, words.size() == 2 ? words[1] : std::string_view());
    return;
  }
  ctx.reply("Usage: bounties | bounties drop <number> | accept <number>\n");
}

}  // namespace

void register_bounty_commands(command_registry& r, bounty_parts p) {
  const role P = role::player;
  r.add(make_command(
      "bounties", {"bounty"}, P, "The bounty board in the village square: tasks for silver and experience.",
      "bounties | bounties drop <number>\nAt the board in the village square: hands in every bounty of yours that is "
      "done (you are paid its silver and experience), then reads the board: the day's tasks, numbered (the notices "
      "change at midnight UTC, and everyone sees the same ones). Elsewhere: the bounties you hold and how far along "
      "each is. 'accept <number>' takes one, at the board; you may hold a few at once (the board says how many), "
      "and a bounty you hold stays yours after its day is over until you hand it in or give it up with 'bounties "
      "drop <number>' (the number beside it in your list). A task counts only once you have accepted it: monsters "
      "defeated in a fight you won, rune doors opened, a depth walked into (again counts), scrolls of the kind sold "
      "to the merchant.",
      arguments::words, [p](command_context& ctx) { bounties_command(p, ctx); }));
  r.add(make_command("accept", {}, P, "Take a bounty from the board in the village square.",
                     "accept <number>\nTakes the board's notice of that number (read the board with 'bounties').",
                     arguments::words, [p](command_context& ctx) {
                       accept(p, ctx, ctx.args.words.size() == 1 ? ctx.args.words[0] : std::string_view());
                     }));
}

}  // namespace dw::game
