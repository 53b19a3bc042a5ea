// give: an item or silver, from one player to another in the same room. Both characters and the item
// are saved in the event's one batch, so a reply means both sides have it.

#include <algorithm>
#include <charconv>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/economy_set.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"
#include "server/log/log.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {

constexpr std::string_view give_usage = "Give what to whom? give <item> to <name>, or give <number> silver to <name>.";

/// The one other character in the room that `name` means: an exact name, or the unique start of one.
character* recipient(const economy_parts& p, const character& actor, std::string_view name, std::string& why) {
  std::vector<std::int64_t> fits;
  for (const character* other : p.people.characters_in(actor.where.room_id)) {
    if (iequals(other->name, name)) {
      fits = {other->account_id};
      break;
    }
    if (text::istarts_with(other->name, name)) {
      fits.push_back(other->account_id);
    }
  }
  if (fits.size() != 1) {
    why = fits.empty() ? "There is nobody called '" + std::string(name) + "' here.\n"
                       : "More than one person here is called '" + std::string(name) + "'; say more of the name.\n";
    return nullptr;
  }
  if (fits.front() == actor.account_id) {
    why = "You already have it.\n";
    return nullptr;
  }
  return p.people.find_character(fits.front());
}

/// Everyone else in the room sees the giving.
void tell_onlookers(const economy_parts& p, command_context& ctx, const character& from, const character& to,
                    std::string_view text) {
  for (const character* other : p.people.characters_in(from.where.room_id)) {
    if (other->account_id != from.account_id && other->account_id != to.account_id) {
      ctx.out.send(other->connection, text);
    }
  }
}

