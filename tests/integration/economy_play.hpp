#pragma once

// The players of the economy invariant test and how they play: each a character on a real telnet
// connection from its own loopback address, whose every sentence about silver and goods goes into the
// books (economy_ledger) as it is read, and a step of play chosen by a seeded std::mt19937. In the
// village square a player picks up the scrolls the administrator conjures, sells them, buys supplies,
// gives silver and things to others there, has scrolls identified and asks what it has; below, it takes
// what lies in each room it enters (fallen packs too), fights what stands there, and walks on into the
// unknown or back to the well. A fight goes on by itself, on the round timer, until a knock-out or a win.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "content/content_tables.hpp"
#include "tests/integration/economy_ledger.hpp"
#include "tests/integration/told_state.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::testing {

inline constexpr std::string_view prompt = " hp] > ";
inline constexpr std::chrono::seconds patience{30};  ///< the longest any answer may take (sanitizers are slow)
inline constexpr long long square_id = 1;
inline constexpr long long well_id = 2;
inline constexpr int longest_trip = 40;  ///< steps below after which a player makes for the well

/// One player: a character, the connection that plays it now and everything it has been told.
struct player {
  std::string name;
  std::string password;
  std::string address;  ///< the loopback address it connects from
  std::unique_ptr<telnet_client> conn;
  told_state told;
  long long room = 0;  ///< the last room shown, as of the last read
  bool fighting = false;
  std::set<long long> locked;  ///< rooms not clear where there was nothing to fight (rune locks)
  bool returning = false;      ///< making for the well
  int trip = 0;                ///< steps below since it went down
  bool fought = false;         ///< in a fight since it went down
  bool searched = false;       ///< `get all` done in this room
  bool tried_fight = false;    ///< `fight` tried in this room

  client_options options() const {
    client_options o;
    o.width = 250;  // no wrapping: every sentence is read whole
    o.source_address = address;
    return o;
  }
  bool below() const { return room != 0 && room != square_id && room != well_id; }
};

inline std::string last_word(const std::string& name) { return name.substr(name.rfind(' ') + 1); }

inline std::string move_of(char letter) {
  return letter == 'n' ? "north" : letter == 'e' ? "east" : letter == 's' ? "south" : "west";
}

/// The first move of a shortest walk, through the rooms `p` has been shown, from where it stands to a
/// room for which `goal` holds (or, with `unseen`, to a room others opened that `p` was never shown),
/// or "" when it knows of none. The way never leads on out of the well (that would open another
/// branch). Exits as shown may be out of date (others explore too): a walk is planned at every step.
template <typename F>
std::string first_move_towards(const player& p, F goal, bool unseen) {
  std::map<long long, std::string> first{{p.room, ""}};
  std::deque<long long> todo{p.room};
  while (!todo.empty()) {
    const long long at = todo.front();
    todo.pop_front();
    const auto room = p.told.rooms.find(at);
    if (room == p.told.rooms.end()) {
      continue;
    }
    if (at != p.room && goal(room->second)) {
      return first[at];
    }
    for (const auto& [letter, id] : room->second.exits) {
      if (letter == 'u' || letter == 'd' || id == 0 || at == well_id || first.contains(id)) {
        continue;
      }
      first[id] = at == p.room ? move_of(letter) : first[at];
      if (unseen && !p.told.rooms.contains(id)) {
        return first[id];
      }
      todo.push_back(id);
    }
  }
  return "";
}

/// The server, the players and the books, and a step of play. The test's run (take-overs, kill -9,
/// the checks against the database) is built on it.
class economy_table {
 public:
  economy_table(std::uint32_t seed, const content::content_tables& tables, const std::string& config)
      : seed_(seed), rng_(seed), tables_(tables), server_(config) {}

 protected:
  // ------------------------------------------------------------ failing

  bool stopped() const { return ::testing::Test::HasFailure(); }

  void fail(const std::string& moment, const std::string& what) {
    ADD_FAILURE() << "economy seed " << seed_ << " (replay: DEEPWELL_ECONOMY_SEED=" << seed_ << "), " << moment << ":\n"
                  << what;
  }

  // ------------------------------------------------------------ reading and waiting

