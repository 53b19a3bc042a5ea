#pragma once

// What each client types, scenario by scenario, and what it learns from the replies (the exits of the
// room it is in, whether it is fighting, whether it woke up in the village).
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace dw::load {

enum class scenario { idle, rtt, chat, explore, mixed };

/// Parses a --scenario value; throws std::invalid_argument.
scenario parse_scenario(std::string_view name);

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

 private:
  command walk();
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
};

}  // namespace dw::load
