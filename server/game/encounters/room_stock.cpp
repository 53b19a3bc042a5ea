#include "server/game/encounters/room_stock.hpp"

#include <algorithm>


#include "content/monster_group.hpp"
#include "content/room_roll.hpp"
#include "content/scroll.hpp"
#include "dungeon/reach.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "content/text_helpers.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace {

/// Whether the room `viewer` stands in has an unexplored exit: a way on, which its monsters block.
bool has_way_on(ground& where, const character& viewer) {
  const auto room = where.dungeon().resident_room_at(static_cast<dungeon::branch_id>(viewer.where.branch_id),
                                                     {viewer.where.x, viewer.where.y});
  return room && std::any_of(dungeon::all_directions.begin(), dungeon::all_directions.end(), [&](dungeon::direction d) {
           return room->exit(d) == dungeon::exit_state::unexplored;
         });
}

}  // namespace

content::tape room_tape(const config::settings& s, std::uint64_t tape_key, std::int32_t x, std::int32_t y) {
  return content::tape(content::tape_seed(static_cast<std::uint64_t>(s.dungeon.world_seed), tape_key, x, y));
}

content::tape tape_in_branch(const config::settings& s, const dungeon::dungeon& d, std::uint64_t branch, std::int32_t x,
                             std::int32_t y) {
  // One lookup in the dungeon's branch table. A room with a state always has its branch there (a branch and
  // its rooms' states are forgotten together); should one not, the id is the key older branches use.
  return room_tape(s, d.tape_key(static_cast<dungeon::branch_id>(branch)).value_or(branch), x, y);
}

content::tape room_stock::tape_of(std::uint64_t branch, std::int32_t x, std::int32_t y) const {
  return tape_in_branch(settings_.get(), ground_.dungeon(), branch, x, y);
}

room_stock::room_stock(const live_settings& settings, const content_source& content, change_sink& changes,
                       ground& where, rune_locks& locks, fight_table& fights, const storage::world_snapshot& startup)
    : settings_(settings), content_(content), changes_(changes), ground_(where), locks_(locks), fights_(fights) {
  content::register_scroll(artefacts_);
  // Item ids continue after the highest one stored; what lies in the fixed rooms is read at start-up.
  next_item_id_ = startup.max_item_id + 1;
  for (const storage::item_record& rec : startup.static_floor_items) {
    floors_[rec.room_id].push_back(from_record(rec));
  }
}

void room_stock::restore_branch(const storage::branch_snapshot& snapshot) {
  for (const storage::room_record& rec : snapshot.rooms) {
    if (rooms_.count(rec.id) != 0) {
      continue;  // already in memory, and newer
    }
    room_state state;
    state.branch = static_cast<std::uint64_t>(snapshot.branch_id);
    // Codes 0..3 were all there was before puzzles; anything unknown still reads as before.
    const bool known = rec.event >= 0 && rec.event <= static_cast<std::int32_t>(content::room_event::rune_hint);
    state.event = static_cast<content::room_event>(known ? rec.event : rec.event & 3);
    // The stored monsters go to the fights' table, with the room (a room in memory is newer than the store,
    // its fight too). A lock or hint room's contents are the puzzles': rune_locks::restore_branch reads them.
    fights_.restore_room(rec.id, state.branch, state.event, rec.contents);
    rooms_.emplace(rec.id, std::move(state));
    floors_.try_emplace(rec.id);
  }
  for (const storage::item_record& rec : snapshot.floor_items) {
    // (what lies in a fallen pack is stored in the pack's room too, but belongs inside the pack)
    if (rec.container_id != 0) {
      inside_[rec.container_id].push_back(from_record(rec));
    } else {
      floors_[rec.room_id].push_back(from_record(rec));
    }
  }
}

bool room_stock::decide_clear(const dungeon::room& r, const character* mover) {
  content::carrier who;
  if (mover != nullptr) {
    for (const item& it : mover->inventory) {
      who.has_weapon = who.has_weapon || is_gear(it, content::item_kind::weapon);
      who.has_armour = who.has_armour || is_gear(it, content::item_kind::armour);
    }
  }
  rolled_room room;
  const content::room_contents rolled = roll_new_room(r, who, room);
  rolled_[static_cast<std::int64_t>(r.id)] = std::move(room);
  if (rolled.find_key) {
    // The find waits in rolled_ until room_created puts it on the floor.
    item find;
    find.kind = kind_name(rolled.event == content::room_event::weapon ? content::item_kind::weapon
                                                                      : content::item_kind::armour);
    find.key = *rolled.find_key;
    floors_[static_cast<std::int64_t>(r.id)].push_back(find);
  }
  return content::is_clear_at_start(rolled);
}

