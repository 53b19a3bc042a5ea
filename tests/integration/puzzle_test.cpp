// Rune locks over telnet: a sealed door blocks the way, its solution is scratched into a hint room elsewhere
// in the branch, wrong presses fail, the right press or the spoken word clears the room with a reward, and
// a restart reads the same door and the same hint.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "tests/integration/dungeon_support.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;
namespace ds = dw::testing::dungeon_support;

namespace {

constexpr std::string_view door_sealed = "A door of black stone seals the way on.";
constexpr std::string_view scratched = "Scratched into the wall: ";

struct lock_seen {
  int x = 0;
  int y = 0;
  std::vector<std::string> runes;  ///< in the order that opens the door
  int hint_x = 0;
  int hint_y = 0;
  bool way_on = false;  ///< has an unexplored exit (blocked while sealed)
};

struct known_room {
  bool lock = false;
  std::vector<ds::exit_entry> exits;
};

using pos = std::pair<int, int>;

std::string config(std::int64_t seed) {
  return "[dungeon]\nworld_seed = " + std::to_string(seed) + "\n[game]\ncharacter_max_hp = 100000\n[server]\nmax_commands_per_second = 10000\n";
}

std::string line_with(const std::string& text, std::string_view needle) {
  for (const std::string& line : ds::lines_of(text)) {
    if (line.find(needle) != std::string::npos) {
      return line;
    }
  }
  return {};
}

/// Walks one branch as an administrator, clearing monster rooms with @clear (never a rune door) and
/// teleporting between known rooms, until some lock's hint room exists and two locks have been seen.
class explorer {
 public:
  explicit explorer(telnet_client& c) : c_(c) {}

  bool run(int max_moves) {
    ds::room_seen first = ds::show(c_, "east");
    c_.send_line("@stat room");
    const std::string stat = c_.expect(ds::prompt);
    std::smatch m;
    static const std::regex branch_re(R"(of branch (\d+) at)");
    if (!std::regex_search(stat, m, branch_re)) {
      ADD_FAILURE() << stat;
      return false;
    }
    branch_ = std::stoll(m[1]);
    visit(first);
    for (int move = 0; move < max_moves; ++move) {
      if (done()) {
        return true;
      }
      auto next = choose();
      if (!next) {
        // A branch about to run dry opens an exit in some room already seen: look at them all again.
        const std::vector<pos> all = known();
        for (const pos& p : all) {
          go_to(p);
        }
        next = choose();
      }
      if (!next) {
        return false;
      }
      go_to(next->first);
      for (ds::exit_entry& e : rooms_[next->first].exits) {
        if (e.dir == next->second) {
          e.unexplored = false;  // taken now, whatever lies there
        }
      }
      visit(ds::show(c_, next->second));
    }
    return done();
  }

  void go_to(pos at) {
    if (here_ == at && have_here_) {
      return;
    }
    visit(ds::show(c_, "@goto " + std::to_string(branch_) + " " + std::to_string(at.first) + "," +
                           std::to_string(at.second)));
  }

  std::vector<lock_seen> locks;
  std::optional<std::size_t> hinted;  ///< the lock whose hint room was reached
  std::int64_t branch_ = 0;

 private:
  std::vector<pos> known() const {
    std::vector<pos> out;
    for (const auto& [at, r] : rooms_) {
      if (!r.lock) {
        out.push_back(at);
      }
    }
    return out;
  }

  bool done() const {
    return hinted.has_value() && locks.size() >= 2 &&
           std::any_of(locks.begin(), locks.end(), [](const lock_seen& l) { return l.way_on; });
  }

