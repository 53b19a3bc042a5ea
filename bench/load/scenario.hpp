#pragma once

// What each client types, scenario by scenario, and what it learns from the replies (the exits of the
// room it is in, whether it is fighting, whether it woke up in the village).
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace dw::load {

enum class scenario { idle, rtt, chat, explore, mixed, soak };

/// Parses a --scenario value; throws std::invalid_argument.
scenario parse_scenario(std::string_view name);

/// What client `n` plays: the scenario itself, except in `soak`, a mix by client number: of every
/// seven, five explore, one chats and one idles (1,400 clients: 1,000 explorers, 200 each of the rest).
scenario role_of(scenario s, int n);

struct room_exit {
  std::string dir;
  bool unexplored = false;
  bool to_well = false;
};

/// The exits of the last "Exits: north, east (unexplored), up (to the well)." line in `text`
/// (room_view.cpp's exits_line, colours already removed); nothing if there is no such line.
std::vector<room_exit> parse_exits(std::string_view text, bool& found);

/// One command and the texts of which one shows that its own reply has come: the round trip ends at
/// the first prompt after one of them (empty: at the first prompt). Deepwell sends a prompt with
/// everything it sends unasked too (others' words, arrivals, fight rounds), and with many players
/// in one place those prompts would otherwise end round trips before the reply came.
struct command {
  std::string line;
  std::vector<std::string> ack;
};

class player {
 public:
  player(scenario s, std::string name, std::uint64_t seed) : scenario_(s), name_(std::move(name)), rng_(seed) {}

  /// The next command to send.
  command next();
  /// Learns from the text that came with a reply (or with anything the server sent unasked).
  void observe(std::string_view text);

  /// The session is over: an explorer walks back to the bottom of the well by the shortest way it knows
  /// (the rooms it has seen this session), as a player leaving the dungeon does, so that the branch it
  /// leaves can empty and collapse.
  void go_home() { homeward_ = true; }
  /// Back at the bottom of the well (or in the village), or too long on the way: time to quit.
  bool home() const { return homeward_ && (at_well_ || in_village_ || home_steps_ > 400); }
  /// It got there (rather than giving up after 400 steps).
  bool reached_home() const { return at_well_ || in_village_; }
  /// The session began in the dungeon (the character had quit there), and whether it has found the well.
  bool began_inside() const { return began_inside_; }
  bool found_way_out() const { return began_inside_ && !finding_way_out_; }

 private:
  /// A room's place: its branch's name and its coordinates, from the title line's "[East branch 2, 1,0, depth 1]".
  struct place {
    std::string branch;
    int x = 0;
    int y = 0;
    bool operator==(const place&) const = default;
  };
  command walk();
  std::optional<command> toward_well();
  /// The first step of the shortest way, over the rooms this session has seen in its branch, to a room with
  /// an exit to the well; if none is known, to the nearest known way into a room not seen yet (the nearest
  /// of them to the well first). A lost player reading the map does the same. Nothing if it knows no way on.
  std::optional<std::string> way_out_step() const;
  command step(const std::string& dir);
  command say();
  static command look();

  scenario scenario_;
  std::string name_;
  std::mt19937_64 rng_;
  std::uint64_t said_ = 0;
  bool in_village_ = true;
  enum class fight : std::uint8_t { none, start, attacking } fight_ = fight::none;
  std::chrono::steady_clock::time_point fight_since_;
  std::vector<room_exit> exits_;
  int avoid_unexplored_ = 0;        ///< steps to take through known rooms (after a sealed door)
  std::optional<place> here_;       ///< the dungeon room it was last shown
  bool homeward_ = false;
  bool at_well_ = false;
  bool seen_room_ = false;         ///< a room has been shown this session
  bool finding_way_out_ = false;   ///< began the session in the dungeon and has not reached the well
  bool began_inside_ = false;
  int home_steps_ = 0;
  /// The exits of each room seen this session in the branch `known_branch_`, by grid position.
  std::map<std::pair<int, int>, std::vector<room_exit>> known_;
  std::string known_branch_;
};

}  // namespace dw::load
