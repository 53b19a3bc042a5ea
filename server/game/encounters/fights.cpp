#include "server/game/encounters/fights.hpp"

#include <algorithm>
#include <chrono>

#include "content/fight_judgement.hpp"
#include "content/fight_round.hpp"
#include "content/text_helpers.hpp"
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
    // Rounds come only on the timer: typing faster must not make a fight go faster.
    out_.send(conn, "You are already fighting; rounds come every few seconds.\n");
    return;
  }
  if (!joined) {
    f.push_back(ch.account_id);
  }
  state->choices.erase(ch.account_id);
  const std::string foes = styled(style::monster, contents_.monsters_text(*state));
  out_.send(conn, "You attack " + foes + "!\n");
  out_.send_room(room_id, styled(style::player, ch.name) + " attacks " + foes + "!\n", ch.account_id);
  send_combat(ch, state, true);
  start_rounds(room_id, *state);
}

void fights::start_rounds(std::int64_t room_id, room_contents::room_state& state) {
  if (!state.active) {
    state.active = true;
    ++state.generation;
    schedule_round(room_id, state.generation);
  }
}

void fights::set_choice(character& ch, connection& conn, content::fight_choice choice, std::string_view told) {
  room_contents::room_state* state = contents_.state_of(ch);
  if (state == nullptr || !in_combat(ch)) {
    out_.send(conn, "You are not fighting anything.\n");
    return;
  }
  state->choices[ch.account_id] = choice;
  out_.send(conn, std::string(told));
}

void fights::attack(character& ch, connection& conn) {
  if (!in_combat(ch)) {
    join(ch, conn);
    return;
  }
  set_choice(ch, conn, content::fight_choice::attack, "You will attack in the next round.\n");
}

void fights::defend(character& ch, connection& conn) {
  set_choice(ch, conn, content::fight_choice::defend,
             "You will defend from the next round: you take less, and deal less.\n");
}

void fights::consider(const character& ch, connection& conn, std::string_view what) {
  const room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  if (state == nullptr || !state->fight || state->fight->won()) {
    out_.send(conn, "There is nothing here to consider.\n");
    return;
  }
  const auto [one, many] = monster_names(*state->fight);
  if (!what.empty() && what != "monster" && what != "monsters" && what != "them" &&
      one.find(what) == std::string::npos && many.find(what) == std::string::npos) {
    out_.send(conn, "You see no " + std::string(what) + " here.\n");
    return;
  }
  content::fighter me;
  me.hp = ch.hp;
  me.max_hp = ch.max_hp;
  for (const item& held : ch.inventory) {
    if (held.equipped && is_gear(held, content::item_kind::weapon)) {
      me.weapon_key = held.key;
    } else if (held.equipped && is_gear(held, content::item_kind::armour)) {
      me.armour_key = held.key;
    }
  }
  const content::odds odds = content::consider(content_.get(), *state->fight, me);
  const char* verdict = odds == content::odds::easy   ? "You would win easily."
                        : odds == content::odds::even ? "It would be an even fight."
                                                      : "You would likely fall.";
  std::string text = "You size up " + styled(style::monster, contents_.monsters_text(*state)) + ". ";
  text += health_sentence(content_.get(), *state->fight, one, many) + " " + verdict + "\n";
  out_.send(conn, text);
}

void fights::arrived(character& ch) {
  const room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  if (state == nullptr || !state->fight || state->fight->won() || state->active) {
    return;
  }
  const content::tape tape = room_tape(settings_.get(), state->branch, ch.where.x, ch.where.y);
  if (content::aggressive(content_.get(), tape, state->fight->depth)) {
    ambush(ch.where.room_id, ch);
  }
}

void fights::last_round(character& ch) {
  if (!in_combat(ch)) {
    return;
  }
  if (connection* conn = people_.find_connection(ch.connection)) {
    out_.send(*conn, "You cannot escape a fight by leaving: the fight goes on for one more round with you in it.\n");
  }
  // The round is fought now rather than on the timer, so the character never outlives its connection
  // in the fight; everyone in that fight has this round a little early.
  room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  state->choices.erase(ch.account_id);
  std::erase(state->busy, ch.account_id);
  fight_round(ch.where.room_id);
  leave_room(ch);  // (if the round knocked it out, it has already left)
}