  void visit(const ds::room_seen& seen) {
    if (!seen.head) {
      return;
    }
    here_ = {seen.head->x, seen.head->y};
    have_here_ = true;
    known_room& r = rooms_[here_];
    r.exits = seen.exits;
    if (seen.text.find(door_sealed) != std::string::npos) {
      if (!r.lock) {
        r.lock = true;
        record_lock();
        if (!locks.empty()) {
          locks.back().way_on = ds::first_unexplored(seen).has_value();
        }
      }
      return;
    }
    if (!ds::json_clear(seen.info)) {
      c_.send_line("@clear");
      c_.expect("the way on is open");
      c_.expect_gmcp("Room.Info");
      c_.expect(ds::prompt);
      visit(ds::show(c_, "look"));
      return;
    }
    for (std::size_t i = 0; i < locks.size(); ++i) {
      if (locks[i].hint_x == here_.first && locks[i].hint_y == here_.second) {
        hinted = i;
      }
    }
  }

  void record_lock() {
    c_.send_line("@stat room");
    const std::string stat = c_.expect(ds::prompt);
    static const std::regex lock_re(R"(Rune lock: ([a-z ]+) \(sealed\), hint at \((-?\d+),(-?\d+)\))");
    std::smatch m;
    if (!std::regex_search(stat, m, lock_re)) {
      ADD_FAILURE() << stat;
      return;
    }
    lock_seen l;
    l.x = here_.first;
    l.y = here_.second;
    std::string words = m[1];
    std::size_t start = 0;
    while (start < words.size()) {
      const std::size_t sp = words.find(' ', start);
      l.runes.push_back(words.substr(start, sp == std::string::npos ? std::string::npos : sp - start));
      start = sp == std::string::npos ? words.size() : sp + 1;
    }
    l.hint_x = std::stoi(m[2]);
    l.hint_y = std::stoi(m[3]);
    locks.push_back(l);
  }

  /// The known room and unexplored exit to take next: toward a lock's hint once there is a lock, else deeper.
  std::optional<std::pair<pos, std::string>> choose() const {
    std::optional<std::pair<pos, std::string>> best;
    long long best_score = 0;
    for (const auto& [at, r] : rooms_) {
      if (r.lock) {
        continue;
      }
      for (const ds::exit_entry& e : r.exits) {
        if (!e.unexplored || (e.dir != "north" && e.dir != "east" && e.dir != "south" && e.dir != "west")) {
          continue;
        }
        const ds::grid_dir& d = ds::dir_named(e.dir);
        const long long tx = at.first + d.dx;
        const long long ty = at.second + d.dy;
        long long score = 0;
        if (!locks.empty()) {
          score = 1'000'000;
          for (const lock_seen& l : locks) {
            score = std::min(score, std::llabs(tx - l.hint_x) + std::llabs(ty - l.hint_y));
          }
        } else {
          score = -(tx * tx + ty * ty);
        }
        if (!best || score < best_score) {
          best = std::pair{at, std::string(e.dir)};
          best_score = score;
        }
      }
    }
    return best;
  }

  telnet_client& c_;
  std::map<pos, known_room> rooms_;
  pos here_{0, 0};
  bool have_here_ = false;
};

std::string joined(const std::vector<std::string>& runes, std::string_view between) {
  std::string out;
  for (const std::string& r : runes) {
    out += (out.empty() ? "" : std::string(between)) + r;
  }
  return out;
}

}  // namespace

