#include "server/game/content_play.hpp"

#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include "content/fight_round.hpp"
#include "content/monster_group.hpp"
#include "content/room_roll.hpp"
#include "content/scroll.hpp"
#include "content/tape.hpp"
#include "dungeon/coord.hpp"
#include "server/game/dungeon_play.hpp"
#include "server/game/world.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace {

content::tape room_tape(const world& w, std::uint64_t branch, std::int32_t x, std::int32_t y) {
  return content::tape(content::tape_seed(static_cast<std::uint64_t>(w.settings().dungeon.world_seed), branch, x, y));
}

}  // namespace

void content_play::persist_item(const item& it, std::int64_t owner, std::int64_t room) {
  store::item_record rec;
  rec.id = it.id;
  rec.kind = it.kind;
  rec.key = it.key;
  rec.seed = it.seed;
  rec.owner_account = owner;
  rec.room_id = room;
  rec.equipped = it.equipped;
  world_.persist(storage::save_item{rec});
}

void content_play::undo_new_floor_item(std::int64_t room_id, std::int64_t item_id) {
  world_.on_rollback([this, room_id, item_id] {
    if (auto it = floors_.find(room_id); it != floors_.end()) {
      std::erase_if(it->second, [item_id](const item& i) { return i.id == item_id; });
    }
  });
}

content_play::content_play(world& w) : world_(w) { content::register_scroll(artefacts_); }

void content_play::restore_static_floors(const std::vector<store::item_record>& items) {
  for (const store::item_record& rec : items) {
    floors_[rec.room_id].push_back(from_record(rec));
  }
}

void content_play::restore_branch(const storage::branch_snapshot& snapshot) {
  for (const store::room_record& rec : snapshot.rooms) {
    if (rooms_.count(rec.id) != 0) {
      continue;  // already in memory, and newer
    }
    room_state state;
    state.branch = static_cast<std::uint64_t>(snapshot.branch_id);
    state.event = static_cast<content::room_event>(rec.event & 3);
    if (!rec.contents.empty()) {
      state.fight = content::fight_state::decode(rec.contents);
      if (!state.fight) {
        spdlog::error("room {}: unreadable fight state '{}' ignored", rec.id, log_safe(rec.contents));
      }
    }
    rooms_.emplace(rec.id, std::move(state));
    floors_.try_emplace(rec.id);
  }
  for (const store::item_record& rec : snapshot.floor_items) {
    floors_[rec.room_id].push_back(from_record(rec));
  }
}

item content_play::from_record(const store::item_record& rec) {
  item it;
  it.id = rec.id;
  it.kind = rec.kind;
  it.key = rec.key;
  it.seed = rec.seed;
  it.equipped = rec.equipped;
  return it;
}

std::string content_play::item_name(const item& it) const {
  if (it.kind == "weapon" || it.kind == "armour") {
    const content::item_def* def = world_.content().find_item(it.key);
    return def != nullptr ? def->name : "a battered " + it.kind;
  }
  if (auto a = artefacts_.generate(world_.content(), it.kind, it.seed)) {
    return a->short_description;
  }
  return "something strange";
}

// ---------------------------------------------------------------- new rooms

bool content_play::decide_clear(const dungeon::room& r, const character* mover) {
  content::carrier who;
  if (mover != nullptr) {
    for (const item& it : mover->inventory) {
      who.has_weapon = who.has_weapon || it.kind == "weapon";
      who.has_armour = who.has_armour || it.kind == "armour";
    }
  }
  const auto depth = static_cast<int>(dungeon::depth_of(r.pos));
  const content::room_contents rolled =
      content::roll_room(world_.content(), room_tape(world_, r.branch, r.pos.x, r.pos.y), depth, who);
  room_state state;
  state.branch = r.branch;
  state.event = rolled.event;
  state.fight = content::start_fight(rolled);
  rolled_[static_cast<std::int64_t>(r.id)] = std::move(state);
  if (rolled.find_key) {
    // The find waits in rolled_ until room_created puts it on the floor.
    item find;
    find.kind = rolled.event == content::room_event::weapon ? "weapon" : "armour";
    find.key = *rolled.find_key;
    floors_[static_cast<std::int64_t>(r.id)].push_back(find);
  }
  return content::is_clear_at_start(rolled);
}