std::pair<std::string, std::string> fights::monster_names(const content::fight_state& fight) const {
  // (a content reload may have dropped the monster's table row; the fight goes on regardless)
  if (const content::monster_def* kind = content_.get().find_monster(fight.monster_key)) {
    return {kind->name, kind->plural};
  }
  return {"monster", "monsters"};
}

void fights::send_combat(const character& ch, const room_contents::room_state* state, bool fighting) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || !output::gmcp_wanted(*conn, "Char.Combat")) {
    return;
  }
  const content::fight_state* fight = state != nullptr && state->fight ? &*state->fight : nullptr;
  const std::string name = fight != nullptr ? monster_names(*fight).first : std::string();
  out_.send_gmcp(*conn, "Char.Combat", combat_json(content_.get(), fight, fighting, name));
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
  const std::string foes = styled(style::monster, content::capitalise(contents_.monsters_text(*state)));
  const char* verb = state->fight->alive() == 1 ? " attacks " : " attack ";
  out_.send(target.connection, foes + verb + "you!\n");
  out_.send_room(room_id, foes + verb + styled(style::player, target.name) + "!\n", target.account_id);
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

namespace {

/// What a round changes on a character, kept so a round that cannot be saved can be taken back.
struct fighter_before {
  std::int64_t account = 0;
  std::int32_t hp = 0;
  std::int32_t ward_points = 0;
  std::int32_t ward_rounds = 0;
  std::int64_t kills = 0;
  std::int64_t silver = 0;
};

content::fight_choice choice_of(const room_contents::room_state& state, std::int64_t account) {
  if (std::find(state.busy.begin(), state.busy.end(), account) != state.busy.end()) {
    return content::fight_choice::busy;
  }
  const auto chosen = state.choices.find(account);
  return chosen != state.choices.end() ? chosen->second : content::fight_choice::attack;
}

}  // namespace

