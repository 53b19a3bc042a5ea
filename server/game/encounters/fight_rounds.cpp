// A fight's rounds: the round on its timer, told to the room, the flights and knock-outs it leads to, and
// winning (the room clears, loot drops, silver is shared).
#include "server/game/encounters/fight_rounds.hpp"

#include <algorithm>
#include <chrono>

#include "content/fight_judgement.hpp"
#include "content/fight_round.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/groups/groups.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {

fight_rounds::fight_rounds(roster& people, output& out, change_sink& changes, encounter_clock& clock,
                           ground& where, room_stock& contents, fight_table& table, fight_outcomes& outcomes)
    : people_(people),
      out_(out),
      changes_(changes),
      clock_(clock),
      ground_(where),
      contents_(contents),
      table_(table),
      outcomes_(outcomes) {}

void fight_rounds::start(std::int64_t room_id, room_fight& fight) {
  if (!fight.active) {
    // A new bout against what is left of the monsters: its rounds are told from 1, whatever the fight's own
    // count (which the tape reads, and which goes on).
    bout_start_[room_id] = fight.monsters.round;
    fight.active = true;
    fight.generation = table_.next_generation();
    schedule_round(room_id, fight.generation);
  }
}

void fight_rounds::resume(std::int64_t room_id, room_fight& fight) {
  if (!fight.active) {
    fight.active = true;
    fight.generation = table_.next_generation();
    schedule_round(room_id, fight.generation);
  }
}

std::uint32_t fight_rounds::bout_round(std::int64_t room_id, std::uint32_t fight_round) const {
  // (a fight resumed after a restart has no entry: it goes on counting as it was)
  const auto found = bout_start_.find(room_id);
  return found != bout_start_.end() && found->second < fight_round ? fight_round - found->second : fight_round;
}

content::fighter fight_rounds::fighter_of(const character& ch) const {
  content::fighter f;
  f.id = static_cast<std::uint64_t>(ch.account_id);
  f.hp = ch.hp;
  f.max_hp = ch.max_hp;
  const ward up = table_.ward_of(ch.account_id);
  f.ward_points = up.points;
  f.ward_rounds = up.rounds;
  for (const item& held : ch.inventory) {
    if (held.equipped && is_gear(held, content::item_kind::weapon)) {
      f.weapon_key = held.key;
    } else if (held.equipped && is_gear(held, content::item_kind::armour)) {
      f.armour_key = held.key;
    }
  }
  if (levels_ != nullptr) {
    levels_->arm(ch, f);
  }
  return f;
}

std::pair<std::string, std::string> fight_rounds::monster_names(const content::fight_state& fight) const {
  // (a content reload may have dropped the monster's table row; the fight goes on regardless)
  if (const content::monster_def* kind = contents_.tables().find_monster(fight.monster_key)) {
    return {kind->name, kind->plural};
  }
  return {"monster", "monsters"};
}

void fight_rounds::send_combat(const character& ch, const room_fight* state, bool fighting) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || !out_.gmcp_wanted(*conn, "Char.Combat")) {
    return;
  }
  const content::fight_state* fight = state != nullptr ? &state->monsters : nullptr;
  const std::string name = fight != nullptr ? monster_names(*fight).first : std::string();
  out_.send_gmcp(*conn, "Char.Combat", combat_json(contents_.tables(), fight, fighting, name));
}

void fight_rounds::put_back_round(std::int64_t room_id, const room_fight& before) {
  // (the fight's row may be gone, the fight won: it comes back while the room is known)
  if (contents_.find_state(room_id) != nullptr) {
    room_fight again = before;
    again.generation = table_.next_generation();  // any timer already set is stale
    const bool active = again.active;
    table_.put(room_id, std::move(again));
    if (active) {
      schedule_round(room_id, table_.find(room_id)->generation);
    }
  }
}

void fight_rounds::schedule_round(std::int64_t room_id, std::uint64_t generation) {
  clock_.after(std::chrono::milliseconds(clock_.round_ms()), [this, room_id, generation] {
    clock_.run_event([&] {
      const room_fight* fight = table_.find(room_id);
      if (fight == nullptr || !fight->active || fight->generation != generation) {
        return;  // the fight ended or restarted since this timer was set
      }
      fight_round(room_id);
    });
  });
}

namespace {

content::fight_choice choice_of(const room_fight& state, std::int64_t account) {
  if (std::find(state.busy.begin(), state.busy.end(), account) != state.busy.end()) {
    return content::fight_choice::busy;
  }
  const auto chosen = state.choices.find(account);
  return chosen != state.choices.end() ? chosen->second : content::fight_choice::attack;
}

}  // namespace