void content_play::room_created(const dungeon::room& r) {
  const auto id = static_cast<std::int64_t>(r.id);
  auto it = rolled_.find(id);
  if (it == rolled_.end()) {
    return;
  }
  room_state state = std::move(it->second);
  rolled_.erase(it);
  save_contents(id, state);
  for (item& find : floors_[id]) {
    if (find.id == 0) {
      find.id = new_item_id();
      persist_item(find, 0, id);
    }
  }
  rooms_[id] = std::move(state);
  // A room that could not be saved does not exist: neither does what it held (ids are not reused).
  world_.on_rollback([this, id] {
    rooms_.erase(id);
    floors_.erase(id);
  });
}

void content_play::save_contents(std::int64_t room_id, const room_state& state) {
  const auto event = static_cast<std::int32_t>(state.event);
  std::string contents = state.fight ? state.fight->encode() : std::string();
  world_.persist(storage::save_room_contents{room_id, event, std::move(contents)});
}

content_play::room_state* content_play::state_of(const character& ch) {
  if (ch.where.branch_id == 0) {
    return nullptr;
  }
  const std::int64_t id = ch.where.room_id;
  if (auto it = rooms_.find(id); it != rooms_.end()) {
    return &it->second;
  }
  // Every room of a branch in memory has its state here (from storage, or made when it was
  // discovered); a branch not in memory yet is read first, on a worker.
  world_.require_branch(ch.where.branch_id);
  room_state state;
  state.branch = static_cast<std::uint64_t>(ch.where.branch_id);
  return &rooms_.emplace(id, std::move(state)).first->second;
}

std::vector<item>& content_play::floor_of(std::int64_t room_id) {
  // Static rooms' floors are read at start-up, a branch's floors with the branch: what is not here is empty.
  return floors_[room_id];
}

std::string content_play::monsters_text(const room_state& state) const {
  if (!state.fight || state.fight->won()) {
    return {};
  }
  content::monster_group group;
  group.monster_key = state.fight->monster_key;
  group.size_key = state.fight->size_key;
  group.count = state.fight->alive();
  group.depth = state.fight->depth;
  return content::describe_monster_group(world_.content(), group);
}

std::string content_play::room_extras(std::int64_t room_id, const character& viewer) {
  std::string out;
  if (viewer.where.branch_id != 0) {
    if (room_state* state = state_of(viewer); state != nullptr && state->fight && !state->fight->won()) {
      std::string who = monsters_text(*state);
      if (!who.empty()) {
        who[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(who[0])));
      }
      const bool one = state->fight->alive() == 1;
      out += who + (state->active ? (one ? " is fighting here!\n" : " are fighting here!\n")
                                  : (one ? " blocks the way. Type 'fight' to attack.\n"
                                         : " block the way. Type 'fight' to attack.\n"));
    }
  }
  const std::vector<item>& floor = floor_of(room_id);
  for (const item& it : floor) {
    out += "On the ground: " + item_name(it) + ".\n";
  }
  return out;
}

bool content_play::in_combat(const character& ch) const {
  auto it = rooms_.find(ch.where.room_id);
  if (it == rooms_.end() || !it->second.active) {
    return false;
  }
  const auto& f = it->second.fighters;
  return std::find(f.begin(), f.end(), ch.account_id) != f.end();
}

void content_play::leave_room(const character& ch) {
  auto it = rooms_.find(ch.where.room_id);
  if (it == rooms_.end()) {
    return;
  }
  std::erase(it->second.fighters, ch.account_id);
  if (it->second.fighters.empty()) {
    it->second.active = false;  // monsters wait; the room stays uncleared
  }
}