/// "50 silver", "50 coins": the amount, or nullopt when `what` is not an amount of silver.
std::optional<std::int64_t> silver_amount(std::string_view what) {
  const std::size_t space = what.find(' ');
  if (space == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view number = what.substr(0, space);
  const std::string_view unit = text::trim(what.substr(space + 1));
  if (!iequals(unit, "silver") && !iequals(unit, "coins") && !iequals(unit, "coin")) {
    return std::nullopt;
  }
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (ec != std::errc{} || end != number.data() + number.size()) {
    return -1;  // "lots silver": silver, but no number
  }
  return n;
}

/// undo_give's undo: the giver's and the taker's silver as they were, and the item (if any) back from the
/// taker's pack to the giver's, each while in play.
void give_back(const economy_parts& p, std::int64_t giver, std::int64_t taker, std::int64_t giver_silver,
               std::int64_t taker_silver, std::optional<std::int64_t> item_id) {
  character* a = p.people.find_character(giver);
  character* b = p.people.find_character(taker);
  if (a != nullptr) {
    a->silver = giver_silver;
  }
  if (b != nullptr) {
    b->silver = taker_silver;
  }
  if (item_id && a != nullptr && b != nullptr) {
    auto it = std::find_if(b->inventory.begin(), b->inventory.end(), [&](const item& i) { return i.id == *item_id; });
    if (it != b->inventory.end()) {
      a->inventory.push_back(*it);
      b->inventory.erase(it);
    }
  }
}

/// If the event cannot be saved, both characters' silver and the item's holder go back.
void undo_give(const economy_parts& p, const character& from, const character& to, std::optional<std::int64_t> item_id) {
  undo_with<&give_back>(p.changes, p, from.account_id, to.account_id, from.silver, to.silver, item_id);
}

void give_silver(const economy_parts& p, command_context& ctx, character& to, std::int64_t amount) {
  character& from = ctx.actor;
  if (amount <= 0) {
    ctx.reply("Give how much silver? A whole number above nothing.\n");
    return;
  }
  if (amount > from.silver) {
    ctx.reply("You have only " + std::to_string(from.silver) + " silver.\n");
    return;
  }
  undo_give(p, from, to, std::nullopt);
  from.silver -= amount;
  to.silver += amount;
  p.where.save_character(from);
  p.where.save_character(to);
  log::info("{} gave {} silver to {}", from.name, amount, to.name);
  const std::string coins = std::to_string(amount) + " silver";
  ctx.reply("You give " + coins + " to " + styled(style::player, to.name) + ". You have " +
            std::to_string(from.silver) + " silver left.\n");
  ctx.out.send(to.connection, styled(style::player, from.name) + " gives you " + coins + ". You have " +
                                  std::to_string(to.silver) + " silver.\n");
  tell_onlookers(p, ctx, from, to,
                 styled(style::player, from.name) + " gives some silver to " + styled(style::player, to.name) + ".\n");
  p.where.send_status(from);
  p.where.send_status(to);
}

void give_item(const economy_parts& p, command_context& ctx, character& to, const object_query& what,
               std::string_view words) {
  character& from = ctx.actor;
  // (what is wielded or worn stays: "give jerkin", wearing one and carrying another, gives the carried one)
  const pack_pick picked = pick_unused_items(p.contents, from.inventory, what);
  const std::string kept = in_use_text(p.contents, from.inventory, picked.in_use, "give");
  if (picked.ids.empty()) {
    ctx.reply(kept.empty() ? "You carry no '" + std::string(words) + "'.\n" : kept);
    return;
  }
  for (const std::int64_t id : picked.ids) {
    const auto found =
        std::find_if(from.inventory.begin(), from.inventory.end(), [id](const item& i) { return i.id == id; });
    const std::string name = styled(style::item, p.contents.item_name(*found));
    undo_give(p, from, to, id);
    item given = take_item_out(from.inventory, id);
    p.contents.persist_item(given, to.account_id, 0);
    p.news.inv_removed(from, given);
    p.news.inv_added(to, given);
    to.inventory.push_back(std::move(given));
    log::info("{} gave item {} to {}", from.name, id, to.name);
    ctx.reply("You give " + name + " to " + styled(style::player, to.name) + ".\n");
    ctx.out.send(to.connection, styled(style::player, from.name) + " gives you " + name + ".\n");
    tell_onlookers(p, ctx, from, to,
                   styled(style::player, from.name) + " gives " + name + " to " + styled(style::player, to.name) + ".\n");
  }
  if (!kept.empty()) {
    ctx.reply(kept);
  }
}

/// "<thing> to <name>" or "<thing> <name>": the thing and the name, or nullopt.
std::optional<std::pair<std::string_view, std::string_view>> split_give(std::string_view raw) {
  raw = text::trim(raw);
  const std::size_t last = raw.find_last_of(" \t");
  if (last == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view name = raw.substr(last + 1);
  std::string_view what = text::trim(raw.substr(0, last));
  if (const std::size_t to = what.find_last_of(" \t");
      to != std::string_view::npos && iequals(what.substr(to + 1), "to")) {
    what = text::trim(what.substr(0, to));
  }
  if (what.empty() || iequals(what, "to")) {
    return std::nullopt;
  }
  return std::pair{what, name};
}

void give(const economy_parts& p, command_context& ctx) {
  const auto parts = split_give(ctx.args.raw);
  if (!parts) {
    ctx.reply(std::string(give_usage) + "\n");
    return;
  }
  const auto [what, name] = *parts;
  std::string why;
  character* to = recipient(p, ctx.actor, name, why);
  if (to == nullptr) {
    ctx.reply(why);
    return;
  }
  if (const auto amount = silver_amount(what)) {
    give_silver(p, ctx, *to, *amount);
    return;
  }
  const auto query = parse_object_query(what);
  if (!query) {
    ctx.reply(std::string(give_usage) + "\n");
    return;
  }
  give_item(p, ctx, *to, *query, what);
}

}  // namespace

void register_give_command(command_registry& r, economy_parts p) {
  r.add(make_command("give", {}, role::player, "Give something or some silver to someone here.",
                     "give <item> to <name> | give <number> silver to <name>\nBoth of you must be in the same room; "
                     "'to' may be left out. give all.scroll to Ann gives her every scroll you carry. What you wield or "
                     "wear must be removed first.",
                     arguments::required(std::string(give_usage)), [p](command_context& ctx) { give(p, ctx); }));
}

}  // namespace dw::game