TEST(PuzzleOverTelnet, ARuneLockIsSolvedFromItsHintRoomAndReadsTheSameAfterARestart) {
  std::optional<server_process> server;
  std::optional<telnet_client> c;
  std::optional<explorer> walk;
  for (std::int64_t seed = 1; seed <= 6; ++seed) {
    c.reset();
    server.emplace(config(seed));
    c.emplace(server->port(), ds::wide_client());
    ds::enter_well(*c, "Ann");
    walk.emplace(*c);
    if (walk->run(400)) {
      break;
    }
    walk.reset();
  }
  ASSERT_TRUE(walk.has_value()) << "no seed gave a reachable hint room";
  const lock_seen lock = walk->locks[*walk->hinted];
  const lock_seen other = walk->locks[*walk->hinted == 0 ? 1 : 0];
  auto at = [&](int x, int y) {
    return ds::show(*c, "@goto " + std::to_string(walk->branch_) + " " + std::to_string(x) + "," + std::to_string(y));
  };
  // Restarts the server and has Ann back in play, where she was.
  auto restart = [&] {
    c.reset();
    server->restart();
    c.emplace(server->port(), ds::wide_client());
    c->connect("Ann", "Annpassword");
    c->expect_gmcp("Room.Info");
  };

  // The lock room: sealed, its unexplored exits blocked.
  const ds::room_seen door = at(lock.x, lock.y);
  EXPECT_FALSE(ds::json_clear(door.info)) << door.info;
  const std::string door_line = line_with(door.text, door_sealed);
  ASSERT_FALSE(door_line.empty()) << door.text;
  for (const std::string& rune : lock.runes) {
    EXPECT_NE(door_line.find(rune), std::string::npos) << door_line;
  }
  bool checked = false;
  for (const lock_seen& l : walk->locks) {
    if (!l.way_on) {
      continue;  // (a lock may be a dead end)
    }
    const ds::room_seen sealed = at(l.x, l.y);
    const auto blocked = ds::first_unexplored(sealed);
    if (!blocked) {
      continue;  // the walk went on after finding it, and what lay beyond was reached another way
    }
    checked = true;
    EXPECT_NE(sealed.text.find("The way forward is blocked until this room is cleared."), std::string::npos)
        << sealed.text;
    c->send_line(blocked->dir);
    c->expect("is blocked until this room is cleared.");
    c->expect(ds::prompt);
    break;
  }
  EXPECT_TRUE(checked) << "a lock with a way on that is still unexplored, blocked while the door is sealed";

  // The hint room: clear, with the solution.
  const ds::room_seen hint = at(lock.hint_x, lock.hint_y);
  EXPECT_TRUE(ds::json_clear(hint.info)) << hint.info;
  const std::string hint_line = line_with(hint.text, scratched);
  EXPECT_NE(hint_line.find(lock.runes.front() + ", then " + lock.runes[1]), std::string::npos) << hint.text;

  // A wrong order fails.
  at(lock.x, lock.y);
  std::vector<std::string> wrong(lock.runes.rbegin(), lock.runes.rend());
  c->send_line("press " + joined(wrong, " "));
  c->expect("they flare red and go dark, and the door's ward strikes you");
  c->expect(ds::prompt);

  // After a restart the door and the hint read the same.
  restart();
  const ds::room_seen door_again = at(lock.x, lock.y);
  EXPECT_EQ(line_with(door_again.text, door_sealed), door_line);
  EXPECT_FALSE(ds::json_clear(door_again.info));
  const ds::room_seen hint_again = at(lock.hint_x, lock.hint_y);
  EXPECT_EQ(line_with(hint_again.text, scratched), hint_line);
  EXPECT_TRUE(ds::json_clear(hint_again.info));

  // The right order opens the door, clears the room and drops the reward.
  at(lock.x, lock.y);
  c->send_line("press " + joined(lock.runes, " "));
  c->expect("the door of black stone grinds open");
  c->expect("Behind it lies:");
  const std::string info = c->expect_gmcp("Room.Info");
  EXPECT_TRUE(ds::json_clear(info)) << info;
  c->expect(ds::prompt);
  c->send_line("press " + joined(lock.runes, " "));
  c->expect("The door already stands open.");
  c->expect(ds::prompt);
  const ds::room_seen opened = ds::show(*c, "look");
  EXPECT_NE(opened.text.find("On the ground: "), std::string::npos) << opened.text;
  EXPECT_EQ(opened.text.find("The way forward is blocked"), std::string::npos) << opened.text;

  // The other lock opens to its word, spoken (the room hears the speech as usual).
  at(other.x, other.y);
  c->send_line("say " + joined(other.runes, ""));
  c->expect("You say, '");
  c->expect("You speak the word of opening.");  // (in the first person: the others read "Ann speaks...")
  c->expect(ds::prompt);

  // Solved stays solved across a restart.
  restart();
  const ds::room_seen after = at(lock.x, lock.y);
  EXPECT_TRUE(ds::json_clear(after.info)) << after.info;
  EXPECT_NE(after.text.find("stands open"), std::string::npos) << after.text;
}
