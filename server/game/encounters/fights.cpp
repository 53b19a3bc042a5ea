#include "server/game/encounters/fights.hpp"

#include <algorithm>
#include <chrono>

#include "content/fight_round.hpp"
#include "content/scroll.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {

fights::fights(const live_settings& settings, const content_source& content, roster& people, output& out,
               change_sink& changes, event_runner& events, services& svc, places& where, room_contents& contents,
               item_news& news)
    : settings_(settings),
      content_(content),
      people_(people),
      out_(out),
      changes_(changes),
      events_(events),
      services_(svc),
      places_(where),
      contents_(contents),
      news_(news) {}

bool fights::in_combat(const character& ch) const {
  const room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  if (state == nullptr || !state->active) {
    return false;
  }
  return std::find(state->fighters.begin(), state->fighters.end(), ch.account_id) != state->fighters.end();
}

void fights::leave_room(const character& ch) {
  room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  if (state == nullptr) {
    return;
  }
  std::erase(state->fighters, ch.account_id);
  if (state->fighters.empty()) {
    state->active = false;  // monsters wait; the room stays uncleared
  }
}

void fights::join(character& ch, connection& conn) {
  room_contents::room_state* state = contents_.state_of(ch);
  if (state == nullptr || !state->fight || state->fight->won()) {
    out_.send(conn, "There is nothing here to fight.\n");
    return;
  }
  auto& f = state->fighters;
  const bool joined = std::find(f.begin(), f.end(), ch.account_id) != f.end();
  const std::int64_t room_id = ch.where.room_id;
  if (joined && state->active) {
    fight_round(room_id);  // rounds advance on the timer, or at once on command
    return;
  }
  if (!joined) {
    f.push_back(ch.account_id);
  }
  const std::string foes = styled(style::monster, contents_.monsters_text(*state));
  out_.send(conn, "You attack " + foes + "!\n");
  out_.send_room(room_id, styled(style::player, ch.name) + " attacks " + foes + "!\n", ch.account_id);
  if (!state->active) {
    state->active = true;
    ++state->generation;
    schedule_round(room_id, state->generation);
  }
}

bool fights::ambush(std::int64_t room_id, character& target) {
  room_contents::room_state* state = contents_.find_state(room_id);
  if (state == nullptr || !state->fight || state->fight->won() || target.where.room_id != room_id) {
    return false;
  }
  auto& f = state->fighters;
  if (std::find(f.begin(), f.end(), target.account_id) == f.end()) {
    f.push_back(target.account_id);
  }
  const std::string foes = styled(style::monster, contents_.monsters_text(*state));
  out_.send(target.connection, foes + " attack you!\n");
  out_.send_room(room_id, foes + " attack " + styled(style::player, target.name) + "!\n", target.account_id);
  if (!state->active) {
    state->active = true;
    ++state->generation;
    schedule_round(room_id, state->generation);
  }
  return true;
}

void fights::spend_turn(const character& ch) {
  room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  if (state == nullptr || !state->active) {
    return;
  }
  if (std::find(state->busy.begin(), state->busy.end(), ch.account_id) == state->busy.end()) {
    state->busy.push_back(ch.account_id);
  }
}

void fights::resume(character& ch, connection& conn) {
  room_contents::room_state* state = contents_.state_of(ch);
  if (state == nullptr || !state->fight || state->fight->won()) {
    return;  // it ended, or the room went back to before the fight when the last round was not saved
  }
  auto& f = state->fighters;
  if (std::find(f.begin(), f.end(), ch.account_id) == f.end()) {
    f.push_back(ch.account_id);
  }
  out_.send(conn, "You are still fighting " + styled(style::monster, contents_.monsters_text(*state)) + "!\n");
  if (!state->active) {
    state->active = true;
    ++state->generation;
    schedule_round(ch.where.room_id, state->generation);
  }
}

void fights::schedule_round(std::int64_t room_id, std::uint64_t generation) {
  services_.after(std::chrono::milliseconds(settings_.get().game.fight_round_ms), [this, room_id, generation] {
    events_.run_event(0, [&] {
      const room_contents::room_state* state = contents_.find_state(room_id);
      if (state == nullptr || !state->active || state->generation != generation) {
        return;  // the fight ended or restarted since this timer was set
      }
      fight_round(room_id);
    });
  });
}

