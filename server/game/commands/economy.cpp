// The economy: the merchant in the village square (list, buy, sell, value, identify; her weapons and armour
// and compare are gear_trade.cpp's), using what one carries (quaff, apply, read), and progress (score,
// deepest). Every number comes from the content tables (merchant.toml, scroll_effects.toml, weapons.toml,
// armour.toml).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "content/plural.hpp"
#include "content/scroll.hpp"
#include "content/text_helpers.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/command_sets.hpp"
#include "server/game/commands/gear_trade.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/commands/time_text.hpp"
#include "server/game/output/style.hpp"

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
std::optional<std::int64_t> sale_value(const room_contents& c, const item& it) {
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

/// If the event cannot be saved, `undo` runs on the character of `ch`'s account (when it is still in play).
template <typename F>
void on_rollback_of(const economy_parts& p, const character& ch, F undo) {
  p.changes.on_rollback([p, account = ch.account_id, undo = std::move(undo)] {
    if (character* again = p.people.find_character(account)) {
      undo(*again);
    }
  });
}

/// The character's progress as it is now, restored if the event cannot be saved.
void undo_progress(const economy_parts& p, const character& ch) {
  on_rollback_of(p, ch, [silver = ch.silver, sold = ch.scrolls_sold, hp = ch.hp, known = ch.identified](character& again) {
    again.silver = silver;
    again.scrolls_sold = sold;
    again.hp = hp;
    again.identified = known;
  });
}

/// Takes the item `id` out of `ch`'s pack for good (sold, drunk, read to dust): removed from storage,
/// and back in the pack if the event cannot be saved.
void use_up(const economy_parts& p, character& ch, std::int64_t id) {
  item gone = take_item_out(ch.inventory, id);
  p.changes.persist(storage::remove_item{gone.id});
  p.news.inv_removed(ch, gone);
  on_rollback_of(p, ch, [gone](character& again) { again.inventory.push_back(gone); });
}

/// Status and vitals after silver or hit points changed.
void tell_status(const economy_parts& p, command_context& ctx) {
  p.where.send_status(ctx.actor);
  ctx.out.send_vitals(ctx.actor);
}

std::string price_text(std::int64_t silver) { return std::to_string(silver) + " silver"; }

void say_not_carried(command_context& ctx) { ctx.reply("You carry no '" + std::string(ctx.args.raw) + "'.\n"); }

/// The one carried item the command names, or nullptr after saying that there is none.
item* carried(const economy_parts& p, command_context& ctx) {
  item* it = match_item(p.contents, ctx.actor.inventory, ctx.args.object);
  if (it == nullptr) {
    say_not_carried(ctx);
  }
  return it;
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
      std::all_of(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(space), [](char c) { return c >= '0' && c <= '9'; })) {
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
    ctx.reply("Buy one thing at a time. Of one kind you may buy several (buy 2 draughts). Type 'list' to see her "
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
    on_rollback_of(p, ctx.actor, [id = bought.id](character& again) {
      std::erase_if(again.inventory, [id](const item& i) { return i.id == id; });
    });
    p.news.inv_added(ctx.actor, bought);
    ctx.actor.inventory.push_back(bought);
  }
  ctx.actor.silver -= price;
  p.where.save_character(ctx.actor);
  spdlog::info("{} bought {} x {} for {} silver", ctx.actor.name, count,
               wanted->gear != nullptr ? wanted->gear->key : wanted->supply->key, price);
  const char* how = wanted->gear == nullptr                       ? ""
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
  spdlog::info("{} sold goods for {} silver (now {})", ctx.actor.name, earned, ctx.actor.silver);
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
    auto same = std::find_if(lines.begin(), lines.end(),
                             [&l](const line& o) { return o.name == l.name && o.each == l.each; });
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
  ctx.reply("For " + price_text(price) + " the merchant unrolls it a finger's width and nods: it is " +
            a->effect_name + ". Now you will know one when you see it.\n");
  tell_status(p, ctx);
}

/// quaff and apply: a supply used this way heals and is gone. Mid-fight it costs the next round.
void use_supply(const economy_parts& p, command_context& ctx, content::supply_use how) {
  item* it = carried(p, ctx);
  if (it == nullptr) {
    return;
  }
  const content::supply_def* def =
      it->kind == supply_kind ? p.contents.tables().merchant.find_supply(it->key) : nullptr;
  const std::string name = p.contents.item_name(*it);
  if (def == nullptr || def->use != how) {
    ctx.reply(how == content::supply_use::quaff ? "You cannot drink " + name + ".\n"
                                                : "You cannot apply " + name + ".\n");
    return;
  }
  undo_progress(p, ctx.actor);
  use_up(p, ctx.actor, it->id);
  ctx.actor.hp = std::min(ctx.actor.max_hp, ctx.actor.hp + def->heal);
  p.where.save_character(ctx.actor);
  const bool fighting = p.combat.in_combat(ctx.actor);
  if (fighting) {
    p.combat.spend_turn(ctx.actor);
  }
  ctx.reply((how == content::supply_use::quaff ? "You drink " : "You bind your wounds with ") + name +
            ". You feel better (" + std::to_string(ctx.actor.hp) + "/" + std::to_string(ctx.actor.max_hp) +
            " hp)." + (fighting ? " It costs you your next blow." : "") + "\n");
  ctx.out.send_room(ctx.actor.where.room_id,
                    styled(style::player, ctx.actor.name) +
                        (how == content::supply_use::quaff ? " drinks " : " applies ") + name + ".\n",
                    ctx.actor.account_id);
  ctx.out.send_vitals(ctx.actor);
}

/// "3 rooms east and 1 north of you", "right here".
std::string offset_text(dungeon::coord from, dungeon::coord to) {
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;  // (north is +y)
  if (dx == 0 && dy == 0) {
    return "right where you stand";
  }
  const auto part = [](int n, const char* plus, const char* minus) {
    return std::to_string(std::abs(n)) + " " + (n > 0 ? plus : minus);
  };
  std::string out;
  if (dx != 0) {
    out = part(dx, "east", "west");
  }
  if (dy != 0) {
    out += (out.empty() ? "" : " and ") + part(dy, "north", "south");
  }
  return out + (std::abs(dx) + std::abs(dy) == 1 ? " room" : " rooms") + " from you";
}

/// A scroll of seeing: the map, and what `map` cannot show: the sealed door nearest to the reader that is still
/// shut, and where the order that opens it is written, even where no one has been yet.
std::string seeing_text(const economy_parts& p, const character& ch) {
  const dungeon::coord me{ch.where.x, ch.where.y};
  std::optional<std::pair<dungeon::coord, dungeon::coord>> nearest;
  int best = 0;
  for (const auto& [lock, hint] : p.contents.locks_and_hints(static_cast<std::uint64_t>(ch.where.branch_id))) {
    const std::optional<location> room = p.where.find_room(ch.where.branch_id, lock);
    const room_contents::room_state* state = room ? p.contents.find_state(room->room_id) : nullptr;
    if (state == nullptr || !state->lock || state->lock->solved) {
      continue;
    }
    const int d = std::abs(lock.x - me.x) + std::abs(lock.y - me.y);
    // (ties go to the lower coordinate, so the same branch always shows the same door)
    if (!nearest || d < best ||
        (d == best && std::pair{lock.x, lock.y} < std::pair{nearest->first.x, nearest->first.y})) {
      nearest = std::pair{lock, hint};
      best = d;
    }
  }
  if (!nearest) {
    return "The ink crawls into a map of the ways around you:\n" + p.where.map_for(ch) +
           "No sealed door in this branch stands shut that the ink knows of: it has nothing more to show.\n";
  }
  const auto [lock, hint] = *nearest;
  const bool hint_found = p.where.find_room(ch.where.branch_id, hint).has_value();
  const auto at = [](dungeon::coord c) { return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")"; };
  return "The ink crawls into a map of the ways around you, and two marks burn into it:\n" +
         p.where.map_for(ch, {{lock, 'R'}, {hint, 'H'}}) + "R: the nearest sealed door, at " + at(lock) + ", " +
         offset_text(me, lock) + ".\nH: where the order that opens it is written, at " + at(hint) + ", " +
         offset_text(me, hint) + (hint_found ? "" : "; no one has been there yet") + ".\n";
}

/// What the scroll does to its reader (a return scroll moves it, out of any fight).
void scroll_effect(const economy_parts& p, command_context& ctx, const content::scroll_effect& e) {
  character& ch = ctx.actor;
  if (e.key == "ward") {
    on_rollback_of(p, ch, [points = ch.ward_points, rounds = ch.ward_rounds](character& again) {
      again.ward_points = points;
      again.ward_rounds = rounds;
    });
    ch.ward_points = e.amount;
    ch.ward_rounds = e.rounds;
    ctx.reply("A shimmering ward settles around you: it will absorb up to " + std::to_string(e.amount) +
              " damage for " + std::to_string(e.rounds) + " rounds.\n");
  } else if (e.key == "heal") {
    ch.hp = std::min(ch.max_hp, ch.hp + e.amount);
    ctx.reply("Warmth runs through you (" + std::to_string(ch.hp) + "/" + std::to_string(ch.max_hp) + " hp).\n");
    ctx.out.send_vitals(ch);
  } else if (e.key == "map") {
    if (ch.where.branch_id == 0) {
      ctx.reply("Lines of ink crawl over the page, but up here they show only the village you can see anyway.\n");
    } else {
      ctx.reply(seeing_text(p, ch));
    }
  } else if (e.key == "return") {
    ctx.reply("The words pull at you; the walls blur, and you are standing in black water at the foot of the "
              "ladder.\n");
    location to;
    to.room_id = start_room_id;
    p.where.move_character(ch, to, styled(style::player, ch.name) + " fades away like a breath on a mirror.\n",
                           styled(style::player, ch.name) + " appears out of thin air.\n");
  }
}

void read(const economy_parts& p, command_context& ctx) {
  item* it = match_item(p.contents, ctx.actor.inventory, ctx.args.object);
  if (it == nullptr) {
    if (match_item(p.contents, p.contents.floor_of(ctx.actor.where.room_id), ctx.args.object) != nullptr) {
      ctx.reply("Pick it up first.\n");
    } else {
      say_not_carried(ctx);
    }
    return;
  }
  const auto a = p.contents.artefact_of(*it);
  if (!a || a->text.empty()) {
    ctx.reply("There is nothing written on " + p.contents.item_name(*it) + ".\n");
    return;
  }
  // What it does is the effect it was made with (by key), as today's tables say that effect works.
  const auto& effects = p.contents.tables().scroll_effects;
  const auto known = std::find_if(effects.begin(), effects.end(),
                                  [&a](const content::scroll_effect& e) { return e.key == a->effect; });
  const content::scroll_effect* effect = known == effects.end() ? nullptr : &*known;
  if (effect == nullptr && !a->effect.empty()) {
    spdlog::warn("scroll {}: its effect '{}' is no longer in scroll_effects.toml; it does nothing", it->id, a->effect);
  }
  ctx.reply("You unroll " + a->name + " and read:\n" + a->text + "\n");
  undo_progress(p, ctx.actor);
  use_up(p, ctx.actor, it->id);
  const bool fighting = p.combat.in_combat(ctx.actor);
  if (effect != nullptr) {
    if (ctx.actor.identified.insert(effect->key).second) {
      ctx.reply("It was " + effect->name + ": now you will know one when you see it.\n");
    }
    if (fighting && effect->key != "return") {
      p.combat.spend_turn(ctx.actor);  // (return takes the reader out of the fight)
    }
    scroll_effect(p, ctx, *effect);
  }
  p.where.save_character(ctx.actor);
  spdlog::info("{} read a scroll ({})", ctx.actor.name, effect != nullptr ? effect->key : "no effect");
  ctx.reply("The scroll crumbles to dust.\n");
}

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
  if (ch.ward_rounds > 0 && ch.ward_points > 0) {
    out += "Ward: " + std::to_string(ch.ward_points) + " damage for " + std::to_string(ch.ward_rounds) + " rounds\n";
  }
  ctx.reply(out);
}