void content_play::forget_branch(std::uint64_t branch) {
  // The store deletes the rooms' items with the rooms (cascade); here the cached floors go with the
  // cached room states (a branch room's floor is only ever loaded after its state).
  std::erase_if(rooms_, [this, branch](const auto& kv) {
    if (kv.second.branch != branch) {
      return false;
    }
    floors_.erase(kv.first);
    return true;
  });
}

void content_play::tick() {
  const std::int64_t per_minute = world_.settings().game.rest_hp_per_minute;
  if (per_minute <= 0) {
    return;
  }
  ++rest_counter_;
  for (const character* c : world_.characters_in(village_square_id)) {
    character* ch = world_.find_character(c->account_id);
    if (ch == nullptr || ch->hp >= ch->max_hp) {
      continue;
    }
    // per_minute hit points spread over the minute: gain one whenever the running total passes a whole point.
    const std::int64_t before = (rest_counter_ - 1) * per_minute / 60;
    const std::int64_t after = rest_counter_ * per_minute / 60;
    if (after > before) {
      const std::int32_t was = ch->hp;
      ch->hp = static_cast<std::int32_t>(std::min<std::int64_t>(ch->max_hp, ch->hp + (after - before)));
      world_.save_character(*ch);
      world_.on_rollback([this, account = ch->account_id, gained = ch->hp - was] {
        if (character* again = world_.find_character(account)) {
          again->hp = std::max(1, again->hp - gained);
        }
      });
      send_vitals(*ch);
      if (ch->hp == ch->max_hp) {
        world_.send(ch->connection, "You feel fully rested.\n");
      }
    }
  }
}

void content_play::send_vitals(character& ch) {
  connection* conn = world_.find_connection(ch.connection);
  if (conn == nullptr) {
    return;
  }
  boost::json::object o;
  o["hp"] = ch.hp;
  o["maxhp"] = ch.max_hp;
  world_.send_gmcp(*conn, "Char.Vitals", boost::json::serialize(o));
}

// ---------------------------------------------------------------- fights

