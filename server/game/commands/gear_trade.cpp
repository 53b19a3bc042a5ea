// The merchant's weapons and armour: what opens each tier to a buyer, how `list` shows them, and
// `compare`. Every number comes from the content tables (merchant.toml's tiers, weapons.toml, armour.toml,
// fights.toml's bare hands); the buyer's level from progression.
#include "server/game/commands/gear_trade.hpp"

#include <vector>

#include "content/text_helpers.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/encounters/fight_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/output/style.hpp"
#include "server/game/progression/progression.hpp"

namespace dw::game {
namespace {

using content::item_def;
using content::item_kind;

int level_of(const economy_parts& p, const character& ch) { return p.levels.standing_of(ch.account_id).level; }

/// "have been to depth 8 or reached level 3": what opens `tier`.
std::string opens_text(const content::gear_tier& tier) {
  std::string out;
  if (tier.depth) {
    out = "have been to depth " + std::to_string(*tier.depth);
  }
  if (tier.level) {
    out += (out.empty() ? "have reached level " : " or reached level ") + std::to_string(*tier.level);
  }
  return out;
}

/// "up to 7 damage a blow", "4 off every blow".
std::string power_text(const item_def& d) {
  return d.kind == item_kind::weapon ? "up to " + std::to_string(d.damage) + " damage a blow"
                                     : std::to_string(d.reduction) + " off every blow";
}

int power_of(const item_def& d) { return d.kind == item_kind::weapon ? d.damage : d.reduction; }

/// The weapon or armour `ch` has in use of `kind`, or nullptr.
const item* in_use_of(const character& ch, item_kind kind) {
  for (const item& it : ch.inventory) {
    if (it.equipped && is_gear(it, kind)) {
      return &it;
    }
  }
  return nullptr;
}

/// "Compared with your rusty knife (up to 4 damage a blow), a short sword (up to 7) would hit harder: up to
/// 3 more a blow." Against bare hands when nothing is wielded, against nothing when nothing is worn.
std::string comparison_text(const economy_parts& p, const character& ch, const item_def& other,
                            const item* candidate) {
  const content::content_tables& t = p.contents.tables();
  const bool weapon = other.kind == item_kind::weapon;
  const item* used = in_use_of(ch, other.kind);
  const item_def* used_def = used != nullptr ? t.find_item(used->key) : nullptr;
  if (used != nullptr && candidate != nullptr && used->id == candidate->id) {
    return content::capitalise(other.name) + ": " + power_text(other) + ". You are " +
           (weapon ? "wielding" : "wearing") + " it.\n";
  }
  const int mine = used_def != nullptr ? power_of(*used_def) : weapon ? t.fights.fist_damage : 0;
  const int theirs = power_of(other);
  std::string out;
  if (used_def != nullptr) {
    out = "Compared with your " + without_article(used_def->name) + " (" + power_text(*used_def) + "), " +
          other.name;
  } else if (weapon) {
    out = "Compared with your bare hands (up to " + std::to_string(mine) + " damage a blow), " + other.name;
  } else {
    out = "Compared with wearing nothing (every blow lands in full), " + other.name;
  }
  out += " (" + (weapon ? "up to " + std::to_string(theirs) : std::to_string(theirs) + " off") + ")";
  const int gain = theirs - mine;
  const std::string amount = std::to_string(gain < 0 ? -gain : gain);
  if (weapon) {
    out += gain > 0   ? " would hit harder: up to " + amount + " more a blow.\n"
           : gain < 0 ? " would hit less hard: up to " + amount + " less a blow.\n"
                      : " would hit just as hard.\n";
  } else {
    out += gain > 0   ? " would protect you better: " + amount + " more off every blow.\n"
           : gain < 0 ? " would protect you less: " + amount + " less off every blow.\n"
                      : " would protect you just as well.\n";
  }
  return out;
}

void compare(const economy_parts& p, command_context& ctx) {
  const content::content_tables& t = p.contents.tables();
  // What is carried and not in use first (comparing what one wields with itself tells nothing), then the
  // floor, then (at her stall) what the merchant sells.
  const item* found = match_item_preferring(p.contents, ctx.actor.inventory, ctx.args.object,
                                            [](const item& i) { return !i.equipped; });
  if (found == nullptr) {
    found = match_item(p.contents, p.contents.floor_of(ctx.actor.where.room_id), ctx.args.object);
  }
  if (found != nullptr) {
    const item_def* def = gear_kind(*found) ? t.find_item(found->key) : nullptr;
    if (def == nullptr) {
      ctx.reply("Only weapons and armour compare; " + p.contents.item_name(*found) + " is neither.\n");
      return;
    }
    ctx.reply(comparison_text(p, ctx.actor, *def, found));
    return;
  }
  const std::optional<ware> offered =
      at_stall(ctx.actor) && ctx.args.object ? find_ware(t, *ctx.args.object) : std::nullopt;
  if (!offered) {
    ctx.reply("You see no '" + std::string(ctx.args.raw) + "' here" +
              (at_stall(ctx.actor) ? ", and the merchant sells none.\n" : ".\n"));
    return;
  }
  if (offered->gear == nullptr) {
    ctx.reply("Only weapons and armour compare; " + offered->name() + " is neither.\n");
    return;
  }
  std::string out = comparison_text(p, ctx.actor, *offered->gear, nullptr);
  out += "The merchant asks " + std::to_string(offered->price()) + " silver for it.";
  const std::string locked = locked_reason(p, ctx.actor, *offered->gear);
  out += locked.empty() ? "\n" : " " + locked;
  ctx.reply(out);
}

}  // namespace

std::optional<ware> find_ware(const content::content_tables& tables, const object_query& query) {
  if (query.all) {
    return std::nullopt;
  }
  std::vector<ware> wares;
  for (const content::supply_def& s : tables.merchant.supplies) {
    wares.push_back({&s, nullptr});
  }
  for (const content::gear_tier& tier : tables.merchant.tiers) {
    for (const std::string& key : tier.gear) {
      if (const item_def* d = tables.find_item(key)) {  // (the loader checked every key)
        wares.push_back({nullptr, d});
      }
    }
  }
  std::optional<ware> found;
  select_objects(wares, query, [](const ware& w) { return w.name(); }, [&](std::size_t i) { found = wares[i]; });
  return found;
}

std::string locked_reason(const economy_parts& p, const character& buyer, const item_def& gear) {
  const content::gear_tier* tier = p.contents.tables().merchant.tier_of(gear.key);
  if (tier == nullptr || tier->open_to(buyer.deepest, level_of(p, buyer))) {
    return "";
  }
  return "The merchant keeps the " + without_article(gear.name) + " for those who " + opens_text(*tier) + ".";
}

std::string gear_list_text(const economy_parts& p, const character& buyer) {
  const content::merchant_rules& m = p.contents.tables().merchant;
  if (m.tiers.empty()) {
    return "";
  }
  const int level = level_of(p, buyer);
  std::string out = "Weapons and armour (you have been to depth " + std::to_string(buyer.deepest) +
                    " and are level " + std::to_string(level) + "):\n";
  // The tiers open in order (the loader sees to it), so what the buyer may buy comes first, then each tier
  // not open yet under what opens it. (Short lines: they fit an 80-column window.)
  for (const content::gear_tier& tier : m.tiers) {
    const bool open = tier.open_to(buyer.deepest, level);
    if (!open) {
      out += "  Not yet, for those who " + opens_text(tier) + ":\n";
    }
    for (const std::string& key : tier.gear) {
      const item_def* d = p.contents.tables().find_item(key);
      if (d == nullptr) {
        continue;
      }
      out += open ? "  " : "    ";
      append_styled(out, style::item, d->name);
      out += ", " + power_text(*d) + " - " + std::to_string(d->price) + " silver\n";
    }
  }
  return out;
}

void register_compare_command(command_registry& r, economy_parts p) {
  r.add(make_command("compare", {}, role::player, "Weigh a weapon or armour against what you use now.",
                     "compare <item>\nA weapon or armour you carry, one on the floor, or one the merchant sells "
                     "(at her stall), against what you wield or wear now: the most damage a blow deals, or what "
                     "armour takes off every blow, in numbers. Against bare hands when you wield nothing.",
                     arguments::object("Compare what?"), [p](command_context& ctx) { compare(p, ctx); }));
}

}  // namespace dw::game