void fights::fight_round(std::int64_t room_id) {
  room_contents::room_state* found = contents_.find_state(room_id);
  if (found == nullptr || !found->fight) {
    return;
  }
  room_contents::room_state& state = *found;
  const content::content_tables& tables = content_.get();
  std::vector<content::fighter> fighters;
  std::vector<character*> chars;
  std::vector<round_fighter> told;
  for (std::int64_t account : state.fighters) {
    character* ch = people_.find_character(account);
    if (ch == nullptr || ch->where.room_id != room_id || ch->hp <= 0) {
      continue;
    }
    content::fighter f;
    f.id = static_cast<std::uint64_t>(account);
    f.hp = ch->hp;
    f.max_hp = ch->max_hp;
    f.choice = choice_of(state, account);
    f.ward_points = ch->ward_points;
    f.ward_rounds = ch->ward_rounds;
    round_fighter named{account, ch->name, ""};
    for (const item& held : ch->inventory) {
      if (held.equipped && is_gear(held, content::item_kind::weapon)) {
        f.weapon_key = held.key;
      } else if (held.equipped && is_gear(held, content::item_kind::armour)) {
        f.armour_key = held.key;
        if (const content::item_def* def = tables.find_armour(held.key)) {
          named.armour = without_article(def->name);
        }
      }
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
  std::vector<fighter_before> before_round;
  for (const character* ch : chars) {
    before_round.push_back({ch->account_id, ch->hp, ch->ward_points, ch->ward_rounds, ch->kills, ch->silver});
  }
  changes_.on_rollback([this, room_id, before = state, before_round = std::move(before_round)] {
    if (room_contents::room_state* again = contents_.find_state(room_id)) {
      const std::uint64_t generation = again->generation + 1;  // any timer already set is stale
      *again = before;
      again->generation = generation;
      if (again->active) {
        schedule_round(room_id, generation);
      }
    }
    for (const fighter_before& f : before_round) {
      if (character* ch = people_.find_character(f.account)) {
        ch->hp = f.hp;
        ch->ward_points = f.ward_points;
        ch->ward_rounds = f.ward_rounds;
        ch->kills = f.kills;
        ch->silver = f.silver;
      }
    }
  });
  const store::location where = chars.front()->where;
  const content::tape tape = room_tape(settings_.get(), state.branch, where.x, where.y);
  const int alive_before = state.fight->alive();
  const content::round_result result = content::fight_round(tables, tape, *state.fight, fighters);
  // A spent turn and a flight last one round; attack and defend stand until changed.
  state.busy.clear();
  std::erase_if(state.choices, [](const auto& c) { return c.second == content::fight_choice::flee; });
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    const content::fighter_outcome& o = result.fighters[i];
    if (o.acted) {
      chars[i]->hp = o.hp_after;
      chars[i]->ward_points = o.ward_points;
      chars[i]->ward_rounds = o.ward_rounds;
      chars[i]->kills += o.kills;
    }
  }
  const auto [one, many] = monster_names(*state.fight);
  tell_round(room_id, round_story{&tables, &result, told, one, many, alive_before, &*state.fight});
  std::vector<character*> standing;
  for (std::size_t i = 0; i < chars.size(); ++i) {
    places_.save_character(*chars[i]);
    out_.send_vitals(*chars[i]);
    const content::fighter_outcome& o = result.fighters[i];
    if (!o.out && !o.fled) {
      send_combat(*chars[i], &state, !result.won);
      standing.push_back(chars[i]);
    }
  }
  std::optional<content::fight_state> won_fight;
  if (result.won) {
    won_fight = *state.fight;
  }
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    if (result.fighters[i].fled) {
      if (const std::optional<exit_dir> way = flee_way(*chars[i], tape, result.round)) {
        run_away(*chars[i], *way);
      }
    }
  }
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    if (result.fighters[i].out) {
      knock_out(*chars[i]);
    }
  }
  // (moving people may have touched the rooms' table: look the room up again)
  room_contents::room_state* again = contents_.find_state(room_id);
  if (again == nullptr) {
    return;
  }
  if (won_fight) {
    const content::loot rewards = result.rewards.value_or(content::loot{});
    win(room_id, *again, where, rewards.scroll_seeds, rewards.item_key);
    pay_silver(*won_fight, standing);
    return;
  }
  contents_.save_contents(room_id, *again);  // the tape position and hit points: a restart resumes here
  if (again->fighters.empty()) {
    again->active = false;
    return;
  }
  ++again->generation;
  schedule_round(room_id, again->generation);
}