void fights::fight_round(std::int64_t room_id) {
  room_contents::room_state* found = contents_.find_state(room_id);
  if (found == nullptr || !found->fight) {
    return;
  }
  room_contents::room_state& state = *found;
  std::vector<content::fighter> fighters;
  std::vector<character*> chars;
  for (std::int64_t account : state.fighters) {
    character* ch = people_.find_character(account);
    if (ch == nullptr || ch->where.room_id != room_id || ch->hp <= 0) {
      continue;
    }
    content::fighter f;
    f.id = static_cast<std::uint64_t>(account);
    f.hp = ch->hp;
    f.max_hp = ch->max_hp;
    for (const item& held : ch->inventory) {
      if (held.equipped && is_gear(held, content::item_kind::weapon)) {
        f.weapon_key = held.key;
      } else if (held.equipped && is_gear(held, content::item_kind::armour)) {
        f.armour_key = held.key;
      }
    }
    fighters.push_back(std::move(f));
    chars.push_back(ch);
  }
  if (fighters.empty()) {
    state.active = false;
    state.fighters.clear();
    return;
  }
  // If the round cannot be saved it did not happen: the fight, the fighters' hit points, the room's clear
  // state and its loot go back (knock-outs are moved back by their own undo, which runs first), and the
  // round is fought again on a fresh timer.
  struct fighter_hp {
    std::int64_t account;
    std::int32_t hp;
  };
  std::vector<fighter_hp> hp_before;
  for (const character* ch : chars) {
    hp_before.push_back({ch->account_id, ch->hp});
  }
  changes_.on_rollback([this, room_id, before = state, hp_before = std::move(hp_before)] {
    if (room_contents::room_state* again = contents_.find_state(room_id)) {
      const std::uint64_t generation = again->generation + 1;  // any timer already set is stale
      *again = before;
      again->generation = generation;
      if (again->active) {
        schedule_round(room_id, generation);
      }
    }
    for (const fighter_hp& f : hp_before) {
      if (character* ch = people_.find_character(f.account)) {
        ch->hp = f.hp;
      }
    }
  });
  const character& first = *chars.front();
  const content::tape tape = room_tape(settings_.get(), state.branch, first.where.x, first.where.y);
  const std::string foes = contents_.monsters_text(state);
  const content::round_result result = content::fight_round(content_.get(), tape, *state.fight, fighters);
  // Each line of a round is marked as combat; a screen reader hears the whole round as one sentence.
  std::string summary;
  append_styled(summary, style::combat, "Round " + std::to_string(result.round) + ":");
  summary += "\n";
  std::string spoken = "Round " + std::to_string(result.round) + ": ";
  bool none_yet = true;
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    const content::fighter_outcome& o = result.fighters[i];
    character& ch = *chars[i];
    if (!o.acted) {
      continue;
    }
    ch.hp = o.hp_after;
    const std::string taken = " takes " + std::to_string(o.damage_taken) + " damage from " + foes;
    const std::string then = o.out ? " and falls" : " and deals " + std::to_string(o.damage_dealt);
    summary += "  ";
    append_styled(summary, style::player, ch.name);
    append_styled(summary, style::combat, taken + then + ".");
    summary += "\n";
    spoken += none_yet ? "" : "; ";
    none_yet = false;
    append_styled(spoken, style::player, ch.name);
    append_styled(spoken, style::combat, taken + then);
  }
  const content::monster_def* kind = content_.get().find_monster(state.fight->monster_key);
  const std::string dead = kind != nullptr ? kind->name : std::string("monster");
  for (std::size_t killed = 0; killed < result.monsters_killed.size(); ++killed) {
    // (a content reload may have dropped the monster's table row; the fight goes on regardless)
    summary += "  ";
    append_styled(summary, style::combat, "A " + dead + " dies.");
    summary += "\n";
    spoken += none_yet ? "" : "; ";
    none_yet = false;
    append_styled(spoken, style::combat, "a " + dead + " dies");
  }
  spoken += none_yet ? "nothing happens.\n" : ".\n";
  out_.send_room(room_id, summary, spoken, 0);
  for (character* ch : chars) {
    places_.save_character(*ch);
    out_.send_vitals(*ch);
  }
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    if (result.fighters[i].out) {
      knock_out(*chars[i]);
    }
  }
  if (result.won) {
    const content::loot rewards = result.rewards.value_or(content::loot{});
    win(room_id, state, first, rewards.scroll_seeds, rewards.item_key);
    return;
  }
  contents_.save_contents(room_id, state);  // the tape position and hit points: a restart resumes here
  if (state.fighters.empty()) {
    state.active = false;
    return;
  }
  ++state.generation;
  schedule_round(room_id, state.generation);
}

