#pragma once

#include "server/game/encounters/fight_aftermath.hpp"
#include "server/game/encounters/fight_rounds.hpp"
#include "server/game/encounters/game_clock.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/puzzles.hpp"
#include "server/game/encounters/rest.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/encounters/wanderers.hpp"
#include "server/game/places/room_hooks.hpp"

namespace dw::game {

/// What rooms hold and what happens in them: contents and items (room_stock, with GMCP Char.Items in
/// item_news), fights (their table in fight_table), rest, rune locks (puzzles, their table in rune_locks) and
/// wanderers (monsters roaming a branch). This bundle is what places call when rooms are made, shown, left,
/// loaded and collapsed: a branch read or collapsed reaches every part's table from here.
class encounters final : public room_hooks {
 public:
  encounters(const live_settings& settings, const content_source& content, roster& people, output& out,
             change_sink& changes, event_runner& events, services& svc, ground& where,
             const storage::world_snapshot& startup)
      : locks(settings, content, changes, where),
        fight_table(changes),
        contents(settings, content, changes, where, locks, fight_table, startup),
        news(people, out, contents),
        fleeing(people, out, where),
        danger(out, changes, fleeing),
        fallen_pack(people, out, changes, where, contents, news),
        clock(settings, svc, events),
        outcomes(danger, fleeing, fallen_pack, news),
        fight_rounds(people, out, changes, clock, where, contents, fight_table, outcomes),
        fights(content, people, out, where, contents, fight_table, outcomes, fight_rounds),
        rest(settings, people, out, changes, where),
        puzzles(content, people, out, changes, where, contents, locks, news),
        wanderers(content, people, out, changes, clock, where, fights) {}

  /// Who hears of deeds done here, and whose levels count in fights (set once, by the world).
  void set_progress(deeds& told, const progression& levels) {
    fight_rounds.set_progress(told, levels);
    puzzles.set_deeds(told);
  }

  bool decide_clear(const dungeon::room& r, const character* mover) override {
    return contents.decide_clear(r, mover);
  }
  void room_created(const dungeon::room& r) override { contents.room_created(r); }
  std::string room_extras(std::int64_t room_id, const character& viewer) override {
    return contents.room_extras(room_id, viewer) + wanderers.room_extras(room_id);
  }
  std::vector<interior_mark> interior_marks(std::int64_t room_id, const character& viewer) override {
    std::vector<interior_mark> marks = contents.interior_marks(room_id, viewer);
    wanderers.add_marks(room_id, marks);
    return marks;
  }
  void room_shown(const character& viewer) override {
    news.send_list(viewer, "room");
    wanderers.room_shown(viewer);
  }
  void arrived(character& ch) override { fights.arrived(ch); }
  bool in_combat(const character& ch) const override { return fights.in_combat(ch); }
  void leave_room(const character& ch) override { fights.leave_room(ch); }
  void restore_branch(const storage::branch_snapshot& snapshot) override {
    locks.restore_branch(snapshot);
    contents.restore_branch(snapshot);  // (and each new room's stored fight into fight_table)
  }
  void forget_branch(std::uint64_t branch) override {
    wanderers.forget_branch(branch);
    locks.forget_branch(branch);
    fight_table.forget_branch(branch);
    contents.forget_branch(branch);
  }

  /// An administrator's @clear of the room `ch` is in: a rune door there opens, the fight ends and the room
  /// is clear (saved together); false outside the dungeon.
  bool clear_room(character& ch) {
    locks.open(ch.where.room_id);
    return fights.clear_room(ch);
  }

  // Each part is named after its class. The types are written qualified: a member declared with the
  // unqualified name of its own type would change what that name means inside the class, which GCC refuses.
  rune_locks locks;  ///< the puzzles' state (before contents, which rolls new locks into it)
  /// The fights' state (before contents, which rolls new rooms' monsters into it and saves them).
  game::fight_table fight_table;
  room_stock contents;
  item_news news;
  game::fleeing fleeing;
  game::danger danger;
  game::fallen_pack fallen_pack;
  game_clock clock;  ///< the rounds' and the wanderers' pace and timers
  fight_aftermath outcomes;  ///< what fights lead to, for fight_rounds and fights
  game::fight_rounds fight_rounds;  ///< the fights' rounds (the world sets its groups, set_progress its levels)
  game::fights fights;
  game::rest rest;
  game::puzzles puzzles;
  game::wanderers wanderers;
};

}  // namespace dw::game
