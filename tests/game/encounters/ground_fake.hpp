#pragma once

// Fakes of the ports the encounters classes take, so that a test builds fights, rest, puzzles or wanderers
// alone (issue 29): the ground (a real, pure dungeon model, and a record of what the part asked of places), a
// change sink that keeps each event's changes and undo steps (and runs the undo newest first, as a failed
// commit does), and an event runner that runs deferred work at once. Everything else a part takes is the real
// thing: roster, output, live_settings, content_source, and the harness's inline_services and fake_port.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "content/fight_state.hpp"
#include "content/room_event.hpp"
#include "dungeon/dungeon.hpp"
#include "server/config/settings.hpp"
#include "server/game/content_source.hpp"
#include "server/game/events/event_batch.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/storage/changes.hpp"
#include "server/game/storage/reads.hpp"
#include "tests/game/game_harness.hpp"

namespace dw::testing {

/// A change sink that keeps what each event asked: every change persisted (in order, never forgotten, for
/// assertions) and the current event's batch in a real event_batch. commit() ends the event as a saved batch
/// (nothing to undo any more); fail() ends it as a batch that could not be saved: its undo steps run newest
/// first (event_batch::roll_back, as the world does).
class recording_changes final : public game::change_sink {
 public:
  void persist(game::storage::change change) override {
    persisted.push_back(change);
    batch_.add(std::move(change));
  }
  void on_rollback(undo_step undo) override {
    ++pending_undo_;
    batch_.on_rollback(std::move(undo));
  }

  /// The current event's batch was saved: its undo steps are dropped.
  void commit() {
    batch_.clear();
    pending_undo_ = 0;
  }
  /// The current event's batch could not be saved: its undo steps run, newest first. Returns how many threw.
  int fail() {
    std::vector<undo_step> steps = batch_.take_undo();
    batch_.clear();
    pending_undo_ = 0;
    return game::event_batch::roll_back(steps);
  }
  /// Undo steps the current event has registered so far.
  std::size_t pending_undo() const { return pending_undo_; }

  /// Every change of kind T persisted so far, in order.
  template <typename T>
  std::vector<T> all() const {
    std::vector<T> found;
    for (const game::storage::change& c : persisted) {
      if (const T* one = std::get_if<T>(&c)) {
        found.push_back(*one);
      }
    }
    return found;
  }

  std::vector<game::storage::change> persisted;

 private:
  game::event_batch batch_;
  std::size_t pending_undo_ = 0;
};

/// An event runner that runs each event at once: the work, then the event's output leaves (output::end_event
/// with ticket 0, released at once by fake_port). If the work throws, what it did is taken back (the change
/// sink's undo steps) and its output dropped, and the runner counts it. The test decides whether each event's
/// batch is saved (recording_changes::commit or fail).
class inline_events final : public game::event_runner {
 public:
  inline_events(game::output& out, recording_changes& changes) : out_(out), changes_(changes) {}

  void run_event(std::uint64_t actor, const std::function<void()>& work) override {
    actors.push_back(actor);
    try {
      work();
    } catch (...) {
      ++failed;
      changes_.fail();
      out_.discard_event();
      return;
    }
    out_.end_event(0);
  }
  /// Saved on its own (kept in `saved_now`, outside the current event's batch), then `done` runs at once as
  /// an event of its own.
  void commit_now(game::storage::change change, std::uint64_t actor,
                  std::function<void(const game::commit_result&)> done) override {
    saved_now.push_back(std::move(change));
    run_event(actor, [&] { done(game::commit_result{}); });
  }
  void storage_failed(const game::read_result&) override { ++storage_faults; }
  /// (the fake ground keeps every branch in memory: nothing built on it asks)
  void defer_until_loaded(const game::load_request&) override { ++deferred; }

  std::vector<std::uint64_t> actors;  ///< on whose behalf each event ran (0: nobody), in order
  int failed = 0;                     ///< events whose work threw
  int storage_faults = 0;
  int deferred = 0;  ///< defer_until_loaded asked
  std::vector<game::storage::change> saved_now;  ///< what commit_now saved, in order

 private:
  game::output& out_;
  recording_changes& changes_;
};

/// The ground under the encounters, faked: a real dungeon model (pure, every room in memory), a minimal
/// version of what places do with it (the place value of a room, moving a character between rooms, marking
/// a room clear, each taken back by its own undo step as places' are), and a record of every request, for
/// the tests to assert on. Unlike places it shows no room, tells no crowd and calls no room hooks (the part
/// under test is the only one there).
class fake_ground final : public game::ground {
 public:
  fake_ground(const config::settings& s, game::roster& people, game::change_sink& changes)
      : model_(game::dungeon_settings_of(s), nullptr), people_(people), changes_(changes) {}