content::room_contents room_stock::roll_new_room(const dungeon::room& r, const content::carrier& who,
                                                 rolled_room& room) {
  room_state& state = room.state;
  state.branch = r.branch;
  const auto depth = static_cast<int>(dungeon::depth_of(r.pos));
  if (const content::rune_hint* hint = locks_.hint_at(r.branch, r.pos)) {
    // A lock's solution is written here: the room holds nothing else and is clear at once.
    state.event = content::room_event::rune_hint;
    room.hint = *hint;
    content::room_contents hint_room;
    hint_room.depth = depth;
    hint_room.event = content::room_event::rune_hint;
    log::info("branch {} ({},{}): hint room for the rune lock at ({},{})", r.branch, r.pos.x, r.pos.y,
                 hint->lock_x, hint->lock_y);
    return hint_room;
  }
  const dungeon::dungeon& d = ground_.dungeon();
  const content::puzzle_roll rolled = content::roll_room_with_puzzle(
      content_.get(), tape_of(r.branch, r.pos.x, r.pos.y), depth, r.pos.x, r.pos.y, who,
      [&, reach = std::optional<dungeon::reach_without>()](std::int32_t x, std::int32_t y) mutable {
        // A room there already, another lock's hint, or no way there but through this lock (the new room):
        // no hint room for this lock can ever appear there. (New rooms only appear in branches whose rooms
        // are all in memory.)
        const dungeon::coord at{x, y};
        if (d.resident_room_at(r.branch, at).has_value() || locks_.hint_at(r.branch, at) != nullptr) {
          return true;
        }
        if (!reach) {
          reach.emplace(d, r.branch, r.pos);
        }
        return !reach->can_reach(at);
      });
  state.event = rolled.room.event;
  room.monsters = content::start_fight(rolled.room);
  room.lock = rolled.lock;
  if (rolled.lock) {
    log::info("branch {} ({},{}): rune lock, hint at ({},{})", r.branch, r.pos.x, r.pos.y, rolled.lock->hint_x,
                 rolled.lock->hint_y);
  }
  return rolled.room;
}

void room_stock::room_created(const dungeon::room& r) {
  const auto id = static_cast<std::int64_t>(r.id);
  auto it = rolled_.find(id);
  if (it == rolled_.end()) {
    return;
  }
  rolled_room rolled = std::move(it->second);
  rolled_.erase(it);
  // (the fights' and puzzles' tables first: the saved contents hold the monsters, or the lock or hint)
  fights_.room_created(id, r.branch, std::move(rolled.monsters));
  locks_.room_created(id, r.branch, r.pos, std::move(rolled.lock), std::move(rolled.hint));
  rooms_[id] = std::move(rolled.state);
  save_contents(id);
  for (item& find : floors_[id]) {
    if (find.id == 0) {
      find.id = new_item_id();
      persist_item(find, 0, id);
    }
  }
  // A room that could not be saved does not exist: neither does what it held (ids are not reused).
  keep_new_entry(changes_, rooms_, id);
  keep_new_entry(changes_, floors_, id);
  locks_.move_walled_in_hints(r.branch);
}

void room_stock::save_contents(std::int64_t room_id) {
  const room_state* state = find_state(room_id);
  if (state == nullptr) {
    log::error("room {}: contents of a room not in memory not saved", room_id);
    return;
  }
  const auto event = static_cast<std::int32_t>(state->event);
  std::string contents = fights_.find(room_id) != nullptr ? fights_.stored_contents(room_id)
                                                          : locks_.stored_contents(room_id);
  changes_.persist(storage::save_room_contents{room_id, event, std::move(contents)});
}

room_stock::room_state* room_stock::find_state(std::int64_t room_id) {
  auto it = rooms_.find(room_id);
  return it == rooms_.end() ? nullptr : &it->second;
}

bool room_stock::keeps_wanderers_out(std::int64_t room_id) const {
  if (!rooms_.contains(room_id)) {
    return false;
  }
  const room_fight* fight = fights_.find(room_id);
  return (fight != nullptr && !fight->monsters.won()) || locks_.lock_in(room_id) != nullptr ||
         locks_.hint_in(room_id) != nullptr;
}

