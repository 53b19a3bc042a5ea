#include "server/game/encounters/wanderers.hpp"


#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <chrono>
#include <span>

#include "content/fight_state.hpp"
#include "content/text_helpers.hpp"
#include "content/wanderers.hpp"
#include "dungeon/direction.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"

namespace dw::game {

namespace {

constexpr std::int64_t min_step_ms = 100;
constexpr std::int64_t idle_check_ms = 1000;  ///< how often a stopped timer (wander_step_ms = 0) looks again

content::wander_exit_kind kind_of(dungeon::exit_state e) {
  switch (e) {
    case dungeon::exit_state::two_way:
      return content::wander_exit_kind::open;
    case dungeon::exit_state::one_way:
      return content::wander_exit_kind::one_way;
    case dungeon::exit_state::to_start:
      return content::wander_exit_kind::to_start;
    case dungeon::exit_state::unexplored:
    case dungeon::exit_state::none:
      break;
  }
  return content::wander_exit_kind::unexplored;
}

}  // namespace

wanderers::wanderers(const content_source& content, roster& people, output& out, change_sink& changes,
                     encounter_clock& clock, ground& where, wanderer_fights& fights)
    : content_(content),
      people_(people),
      out_(out),
      changes_(changes),
      clock_(clock),
      ground_(where),
      fights_(fights) {}

void wanderers::start() {
  // Steps run on a short chain of timers that each world tick (once a second) renews: at most a second's
  // worth of steps is ever queued, so nothing runs on by itself (the game tests drain every timer).
  const std::int64_t step = clock_.wander_step_ms();
  chain_left_ = step <= 0 ? 1 : std::max<std::int64_t>(1, 1000 / std::max(step, min_step_ms));
  if (!pending_) {
    schedule();
  }
}

void wanderers::schedule() {
  const std::int64_t step = clock_.wander_step_ms();
  const std::int64_t delay = step <= 0 ? idle_check_ms : std::max(step, min_step_ms);
  pending_ = true;
  clock_.after(std::chrono::milliseconds(delay), [this] {
    pending_ = false;
    if (clock_.wander_step_ms() > 0) {
      clock_.run_event([this] { step_all(); });
    }
    if (--chain_left_ > 0) {
      schedule();
    }
  });
}

void wanderers::step_all() {
  // Only branches with people in them move: one pass over who is in play, no allocation once warm.
  busy_branches_.clear();
  people_.for_each_character([this](const character& ch) {
    if (ch.where.branch_id != 0) {
      busy_branches_.push_back(static_cast<std::uint64_t>(ch.where.branch_id));
    }
  });
  std::sort(busy_branches_.begin(), busy_branches_.end());
  busy_branches_.erase(std::unique(busy_branches_.begin(), busy_branches_.end()), busy_branches_.end());
  for (const std::uint64_t b : busy_branches_) {
    step_branch(b);
  }
}

wanderers::branch_state& wanderers::state_for(std::uint64_t branch) {
  auto found = branches_.find(branch);
  if (found != branches_.end()) {
    return found->second;
  }
  branch_state& bs = branches_[branch];
  // A wanderer's fight saved in a room before a restart: that wanderer is there, fighting, not new.
  // (One pass over the branch's own rooms, once per branch.)
  ground_.dungeon().for_each_resident_room(branch, [&](const dungeon::room& r) {
    const auto room_id = static_cast<std::int64_t>(r.id);
    const room_fight* found = fights_.fight_in(room_id);
    if (found == nullptr || found->monsters.won()) {
      return;
    }
    const room_fight& state = *found;
    const content::fight_state& fight = state.monsters;
    const std::optional<std::uint32_t> id = content::wanderer_of_tape(fight.tape_position);
    if (!id) {
      return;
    }
    wanderer w;
    w.id = *id;
    w.x = r.pos.x;
    w.y = r.pos.y;
    w.room_id = room_id;
    w.group.monster_key = fight.monster_key;
    w.group.size_key = fight.size_key;
    w.group.count = static_cast<int>(fight.monster_hp.size());
    w.group.hp_each = fight.hp_each;
    w.group.damage_each = fight.damage_each;
    w.group.depth = fight.depth;
    w.group.behaviours = fight.behaviours;  // (a saved fight keeps its rules)
    w.hp = fight.monster_hp;
    w.fighting = true;
    fights_.claim_fight(room_id, w.id);
    bs.alive.push_back(std::move(w));  // (step_branch skips its number when it gives numbers out)
  });
  return bs;
}

bool wanderers::spawn(std::uint64_t branch, std::uint64_t seed, branch_state& bs, std::uint32_t id) {
  struct spot {
    std::int64_t id;
    dungeon::coord pos;
  };
  std::vector<spot> rooms;  // only when a wanderer appears
  ground_.dungeon().for_each_resident_room(branch, [&](const dungeon::room& r) {
    const auto room_id = static_cast<std::int64_t>(r.id);
    if (!(r.pos == dungeon::coord{0, 0}) && !fights_.keeps_wanderers_out(room_id) &&
        standing_in(bs, room_id) == nullptr) {
      rooms.push_back({room_id, r.pos});
    }
  });
  if (rooms.empty()) {
    return false;
  }
  std::sort(rooms.begin(), rooms.end(), [](const spot& a, const spot& b) { return a.id < b.id; });
  const spot& at = rooms[content::spawn_index(seed, id, rooms.size())];
  wanderer w;
  w.id = id;
  w.x = at.pos.x;
  w.y = at.pos.y;
  w.room_id = at.id;
  w.group = content::wanderer_group(content_.get(), seed, id, static_cast<int>(dungeon::depth_of(at.pos)));
  w.hp.assign(static_cast<std::size_t>(w.group.count), w.group.hp_each);
  log::debug("branch {}: wanderer {} ({}) appears at ({},{})", branch, id, w.group.monster_key, w.x, w.y);
  bs.alive.push_back(std::move(w));
  return true;
}

void wanderers::put_back_fighting(std::uint64_t branch, const wanderer& before, bool dies) {
  const auto found = branches_.find(branch);
  if (found == branches_.end()) {
    return;  // the branch is gone, and its wanderers with it
  }
  branch_state& again = found->second;
  const auto same = std::find_if(again.alive.begin(), again.alive.end(),
                                 [&before](const wanderer& other) { return other.id == before.id; });
  if (same != again.alive.end()) {
    *same = before;
  } else {
    again.alive.push_back(before);
  }
  if (dies && again.dead > 0) {
    --again.dead;
  }
}

void wanderers::settle_fight(std::uint64_t branch, branch_state& bs, wanderer& w) {
  // (a won fight's row is gone with it: a fight in the room now is ours only if it holds our id)
  const room_fight* fight = fights_.fight_in(w.room_id);
  const bool ours = fight != nullptr && fight->wanderer == w.id;
  if (ours && !fight->monsters.won() && fight->active) {
    return;  // still fighting: it does not move
  }
  // If the step's changes cannot be saved (walking on saves the room without the fight), the wanderer stands
  // fighting as it was, alive, and counted so; a dead one is settled again, and dies again, at the next step.
  const bool dies = !ours || fight->monsters.won();
  undo_with<&wanderers::put_back_fighting>(changes_, this, branch, w, dies);
  if (!dies) {
    // Everyone left the fight: it takes its wounds and walks on, and the room is as clear as before.
    w.hp = fight->monsters.monster_hp;
    fights_.end_fight(w.room_id, true);
    w.fighting = false;
    return;
  }
  // Its fight was won (or the room cleared by an administrator): it is dead.
  if (ours) {
    fights_.end_fight(w.room_id, false);  // (a row left with its monsters down)
  }
  ++bs.dead;
  w.fighting = false;
  w.hp.clear();  // marks it for removal
}

bool wanderers::attack(std::uint64_t branch, std::uint64_t tick, wanderer& w) {
  const std::vector<std::int64_t>& here = people_.occupants(w.room_id);
  if (here.empty()) {
    return false;
  }
  if (fights_.keeps_wanderers_out(w.room_id)) {
    return false;  // (a fight stands there already)
  }
  content::fight_state fight;
  fight.monster_key = w.group.monster_key;
  fight.size_key = w.group.size_key;
  fight.depth = w.group.depth;
  fight.hp_each = w.group.hp_each;
  fight.damage_each = w.group.damage_each;
  fight.behaviours = w.group.behaviours;
  fight.monster_hp = w.hp;
  fight.tape_position = content::wanderer_tape_position(w.id, tick);
  // The fight is the wanderer's: a row of the fights' table holding its id, gone again if nobody is attacked.
  if (!fights_.start_wanderer_fight(w.room_id, std::move(fight), w.id)) {
    return false;  // (the room's contents are not in memory)
  }
  const std::vector<std::int64_t> targets = here;  // ambush may change who stands here
  bool any = false;
  for (const std::int64_t account : targets) {
    character* ch = people_.find_character(account);
    if (ch != nullptr && ch->where.room_id == w.room_id && ch->hp > 0) {
      any = fights_.ambush(w.room_id, *ch) || any;
    }
  }
  if (!any) {
    fights_.end_fight(w.room_id, false);
    return false;
  }
  log::debug("branch {}: wanderer {} attacks in room {}", branch, w.id, w.room_id);
  w.fighting = true;
  ground_.refresh_room_info(w.room_id);
  send_gmcp_room(w.room_id);
  return true;
}

void wanderers::step_branch(std::uint64_t branch) {
  dungeon::dungeon& d = ground_.dungeon();
  const std::optional<dungeon::branch_info> info = d.branch(branch);
  if (!info || !d.fully_resident(branch)) {
    return;
  }
  branch_state& bs = state_for(branch);
  const std::uint64_t tick = bs.ticks++;
  const content::wander_rules& rules = content_.get().wanderers;
  for (wanderer& w : bs.alive) {
    if (w.fighting) {
      settle_fight(branch, bs, w);
    }
  }
  std::erase_if(bs.alive, [](const wanderer& w) { return w.hp.empty(); });
  const auto wanted = static_cast<std::uint32_t>(content::wanderer_count(rules, info->room_count));
  while (bs.spawned < wanted) {
    const std::uint32_t id = bs.spawned;
    // One taken back from a saved fight already has its number; one with nowhere to appear tries next step.
    const bool back = std::any_of(bs.alive.begin(), bs.alive.end(), [id](const wanderer& w) { return w.id == id; });
    if (!back && !spawn(branch, info->seed, bs, id)) {
      break;
    }
    ++bs.spawned;
  }
  for (wanderer& w : bs.alive) {
    if (w.fighting) {
      continue;
    }
    const std::optional<dungeon::room> room = d.resident_room_at(branch, {w.x, w.y});
    if (!room) {
      continue;
    }
    std::array<content::wander_exit, 4> exits{};
    std::array<std::int64_t, 4> targets{};
    std::size_t n = 0;
    for (const dungeon::direction dir : dungeon::all_directions) {
      const dungeon::exit_state e = room->exit(dir);
      if (e == dungeon::exit_state::none) {
        continue;
      }
      content::wander_exit& x = exits[n];
      x.dir = static_cast<std::uint8_t>(dir);
      x.kind = kind_of(e);
      const dungeon::coord s = dungeon::shift(dir);
      x.to = {static_cast<std::int32_t>(w.x + s.x), static_cast<std::int32_t>(w.y + s.y)};
      if (x.kind == content::wander_exit_kind::open || x.kind == content::wander_exit_kind::one_way) {
        if (const auto next = d.resident_room_at(branch, {x.to.x, x.to.y})) {
          x.exists = true;
          targets[n] = static_cast<std::int64_t>(next->id);
          x.blocked = fights_.keeps_wanderers_out(targets[n]) || standing_in(bs, targets[n]) != nullptr;
        }
      }
      ++n;
    }
    const std::optional<content::wander_exit> chosen =
        content::next_step(rules, info->seed, w.id, tick, std::span<const content::wander_exit>(exits.data(), n));
    if (chosen) {
      const auto dir = static_cast<dungeon::direction>(chosen->dir);
      std::size_t k = 0;
      while (exits[k].dir != chosen->dir) {
        ++k;
      }
      const std::string who = styled(style::monster, content::capitalise(name_of(w)));
      const std::int64_t from = w.room_id;
      out_.send_room(from, who + " " + verb_of(w) + " away " + std::string(dungeon::name(dir)) + ".\n");
      w.room_id = targets[k];
      w.x = chosen->to.x;
      w.y = chosen->to.y;
      out_.send_room(w.room_id, who + " " + verb_of(w) + " in from the " +
                                    std::string(dungeon::name(dungeon::opposite(dir))) + ".\n");
      send_gmcp_room(from);
      send_gmcp_room(w.room_id);
    }
    attack(branch, tick, w);
  }
}

const wanderers::wanderer* wanderers::standing_in(const branch_state& bs, std::int64_t room_id) {
  for (const wanderer& w : bs.alive) {
    if (w.room_id == room_id) {
      return &w;
    }
  }
  return nullptr;
}

std::string wanderers::name_of(const wanderer& w) const {
  content::monster_group g = w.group;
  g.count = std::max(1, static_cast<int>(std::count_if(w.hp.begin(), w.hp.end(), [](int hp) { return hp > 0; })));
  return content::describe_monster_group(content_.get(), g);
}

std::string wanderers::verb_of(const wanderer& w) const {
  const content::wander_rules& rules = content_.get().wanderers;
  return w.group.count == 1 ? rules.verb_one : rules.verb_many;
}

std::string wanderers::room_extras(std::int64_t room_id) const {
  std::string out;
  for (const auto& [b, bs] : branches_) {
    for (const wanderer& w : bs.alive) {
      if (w.room_id == room_id && !w.fighting) {
        append_styled(out, style::monster, content::capitalise(name_of(w)));
        out += ' ';
        out += verb_of(w);
        out += " here.\n";
      }
    }
  }
  return out;
}

void wanderers::add_marks(std::int64_t room_id, std::vector<interior_mark>& marks) const {
  for (const auto& [b, bs] : branches_) {
    for (const wanderer& w : bs.alive) {
      if (w.room_id == room_id && !w.fighting) {
        marks.push_back({interior_mark::kind::monster, name_of(w)});
      }
    }
  }
}

void wanderers::send_gmcp_to(const character& ch) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || ch.where.branch_id == 0 || !out_.gmcp_wanted(*conn, "Room.Wanderers")) {
    return;
  }
  boost::json::array list;
  for (const auto& [b, bs] : branches_) {
    for (const wanderer& w : bs.alive) {
      if (w.room_id == ch.where.room_id) {
        list.push_back(boost::json::object{{"id", w.id}, {"name", name_of(w)}, {"fighting", w.fighting}});
      }
    }
  }
  boost::json::object o{{"num", ch.where.room_id}, {"wanderers", std::move(list)}};
  out_.send_gmcp(*conn, "Room.Wanderers", boost::json::serialize(o));
}