  // ---- what the part asked, in order
  struct move_request {
    std::int64_t account = 0;
    game::location from;
    game::location to;
    std::string leave_text;
    std::string arrive_text;
  };
  struct walk_request {
    std::int64_t account = 0;
    game::location from;
    game::exit_dir dir = game::exit_dir::north;
    bool went = false;  ///< the fake found a known room that way and moved the character there
  };
  struct clear_request {
    std::uint64_t branch = 0;
    dw::dungeon::coord at{};
  };
  std::vector<game::storage::character_record> saved;  ///< save_character: the record as it was asked
  std::vector<clear_request> cleared;                  ///< mark_clear
  std::vector<std::int64_t> refreshed;                 ///< refresh_room_info: room ids
  std::vector<move_request> moves;                     ///< move_character
  std::vector<walk_request> walks;                     ///< walk
  std::vector<std::int64_t> statuses;                  ///< send_status: account ids
  std::vector<std::int64_t> required;                  ///< needs_load and expect_in_memory: branch ids
  /// arrived_side's answers by account id (none: -1), set by walk, as places' walking sets them, or by a test.
  std::unordered_map<std::int64_t, int> sides;

  /// The saves asked for `account`, in order.
  std::vector<game::storage::character_record> saves_of(std::int64_t account) const {
    std::vector<game::storage::character_record> found;
    for (const auto& rec : saved) {
      if (rec.account_id == account) {
        found.push_back(rec);
      }
    }
    return found;
  }

  // ---- the port
  std::optional<game::place> at(const game::location& where) override {
    return where.branch_id == 0 ? fixed_place(where.room_id) : dungeon_place(where);
  }
  int depth(const game::character& ch) override {
    return ch.where.branch_id == 0 ? 0 : static_cast<int>(dw::dungeon::depth_of({ch.where.x, ch.where.y}));
  }
  std::optional<game::load_request> needs_load(std::int64_t b) override {
    required.push_back(b);
    if (b != 0 && model_.branch(static_cast<dw::dungeon::branch_id>(b)) &&
        !model_.fully_resident(static_cast<dw::dungeon::branch_id>(b))) {
      return game::load_request{b, 0};
    }
    return std::nullopt;
  }
  void expect_in_memory(std::int64_t b) override {
    if (needs_load(b)) {
      throw std::logic_error("branch not in memory");
    }
  }
  dw::dungeon::dungeon& dungeon() override { return model_; }
  int arrived_side(const game::character& ch) override {
    const auto found = sides.find(ch.account_id);
    return found == sides.end() ? -1 : found->second;
  }

  void walk(game::connection&, game::character& ch, game::exit_dir d) override {
    walk_request asked{ch.account_id, ch.where, d, false};
    // Only into a room already known (an open or one-way exit, or the well): the fake never spawns.
    if (const std::optional<game::place> here = at(ch.where)) {
      for (const game::place_exit& e : here->exits) {
        if (e.dir != d) {
          continue;
        }
        std::optional<game::location> to;
        if (e.kind == game::exit_kind::to_well) {
          to = game::location{game::start_room_id, 0, 0, 0};
        } else if ((e.kind == game::exit_kind::open || e.kind == game::exit_kind::one_way) && e.target != 0) {
          const auto next = dw::dungeon::step({ch.where.x, ch.where.y}, d);
          to = game::location{e.target, ch.where.branch_id, next->x, next->y};
        }
        if (to) {
          place_character(ch, *to);
          sides[ch.account_id] = static_cast<int>(dw::dungeon::index_of(dw::dungeon::opposite(d)));
          asked.went = true;
        }
      }
    }
    walks.push_back(asked);
  }
  void move_character(game::character& ch, const game::location& to, std::string_view leave_text,
                      std::string_view arrive_text) override {
    moves.push_back({ch.account_id, ch.where, to, std::string(leave_text), std::string(arrive_text)});
    place_character(ch, to);
    save_character(ch);
  }
  void save_character(const game::character& ch) override { saved.push_back(game::record_of(ch, 0)); }
  void send_status(const game::character& ch) override { statuses.push_back(ch.account_id); }
  void mark_clear(std::uint64_t branch, dw::dungeon::coord at) override {
    cleared.push_back({branch, at});
    // As places do: saved with the event, and set back if the event cannot be saved.
    if (!model_.set_clear(branch, at, true).empty()) {
      game::undo_with<&dw::dungeon::dungeon::set_clear>(changes_, &model_, branch, at, false);
    }
  }
  void refresh_room_info(std::int64_t room_id) override { refreshed.push_back(room_id); }

