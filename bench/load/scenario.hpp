#pragma once

// What each client types, scenario by scenario, and what it learns from the replies (the exits of the
// room it is in, whether it is fighting, whether it woke up in the village).
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

/// One command and, if not empty, the text of its own reply the round trip waits for before its
/// prompt counts (a say's own words: the fan-out of others' says brings prompts too).
struct command {
  std::string line;
  std::string ack;
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

  scenario scenario_;
  std::string name_;
  std::mt19937_64 rng_;
  std::uint64_t said_ = 0;
  bool in_village_ = true;
  enum class fight : std::uint8_t { none, start, attacking } fight_ = fight::none;
  int attacks_ = 0;
  std::vector<room_exit> exits_;
};

}  // namespace dw::load