  /// Reads what `p`'s connection has received and enters every new sentence about silver or goods in
  /// the books, as told in the room `p` was last shown.
  void read(player& p) {
    const long long before = p.room;
    p.told.absorb(*p.conn);
    for (const told_trade& t : p.told.trades) {
      ledger_.apply(p.name, t, before);
      if (t.what == told_trade::kind::fight_joined) {
        p.fighting = true;
        p.fought = true;
      } else if (t.what == told_trade::kind::knocked_out) {
        p.fighting = false;
        p.returning = false;
      } else if (t.what == told_trade::kind::fight_won) {
        p.fighting = false;
      }
    }
    p.told.trades.clear();  // (in the books now: a long run keeps none of them)
    if (p.told.here && p.told.here->num != p.room) {
      if (p.room != 0 && p.room != square_id && p.told.here->num == square_id) {
        dry_trips_ = p.fought ? 0 : dry_trips_ + 1;  // (back up, or knocked out: a trip is over)
      }
      p.room = p.told.here->num;
      p.searched = false;
      p.tried_fight = false;
    }
  }

  /// Waits until everything sent to `p` before now has arrived (the answer to an unknown command sent
  /// now comes after it), and reads it.
  void sync(player& p) {
    const std::string marker = "sync" + std::to_string(++syncs_);
    p.conn->send_line(marker);
    p.conn->expect("Unknown command '" + marker + "'", patience);
    p.conn->expect(prompt, patience);
    read(p);
  }

  /// Sends a command, waits for its whole answer and returns it.
  std::string command(player& p, const std::string& line) {
    const std::size_t from = p.conn->all_text().size();
    p.conn->send_line(line);
    sync(p);
    return p.conn->all_text().substr(from);
  }

  /// Waits for the next round of `p`'s fight (they are told each one) and reads it.
  void next_round(player& p) {
    p.conn->expect("Round ", patience);
    sync(p);
  }

  // ------------------------------------------------------------ the players

  /// A random player (never the administrator) for whom `fits` holds, or nullptr.
  template <typename F>
  player* pick(F fits) {
    std::vector<player*> ok;
    for (std::size_t i = 1; i < players_.size(); ++i) {
      if (fits(players_[i])) {
        ok.push_back(&players_[i]);
      }
    }
    return ok.empty() ? nullptr : ok[std::uniform_int_distribution<std::size_t>(0, ok.size() - 1)(rng_)];
  }

  /// Others standing in the village square who may be given something.
  std::vector<player*> takers(const player& giver) {
    std::vector<player*> out;
    for (std::size_t i = 1; i < players_.size(); ++i) {
      if (&players_[i] != &giver && players_[i].room == square_id) {
        out.push_back(&players_[i]);
      }
    }
    return out;
  }

  void open_accounts() {
    const std::vector<std::string> names{"Warden", "Ann", "Bob", "Cid", "Dot", "Eve"};
    int address = 20;
    for (const std::string& name : names) {
      player p;
      p.name = name;
      p.password = name + "-password";
      p.address = "127.0.0." + std::to_string(address++);
      p.conn = std::make_unique<telnet_client>(server_.port(), p.options());
      // The first account is the administrator, who conjures the scrolls the others sell.
      p.conn->create(p.name, p.password);
      ledger_.add_character(p.name);
      players_.push_back(std::move(p));
      sync(players_.back());
      command(players_.back(), "pager off");  // (an inventory of a hundred things is read whole, not a page)
    }
  }

  /// Logs every player in again on fresh connections (after a restart).
  void log_everyone_in() {
    for (player& p : players_) {
      p.conn = std::make_unique<telnet_client>(server_.port(), p.options());
      p.told.new_connection();
      p.fighting = false;
      p.conn->expect("quit", patience);
      p.conn->send_line("connect " + p.name + " " + p.password);
    }
    for (player& p : players_) {
      p.conn->expect("Welcome back", patience);
      p.conn->expect(prompt, patience);
      sync(p);
      p.returning = p.returning && p.below();
    }
  }

  // ------------------------------------------------------------ a step of play

  int roll_percent() { return std::uniform_int_distribution<int>(0, 99)(rng_); }

  void step(player& p) {
    if (p.below()) {
      dungeon_step(p);
    } else {
      square_step(p);
    }
  }

  /// The merchant's supply of this name, or nullptr (a scroll, or gear).
  const content::supply_def* supply_named(const std::string& name) const {
    for (const content::supply_def& s : tables_.merchant.supplies) {
      if (s.name == name) {
        return &s;
      }
    }
    return nullptr;
  }