  // ---- building the ground a test needs, with the dungeon's own API (as places does)
  /// Opens a branch from the start room toward `d` (its first room clear when `first_clear`); returns it.
  dw::dungeon::enter_result open_branch(dw::dungeon::direction d, bool first_clear) {
    return model_.enter_from_start(d, now, [first_clear](const dw::dungeon::room&) { return first_clear; });
  }
  /// Walks the dungeon from `from` (a room of branch `b`) through its first unexplored exit, making a new
  /// room there (clear when `clear`); nullopt when `from` has no unexplored exit.
  std::optional<dw::dungeon::move_result> spawn_from(const dw::dungeon::room& from, bool clear) {
    for (dw::dungeon::direction d : dw::dungeon::all_directions) {
      if (from.exit(d) != dw::dungeon::exit_state::unexplored) {
        continue;
      }
      dw::dungeon::move_result moved =
          model_.move(from.branch, from.pos, d, false, [clear](const dw::dungeon::room&) { return clear; });
      if (moved.status == dw::dungeon::move_status::moved && moved.spawned) {
        return moved;
      }
    }
    return std::nullopt;
  }
  /// The room's place in the world, as a character stands in it.
  static game::location location_of(const dw::dungeon::room& r) {
    return game::location{static_cast<std::int64_t>(r.id), static_cast<std::int64_t>(r.branch), r.pos.x, r.pos.y};
  }
  /// A room as storage keeps it, holding `contents` (what the encounters' tables read when a branch loads).
  static game::storage::room_record record_of_room(const dw::dungeon::room& r, content::room_event event,
                                                   std::string contents) {
    game::storage::room_record rec;
    rec.id = static_cast<std::int64_t>(r.id);
    rec.branch_id = static_cast<std::int64_t>(r.branch);
    rec.x = r.pos.x;
    rec.y = r.pos.y;
    rec.depth = static_cast<std::int32_t>(dw::dungeon::depth_of(r.pos));
    rec.clear = r.clear;
    rec.event = static_cast<std::int32_t>(event);
    rec.contents = std::move(contents);
    return rec;
  }
  /// The room at `at` of `branch` as the model holds it now.
  std::optional<dw::dungeon::room> room(std::uint64_t branch, dw::dungeon::coord at) const {
    return model_.resident_room_at(branch, at);
  }

  std::int64_t now = 1'800'000'000;  ///< unix seconds the fake's dungeon calls are made at

 private:
  /// Moves `ch` to `to` in the roster; the move is taken back if the event cannot be saved (as places' is).
  void place_character(game::character& ch, const game::location& to) {
    const game::location from = ch.where;
    people_.vacate(ch);
    ch.where = to;
    people_.occupy(ch);
    game::undo_with<&fake_ground::put_back>(changes_, this, ch.account_id, from);
  }
  /// The undo of place_character: `account` stands at `from` again.
  void put_back(std::int64_t account, const game::location& from) {
    if (game::character* c = people_.find_character(account)) {
      people_.vacate(*c);
      c->where = from;
      people_.occupy(*c);
    }
  }

  std::optional<game::place> fixed_place(std::int64_t room_id) const {
    const game::static_room* r = fixed_.find(room_id);
    if (r == nullptr) {
      return std::nullopt;
    }
    game::place p;
    p.id = r->id;
    p.name = r->name;
    p.area = r->area;
    if (r->has_coords) {
      p.coords = dw::dungeon::coord{0, 0};
    }
    for (game::exit_dir d : game::all_exit_dirs) {
      const std::int64_t target = r->exits[dw::dungeon::index_of(d)];
      if (target == game::dungeon_passage) {
        p.exits.push_back({d, game::exit_kind::passage, 0});
      } else if (target != 0) {
        p.exits.push_back({d, game::exit_kind::open, target});
      }
    }
    return p;
  }

