// The merchant in the village square: list, buy, sell, value, identify. Her weapons and armour (the tiers
// that open by depth or level, and compare) are gear_trade.cpp's. Prices and factors are merchant.toml's.

#include <algorithm>
#include <cmath>
#include <optional>

#include "content/plural.hpp"
#include "content/scroll.hpp"
#include "content/text_helpers.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/economy_support.hpp"
#include "server/game/commands/gear_trade.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/deeds.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/progression/progression.hpp"
#include "server/log/log.hpp"

namespace dw::game {
namespace {

constexpr std::string_view nobody_here = "There is no one here to trade with.\n";

bool at_merchant(const command_context& ctx) {
  if (!at_stall(ctx.actor)) {
    ctx.reply(nobody_here);
    return false;
  }
  return true;
}

/// What the merchant would pay for `it`, or nullopt when she does not buy it.
std::optional<std::int64_t> sale_value(const room_stock& c, const item& it) {
  const content::content_tables& t = c.tables();
  if (gear_kind(it)) {
    const content::item_def* def = t.find_item(it.key);
    if (def == nullptr) {
      return std::nullopt;
    }
    return std::max<std::int64_t>(1, std::llround(def->price * t.merchant.gear_factor));
  }
  if (it.kind == content::scroll_type) {
    const auto a = c.artefact_of(it);  // the price it was made with, as examine tells it
    if (!a) {
      return std::nullopt;
    }
    return std::max<std::int64_t>(1, std::llround(static_cast<double>(a->price) * t.merchant.scroll_factor));
  }
  return std::nullopt;
}

void list(const economy_parts& p, command_context& ctx) {
  if (!at_merchant(ctx)) {
    return;
  }
  const content::merchant_rules& m = p.contents.tables().merchant;
  std::string out = "The merchant sells:\n";
  for (const content::supply_def& s : m.supplies) {
    out += "  ";
    append_styled(out, style::item, s.name);
    out += " - " + price_text(s.price) + "\n";
  }
  out += gear_list_text(p, ctx.actor);
  const auto percent = [](double f) { return std::to_string(std::llround(f * 100.0)) + "%"; };
  out += "She buys scrolls for " + percent(m.scroll_factor) + " of what they would fetch, weapons and armour for " +
         percent(m.gear_factor) + " of their price. For " + price_text(m.identify_price) +
         " she tells you what kind of scroll you carry (identify <scroll>).\nYou have " + price_text(ctx.actor.silver) +
         ".\n";
  ctx.reply(out);
}

/// The most of one ware bought at once ("buy 20 draughts").
constexpr int most_bought = 20;

/// What `buy` was asked for: how many ("buy 2 draught") and which ware, named in the singular or the plural
/// ("buy 2 draughts"); nullopt when she sells nothing of that name.
struct purchase {
  int count = 1;
  ware what;
};
std::optional<purchase> wanted_ware(const content::content_tables& tables, std::string_view raw) {
  raw = trim(raw);
  purchase out;
  const std::size_t space = raw.find(' ');
  if (space != std::string_view::npos && space > 0 &&
      std::all_of(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(space),
                  [](char c) { return c >= '0' && c <= '9'; })) {
    out.count = space <= 3 ? std::stoi(std::string(raw.substr(0, space))) : most_bought + 1;
    raw = trim(raw.substr(space + 1));
  }
  std::string words(raw);
  for (const std::string_view ending : {"", "s", "es"}) {
    if (!words.ends_with(ending) || words.size() <= ending.size()) {
      continue;
    }
    const std::string singular = words.substr(0, words.size() - ending.size());
    const std::optional<object_query> query = parse_object_query(singular);
    if (query && !query->all) {
      if (std::optional<ware> found = find_ware(tables, *query)) {
        out.what = *found;
        return out;
      }
    }
  }
  return std::nullopt;
}

/// buy: one of her supplies, or a weapon or armour from a tier open to the buyer, or several of one ("buy 2
/// draughts"). What is bought is carried and saved like anything found.
void buy(const economy_parts& p, command_context& ctx) {
  if (!at_merchant(ctx)) {
    return;
  }
  if (ctx.args.object && ctx.args.object->all) {
    ctx.reply(
        "Buy one thing at a time. Of one kind you may buy several (buy 2 draughts). Type 'list' to see her "
        "wares.\n");
    return;
  }
  const std::optional<purchase> asked = wanted_ware(p.contents.tables(), ctx.args.raw);
  if (!asked) {
    ctx.reply("The merchant has no '" + std::string(ctx.args.raw) + "' for sale. Type 'list' to see her wares.\n");
    return;
  }
  if (asked->count < 1 || asked->count > most_bought) {
    ctx.reply("She sells from 1 to " + std::to_string(most_bought) + " of a thing at a time.\n");
    return;
  }
  const int count = asked->count;
  const std::optional<ware> wanted = asked->what;
  if (wanted->gear != nullptr) {
    if (const std::string locked = locked_reason(p, ctx.actor, *wanted->gear); !locked.empty()) {
      ctx.reply(locked + " You have been to depth " + std::to_string(ctx.actor.deepest) + " and are level " +
                std::to_string(p.levels.standing_of(ctx.actor.account_id).level) + ".\n");
      return;
    }
  }
  const std::int64_t price = static_cast<std::int64_t>(wanted->price()) * count;
  const std::string named = content::counted(count, wanted->name());
  if (ctx.actor.silver < price) {
    ctx.reply(content::capitalise(named) + (count == 1 ? " costs " : " cost ") + price_text(price) + "; you have " +
              price_text(ctx.actor.silver) + ".\n");
    return;
  }
  undo_progress(p, ctx.actor);
  for (int i = 0; i < count; ++i) {
    item bought;
    bought.id = p.contents.new_item_id();
    bought.kind = wanted->gear != nullptr ? std::string(kind_name(wanted->gear->kind)) : std::string(supply_kind);
    bought.key = wanted->gear != nullptr ? wanted->gear->key : wanted->supply->key;
    p.contents.persist_item(bought, ctx.actor.account_id, 0);
    keep_new_item(p.changes, p.people, ctx.actor, bought.id);
    p.news.inv_added(ctx.actor, bought);
    ctx.actor.inventory.push_back(bought);
  }
  ctx.actor.silver -= price;
  p.where.save_character(ctx.actor);
  log::info("{} bought {} x {} for {} silver", ctx.actor.name, count,
               wanted->gear != nullptr ? wanted->gear->key : wanted->supply->key, price);
  const char* how = wanted->gear == nullptr                            ? ""
                    : wanted->gear->kind == content::item_kind::weapon ? " (wield it to fight with it)"
                                                                       : " (wear it to be protected)";
  ctx.reply("You buy " + named + " for " + price_text(price) + how + ". You have " + price_text(ctx.actor.silver) +
            " left.\n");
  tell_status(p, ctx);
}

void sell(const economy_parts& p, command_context& ctx) {
  if (!at_merchant(ctx)) {
    return;
  }
  // (what is wielded or worn stays: "sell jerkin", wearing one and carrying another, sells the carried one)
  const pack_pick picked =
      ctx.args.object ? pick_unused_items(p.contents, ctx.actor.inventory, *ctx.args.object) : pack_pick{};
  const std::string kept = in_use_text(p.contents, ctx.actor.inventory, picked.in_use, "sell");
  const std::vector<std::int64_t>& ids = picked.ids;
  if (ids.empty()) {
    if (kept.empty()) {
      say_not_carried(ctx);
    } else {
      ctx.reply(kept);
    }
    return;
  }
  const bool several = ids.size() > 1;
  undo_progress(p, ctx.actor);
  std::int64_t earned = 0;
  for (const std::int64_t id : ids) {
    const auto found = std::find_if(ctx.actor.inventory.begin(), ctx.actor.inventory.end(),
                                    [id](const item& i) { return i.id == id; });
    const std::string name = p.contents.item_name(*found);
    const std::optional<std::int64_t> value = sale_value(p.contents, *found);
    if (!value) {
      if (!several) {
        ctx.reply("The merchant does not buy " + name + ".\n");
      }
      continue;
    }
    const bool scroll = found->kind == content::scroll_type;
    const auto made = scroll ? p.contents.artefact_of(*found) : nullptr;
    use_up(p, ctx.actor, id);
    if (scroll) {
      p.told.sold_scroll(ctx.actor, made != nullptr ? std::string_view(made->effect) : std::string_view());
    }
    ctx.actor.silver += *value;
    earned += *value;
    if (scroll) {
      ++ctx.actor.scrolls_sold;
    }
    ctx.reply("You sell " + name + " for " + price_text(*value) + ".\n");
  }
  if (!kept.empty()) {
    ctx.reply(kept);
  }
  if (earned == 0) {
    if (several) {
      ctx.reply("The merchant buys none of that.\n");
    }
    return;
  }
  p.where.save_character(ctx.actor);
  log::info("{} sold goods for {} silver (now {})", ctx.actor.name, earned, ctx.actor.silver);
  ctx.reply("You have " + price_text(ctx.actor.silver) + ".\n");
  tell_status(p, ctx);
}

/// value all (or all.scroll): what she would pay for each thing named, alike things together, and in all.
void value_all(const economy_parts& p, command_context& ctx, const object_query& query) {
  const std::vector<std::int64_t> ids = pick_items(p.contents, ctx.actor.inventory, query);
  if (ids.empty()) {
    ctx.reply(query.words.empty() ? "You carry nothing.\n" : "You carry no '" + std::string(query.words) + "'.\n");
    return;
  }
  struct line {
    std::string name;
    std::optional<std::int64_t> each;
    int count = 0;
  };
  std::vector<line> lines;
  std::int64_t total = 0;
  for (const std::int64_t id : ids) {
    const auto found = std::find_if(ctx.actor.inventory.begin(), ctx.actor.inventory.end(),
                                    [id](const item& i) { return i.id == id; });
    line l{p.contents.item_name(*found), sale_value(p.contents, *found), 1};
    total += l.each.value_or(0);
    auto same =
        std::find_if(lines.begin(), lines.end(), [&l](const line& o) { return o.name == l.name && o.each == l.each; });
    if (same != lines.end()) {
      ++same->count;
    } else {
      lines.push_back(std::move(l));
    }
  }
  std::string out = "The merchant looks over what you carry:\n";
  for (const line& l : lines) {
    const std::string named = content::counted(l.count, l.name);
    if (!l.each) {
      out += "  " + named + ": she does not buy " + (l.count == 1 ? "it" : "them") + "\n";
    } else {
      out += "  " + named + ": " + price_text(*l.each * l.count) +
             (l.count > 1 ? " (" + price_text(*l.each) + " each)" : "") + "\n";
    }
  }
  out += "In all she would pay " + price_text(total) + ".\n";
  ctx.reply(out);
}

void value(const economy_parts& p, command_context& ctx) {
  if (!at_merchant(ctx)) {
    return;
  }
  if (ctx.args.object && ctx.args.object->all) {
    value_all(p, ctx, *ctx.args.object);
    return;
  }
  item* it = carried(p, ctx);
  if (it == nullptr) {
    return;
  }
  const std::string name = p.contents.item_name(*it);
  if (const auto v = sale_value(p.contents, *it)) {
    ctx.reply("The merchant would pay " + price_text(*v) + " for " + name + ".\n");
  } else {
    ctx.reply("The merchant does not buy " + name + ".\n");
  }
}

void identify(const economy_parts& p, command_context& ctx) {
  if (!at_merchant(ctx)) {
    return;
  }
  item* it = carried(p, ctx);
  if (it == nullptr) {
    return;
  }
  const auto a = p.contents.artefact_of(*it);
  if (!a || a->effect.empty()) {
    ctx.reply("The merchant shrugs: there is nothing to tell about " + p.contents.item_name(*it) + ".\n");
    return;
  }
  if (ctx.actor.identified.contains(a->effect)) {
    ctx.reply("You already know: it is " + a->effect_name + ".\n");
    return;
  }
  const int price = p.contents.tables().merchant.identify_price;
  if (ctx.actor.silver < price) {
    ctx.reply("She asks " + price_text(price) + " to tell; you have " + price_text(ctx.actor.silver) + ".\n");
    return;
  }
  undo_progress(p, ctx.actor);
  ctx.actor.silver -= price;
  ctx.actor.identified.insert(a->effect);
  p.where.save_character(ctx.actor);
  ctx.reply("For " + price_text(price) + " the merchant unrolls it a finger's width and nods: it is " + a->effect_name +
            ". Now you will know one when you see it.\n");
  tell_status(p, ctx);
}

}  // namespace

void register_merchant_commands(command_registry& r, const economy_parts& p) {
  const role P = role::player;
  r.add(make_command("list", {}, P, "What the merchant in the village square sells and buys.",
                     "list\nHer supplies, her weapons and armour with what each does and costs (what you may not buy "
                     "yet under 'Not yet', with the depth or level that opens it), and what she pays.",
                     arguments::raw, [p](command_context& ctx) { list(p, ctx); }));
  r.add(make_command("buy", {}, P, "Buy something from the merchant.",
                     "buy <supply, weapon or armour> | buy <count> <ware>   (see list)\n'buy 3 draughts' buys "
                     "three (up to 20 at a time). Her better weapons and armour are kept for those "
                     "who have been deep enough or reached a high enough level; list says what opens each, and "
                     "compare <item> weighs one against what you use.",
                     arguments::object("Buy what? Type 'list' to see her wares."),
                     [p](command_context& ctx) { buy(p, ctx); }));
  r.add(make_command("sell", {}, P, "Sell scrolls, weapons or armour to the merchant.",
                     "sell <item> | sell all.scroll | sell all\nShe buys scrolls, weapons and armour; 'value <item>' "
                     "tells what she would pay. What you wield or wear must be removed first.",
                     arguments::object("Sell what?"), [p](command_context& ctx) { sell(p, ctx); }));
  r.add(make_command("value", {}, P, "What the merchant would pay for something.",
                     "value <item> | value all | value all.<item>\nWith all: each thing she buys, alike things "
                     "together, and what it all comes to.",
                     arguments::object("Value what?"), [p](command_context& ctx) { value(p, ctx); }));
  r.add(make_command("identify", {}, P, "Pay the merchant to tell what kind of scroll you carry.",
                     "identify <scroll>\nFrom then on, examine tells you what every scroll of that kind does.",
                     arguments::object("Identify what?"), [p](command_context& ctx) { identify(p, ctx); }));
}

}  // namespace dw::game