void content_play::join_fight(character& ch, connection& conn) {
  room_state* state = state_of(ch);
  if (state == nullptr || !state->fight || state->fight->won()) {
    world_.send(conn, "There is nothing here to fight.\n");
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
  const std::string foes = monsters_text(*state);
  world_.send(conn, "You attack " + foes + "!\n");
  world_.send_room(room_id, ch.name + " attacks " + foes + "!\n", ch.account_id);
  if (!state->active) {
    state->active = true;
    ++state->generation;
    schedule_round(room_id, state->generation);
  }
}

void content_play::resume_fight(character& ch, connection& conn) {
  room_state* state = state_of(ch);
  if (state == nullptr || !state->fight || state->fight->won()) {
    return;  // it ended, or the room went back to before the fight when the last round was not saved
  }
  auto& f = state->fighters;
  if (std::find(f.begin(), f.end(), ch.account_id) == f.end()) {
    f.push_back(ch.account_id);
  }
  world_.send(conn, "You are still fighting " + monsters_text(*state) + "!\n");
  if (!state->active) {
    state->active = true;
    ++state->generation;
    schedule_round(ch.where.room_id, state->generation);
  }
}

void content_play::schedule_round(std::int64_t room_id, std::uint64_t generation) {
  world_.svc().after(std::chrono::milliseconds(world_.settings().game.fight_round_ms), [this, room_id, generation] {
    world_.run_event(0, [&] {
      auto it = rooms_.find(room_id);
      if (it == rooms_.end() || !it->second.active || it->second.generation != generation) {
        return;  // the fight ended or restarted since this timer was set
      }
      fight_round(room_id);
    });
  });
}

void content_play::fight_round(std::int64_t room_id) {
  auto it = rooms_.find(room_id);
  if (it == rooms_.end() || !it->second.fight) {
    return;
  }
  room_state& state = it->second;
  std::vector<content::fighter> fighters;
  std::vector<character*> chars;
  for (std::int64_t account : state.fighters) {
    character* ch = world_.find_character(account);
    if (ch == nullptr || ch->where.room_id != room_id || ch->hp <= 0) {
      continue;
    }
    content::fighter f;
    f.id = static_cast<std::uint64_t>(account);
    f.hp = ch->hp;
    f.max_hp = ch->max_hp;
    for (const item& held : ch->inventory) {
      if (held.equipped && held.kind == "weapon") {
        f.weapon_key = held.key;
      } else if (held.equipped && held.kind == "armour") {
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
  world_.on_rollback([this, room_id, before = state, hp_before = std::move(hp_before)] {
    auto again = rooms_.find(room_id);
    if (again != rooms_.end()) {
      const std::uint64_t generation = again->second.generation + 1;  // any timer already set is stale
      again->second = before;
      again->second.generation = generation;
      if (again->second.active) {
        schedule_round(room_id, generation);
      }
    }
    for (const fighter_hp& f : hp_before) {
      if (character* ch = world_.find_character(f.account)) {
        ch->hp = f.hp;
      }
    }
  });
  const character& first = *chars.front();
  const content::tape tape = room_tape(world_, state.branch, first.where.x, first.where.y);
  const std::string foes = monsters_text(state);
  const content::round_result result = content::fight_round(world_.content(), tape, *state.fight, fighters);
  std::string summary = "Round " + std::to_string(result.round) + ":\n";
  for (std::size_t i = 0; i < result.fighters.size(); ++i) {
    const content::fighter_outcome& o = result.fighters[i];
    character& ch = *chars[i];
    if (!o.acted) {
      continue;
    }
    ch.hp = o.hp_after;
    summary += "  " + ch.name + " takes " + std::to_string(o.damage_taken) + " damage from " + foes;
    summary += o.out ? " and falls.\n" : " and deals " + std::to_string(o.damage_dealt) + ".\n";
  }
  const content::monster_def* kind = world_.content().find_monster(state.fight->monster_key);
  for (std::size_t killed : result.monsters_killed) {
    (void)killed;
    // (a content reload may have dropped the monster's table row; the fight goes on regardless)
    summary += "  A " + (kind != nullptr ? kind->name : std::string("monster")) + " dies.\n";
  }
  world_.send_room(room_id, summary);
  for (character* ch : chars) {
    world_.save_character(*ch);
    send_vitals(*ch);
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
  save_contents(room_id, state);  // the tape position and hit points: a restart resumes here
  if (state.fighters.empty()) {
    state.active = false;
    return;
  }
  ++state.generation;
  schedule_round(room_id, state.generation);
}

void content_play::knock_out(character& ch) {
  leave_room(ch);
  if (connection* conn = world_.find_connection(ch.connection)) {
    world_.send(*conn, "Everything goes dark...\nYou wake up in the village square, aching but whole.\n");
  }
  ch.hp = ch.max_hp;
  store::location square;
  square.room_id = village_square_id;
  world_.move_character(ch, square, ch.name + " collapses and is dragged away by unseen hands.\n",
                        ch.name + " stumbles out of the well, pale and shaking.\n");
  send_vitals(ch);
}

void content_play::win(std::int64_t room_id, room_state& state, const character& any_fighter,
                       const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key) {
  state.active = false;
  state.fighters.clear();
  state.fight.reset();
  save_contents(room_id, state);
  mark_clear(state.branch, {any_fighter.where.x, any_fighter.where.y});
  std::vector<item>& floor = floor_of(room_id);
  std::string loot_text;
  auto drop = [&](item it) {
    it.id = new_item_id();
    loot_text += "  " + item_name(it) + "\n";
    persist_item(it, 0, room_id);
    undo_new_floor_item(room_id, it.id);
    floor.push_back(std::move(it));
  };
  for (std::uint64_t seed : scroll_seeds) {
    item scroll;
    scroll.kind = std::string(content::scroll_type);
    scroll.seed = seed;
    drop(std::move(scroll));
  }
  if (item_key) {
    if (const content::item_def* def = world_.content().find_item(*item_key)) {
      item found;
      found.kind = def->kind == content::item_kind::weapon ? "weapon" : "armour";
      found.key = def->key;
      drop(std::move(found));
    }
  }
  std::string text = "The last of them falls. The room is clear, and the way on is open!\n";
  if (!loot_text.empty()) {
    text += "They leave behind:\n" + loot_text;
  }
  world_.send_room(room_id, text);
  for (const character* c : world_.characters_in(room_id)) {
    if (character* ch = world_.find_character(c->account_id)) {
      world_.send_room_info(*ch);
    }
  }
}

void content_play::mark_clear(std::uint64_t branch, dungeon::coord at) {
  const dungeon::change_set changes = world_.dungeon().set_clear(branch, at, true);
  if (changes.empty()) {
    return;
  }
  world_.persist_changes(changes);
  world_.on_rollback([this, branch, at] { world_.dungeon().set_clear(branch, at, false); });
}

bool content_play::clear_room(character& ch) {
  room_state* state = state_of(ch);
  if (state == nullptr) {
    return false;
  }
  world_.on_rollback([this, room_id = ch.where.room_id, before = *state] {
    if (auto again = rooms_.find(room_id); again != rooms_.end()) {
      again->second = before;
    }
  });
  state->active = false;
  state->fighters.clear();
  state->fight.reset();
  ++state->generation;
  save_contents(ch.where.room_id, *state);
  mark_clear(state->branch, {ch.where.x, ch.where.y});
  world_.send_room(ch.where.room_id, "A hush falls; the room is clear, and the way on is open.\n");
  for (const character* c : world_.characters_in(ch.where.room_id)) {
    if (character* other = world_.find_character(c->account_id)) {
      world_.send_room_info(*other);
    }
  }
  return true;
}

void content_play::flee(character& ch, connection& conn) {
  if (!in_combat(ch)) {
    world_.send(conn, "You are not fighting anything.\n");
    return;
  }
  const auto room =
      world_.dungeon().room_at(static_cast<dungeon::branch_id>(ch.where.branch_id), {ch.where.x, ch.where.y});
  if (!room) {
    return;
  }
  for (dungeon::direction d : dungeon::all_directions) {
    const dungeon::exit_state s = room->exit(d);
    if (s == dungeon::exit_state::two_way || s == dungeon::exit_state::one_way || s == dungeon::exit_state::to_start) {
      // If the escape cannot be saved, the character is still in the fight.
      world_.on_rollback([this, room_id = ch.where.room_id, account = ch.account_id] {
        if (auto again = rooms_.find(room_id); again != rooms_.end() && again->second.active) {
          auto& f = again->second.fighters;
          if (std::find(f.begin(), f.end(), account) == f.end()) {
            f.push_back(account);
          }
        }
      });
      leave_room(ch);  // out of the fight first, so the move is no longer refused
      world_.send(conn, "You break away and flee " + std::string(dungeon::name(d)) + "!\n");
      walk(world_, conn, ch, static_cast<exit_dir>(dungeon::index_of(d)));
      return;
    }
  }
  world_.send(conn, "There is nowhere to flee to!\n");
}

void content_play::spawn_scroll(character& ch, connection& conn, std::optional<std::uint64_t> seed) {
  item scroll;
  scroll.kind = std::string(content::scroll_type);
  scroll.id = new_item_id();
  // Without a seed, one is derived from the world seed and the new item's id: still reproducible.
  scroll.seed = seed.value_or(
      content::tape_seed(static_cast<std::uint64_t>(world_.settings().dungeon.world_seed), 0xA27EFAC7, scroll.id, 0));
  const std::int64_t room_id = ch.where.room_id;
  persist_item(scroll, 0, room_id);
  undo_new_floor_item(room_id, scroll.id);
  const std::string name = item_name(scroll);
  floor_of(room_id).push_back(scroll);
  world_.send(conn, "You conjure " + name + " (seed " + std::to_string(scroll.seed) + ").\n");
  world_.send_room(room_id, ch.name + " conjures " + name + " out of thin air.\n", ch.account_id);
}

}  // namespace dw::game