void wanderers::send_gmcp_room(std::int64_t room_id) {
  for (const std::int64_t account : people_.occupants(room_id)) {
    if (const character* ch = people_.find_character(account)) {
      send_gmcp_to(*ch);
    }
  }
}

void wanderers::room_shown(const character& viewer) {
  if (viewer.where.branch_id == 0) {
    return;
  }
  send_gmcp_to(viewer);
  auto found = branches_.find(static_cast<std::uint64_t>(viewer.where.branch_id));
  if (found == branches_.end()) {
    return;
  }
  for (wanderer& w : found->second.alive) {
    if (w.room_id == viewer.where.room_id && !w.fighting) {
      attack(found->first, found->second.ticks, w);  // someone walked in on it
      return;
    }
  }
}

void wanderers::forget_branch(std::uint64_t branch) {
  if (branches_.erase(branch) != 0) {
    log::debug("branch {}: its wanderers vanish with it", branch);
  }
}

std::string wanderers::describe_branch(std::uint64_t branch) const {
  auto found = branches_.find(branch);
  if (found == branches_.end()) {
    return "  wanderers: none\n";
  }
  const branch_state& bs = found->second;
  std::string out = "  wanderers (step " + std::to_string(bs.ticks) + ", " + std::to_string(bs.dead) +
                    " dead):" + (bs.alive.empty() ? " none\n" : "\n");
  for (const wanderer& w : bs.alive) {
    out += "    #" + std::to_string(w.id) + " " + name_of(w) + " at (" + std::to_string(w.x) + "," +
           std::to_string(w.y) + ") room " + std::to_string(w.room_id) + (w.fighting ? ", fighting" : "") + "\n";
  }
  return out;
}

}  // namespace dw::game