void fight_rounds::fight_round(std::int64_t room_id) {
  room_fight* found = table_.find(room_id);
  if (found == nullptr) {
    return;
  }
  room_fight& state = *found;
  const content::content_tables& tables = contents_.tables();
  std::vector<content::fighter> fighters;
  std::vector<character*> chars;
  std::vector<round_fighter> told;
  for (std::int64_t account : state.fighters) {
    character* ch = people_.find_character(account);
    if (ch == nullptr || ch->where.room_id != room_id || ch->hp <= 0) {
      continue;
    }
    content::fighter f = fighter_of(*ch);
    f.choice = choice_of(state, account);
    round_fighter named{account, ch->name, ""};
    if (const content::item_def* def = f.armour_key ? tables.find_armour(*f.armour_key) : nullptr) {
      named.armour = without_article(def->name);
    }
    fighters.push_back(std::move(f));
    chars.push_back(ch);
    told.push_back(std::move(named));
  }
  if (fighters.empty()) {
    state.active = false;
    state.fighters.clear();
    return;
  }
  // If the round cannot be saved it did not happen: the fight, the fighters' hit points, wards, kills and
  // silver, the room's clear state and its loot go back (knock-outs and flights are moved back by their
  // own undo, which runs first), and the round is fought again on a fresh timer.
  // (the fighters kept first: the fight comes back before them, as it always has)
  for (const character* ch : chars) {
    keep(changes_, people_, *ch, &character::hp, &character::kills, &character::silver);
  }
  undo_with<&fight_rounds::put_back_round>(changes_, this, room_id, state);
  const location where = chars.front()->where;
  const content::tape tape = contents_.tape_of(state.branch, where.x, where.y);
  const int alive_before = state.monsters.alive();
  const content::round_result result = content::fight_round(tables, tape, state.monsters, fighters);
  // A spent turn lasts one round; attack, defend and flee stand until changed (a flight that gets away
  // ends with the fight: leave_room forgets the choice).
  state.busy.clear();
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    const content::fighter_outcome& o = result.fighters[i];
    if (o.acted) {
      chars[i]->hp = o.hp_after;
      if (const ward now{o.ward_points, o.ward_rounds}; now != table_.ward_of(chars[i]->account_id)) {
        table_.set_ward(chars[i]->account_id, now);  // (worn down; its undo puts it back with the round's)
      }
      chars[i]->kills += o.kills;
    }
  }
  const auto [one, many] = monster_names(state.monsters);
  tell_round(room_id, round_story{&tables, &result, told, one, many, alive_before, &state.monsters});
  std::vector<character*> standing;
  for (std::size_t i = 0; i < chars.size(); ++i) {
    ground_.save_character(*chars[i]);
    out_.send_vitals(*chars[i]);
    const content::fighter_outcome& o = result.fighters[i];
    if (!o.out && !o.fled) {
      send_combat(*chars[i], &state, !result.won);
      standing.push_back(chars[i]);
      if (!result.won && o.acted) {
        outcomes_.warn_after_round(*chars[i], o, state, tape, result.round);
      }
    } else {
      send_combat(*chars[i], nullptr, false);  // knocked out or fled: out of this fight, nothing left to list
    }
  }
  std::optional<content::fight_state> won_fight;
  if (result.won) {
    won_fight = state.monsters;
  }
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    if (result.fighters[i].fled) {
      if (const std::optional<exit_dir> way = outcomes_.way_out(*chars[i], tape, result.round)) {
        run_away(*chars[i], *way);
      }
    }
  }
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    if (result.fighters[i].out) {
      knock_out(*chars[i]);
    }
  }
  // (moving people may have touched the fights' table: look the fight up again)
  room_fight* again = table_.find(room_id);
  if (again == nullptr) {
    return;
  }
  if (won_fight) {
    const content::loot rewards = result.rewards.value_or(content::loot{});
    const bool roamer = again->wanderer.has_value();
    win(room_id, *again, where, rewards.scroll_seeds, rewards.item_key);
    // Group members standing in the room share with the fighters; the totals stay what the fight gives.
    const std::vector<character*> sharing = company_ != nullptr ? company_->sharers(standing, room_id) : standing;
    pay_silver(*won_fight, sharing);
    if (deeds_ != nullptr) {
      deeds_->won(fight_won{won_fight->monster_key, won_fight->depth, won_fight->slain(), roamer, standing, sharing});
    }
    return;
  }
  contents_.save_contents(room_id);  // the tape position and hit points: a restart resumes here
  if (again->fighters.empty()) {
    again->active = false;
    return;
  }
  again->generation = table_.next_generation();
  schedule_round(room_id, again->generation);
}