room_stock::room_state* room_stock::state_of(const character& ch) {
  if (ch.where.branch_id == 0) {
    return nullptr;
  }
  if (room_state* known = find_state(ch.where.room_id)) {
    return known;
  }
  // Every room of a branch in memory has its state here (from storage, or made when it was
  // discovered); a character's branch is always in memory (the event loop reads it before its line runs).
  ground_.expect_in_memory(ch.where.branch_id);
  room_state state;
  state.branch = static_cast<std::uint64_t>(ch.where.branch_id);
  return &rooms_.emplace(ch.where.room_id, std::move(state)).first->second;
}

std::vector<item>& room_stock::floor_of(std::int64_t room_id) {
  // Fixed rooms' floors are read at start-up, a branch's floors with the branch: what is not here is empty.
  return floors_[room_id];
}

const std::vector<item>* room_stock::inside_of(std::int64_t container_id) const {
  const auto found = inside_.find(container_id);
  return found != inside_.end() ? &found->second : nullptr;
}

std::vector<item> room_stock::empty_out(std::int64_t container_id) {
  std::vector<item> out;
  if (auto found = inside_.find(container_id); found != inside_.end()) {
    out = std::move(found->second);
    inside_.erase(found);
  }
  return out;
}

std::string room_stock::monsters_text(const content::fight_state& monsters) const {
  if (monsters.won()) {
    return {};
  }
  content::monster_group group;
  group.monster_key = monsters.monster_key;
  group.size_key = monsters.size_key;
  group.count = monsters.alive();
  group.depth = monsters.depth;
  return content::describe_monster_group(content_.get(), group);
}

const room_fight* room_stock::standing_fight(const character& ch) {
  if (state_of(ch) == nullptr) {
    return nullptr;
  }
  const room_fight* fight = fights_.find(ch.where.room_id);
  return fight != nullptr && !fight->monsters.won() ? fight : nullptr;
}

std::string room_stock::room_extras(std::int64_t room_id, const character& viewer) {
  std::string out;
  if (viewer.where.branch_id != 0) {
    if (const room_fight* fight = standing_fight(viewer)) {
      const std::string who = content::capitalise(monsters_text(fight->monsters));
      const bool one = fight->monsters.alive() == 1;
      const content::leader_def* leader = content_.get().find_leader(fight->monsters.monster_key);
      if (leader != nullptr) {
        out += leader->arrival + "\n";  // a leader is announced whenever the room shows it
      }
      append_styled(out, style::monster, who);
      if (leader != nullptr && who.find(',') != std::string::npos) {
        out += ',';  // "Old Gnawbone, the rat-king, blocks the way."
      }
      if (fight->active) {
        out += one ? " is fighting here!\n" : " are fighting here!\n";
      } else if (has_way_on(ground_, viewer)) {
        out += one ? " blocks the way. Type 'fight' to attack.\n" : " block the way. Type 'fight' to attack.\n";
      } else {
        // (no unexplored exit: there is no way on for them to block)
        out += one ? " is here. Type 'fight' to attack.\n" : " are here. Type 'fight' to attack.\n";
      }
    }
  }
  if (viewer.where.branch_id != 0) {
    if (room_state* state = state_of(viewer); state != nullptr) {
      out += locks_.text(viewer.where.room_id);
    }
  }
  for (const item& it : floor_of(room_id)) {
    out += "On the ground: ";
    append_styled(out, style::item, item_name(it));
    out += ".\n";
  }
  return out;
}

std::vector<interior_mark> room_stock::interior_marks(std::int64_t room_id, const character& viewer) {
  std::vector<interior_mark> marks;
  if (viewer.where.branch_id != 0) {
    if (const room_fight* fight = standing_fight(viewer)) {
      marks.push_back({interior_mark::kind::monster, monsters_text(fight->monsters)});
    }
  }
  for (const item& it : floor_of(room_id)) {
    marks.push_back({interior_mark::kind::item, item_name(it)});
  }
  return marks;
}

void room_stock::forget_branch(std::uint64_t branch) {
  // The store deletes the rooms' items with the rooms (cascade); here the cached floors go with the
  // cached room states (a branch room's floor is only ever loaded after its state).
  std::erase_if(rooms_, [this, branch](const auto& kv) {
    if (kv.second.branch != branch) {
      return false;
    }
    if (auto floor = floors_.find(kv.first); floor != floors_.end()) {
      for (const item& it : floor->second) {
        inside_.erase(it.id);  // a fallen pack's contents go with it
      }
      floors_.erase(floor);
    }
    return true;
  });
}