  std::optional<game::place> dungeon_place(const game::location& where) {
    const auto b = static_cast<dw::dungeon::branch_id>(where.branch_id);
    const auto r = model_.room_at(b, {where.x, where.y});
    if (!r) {
      return std::nullopt;
    }
    game::place p;
    p.id = static_cast<std::int64_t>(r->id);
    p.branch = where.branch_id;
    p.name = "a fake room";
    p.coords = r->pos;
    p.depth = static_cast<int>(dw::dungeon::depth_of(r->pos));
    p.clear = r->clear;
    for (dw::dungeon::direction d : dw::dungeon::all_directions) {
      switch (r->exit(d)) {
        case dw::dungeon::exit_state::none:
          break;
        case dw::dungeon::exit_state::unexplored:
          p.exits.push_back({d, game::exit_kind::unexplored, 0});
          break;
        case dw::dungeon::exit_state::to_start:
          p.exits.push_back({d, game::exit_kind::to_well, game::start_room_id});
          break;
        case dw::dungeon::exit_state::two_way:
        case dw::dungeon::exit_state::one_way: {
          const auto next = dw::dungeon::step(r->pos, d);
          const auto target = next ? model_.room_at(b, *next) : std::nullopt;
          p.exits.push_back({d,
                             r->exit(d) == dw::dungeon::exit_state::two_way ? game::exit_kind::open
                                                                            : game::exit_kind::one_way,
                             target ? static_cast<std::int64_t>(target->id) : 0});
          break;
        }
      }
    }
    return p;
  }

  dw::dungeon::dungeon model_;
  game::roster& people_;
  game::change_sink& changes_;
  game::static_rooms fixed_;
};

/// Every port an encounters class takes, ready to build one alone: the real settings (fast ones, timers held
/// until the test runs them), the real content tables, roster and output; the recording change sink, the
/// inline event runner, the harness's inline services and the fake ground. Players are added straight into
/// the roster, standing where the test puts them.
/// Where the fixed rooms are: the village square, and the start room at the bottom of the well.
inline game::location square() {
  game::location where;
  where.room_id = game::village_square_id;
  return where;
}
inline game::location well_bottom() {
  game::location where;
  where.room_id = game::start_room_id;
  return where;
}

struct encounter_ports {
  explicit encounter_ports(config::settings s = fast_settings()) : settings(std::move(s)) {
    services.hold_timers = true;  // a fight lasts one round per run_timer(), as on a real clock
  }

  struct player {
    fake_port* port = nullptr;
    game::connection* conn = nullptr;
    game::character* ch = nullptr;
  };
  /// A character `name` of account `account` playing on a connection of its own, standing at `where` with
  /// `hp` of `max_hp` hit points.
  player add_player(std::string name, std::int64_t account, const game::location& where, std::int32_t hp,
                    std::int32_t max_hp) {
    ports_.push_back(std::make_unique<fake_port>());
    game::connection& conn = people.add_connection(*ports_.back(), 0);
    game::character ch;
    ch.account_id = account;
    ch.name = std::move(name);
    ch.connection = conn.id;
    ch.where = where;
    ch.hp = hp;
    ch.max_hp = max_hp;
    game::character& added = people.add_character(std::move(ch));
    people.occupy(added);
    return player{ports_.back().get(), &conn, &added};
  }
  /// Ends the event the test made by calling the part directly (its output leaves), and returns what `p` was
  /// told since the last call.
  std::string told(const player& p) {
    out.end_event(0);
    return p.port->take();
  }

  /// The first two rooms of a branch the fake ground's dungeon opened east of the well: the first clear, the
  /// second (beyond it, through the first unexplored exit) not, so that something there still blocks the way.
  struct two_rooms {
    dw::dungeon::room first;
    dw::dungeon::room second;
    dw::dungeon::direction way_in = dw::dungeon::direction::east;  ///< from the first room into the second
  };
  two_rooms dig() {
    const dw::dungeon::enter_result entered = ground.open_branch(dw::dungeon::direction::east, true);
    const std::optional<dw::dungeon::move_result> beyond = ground.spawn_from(entered.first_room, false);
    if (!beyond) {
      throw std::runtime_error("the first room has no unexplored exit: pick another world seed");
    }
    // (the first room as it is now: the spawn opened its exit into the second)
    return two_rooms{*ground.room(entered.branch, entered.first_room.pos), beyond->destination, beyond->dir};
  }

  game::live_settings settings;
  game::content_source content{real_content()};
  game::roster people;
  game::output out{people, settings};
  recording_changes changes;
  inline_events events{out, changes};
  inline_services services;
  fake_ground ground{settings.get(), people, changes};
  game::storage::world_snapshot startup;  ///< nothing stored before (no items, no fixed rooms' floors)

 private:
  std::deque<std::unique_ptr<fake_port>> ports_;
};

}  // namespace dw::testing