void fights::knock_out(character& ch) {
  leave_room(ch);
  if (connection* conn = people_.find_connection(ch.connection)) {
    out_.send(*conn, "Everything goes dark...\nYou wake up in the village square, aching but whole.\n");
  }
  ch.hp = ch.max_hp;
  store::location square;
  square.room_id = village_square_id;
  places_.move_character(ch, square, ch.name + " collapses and is dragged away by unseen hands.\n",
                         ch.name + " stumbles out of the well, pale and shaking.\n");
  out_.send_vitals(ch);
}

void fights::win(std::int64_t room_id, room_contents::room_state& state, const character& any_fighter,
                 const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key) {
  state.active = false;
  state.fighters.clear();
  state.fight.reset();
  contents_.save_contents(room_id, state);
  places_.mark_clear(state.branch, {any_fighter.where.x, any_fighter.where.y});
  std::string loot_text;
  std::vector<item> dropped;  // announced as GMCP after the text
  auto drop = [&](item it) {
    it.id = contents_.new_item_id();
    loot_text += "  ";
    append_styled(loot_text, style::item, contents_.item_name(it));
    loot_text += "\n";
    dropped.push_back(it);
    contents_.drop_new(std::move(it), room_id);
  };
  for (std::uint64_t seed : scroll_seeds) {
    item scroll;
    scroll.kind = std::string(content::scroll_type);
    scroll.seed = seed;
    drop(std::move(scroll));
  }
  if (item_key) {
    if (const content::item_def* def = content_.get().find_item(*item_key)) {
      item found;
      found.kind = kind_name(def->kind);
      found.key = def->key;
      drop(std::move(found));
    }
  }
  std::string text = "The last of them falls. The room is clear, and the way on is open!\n";
  if (!loot_text.empty()) {
    text += "They leave behind:\n" + loot_text;
  }
  out_.send_room(room_id, text);
  for (const item& it : dropped) {
    news_.room_added(room_id, it);
  }
  places_.refresh_room_info(room_id);
}

bool fights::clear_room(character& ch) {
  room_contents::room_state* state = contents_.state_of(ch);
  if (state == nullptr) {
    return false;
  }
  changes_.on_rollback([this, room_id = ch.where.room_id, before = *state] {
    if (room_contents::room_state* again = contents_.find_state(room_id)) {
      *again = before;
    }
  });
  state->active = false;
  state->fighters.clear();
  state->fight.reset();
  if (state->lock) {
    state->lock->solved = true;  // an administrator's clear opens a rune door as well
  }
  ++state->generation;
  contents_.save_contents(ch.where.room_id, *state);
  places_.mark_clear(state->branch, {ch.where.x, ch.where.y});
  out_.send_room(ch.where.room_id, "A hush falls; the room is clear, and the way on is open.\n");
  places_.refresh_room_info(ch.where.room_id);
  return true;
}

void fights::flee(character& ch, connection& conn) {
  if (!in_combat(ch)) {
    out_.send(conn, "You are not fighting anything.\n");
    return;
  }
  const std::optional<place> here = places_.at(ch.where);
  if (!here) {
    return;
  }
  for (const place_exit& e : here->exits) {
    if (e.kind == exit_kind::open || e.kind == exit_kind::one_way || e.kind == exit_kind::to_well) {
      // If the escape cannot be saved, the character is still in the fight.
      changes_.on_rollback([this, room_id = ch.where.room_id, account = ch.account_id] {
        if (room_contents::room_state* again = contents_.find_state(room_id); again != nullptr && again->active) {
          auto& f = again->fighters;
          if (std::find(f.begin(), f.end(), account) == f.end()) {
            f.push_back(account);
          }
        }
      });
      leave_room(ch);  // out of the fight first, so the move is no longer refused
      out_.send(conn, "You break away and flee " + std::string(exit_name(e.dir)) + "!\n");
      places_.walk(conn, ch, e.dir);
      return;
    }
  }
  out_.send(conn, "There is nowhere to flee to!\n");
}

}  // namespace dw::game