// ---------------------------------------------------------------- items

item room_stock::from_record(const storage::item_record& rec) {
  item it;
  it.id = rec.id;
  it.kind = rec.kind;
  it.key = rec.key;
  it.seed = rec.seed;
  it.equipped = rec.equipped;
  it.container_id = rec.container_id;
  it.amount = rec.amount;
  if (!rec.made.empty()) {
    if (auto made = content::decode_artefact(rec.made)) {
      it.made = std::make_shared<const content::artefact>(std::move(*made));
    } else {
      log::error("item {}: unreadable stored artefact ignored; it is made again from the tables", rec.id);
    }
  }
  return it;
}

std::shared_ptr<const content::artefact> room_stock::artefact_of(const item& it) const {
  if (!it.made && artefacts_.has_type(it.kind)) {
    if (auto a = artefacts_.generate(content_.get(), it.kind, it.seed)) {
      it.made = std::make_shared<const content::artefact>(std::move(*a));
    }
  }
  return it.made;
}

std::string room_stock::item_name(const item& it) const {
  if (it.kind == pack_kind) {
    return it.key + "'s fallen pack";  // (the key of a pack is the name of the one who fell)
  }
  if (it.kind == supply_kind) {
    const content::supply_def* def = content_.get().merchant.find_supply(it.key);
    return def != nullptr ? def->name : "a spoilt supply";
  }
  if (gear_kind(it)) {
    const content::item_def* def = content_.get().find_item(it.key);
    return def != nullptr ? def->name : "a battered " + it.kind;
  }
  if (const auto a = artefact_of(it)) {
    return a->short_description;
  }
  return "something strange";
}

double room_stock::pounds_of(const item& it) const {
  if (it.kind == supply_kind) {
    const content::supply_def* def = content_.get().merchant.find_supply(it.key);
    return def != nullptr ? def->pounds : 0.0;
  }
  if (gear_kind(it)) {
    const content::item_def* def = content_.get().find_item(it.key);
    return def != nullptr ? def->pounds : 0.0;
  }
  const auto a = artefact_of(it);
  return a != nullptr ? a->pounds : 0.0;
}

void room_stock::persist_item(const item& it, std::int64_t owner, std::int64_t room) {
  storage::item_record rec;
  rec.id = it.id;
  rec.kind = it.kind;
  rec.key = it.key;
  rec.seed = it.seed;
  rec.owner_account = owner;
  rec.room_id = room;
  rec.equipped = it.equipped;
  rec.container_id = it.container_id;
  rec.amount = it.amount;
  if (const auto a = artefact_of(it)) {
    rec.made = content::encode_artefact(*a);
  }
  changes_.persist(storage::save_item{rec});
}

void room_stock::drop_new(item it, std::int64_t room_id) {
  persist_item(it, 0, room_id);
  undo_with<&room_stock::take_back_new>(changes_, this, room_id, it.id);
  floor_of(room_id).push_back(std::move(it));
}

void room_stock::take_back_new(std::int64_t room_id, std::int64_t item_id) {
  if (auto found = floors_.find(room_id); found != floors_.end()) {
    std::erase_if(found->second, [item_id](const item& i) { return i.id == item_id; });
  }
}

room_stock::dropped_loot room_stock::drop_loot(std::vector<item> loot, std::int64_t room_id) {
  dropped_loot out;
  out.items.reserve(loot.size());
  for (item& it : loot) {
    if (it.id == 0) {
      it.id = new_item_id();
    }
    out.text += "  ";
    append_styled(out.text, style::item, item_name(it));
    out.text += "\n";
    out.items.push_back(it);
    drop_new(std::move(it), room_id);
  }
  return out;
}

item room_stock::make_scroll(std::optional<std::uint64_t> seed) {
  item scroll;
  scroll.kind = std::string(content::scroll_type);
  scroll.id = new_item_id();
  // Without a seed, one is derived from the world seed and the new item's id: still reproducible.
  scroll.seed = seed.value_or(content::tape_seed(static_cast<std::uint64_t>(settings_.get().dungeon.world_seed),
                                                 0xA27EFAC7, scroll.id, 0));
  artefact_of(scroll);  // made now, from the tables in force, and kept
  return scroll;
}

}  // namespace dw::game
