#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/game/administration/administration.hpp"
#include "server/game/commands/command_registry.hpp"
#include "server/game/latency_histogram.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Runs a line typed by a character in play: finds the command (by name, alias or unique start, within
/// the character's role), lets its parser read the arguments, opens an audit entry for administrative
/// commands, and calls it. World thread only.
class dispatcher {
 public:
  dispatcher(roster& people, output& out, administration& admin) : people_(people), out_(out), admin_(admin) {}
  dispatcher(const dispatcher&) = delete;
  dispatcher& operator=(const dispatcher&) = delete;

  /// The table, to be changed (what run() remembers of it is forgotten).
  command_registry& commands() {
    found_.clear();
    return commands_;
  }
  const command_registry& commands() const { return commands_; }
  void run(connection& conn, std::string_view line);

  /// How long commands took, by family (the table's families(), then "unknown" for a verb that found no
  /// command): from finding the command to its handler's return, on the world thread. Not the wait for
  /// its save to commit, nor the write to the socket.
  struct family_timing {
    std::string_view family;
    const latency_histogram& took;
  };
  std::vector<family_timing> timings() const;
  /// The buckets' upper bounds, in nanoseconds: 25 microseconds to 1 second.
  static std::span<const std::int64_t> timing_bounds();

 private:
  roster& people_;
  output& out_;
  administration& admin_;
  command_registry commands_;
  /// The command a verb named the last time someone of `who` typed it, by the verb as typed: a `look`
  /// costs one hash lookup instead of a walk over every command's name and aliases. Only verbs that found
  /// a command are kept (so typos add nothing); bounded, and emptied whenever commands() gives the table
  /// out to be changed. The table is filled once at start-up, so its entries do not move after that.
  struct remembered {
    role who;
    const command_def* found;
  };
  struct verb_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, remembered, verb_hash, std::equal_to<>> found_;
  /// By family index; one more than the table's families (the last: unknown verbs). Grown when the table
  /// has more families than it had (it is filled once, at start-up).
  std::vector<latency_histogram> timings_;
  latency_histogram& timing_of(std::size_t family);
  latency_histogram unknown_timing_{timing_bounds()};
};

}  // namespace dw::game