void fight_rounds::tell_round(std::int64_t room_id, const round_story& story) {
  const std::string heading = "Round " + std::to_string(bout_round(room_id, story.result->round)) + ":";
  for (std::int64_t account : people_.occupants(room_id)) {
    const character* ch = people_.find_character(account);
    if (ch == nullptr) {
      continue;
    }
    const std::vector<std::string> lines = round_sentences(story, account);
    std::string text;
    append_styled(text, style::combat, heading);
    if (out_.view_of(*ch).screen_reader) {
      // A screen reader hears the whole round as one line.
      for (const std::string& line : lines) {
        text += " " + line;
      }
      text += lines.empty() ? " Nothing happens.\n" : "\n";
    } else {
      text += "\n";
      for (const std::string& line : lines) {
        text += "  " + line + "\n";
      }
    }
    out_.send(ch->connection, text);
  }
}

void fight_rounds::leave(const character& ch) {
  outcomes_.forget_warnings(ch.account_id);
  table_.leave(ch.where.room_id, ch.account_id);
}

void fight_rounds::run_away(character& ch, exit_dir way) {
  leave(ch);  // out of the fight first, so the move is no longer refused
  outcomes_.run(ch, way);
}

void fight_rounds::knock_out(character& ch) {
  leave(ch);
  outcomes_.drop_pack(ch);
  if (connection* conn = people_.find_connection(ch.connection)) {
    out_.send(*conn, "Everything goes dark...\nYou wake up in the village square, aching but whole.\n");
  }
  ch.hp = ch.max_hp;
  if (table_.ward_of(ch.account_id).up()) {
    table_.set_ward(ch.account_id, ward{});  // (the ward breaks with the fall)
  }
  location square;
  square.room_id = village_square_id;
  ground_.move_character(ch, square, ch.name + " collapses and is dragged away by unseen hands.\n",
                         ch.name + " stumbles out of the well, pale and shaking.\n");
  out_.send_vitals(ch);
}

void fight_rounds::pay_silver(const content::fight_state& fight, const std::vector<character*>& sharing) {
  std::int64_t total = content::silver_for(contents_.tables(), fight.depth, fight.slain());  // (not those that fled)
  if (const content::leader_def* leader = contents_.tables().find_leader(fight.monster_key)) {
    total += leader->silver;  // a leader's hoard, always
  }
  if (sharing.empty() || total <= 0) {
    return;
  }
  const auto n = static_cast<std::int64_t>(sharing.size());
  for (std::int64_t i = 0; i < n; ++i) {
    character& ch = *sharing[static_cast<std::size_t>(i)];
    // Split evenly; the first to join get the odd coins.
    const std::int64_t share = total / n + (i < total % n ? 1 : 0);
    // (the round's own undo puts the fighters' silver back; this one a group member's who did not fight)
    keep(changes_, people_, ch, &character::silver);
    ch.silver += share;
    ground_.save_character(ch);
    ground_.send_status(ch);  // (Char.Status comes again whenever silver changes)
    const std::string text = n == 1 ? "You find " + std::to_string(share) + " silver.\n"
                                    : "You find " + std::to_string(total) + " silver between you; your share is " +
                                          std::to_string(share) + ".\n";
    out_.send(ch.connection, text);
  }
}

void fight_rounds::win(std::int64_t room_id, const room_fight& fight, const location& where,
                       const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key) {
  // A wanderer's fight is not the room's challenge: the room stays as clear (or not) as it was.
  const bool roamer = fight.wanderer.has_value();
  const std::uint64_t branch = fight.branch;
  const content::leader_def* leader = contents_.tables().find_leader(fight.monsters.monster_key);
  const std::string fallen = leader != nullptr ? leader->title : std::string();
  for (std::int64_t account : fight.fighters) {
    outcomes_.forget_warnings(account);
  }
  // The fight is over: its row goes (`fight` with it), and the room is saved without it. (The round's own
  // undo puts the row back if this cannot be saved.)
  table_.end(room_id);
  bout_start_.erase(room_id);
  contents_.save_contents(room_id);
  if (!roamer) {
    ground_.mark_clear(branch, {where.x, where.y});
  }
  std::vector<item> loot;
  for (std::uint64_t seed : scroll_seeds) {
    loot.push_back(contents_.make_scroll(seed));
  }
  if (item_key) {
    if (const content::item_def* def = contents_.tables().find_item(*item_key)) {
      item found;
      found.kind = kind_name(def->kind);
      found.key = def->key;
      loot.push_back(std::move(found));
    }
  }
  const room_stock::dropped_loot dropped = contents_.drop_loot(std::move(loot), room_id);
  const std::string falls = leader != nullptr ? styled(style::monster, fallen) + " falls!" : "The last of them falls.";
  std::string text = roamer ? falls + "\n" : falls + " The room is clear, and the way on is open!\n";
  if (!dropped.text.empty()) {
    text += (leader != nullptr ? "It leaves behind:\n" : "They leave behind:\n") + dropped.text;
  }
  out_.send_room(room_id, text);
  for (const item& it : dropped.items) {  // announced as GMCP after the text
    outcomes_.loot_shown(room_id, it);
  }
  ground_.refresh_room_info(room_id);
}

}  // namespace dw::game