  template <typename T>
  const T& any_of(const std::vector<T>& from) {
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng_)];
  }

  void square_step(player& p) {
    const int roll = roll_percent();
    const std::int64_t silver = ledger_.now.silver[p.name];
    const std::multiset<std::string>& items = ledger_.now.items[p.name];
    std::vector<std::string> scrolls;
    std::vector<std::string> usable;  ///< draughts and bandages
    std::vector<std::string> gear;
    bool lantern = false;
    for (const std::string& it : items) {
      const content::supply_def* s = supply_named(it);
      if (is_scroll_name(it)) {
        scrolls.push_back(it);
      } else if (s == nullptr) {
        gear.push_back(it);
      } else if (s->use == content::supply_use::carry) {
        lantern = true;
      } else {
        usable.push_back(it);
      }
    }
    const auto to = takers(p);
    if (roll < 16 || (roll < 30 && scrolls.empty() && gear.empty())) {
      if (ledger_.now.square_floor.empty()) {
        const int n = std::uniform_int_distribution<int>(1, 3)(rng_);
        for (int i = 0; i < n; ++i) {
          command(players_.front(), "@spawn scroll " + std::to_string(rng_()));
        }
      }
      command(p, "get scroll");
    } else if (roll < 30) {
      command(p, "sell " + (scrolls.empty() || (!gear.empty() && roll < 20) ? last_word(any_of(gear)) : "scroll"));
    } else if (roll < 44) {
      // Buying, or using up what was bought once a pack fills: goods come and go, and a long run's
      // inventories stay short.
      if (items.size() >= 8 && !usable.empty()) {
        const std::string what = any_of(usable);
        command(p, (supply_named(what)->use == content::supply_use::quaff ? "quaff " : "apply ") + last_word(what));
      } else {
        const content::supply_def& s = any_of(tables_.merchant.supplies);
        if ((silver >= s.price || roll < 34) && !(lantern && s.use == content::supply_use::carry)) {
          command(p, "buy " + last_word(s.name));
        }
      }
    } else if (roll < 56) {
      if (!to.empty()) {
        const std::int64_t amount =
            std::uniform_int_distribution<std::int64_t>(1, std::max<std::int64_t>(1, silver))(rng_);
        command(p, "give " + std::to_string(amount) + " silver to " + any_of(to)->name);
      }
    } else if (roll < 64) {
      if (!to.empty() && !items.empty()) {
        const std::vector<std::string> list(items.begin(), items.end());
        command(p, "give " + last_word(any_of(list)) + " to " + any_of(to)->name);
      }
    } else if (roll < 68) {
      if (!scrolls.empty()) {
        command(p, "identify tube");
      }
    } else if (roll < 71) {
      command(p, "score");
    } else if (roll < 73) {
      command(p, "list");
    } else if (roll < 77) {
      check_inventory(p, "after an inventory at step " + std::to_string(steps_));
    } else if (roll < 92) {
      int below = 0;
      for (const player& other : players_) {
        below += other.below() ? 1 : 0;
      }
      if (below < 3) {
        command(p, "down");
        command(p, "east");
        p.returning = false;
        p.trip = 0;
        p.fought = false;
        ++descents_;
      }
    }
  }

  void dungeon_step(player& p) {
    if (p.fighting) {
      sync(p);  // (the rounds come on their timer while the others play on)
      return;
    }
    const room_info& here = *p.told.here;
    if (!p.searched) {  // (fallen packs and loot: monsters standing there do not stop anyone taking them)
      p.searched = true;
      command(p, "get all");
      return;
    }
    if (!here.clear && !p.tried_fight) {
      p.tried_fight = true;
      command(p, "fight");
      fights_ += p.fighting ? 1 : 0;
      if (!p.fighting) {
        p.locked.insert(p.room);
      }
      return;
    }
    // On, by the shortest way, to monsters or into the unknown, until the trip has gone on long enough or
    // it knows of neither; then back to the well by the shortest way, and up.
    p.returning = p.returning || ++p.trip > longest_trip || roll_percent() < 5;
    std::string move;
    if (!p.returning) {
      std::vector<std::string> unexplored;
      for (const auto& [letter, id] : here.exits) {
        if (id == 0 && letter != 'u' && letter != 'd') {
          unexplored.push_back(move_of(letter));
        }
      }
      if (here.clear && !unexplored.empty()) {
        move = unexplored[std::uniform_int_distribution<std::size_t>(0, unexplored.size() - 1)(rng_)];
      } else {
        move = first_move_towards(
            p,
            [&p](const room_info& r) {
              const bool unknown_beyond =
                  std::any_of(r.exits.begin(), r.exits.end(), [](const auto& e) { return e.second == 0; });
              return r.num != well_id && (r.clear ? unknown_beyond : !p.locked.contains(r.num));
            },
            true);
      }
      p.returning = move.empty();
    }
    if (p.returning) {
      move = first_move_towards(
          p, [](const room_info& r) { return r.num == well_id; }, false);
    }
    if (move.empty()) {  // (nothing known leads anywhere: any way out of here)
      std::vector<std::string> ways;
      for (const auto& [letter, id] : here.exits) {
        if (letter != 'u' && letter != 'd' && (id != 0 || here.clear)) {
          ways.push_back(move_of(letter));
        }
      }
      if (!ways.empty()) {
        move = ways[std::uniform_int_distribution<std::size_t>(0, ways.size() - 1)(rng_)];
      }
    }
    if (!move.empty()) {
      command(p, move);
    }
    if (p.room == well_id) {
      command(p, "up");
    }
  }

  /// `inventory` on `p`'s connection lists exactly what the books say they carry.
  void check_inventory(player& p, const std::string& moment) {
    const std::string answer = command(p, "inventory");
    const auto listed = parse_inventory(answer, ledger_.now.items[p.name]);
    if (!listed) {
      fail(moment, p.name + "'s inventory could not be read:\n" + answer);
      return;
    }
    if (listed->items != ledger_.now.items[p.name]) {
      fail(moment, p.name + " is shown carrying " + describe(listed->items) + ", the books say " +
                       describe(ledger_.now.items[p.name]));
    }
  }

  // ------------------------------------------------------------ commands with exact effects

  /// Up to `n` commands for `v` whose effect is exact whenever they run: buys, silver and supplies
  /// given to someone in the square.
  std::vector<exact_command> exact_burst(player& v, int n) {
    economy sim = ledger_.now;
    economy_totals unused;
    std::vector<exact_command> out;
    const auto to = takers(v);
    for (int i = 0; i < n; ++i) {
      exact_command c;
      const int roll = roll_percent();
      std::vector<std::string> supplies;
      for (const std::string& it : sim.items[v.name]) {
        if (tables_.merchant.supplies.end() != std::find_if(tables_.merchant.supplies.begin(),
                                                            tables_.merchant.supplies.end(),
                                                            [&](const auto& s) { return s.name == it; })) {
          supplies.push_back(it);
        }
      }
      if (roll < 50 || to.empty()) {
        const auto& list = tables_.merchant.supplies;
        const auto& s = list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng_)];
        c.what = exact_command::kind::buy;
        c.item = s.name;
        c.amount = s.price;
        c.line = "buy " + last_word(s.name);
      } else {
        c.to = to[std::uniform_int_distribution<std::size_t>(0, to.size() - 1)(rng_)]->name;
        if (roll < 80 || supplies.empty()) {
          c.what = exact_command::kind::give_silver;
          c.amount =
              std::uniform_int_distribution<std::int64_t>(1, std::max<std::int64_t>(1, sim.silver[v.name] / 2))(rng_);
          c.line = "give " + std::to_string(c.amount) + " silver to " + c.to;
        } else {
          c.what = exact_command::kind::give_item;
          c.item = supplies[std::uniform_int_distribution<std::size_t>(0, supplies.size() - 1)(rng_)];
          c.line = "give " + last_word(c.item) + " to " + c.to;
        }
      }
      economy_ledger::happen(v.name, c, sim, unused);
      out.push_back(std::move(c));
    }
    return out;
  }

  /// Sends `burst` on `v`'s connection without waiting for answers, up to `gap_ms` apart at random.
  void fire(player& v, const std::vector<exact_command>& burst, int gap_ms) {
    for (const exact_command& c : burst) {
      try {
        v.conn->send_line(c.line);
      } catch (const std::runtime_error&) {
        return;  // the connection was closed by a take-over: the rest were never sent
      }
      ledger_.sent(v.name, c);
      std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, gap_ms)(rng_)));
    }
  }

  std::uint32_t seed_;
  std::mt19937 rng_;
  const content::content_tables& tables_;
  server_process server_;
  std::vector<player> players_;
  economy_ledger ledger_;
  int steps_ = 0;
  int syncs_ = 0;
  int descents_ = 0;
  int fights_ = 0;
  int dry_trips_ = 0;  ///< trips below in a row that met nothing to fight
};

}  // namespace dw::testing