void deepest(const economy_parts& p, command_context& ctx) {
  const auto rows = p.where.fame().top(static_cast<std::size_t>(p.contents.tables().merchant.board_lines));
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

void register_economy_commands(command_registry& r, economy_parts p) {
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
  r.add(make_command("quaff", {"drink"}, P, "Drink a draught.",
                     "quaff <draught>\nHeals at once; in a fight it costs you your next blow.",
                     arguments::object("Quaff what?"),
                     [p](command_context& ctx) { use_supply(p, ctx, content::supply_use::quaff); }));
  r.add(make_command("apply", {}, P, "Bind a wound with a bandage.",
                     "apply <bandage>\nHeals at once; in a fight it costs you your next blow.",
                     arguments::object("Apply what?"),
                     [p](command_context& ctx) { use_supply(p, ctx, content::supply_use::apply); }));
  r.add(make_command("read", {}, P, "Read a scroll: it takes effect and crumbles.",
                     "read <scroll>\nThe scroll does what it does (a ward, a map, a way home, healing) and crumbles "
                     "to dust; from then on you know that kind of scroll. In a fight it costs your next blow.",
                     arguments::object("Read what?"), [p](command_context& ctx) { read(p, ctx); }));
  r.add(make_command("score", {}, P, "Your level, hit points, silver, deepest depth, deeds and bounties.", "score",
                     arguments::raw, [p](command_context& ctx) { score(p, ctx); }));
  r.add(make_command("deepest", {}, P, "The board by the well: the deepest delvers.", "deepest", arguments::raw,
                     [p](command_context& ctx) { deepest(p, ctx); }));
  register_give_command(r, p);
  register_compare_command(r, p);
}

}  // namespace dw::game