void fights::tell_round(std::int64_t room_id, const round_story& story) {
  const std::string heading = "Round " + std::to_string(story.result->round) + ":";
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

std::optional<exit_dir> fights::flee_way(const character& ch, const content::tape& tape, std::uint32_t round) {
  const std::optional<place> here = places_.at(ch.where);
  if (!here) {
    return std::nullopt;
  }
  std::vector<exit_dir> known;
  for (const place_exit& e : here->exits) {
    if (e.kind != exit_kind::open && e.kind != exit_kind::one_way && e.kind != exit_kind::to_well) {
      continue;  // never into the unknown
    }
    if (ch.arrived_side >= 0 && static_cast<int>(dungeon::index_of(e.dir)) == ch.arrived_side) {
      return e.dir;  // back the way it came
    }
    known.push_back(e.dir);
  }
  if (known.empty()) {
    return std::nullopt;
  }
  const double roll = tape.at(content::flee_exit_tape_index + round);
  return known[std::min(known.size() - 1, static_cast<std::size_t>(roll * static_cast<double>(known.size())))];
}

void fights::run_away(character& ch, exit_dir way) {
  leave_room(ch);  // out of the fight first, so the move is no longer refused
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  out_.send(*conn, "You flee " + std::string(exit_name(way)) + "!\n");
  places_.walk(*conn, ch, way);
}

void fights::pay_silver(const content::fight_state& fight, const std::vector<character*>& standing) {
  const std::int64_t total =
      content::silver_for(content_.get(), fight.depth, static_cast<int>(fight.monster_hp.size()));
  if (standing.empty() || total <= 0) {
    return;
  }
  const auto n = static_cast<std::int64_t>(standing.size());
  for (std::int64_t i = 0; i < n; ++i) {
    character& ch = *standing[static_cast<std::size_t>(i)];
    // Split evenly; the first to join get the odd coins.
    const std::int64_t share = total / n + (i < total % n ? 1 : 0);
    ch.silver += share;
    places_.save_character(ch);
    const std::string text = n == 1 ? "You find " + std::to_string(share) + " silver.\n"
                                    : "You find " + std::to_string(total) + " silver between you; your share is " +
                                          std::to_string(share) + ".\n";
    out_.send(ch.connection, text);
  }
}

void fights::leave_pack(character& ch) {
  const std::int64_t room_id = ch.where.room_id;
  if (ch.where.branch_id == 0 || contents_.find_state(room_id) == nullptr) {
    return;  // only the dungeon keeps what the fallen drop
  }
  std::vector<item> scrolls;
  std::erase_if(ch.inventory, [&scrolls](const item& it) {
    const bool scroll = it.kind == content::scroll_type && !it.equipped;
    if (scroll) {
      scrolls.push_back(it);
    }
    return scroll;
  });
  // The fallen keep half their silver, rounded up; the rest is in the pack.
  const std::int64_t lost = ch.silver / 2;
  if (scrolls.empty() && lost == 0) {
    return;
  }
  changes_.on_rollback([this, account = ch.account_id, scrolls, lost] {
    if (character* again = people_.find_character(account)) {
      again->silver += lost;
      again->inventory.insert(again->inventory.end(), scrolls.begin(), scrolls.end());
    }
  });
  ch.silver -= lost;
  item pack;
  pack.id = contents_.new_item_id();
  pack.kind = std::string(pack_kind);
  pack.key = ch.name;
  pack.amount = lost;
  contents_.drop_new(pack, room_id);  // saved first: what it holds refers to it
  changes_.on_rollback([this, id = pack.id] { (void)contents_.empty_out(id); });
  for (item& scroll : scrolls) {
    news_.inv_removed(ch, scroll);
    scroll.container_id = pack.id;
    contents_.persist_item(scroll, 0, room_id);
    contents_.inside(pack.id).push_back(scroll);
  }
  places_.save_character(ch);
  news_.room_added(room_id, pack);
  out_.send(ch.connection, "Your unsold scrolls and half your silver stay behind in your fallen pack.\n");
  out_.send_room(room_id, styled(style::item, contents_.item_name(pack)) + " lies where " + ch.name + " fell.\n",
                 ch.account_id);
}

void fights::knock_out(character& ch) {
  leave_room(ch);
  leave_pack(ch);
  if (connection* conn = people_.find_connection(ch.connection)) {
    out_.send(*conn, "Everything goes dark...\nYou wake up in the village square, aching but whole.\n");
  }
  ch.hp = ch.max_hp;
  ch.ward_points = 0;
  ch.ward_rounds = 0;
  store::location square;
  square.room_id = village_square_id;
  places_.move_character(ch, square, ch.name + " collapses and is dragged away by unseen hands.\n",
                         ch.name + " stumbles out of the well, pale and shaking.\n");
  out_.send_vitals(ch);
}

void fights::win(std::int64_t room_id, room_contents::room_state& state, const store::location& where,
                 const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key) {
  // A wanderer's fight is not the room's challenge: the room stays as clear (or not) as it was.
  const bool roamer = state.wanderer.has_value();
  state.active = false;
  state.fighters.clear();
  state.choices.clear();
  state.busy.clear();
  state.fight.reset();
  contents_.save_contents(room_id, state);
  if (!roamer) {
    places_.mark_clear(state.branch, {where.x, where.y});
  }
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
  std::string text = roamer ? std::string("The last of them falls.\n")
                            : std::string("The last of them falls. The room is clear, and the way on is open!\n");
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
  const room_contents::room_state* state = contents_.find_state(ch.where.room_id);
  const content::tape tape = room_tape(settings_.get(), state->branch, ch.where.x, ch.where.y);
  if (!flee_way(ch, tape, state->fight ? state->fight->round : 0)) {
    out_.send(conn, "There is nowhere to flee to!\n");
    return;
  }
  set_choice(ch, conn, content::fight_choice::flee,
             "You look for a way out; you will try to flee in the next round.\n");
}

}  // namespace dw::game
